/**
 * After finalize: the decisions of the new capsule whose `supersedes` names
 * no decision the chain holds (a typo, or an id from another repository), so
 * the model is told at once instead of finding the old decision still in
 * force in the next briefing. A warning, never a refusal: the capsule is
 * already written. The known ids come from capsules a stranger may have
 * written, so only ids of the plain id shape are offered as suggestions.
 * @module
 */
import type { Capsule } from "../capsule/types.ts";
import { readRecentDecisions } from "../chain/chain_decisions.ts";
import { findBatonLayout } from "../store/find_layout.ts";
import type { WorkflowContext } from "./context.ts";

/** An id a suggestion may print: short, and made of plain id characters only. */
const PRINTABLE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** Most known ids suggested. */
const MAX_SUGGESTED = 10;

/** What the check found. */
export interface SupersedesCheck {
  /** Indexes in the capsule's decisions whose `supersedes` names no known decision. */
  unknown: number[];
  /** Decision ids in force that a `supersedes` could name (printable ones, newest first). */
  known: string[];
}

/** Checks the `supersedes` of `capsule`, just written, against the chain it heads. */
export async function checkSupersedes(
  ctx: WorkflowContext,
  capsule: Capsule,
): Promise<SupersedesCheck> {
  const wanted = capsule.meaning.decisions.flatMap((d, i) =>
    d.supersedes === null || d.supersedes === d.id ? [] : [{ i, id: d.supersedes }]
  );
  if (wanted.length === 0) return { unknown: [], known: [] };
  const found = await findBatonLayout(ctx.fs, ctx.cwd, ctx);
  const trusted = ctx.keys === undefined ? new Map() : (await ctx.keys.trustedKeys()).keys;
  const view = await readRecentDecisions(ctx.fs, found.layout, capsule, { trustedKeys: trusted });
  const ids = new Set(view.views.map((v) => v.id));
  const unknown = wanted.filter((w) => !ids.has(w.id)).map((w) => w.i);
  const own = new Set(capsule.meaning.decisions.map((d) => d.id));
  const known = view.views.filter((v) => v.status === "active" && !own.has(v.id))
    .map((v) => v.id).filter((id) => PRINTABLE_ID.test(id)).slice(0, MAX_SUGGESTED);
  return { unknown, known };
}

/**
 * The warning line for a check, or null when every `supersedes` is known.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { supersedesWarning } from "./supersedes_check.ts";
 * assert.equal(supersedesWarning({ unknown: [], known: ["db"] }), null);
 * assert.equal(
 *   supersedesWarning({ unknown: [1], known: ["db", "api"] }),
 *   "decisions[1]: supersedes names no decision the chain holds, so nothing was replaced; decision ids in force: db, api",
 * );
 * ```
 */
export function supersedesWarning(check: SupersedesCheck): string | null {
  if (check.unknown.length === 0) return null;
  const where = check.unknown.map((i) => `decisions[${i}]`).join(", ");
  const known = check.known.length === 0
    ? "no other decision is in force"
    : `decision ids in force: ${check.known.join(", ")}`;
  return `${where}: supersedes names no decision the chain holds, so nothing was replaced; ${known}`;
}
