/**
 * Which files gone from the work tree git status may show as renamed into
 * a conflicted path rather than deleted. git's diff-files queues an
 * unmerged path whose file is present as an addition (its `two` side valid,
 * its `one` not), so diffcore-rename takes it as a rename destination. Its
 * exact pass pairs a gone file whose index blob is the conflicted file's
 * content (converted as git stores it; a symlink's: its link text) where
 * both are regular files or both symlinks, the empty blob too (no score
 * reaches it: seed 91162); its scored pass pairs a deleted regular file
 * whose blob scores at least half against a conflicted regular file (each
 * side read as text or binary as its diff attribute, else its content,
 * says). Either way the gone file's `.D` disappears from the status while
 * the path is still shown `UU`. Which of several candidates git pairs is
 * not worked out here: a gone file that pairs with any destination, or
 * whose destination cannot be read or converted, is named as possibly
 * renamed (the caller leaves it unchecked); one that pairs with none is
 * certainly still deleted. Pure: reads through the callers' functions.
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
   * Whether the path is a symlink: a gone file's index entry, or a
   * conflicted path's work-tree file (whose content is then its link text).
   * @default {false}
   */
  symlink?(path: string): boolean;
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
 * The gone regular files and symlinks (`gone`) git may pair with a present
 * conflicted regular file or symlink (`destinations`), in `gone`'s order.
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
  const symlink = (path: string) => io.symlink?.(path) ?? false;
  const dsts: { link: boolean; data: Uint8Array; counts: SpanCounts[] }[] = [];
  for (const d of destinations) {
    const data = await io.destination(d);
    // A destination that cannot be read as git would: anything may pair with it.
    if (!(data instanceof Uint8Array)) return [...gone];
    const link = symlink(d);
    // A symlink pairs by its exact text alone: it is never scored.
    dsts.push({ link, data, counts: link ? [] : await countsOf(io, d, data) });
  }
  const out: string[] = [];
  for (const g of gone) {
    const data = await io.source(g);
    if (data === null) {
      out.push(g);
      continue;
    }
    const link = symlink(g);
    // The exact pass: the same blob, both regular files or both symlinks.
    if (dsts.some((d) => d.link === link && sameBytes(d.data, data))) {
      out.push(g);
      continue;
    }
    if (link) continue;
    const srcs = await countsOf(io, g, data);
    const scored = dsts.filter((d) => !d.link).flatMap((d) => d.counts);
    if (srcs.some((src) => scored.some((dst) => similarity(src, dst) >= MIN_SCORE))) out.push(g);
  }
  return out;
}

/** Whether two byte strings are equal (then so are their blob ids). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
