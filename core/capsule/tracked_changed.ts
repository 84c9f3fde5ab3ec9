/**
 * The count of changed tracked paths in a set of facts, as git splits its
 * status: `changed_count` counts every changed path, untracked ones too, so
 * a line that prints it beside the untracked count ("N changed, M
 * untracked") would count the untracked twice, and carry their cap (a lower
 * bound) into a number that shows no mark. Pure.
 * @module
 */
import type { Facts } from "./recorded_facts.ts";

/**
 * The changed tracked paths (git's `1`, `2` and `u` lines, and files judged
 * by stat data): `changed_count` less the untracked paths it also counts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trackedChanged } from "./tracked_changed.ts";
 * assert.equal(trackedChanged({ changed_count: 10_001, untracked_count: 10_000 }), 1);
 * ```
 */
export function trackedChanged(facts: Pick<Facts, "changed_count" | "untracked_count">): number {
  return Math.max(0, facts.changed_count - facts.untracked_count);
}
