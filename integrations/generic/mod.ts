/**
 * The paste-only instructions (HANDOFF_INSTRUCTIONS.md), embedded in the
 * binary as a text import. Their field list is generated from the draft
 * template by `deno task gen`, and `deno task check` fails when it is stale.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HANDOFF_INSTRUCTIONS } from "./mod.ts";
 * assert.match(HANDOFF_INSTRUCTIONS, /Nothing you write can be marked verified/);
 * ```
 * @module
 */
import text from "./HANDOFF_INSTRUCTIONS.md" with { type: "text" };

/** The instructions a person pastes into a chat that has no shell. */
export const HANDOFF_INSTRUCTIONS: string = text;
