/**
 * Inexact rename detection for the staged side of a status, as git's
 * diffcore-rename does it (git status shows a staged `git mv` followed by an
 * edit as `R.`, not `D.` and `A.`): each blob is cut into spans (a line, or
 * 64 bytes when a line runs longer; a CR before LF ignored in text), each
 * span hashed; the bytes two blobs share are summed per hash (the lesser
 * count), and the score is that sum over the larger size, out of 60000. A
 * deleted and an added regular file pair when the score is at least half:
 * first the pairs whose basenames are each unique among what is left and
 * that score at least three quarters, then the best remaining candidates,
 * highest score first (four kept per added file, a shared basename breaking
 * ties), each file used once. Pure: blobs in, pairs out.
 * @module
 */

/** git's MAX_SCORE. */
export const MAX_SCORE = 60000;
/** git's default minimum rename score (50 %). */
export const MIN_SCORE = 30000;
/** git's basename-match threshold: the minimum plus half of what lies above it. */
const BASENAME_SCORE = MIN_SCORE + (MAX_SCORE - MIN_SCORE) / 2;
const HASHBASE = 107927;
const CANDIDATES_PER_DST = 4;

/** A blob's span counts: hash -> bytes, and its size. */
export interface SpanCounts {
  size: number;
  counts: Map<number, number>;
}

/**
 * Cuts a blob into spans and counts the bytes under each span hash
 * (diffcore-delta's hash_chars).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const a = spanCounts(new TextEncoder().encode("one\ntwo\n"));
 * assert.equal(a.size, 8);
 * assert.equal([...a.counts.values()].reduce((x, y) => x + y, 0), 8);
 * ```
 */
export function spanCounts(data: Uint8Array, text?: boolean): SpanCounts {
  // git's diff_filespec_is_binary: the path's diff attribute when it says, else a NUL in 8000 bytes.
  const isText = text ?? data.subarray(0, 8000).indexOf(0) < 0;
  const counts = new Map<number, number>();
  let n = 0;
  let accum1 = 0;
  let accum2 = 0;
  const add = () => {
    const hash = ((accum1 >>> 0) + Math.imul(accum2 >>> 0, 0x61) >>> 0) % HASHBASE;
    // (accum1 + accum2 * 0x61) in 32-bit unsigned arithmetic, as git computes it.
    counts.set(hash, (counts.get(hash) ?? 0) + n);
    n = 0;
    accum1 = accum2 = 0;
  };
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (isText && c === 0x0d && i + 1 < data.length && data[i + 1] === 0x0a) continue;
    const old1 = accum1;
    accum1 = ((accum1 << 7) ^ (accum2 >>> 25)) >>> 0;
    accum2 = ((accum2 << 7) ^ (old1 >>> 25)) >>> 0;
    accum1 = (accum1 + c) >>> 0;
    if (++n < 64 && c !== 0x0a) continue;
    add();
  }
  if (n > 0) add();
  return { size: data.length, counts };
}

/**
 * git's similarity score of two regular-file blobs (0 when their sizes
 * differ too much to reach `minScore`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const e = (t: string) => spanCounts(new TextEncoder().encode(t));
 * assert.equal(similarity(e("a\nb\n"), e("a\nb\n")), MAX_SCORE);
 * assert.equal(similarity(e("a\nb\n"), e("a\nc\n")), MAX_SCORE / 2);
 * ```
 */
export function similarity(src: SpanCounts, dst: SpanCounts, minScore = MIN_SCORE): number {
  const max = Math.max(src.size, dst.size);
  const delta = max - Math.min(src.size, dst.size);
  if (max * (MAX_SCORE - minScore) < delta * MAX_SCORE) return 0;
  if (dst.size === 0) return 0;
  let copied = 0;
  for (const [hash, count] of src.counts) {
    const other = dst.counts.get(hash);
    if (other !== undefined) copied += Math.min(count, other);
  }
  return Math.floor(copied * MAX_SCORE / max);
}

