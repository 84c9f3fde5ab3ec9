/**
 * The rules' `rejectName` answers, remembered: one fixed table for all the
 * rules of an engine, each slot found by an FNV-1a hash of the rule, whether
 * a quote comes right before the name (the rule's second argument) and the
 * name read in place (no slice), holding one answer with all three, compared
 * before the answer is used, so a collision only costs the rule's own check
 * again. The slot index is a small integer: a lookup
 * allocates nothing (a `Map` keyed by a 39-bit number boxed each key, one
 * heap number per keyword hit). At most {@linkcode SLOTS} answers are kept.
 * Pure: no I/O.
 * @module
 */

/** Slots of the table (a power of two): the most answers kept at once. */
export const SLOTS = 4096;

/** One remembered answer. */
interface Answer {
  /** The rule's index, times two, plus one when a quote comes before the name. */
  rule: number;
  name: string;
  no: boolean;
}

/** One engine's remembered rejectName answers, shared by its rules. */
export class NameAnswers {
  readonly #slots: (Answer | undefined)[];
  readonly #mask: number;

  /** @param slots Slots of the table, a power of two (0: none, every name is judged). */
  constructor(slots: number = SLOTS) {
    this.#slots = new Array(slots).fill(undefined);
    this.#mask = slots - 1;
  }

  /**
   * Rule `rule`'s answer on the name text[first, end): remembered, or asked
   * of `judge` (given a copy of the name, and whether a quote, `"` or `'`,
   * comes right before it) and remembered.
   * @param rule The rule's index in its engine.
   * @param text The text holding the name.
   * @param first Where the name begins.
   * @param end Where it ends (exclusive).
   * @param judge The rule's rejectName.
   * @returns What `judge` says of the name.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { NameAnswers } from "./name_answers.ts";
   * const answers = new NameAnswers();
   * let asked = 0;
   * const judge = (name: string) => (asked++, name.startsWith("max"));
   * assert.equal(answers.rejects(0, "x max_tokens=1", 2, 12, judge), true);
   * assert.equal(answers.rejects(0, "y max_tokens=2", 2, 12, judge), true);
   * assert.equal(asked, 1);
   * assert.equal(answers.rejects(0, "y api_token=2", 2, 11, judge), false);
   * ```
   */
  rejects(
    rule: number,
    text: string,
    first: number,
    end: number,
    judge: (name: string, quoted: boolean) => boolean,
  ): boolean {
    const before = text.charCodeAt(first - 1);
    const quoted = before === 0x22 || before === 0x27;
    if (this.#mask < 0) return judge(text.slice(first, end), quoted);
    const key = rule * 2 + (quoted ? 1 : 0);
    let h = Math.imul(0x811c9dc5 ^ key, 0x01000193);
    for (let i = first; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    const slot = (h >>> 7) & this.#mask;
    const known = this.#slots[slot];
    if (
      known !== undefined && known.rule === key && known.name.length === end - first &&
      text.startsWith(known.name, first)
    ) return known.no;
    // A copy of its own, not a slice: V8 makes a slice of 13 or more characters a view
    // that keeps the whole window of text alive (64 KiB or more) for as long as the
    // table holds the name, which kept windows in the old generation.
    const name = (text.slice(first, end) + " ").slice(0, -1);
    const no = judge(name, quoted);
    this.#slots[slot] = { rule: key, name, no };
    return no;
  }
}
