/**
 * What load reads the capsule, its chain and its recorded files with, and
 * compares them by: one module that core/workflow/load.ts imports when it
 * needs them. Without a deadline that is after the fact collection, so their
 * code (some forty modules: the capsule parser and schema, the store, the
 * chain, the drift comparison) is compiled in what the scan's closing
 * collection gave back rather than held through the scan's peak; the hook
 * loads it beside load.ts before its deadline starts. What load needs from
 * the redaction on comes in one more import (./briefing_modules.ts).
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
export { readHeadRecord } from "../store/head_record.ts";
export { displacedHead } from "../chain/displaced_head.ts";
export { createFolderCheck } from "../capsule/pointers.ts";
