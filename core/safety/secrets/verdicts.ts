/**
 * The rules' verdicts on matches, remembered: a rule's checks on a match
 * (its `validate`, the placeholder filters, entropy) read the secret and the
 * named groups only, and both are functions of the match's captures (the
 * whole match and every numbered group, those in look-arounds included), so
 * a match met again with the same captures (the same `API_KEY =
 * process.env.API_KEY` in every read of a file, the same `password =
 * req.body.password` in every diff of it) is judged once per engine and
 * looked up afterwards, without building a key: the lookup is by the whole
 * match's text, then the other captures are compared one by one.
 * Bounded: matches of at most {@linkcode MAX_MATCH} characters, captures of
 * at most {@linkcode MAX_KEPT} in all, at most {@linkcode MAX_ENTRIES} kept
 * (then forgotten all at once), so input of ever new values costs one failed
 * lookup per match and under 4 MiB at most.
 * Pure: no I/O.
 * @module
 */

/** Longest whole match whose verdict is remembered. */
export const MAX_MATCH = 256;
/** Most characters of captures kept for one verdict. */
export const MAX_KEPT = 512;
/** Most verdicts kept at once. */
export const MAX_ENTRIES = 4096;

/** One remembered verdict: the captures it was given (index 0 omitted: the map's key). */
interface Known {
  captures: (string | undefined)[];
  verdict: boolean;
}

/** One engine's remembered verdicts, a map per rule, under one bound. */
export class VerdictCache {
  #byRule: (Map<string, Known> | undefined)[] = [];
  #entries = 0;
  readonly #most: number;

  /** @param most Most verdicts kept at once (0: none, every match is judged). */
  constructor(most: number = MAX_ENTRIES) {
    this.#most = most;
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
   * assert.equal(cache.known(0, re.exec("KEY=process")!), undefined);
   * cache.remember(0, re.exec("KEY=process")!, false);
   * assert.equal(cache.known(0, re.exec("KEY=process")!), false);
   * assert.equal(cache.known(0, re.exec("KEY=processes")!), undefined);
   * ```
   */
  known(rule: number, match: RegExpExecArray): boolean | undefined {
    const whole = match[0];
    if (whole.length > MAX_MATCH) return undefined;
    const known = this.#byRule[rule]?.get(whole);
    return known !== undefined && sameCaptures(known.captures, match) ? known.verdict : undefined;
  }

  /**
   * Keeps rule `rule`'s verdict on `match` (unless its captures are too long).
   * @param rule The rule's index in its engine.
   * @param match A match of the rule's pattern.
   * @param verdict What the rule's checks said; must depend on the match's captures only.
   */
  remember(rule: number, match: RegExpExecArray, verdict: boolean): void {
    const whole = match[0];
    if (whole.length > MAX_MATCH || this.#most === 0) return;
    let kept = 0;
    for (let i = 1; i < match.length; i++) kept += match[i]?.length ?? 0;
    if (kept > MAX_KEPT) return;
    let map = this.#byRule[rule];
    if (this.#entries >= this.#most) {
      this.#byRule = [];
      this.#entries = 0;
      map = undefined;
    }
    if (map === undefined) {
      map = new Map();
      this.#byRule[rule] = map;
    }
    const captures: (string | undefined)[] = [];
    for (let i = 1; i < match.length; i++) captures.push(copyOf(match[i]));
    if (!map.has(whole)) this.#entries++;
    map.set(copyOf(whole)!, { captures, verdict });
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
