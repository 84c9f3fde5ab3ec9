/**
 * Which files gone from the work tree git status may show as renamed into
 * a conflicted path rather than deleted. git's diff-files queues an
 * unmerged path whose file is present as an addition (its `two` side valid,
 * its `one` not), so diffcore-rename takes it as a rename destination: a
 * deleted regular file whose blob scores at least half against the
 * conflicted file's content (converted as git stores it; each side read as
 * text or binary as its diff attribute, else its content, says) is paired with it,
 * and its `.D` disappears from the status while the path is still shown
 * `UU`. Which of several candidates git pairs is not worked out here: a
 * gone file that reaches the score against any destination, or whose
 * destination cannot be read or converted, is named as possibly renamed
 * (the caller leaves it unchecked); one below the score against every
 * destination is certainly still deleted. Pure: reads through the callers'
 * functions.
 * @module
 */
import { MIN_SCORE, similarity, type SpanCounts, spanCounts } from "./rename_similarity.ts";

/** Reads the two sides of a possible pair. */
export interface UnmergedRenameIo {
  /** The index's blob of a gone file; null when it cannot be read. */
  source(path: string): Promise<Uint8Array | null>;
  /** A conflicted file's content as git would store it; null or unknown when not known. */
  destination(path: string): Promise<Uint8Array | null | { unknown: string }>;
  /**
   * Whether git scores the path's content as text (a CR before LF not
   * counted) or binary: true or false where its diff attribute decides,
   * null where its content does (a NUL in the first 8000 bytes), "either"
   * where that is not known here (a diff driver's binary setting that is no boolean).
   * @default {null}
   */
  text?(path: string): Promise<boolean | null | "either">;
}

/** The span counts of `data` under each reading git may give the path. */
async function countsOf(io: UnmergedRenameIo, path: string, data: Uint8Array) {
  const text = (await io.text?.(path)) ?? null;
  if (text === "either") return [spanCounts(data, true), spanCounts(data, false)];
  return [spanCounts(data, text ?? undefined)];
}

/** Most source-destination pairs scored; past it every gone file is named. */
export const MAX_SCORED_PAIRS = 10_000;

/**
 * The gone regular files (`gone`) git may pair with a present conflicted
 * regular file (`destinations`), in `gone`'s order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { goneMaybeRenamed } from "./unmerged_renames.ts";
 * const text = new TextEncoder().encode("a\nb\nc\nd\n");
 * const io = {
 *   source: (p: string) => Promise.resolve(p === "old" ? text : new TextEncoder().encode("x\n")),
 *   destination: () => Promise.resolve(text),
 * };
 * assert.deepEqual(await goneMaybeRenamed(["old", "other"], ["conflict"], io), ["old"]);
 * ```
 */
export async function goneMaybeRenamed(
  gone: readonly string[],
  destinations: readonly string[],
  io: UnmergedRenameIo,
): Promise<string[]> {
  if (gone.length === 0 || destinations.length === 0) return [];
  if (gone.length * destinations.length > MAX_SCORED_PAIRS) return [...gone];
  const dsts: SpanCounts[] = [];
  for (const d of destinations) {
    const data = await io.destination(d);
    // A destination that cannot be read as git would: anything may pair with it.
    if (!(data instanceof Uint8Array)) return [...gone];
    dsts.push(...await countsOf(io, d, data));
  }
  const out: string[] = [];
  for (const g of gone) {
    const data = await io.source(g);
    if (data === null) {
      out.push(g);
      continue;
    }
    const srcs = await countsOf(io, g, data);
    if (srcs.some((src) => dsts.some((dst) => similarity(src, dst) >= MIN_SCORE))) out.push(g);
  }
  return out;
}
