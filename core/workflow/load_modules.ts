/**
 * Everything load needs past the fact collection, in one module that
 * core/workflow/load.ts imports when it needs it: what it reads the capsule,
 * its chain and its recorded files with and compares them by (the capsule
 * parser and schema, the store, the chain, the drift comparison), the
 * keyword gate over the current facts, and what re-checks the evidence and
 * renders the briefing. Without a deadline that is after the fact
 * collection, so their code (some sixty modules) is compiled in what the
 * scan's closing collection gave back rather than held through the scan's
 * peak; the hook loads it beside load.ts before its deadline starts.
 *
 * One import rather than one per group: each dynamic import costs the
 * runtime a module-graph load of its own. 50k files, a capsule recording no
 * file, 9 interleaved rounds: load's CPU from the scan's end to the print
 * 44.8 -> 40.9 ms (the gate and the briefing's seven modules had been three
 * more imports), RSS at the end 61.0 -> 60.8 MB (facts bench phases).
 * @module
 */
export { checkDrift, recheckablePath } from "../briefing/drift.ts";
export { readStoredForm } from "../facts/stored_form.ts";
export { checkPublished } from "../facts/git/check_published.ts";
export { parentsRewritten } from "../facts/git/git_reach.ts";
export { listArchive, newerTrustedCapsule, readTextOrNull } from "../store/capsule_store.ts";
export { parseCapsule } from "../capsule/parse.ts";
export { listClaims } from "../capsule/cap_trust.ts";
export { readRecentDecisions } from "../chain/chain_decisions.ts";
export { writtenElsewhere } from "../store/written_elsewhere.ts";
export { createFolderCheck } from "../capsule/pointers.ts";
// The keyword gate; the secret scanner itself loads only when the gate opens.
export { anyMayHoldSecret, createKeywordGate } from "../safety/secrets/keyword_gate.ts";
export { GATE_TABLES } from "../safety/secrets/gate_tables.ts";
// The evidence re-check and the briefing's rendering.
export { describeAge } from "../briefing/age.ts";
export { renderBriefing } from "../briefing/render_briefing.ts";
export { nothingDrifted, shortBriefing } from "../briefing/short_briefing.ts";
export { applyEvidenceChecks, recheckEvidence } from "../briefing/recheck_evidence.ts";
export { staleEvidence } from "../evidence/cite_evidence.ts";
export { compareWorktree } from "../evidence/worktree_state.ts";
export { createRecheckAccess } from "../briefing/recheck_access.ts";
