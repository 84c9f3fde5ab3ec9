/**
 * The class of a capsule's carried command, computed once per run from
 * its raw text (a capsule has no field that could declare its own command
 * safe) and handed to every renderer that shows it. Pure.
 * @module
 */
import { type Classification, classifyCommand } from "./classify.ts";

/**
 * Classifies a carried command; null when none is carried.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { classifyCarried } from "./carried.ts";
 * assert.equal(classifyCarried(null), null);
 * assert.equal(classifyCarried("git status")?.class, "read_only");
 * ```
 */
export function classifyCarried(command: string | null | undefined): Classification | null {
  return command === null || command === undefined ? null : classifyCommand(command);
}