/** A path that may pair, with what its blob is. */
export interface RenameSide {
  path: string;
  oid: string;
  /**
   * A regular file (only those score). A symlink or gitlink left over from
   * exact pairing still counts when git decides whether a basename is
   * unique. @default true
   */
  regular?: boolean;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Each basename's index in `list`, or -1 when it appears more than once. */
function uniqueBasenames(list: readonly RenameSide[]): Map<string, number> {
  const at = new Map<string, number>();
  list.forEach((s, i) => {
    const b = basename(s.path);
    at.set(b, at.has(b) ? -1 : i);
  });
  return at;
}

/**
 * The (source, destination) pairs git's basename matching scores: a
 * basename unique among the sources and among the destinations, both
 * regular files. git scores these before it weighs the rename limit.
 *
 * @param sources Deleted paths left after exact pairing, in path order.
 * @param dests Added paths left after exact pairing, in path order.
 * @returns Index pairs [source, destination], in source order.
 */
export function basenameCandidates(
  sources: readonly RenameSide[],
  dests: readonly RenameSide[],
): [number, number][] {
  const dstBy = uniqueBasenames(dests);
  const out: [number, number][] = [];
  for (const [base, si] of uniqueBasenames(sources)) {
    const di = dstBy.get(base);
    if (si < 0 || di === undefined || di < 0) continue;
    if (sources[si]!.regular === false || dests[di]!.regular === false) continue;
    out.push([si, di]);
  }
  return out;
}

/**
 * git's first inexact pass (diffcore-rename's find_basename_matches):
 * each candidate of {@linkcode basenameCandidates} pairs when it scores at
 * least three quarters.
 *
 * @param sources Deleted paths left after exact pairing, in path order.
 * @param dests Added paths left after exact pairing, in path order.
 * @param counts The span counts of a blob by id, read as its path's diff attribute says (on demand).
 * @returns Pairs: destination path -> source path.
 */
export async function pairBasenames(
  sources: readonly RenameSide[],
  dests: readonly RenameSide[],
  counts: (oid: string, path: string) => Promise<SpanCounts>,
): Promise<Map<string, string>> {
  const pairs = new Map<string, string>();
  for (const [si, di] of basenameCandidates(sources, dests)) {
    const score = similarity(
      await counts(sources[si]!.oid, sources[si]!.path),
      await counts(dests[di]!.oid, dests[di]!.path),
    );
    if (score >= BASENAME_SCORE) pairs.set(dests[di]!.path, sources[si]!.path);
  }
  return pairs;
}

/** A candidate pair of {@linkcode pairBest}: indexes, git's score and whether the basenames match. */
interface Candidate {
  dst: number;
  src: number;
  score: number;
  sameName: number;
}

/**
 * git's score_compare: below zero when `a` sorts before `b` (a higher
 * score, then a shared basename); an empty slot (null) sinks to the bottom.
 */
function compareCandidates(a: Candidate | null, b: Candidate | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  if (a.score === b.score) return b.sameName - a.sameName;
  return b.score - a.score;
}

/**
 * git's second inexact pass, over what the basename pass left, as
 * diffcore-rename runs it: every source is scored against each destination
 * (a pair that is not two regular files scores 0) and kept in one of four
 * slots by record_if_better (the first source that beats the worst slot,
 * the lowest-indexed among equally bad ones, takes it, scores under the
 * minimum included), then all slots sorted stably by score and shared
 * basename, and taken from the top while the score reaches the minimum,
 * each file used once. Equal scores thus go in slot order, which is not
 * path order once a slot was taken over: git pairs a destination with the
 * later of two identical sources where the earlier one filled the slot a
 * low score held (found by the random suite, seed 90067).
 *
 * @param sources Deleted paths left, in path order.
 * @param dests Added paths left, in path order.
 * @param counts The span counts of a blob by id, read as its path's diff attribute says (on demand).
 * @returns Pairs: destination path -> source path.
 */
export async function pairBest(
  sources: readonly RenameSide[],
  dests: readonly RenameSide[],
  counts: (oid: string, path: string) => Promise<SpanCounts>,
): Promise<Map<string, string>> {
  const candidates: (Candidate | null)[] = [];
  for (let d = 0; d < dests.length; d++) {
    const dst = dests[d]!;
    const slots: (Candidate | null)[] = new Array(CANDIDATES_PER_DST).fill(null);
    for (let s = 0; s < sources.length; s++) {
      const src = sources[s]!;
      const score = src.regular === false || dst.regular === false
        ? 0
        : similarity(await counts(src.oid, src.path), await counts(dst.oid, dst.path));
      const entry = {
        dst: d,
        src: s,
        score,
        sameName: basename(src.path) === basename(dst.path) ? 1 : 0,
      };
      let worst = 0;
      for (let k = 1; k < CANDIDATES_PER_DST; k++) {
        if (compareCandidates(slots[k]!, slots[worst]!) > 0) worst = k;
      }
      if (compareCandidates(slots[worst]!, entry) > 0) slots[worst] = entry;
    }
    candidates.push(...slots);
  }
  // Array.prototype.sort is stable, as git's sort of the matrix.
  candidates.sort(compareCandidates);
  const pairs = new Map<string, string>();
  const usedSrc = new Set<number>();
  const usedDst = new Set<number>();
  for (const c of candidates) {
    if (c === null || c.score < MIN_SCORE) break;
    if (usedDst.has(c.dst) || usedSrc.has(c.src)) continue;
    usedDst.add(c.dst);
    usedSrc.add(c.src);
    pairs.set(dests[c.dst]!.path, sources[c.src]!.path);
  }
  return pairs;
}

/**
 * Pairs deleted sources with added destinations (exact renames already
 * taken out) as git's inexact rename detection does when the rename limit
 * lets both passes run: {@linkcode pairBasenames}, then
 * {@linkcode pairBest} over what is left.
 *
 * @param sources Deleted files, in path order.
 * @param dests Added files, in path order.
 * @param counts The span counts of a blob by id, read as its path's diff attribute says (on demand).
 * @returns Pairs: destination path -> source path.
 */
export async function pairSimilar(
  sources: readonly RenameSide[],
  dests: readonly RenameSide[],
  counts: (oid: string, path: string) => Promise<SpanCounts>,
): Promise<Map<string, string>> {
  const pairs = await pairBasenames(sources, dests, counts);
  const paired = new Set(pairs.values());
  const rest = await pairBest(
    sources.filter((s) => !paired.has(s.path)),
    dests.filter((d) => !pairs.has(d.path)),
    counts,
  );
  for (const [d, s] of rest) pairs.set(d, s);
  return pairs;
}
