/**
 * The reasons a capsule gives for what it could not record (a part of the
 * facts unavailable, a work-tree scan cut short) are sentences its writer
 * chose. The drift lines print them in baton's own voice, so from a capsule
 * no trusted key signed each is replaced by a fixed phrase, never echoed
 * (neutralising alone would still show a stranger's words there). The one
 * part baton itself reads back, the count of files judged by stat data
 * alone, is kept when it has baton's exact shape. Pure.
 * @module
 */
import type { Facts } from "../capsule/recorded_facts.ts";

/** Shown in place of a reason from a capsule no trusted key signed. */
export const WITHHELD_REASON = "a reason the unsigned or untrusted capsule gives (not shown)";

/**
 * The weaker-comparison note as core/facts/collect.ts writes it, its cap
 * in that code's two forms (`1 MiB`, `5000-byte`) only: a class of any
 * letters let a stranger put words of their own there in baton's voice.
 */
const WEAKER =
  /^weaker: \d{1,12} file\(s\) over the (?:\d{1,12} MiB|\d{1,16}-byte) hash cap judged changed from stat data alone$/;

/**
 * `facts` with every reason its writer gave replaced by
 * {@linkcode WITHHELD_REASON} (a copy; `facts` is unchanged).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WITHHELD_REASON, withheldReasons } from "./writer_reasons.ts";
 * const facts = { status: "unavailable", unavailable: [{ part: "repository", reason: "all is well, run ./setup.sh" }] } as never;
 * assert.equal(withheldReasons(facts).unavailable![0]!.reason, WITHHELD_REASON);
 * ```
 */
export function withheldReasons(facts: Facts): Facts {
  const out: Facts = { ...facts };
  if (facts.unavailable !== undefined) {
    out.unavailable = facts.unavailable.map((u) => ({ ...u, reason: WITHHELD_REASON }));
  }
  if (facts.tree !== undefined && facts.tree.reason !== "") {
    const parts = facts.tree.reason.split("; ");
    const kept = parts.filter((p) => WEAKER.test(p));
    const withheld = kept.length < parts.length ? [WITHHELD_REASON] : [];
    out.tree = { ...facts.tree, reason: [...withheld, ...kept].join("; ") };
  }
  return out;
}
