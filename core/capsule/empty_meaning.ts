/**
 * The meaning of a capsule nobody has written anything for (the first
 * automatic capsule of a repository, test fixtures). Pure.
 * @module
 */
import type { Meaning } from "./types.ts";

/**
 * A fresh, empty meaning.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(emptyMeaning().completed, []);
 * assert.notEqual(emptyMeaning().completed, emptyMeaning().completed);
 * ```
 */
export function emptyMeaning(): Meaning {
  return {
    now: null,
    completed: [],
    decisions: [],
    verified_facts: [],
    hypotheses: [],
    blockers: [],
    next_steps: [],
    next_action: null,
    plan_changes: [],
    pointers: [],
    fold: false,
  };
}
