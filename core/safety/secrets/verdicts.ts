/**
 * The rules' verdicts on matches, remembered: a rule's checks on a match
 * (its `validate`, the placeholder filters, entropy) read the secret and the
 * named groups only, and both are functions of the match's captures (the
 * whole match and every numbered group, those in look-arounds included), so
 * a match met again with the same captures (the same `API_KEY =
 * process.env.API_KEY` in every read of a file, the same `password =
 * req.body.password` in every diff of it) is looked up, not judged again.
 *
 * A fixed table of {@linkcode SLOTS} slots, each found by a hash of the rule
 * and the whole match's text; a slot holds one verdict with the captures it
 * was given, compared one by one before it is used. A verdict is kept only
 * for a match seen a second time (the slot remembers the hash of the last
 * first sighting), so input of ever new values costs a hash per match (of
 * its length and at most 32 of its characters) and allocates nothing. Matches longer than {@linkcode MAX_MATCH} characters,
 * or with more than {@linkcode MAX_KEPT} characters of captures, are judged
 * each time. At most about 4 MiB is kept.
 * Pure: no I/O.
 * @module
 */

/** Longest whole match whose verdict is remembered. */
export const MAX_MATCH = 256;
/** Most characters of captures kept for one verdict. */
export const MAX_KEPT = 512;
/** Characters hashed at each end of a whole match (the rest is only compared). */
const HASHED = 16;
/** Slots of the table (a power of two): the most verdicts kept at once. */
export const SLOTS = 4096;

/** One remembered verdict. */
interface Known {
  rule: number;
  whole: string;
  /** The captures after the whole match. */
  captures: (string | undefined)[];
  verdict: boolean;
}

/** One engine's remembered verdicts, shared by its rules. */
export class VerdictCache {
  readonly #known: (Known | undefined)[];
  /** Per slot, the hash of the last match seen there for the first time. */
  readonly #seen: Int32Array;
  readonly #mask: number;
  /** The last match looked up, and its slot and hash (remember follows known). */
  #match: RegExpExecArray | null = null;
  #slot = 0;
  #hash = 0;

  /** @param slots Slots of the table, a power of two (0: none, every match is judged). */
  constructor(slots: number = SLOTS) {
    this.#known = new Array(slots).fill(undefined);
    this.#seen = new Int32Array(slots);
    this.#mask = slots - 1;
  }

  /**
   * The remembered verdict of rule `rule` on a match with `match`'s
   * captures, or undefined when there is none.
   * @param rule The rule's index in its engine.
   * @param match A match of the rule's pattern.
   * @returns The verdict, or undefined.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { VerdictCache } from "./verdicts.ts";
   * const cache = new VerdictCache();
   * const re = /(?<name>KEY)=(?<s>\w+)/;
   * const judged = (text: string) => {
   *   const m = re.exec(text)!;
   *   const known = cache.known(0, m);
   *   if (known === undefined) cache.remember(0, m, false);
   *   return known;
   * };
   * assert.equal(judged("KEY=process"), undefined);
   * assert.equal(judged("KEY=process"), undefined); // seen twice: kept now
   * assert.equal(judged("KEY=process"), false);
   * assert.equal(judged("KEY=processes"), undefined);
   * ```
   */
  known(rule: number, match: RegExpExecArray): boolean | undefined {
    const whole = match[0];
    if (whole.length > MAX_MATCH || this.#mask < 0) return undefined;
    // The length and at most HASHED characters at each end: the texts are compared anyway,
    // and a long match read whole at each of many hits cost more than its checks.
    const n = whole.length;
    let h = Math.imul(0x811c9dc5 ^ rule, 0x01000193) ^ n;
    const head = n < 2 * HASHED ? n : HASHED;
    for (let i = 0; i < head; i++) h = Math.imul(h ^ whole.charCodeAt(i), 0x01000193);
    for (let i = Math.max(head, n - HASHED); i < n; i++) {
      h = Math.imul(h ^ whole.charCodeAt(i), 0x01000193);
    }
    const slot = (h >>> 7) & this.#mask;
    this.#match = match;
    this.#slot = slot;
    this.#hash = h;
    const known = this.#known[slot];
    return known !== undefined && known.rule === rule && known.whole === whole &&
        sameCaptures(known.captures, match)
      ? known.verdict
      : undefined;
  }

  /**
   * Keeps rule `rule`'s verdict on `match`, looked up by
   * {@linkcode VerdictCache.known} just before, when it is that match's
   * second sighting (and its captures are short enough).
   * @param rule The rule's index in its engine.
   * @param match A match of the rule's pattern.
   * @param verdict What the rule's checks said; must depend on the match's captures only.
   */
  remember(rule: number, match: RegExpExecArray, verdict: boolean): void {
    if (match !== this.#match) return;
    this.#match = null;
    const slot = this.#slot;
    if (this.#seen[slot] !== this.#hash) {
      this.#seen[slot] = this.#hash;
      return;
    }
    let kept = 0;
    for (let i = 1; i < match.length; i++) kept += match[i]?.length ?? 0;
    if (kept > MAX_KEPT) return;
    const captures: (string | undefined)[] = [];
    for (let i = 1; i < match.length; i++) captures.push(copyOf(match[i]));
    this.#known[slot] = { rule, whole: copyOf(match[0])!, captures, verdict };
  }
}

/** True when `match`'s captures after the whole match are `captures`, one by one. */
function sameCaptures(captures: readonly (string | undefined)[], match: RegExpExecArray): boolean {
  if (captures.length !== match.length - 1) return false;
  for (let i = 0; i < captures.length; i++) if (captures[i] !== match[i + 1]) return false;
  return true;
}

/**
 * A copy of its own: a capture is a slice of a window of text (64 KiB or
 * more), which a kept slice would keep alive.
 */
function copyOf(text: string | undefined): string | undefined {
  return text === undefined ? undefined : (text + " ").slice(0, -1);
}
