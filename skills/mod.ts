/**
 * The Agent Skills baton ships, embedded in the binary as text modules (the
 * binary never reads its source tree). `skills/baton/SKILL.md` is the one
 * canonical instruction text; host command files point to it.
 * @module
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BATON_SKILL } from "./mod.ts";
 * assert.match(BATON_SKILL, /^---\nname: baton\n/);
 * ```
 */
import batonSkill from "./baton/SKILL.md" with { type: "text" };

/** The canonical `skills/baton/SKILL.md`. */
export const BATON_SKILL: string = batonSkill;
