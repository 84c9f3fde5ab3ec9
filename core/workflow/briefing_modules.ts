/**
 * What load needs once the capsule and its chain are read: the keyword gate
 * over the current facts, the evidence re-check and the briefing's
 * rendering, in one module that core/workflow/load.ts imports when it
 * redacts the current facts (after ./load_modules.ts). One import rather than
 * one per module: each dynamic import is a module-graph load of its own.
 * Not one import with ./load_modules.ts: loaded before the capsule is parsed
 * and its signature checked, these modules left about 0.5-0.8 MB more
 * resident at the end of a load (50k files, facts bench phases, three runs
 * of 11 interleaved rounds), where load's memory peaks beside the scan's.
 * @module
 */
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
