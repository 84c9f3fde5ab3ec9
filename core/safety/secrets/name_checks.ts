/**
 * The name checks the keyword pass runs on its own hits (see `NameChecks`
 * in wasm/mod.ts): where every rule of a keyword reads a name (a run of its
 * `lead` characters) that must be followed by one of its `followsFirst`
 * characters, a hit whose name passes that test for none of them is dropped
 * in the pass, before TypeScript sees it. The engine applies the same test
 * first in TypeScript, so dropping such a hit changes no finding; it saves
 * the per-hit work on the many `token`, `password` and `key` words of prose
 * and code that no operator follows. Pure: no I/O.
 * @module
 */
import type { NameChecks } from "../../../wasm/mod.ts";
import type { KeywordAutomaton } from "./automaton.ts";
import type { NameFollows } from "./rule.ts";
import { PLACEHOLDER_OPENING_WORDS } from "./filters.ts";

/**
 * The pattern a {@linkcode NameFollows} stands for (no flags).
 * @param f The shape.
 * @returns `(?:\\{0,E}["'])?[ \t]{0,B}[ops]`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { followsPattern } from "./name_checks.ts";
 * const re = followsPattern({ quote: true, escapes: 1, blanks: 16, operators: ":=" });
 * assert.ok(re.test('\\" : x'));
 * ```
 */
export function followsPattern(f: NameFollows): RegExp {
  const quotes = f.backtick === true ? "\"'\x60" : "\"'";
  const quote = f.quote ? String.raw`(?:\\{0,${f.escapes}}[${quotes}])?` : "";
  return new RegExp(`${quote}[ \t]{0,${f.blanks}}[${f.operators}]`);
}

/**
 * Every character a {@linkcode followsPattern} match can begin with, as a class body.
 * @param f The shape.
 * @returns The class body.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { followsFirst } from "./name_checks.ts";
 * assert.equal(followsFirst({ quote: false, escapes: 0, blanks: 0, operators: "=" }), "=");
 * ```
 */
export function followsFirst(f: NameFollows): string {
  const escape = f.quote && f.escapes > 0 ? "\\\\" : "";
  const quotes = f.quote ? (f.backtick === true ? "\"'\x60" : "\"'") : "";
  return `${escape}${quotes}${f.blanks > 0 ? " \\t" : ""}${f.operators}`;
}

/**
 * The checks of the keyword pass and, for the engine, which of them stands
 * for each rule: `ruleMasks` has one entry per rule of each output keyword
 * (outputs in order, the rules of each keyword in order), the bits of
 * DfaScanResult.passed that mean the rule's own check passed (every bit in
 * a state without checks).
 */
export interface RuleNameChecks extends NameChecks {
  ruleMasks: Uint32Array;
}

/** What the checks need to know of one compiled rule. */
export interface NameCheckedRule {
  /** ASCII lookup (128 entries, 1 = in the class) of the rule's lead characters, or null. */
  lead: Uint8Array | null;
  /** The rule's `follows`, when the engine rejects a hit whose name it does not follow (a cover rule). */
  follows: NameFollows | null;
  /** The rule's `tail`, or null. */
  tail: { blanks: number; cls: string; min: number; opensLine?: boolean } | null;
  /** The rule's `reach`, or null (absent: none). */
  reach?: { cls: string; max: number; sep: string; end: string } | null;
  /**
   * With `follows`: the rule's `valueAfterOperator`, so a value that opens
   * like a placeholder fails its check as it fails the engine's test
   * (opensAsPlaceholder).
   */
  placeholders?: boolean;
}

/**
 * Builds the checks for an automaton and its rules (a rule's `tail`, when
 * it has one, stands for it; otherwise its name and operator).
 * @param automaton The keyword automaton.
 * @param keywordRules Keyword id -> indices of the rules that own it.
 * @param rules The rules, by index.
 * @returns The checks, in the layout the WASM pass reads, and the rules' bits.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutomaton } from "./automaton.ts";
 * import { buildNameChecks } from "./name_checks.ts";
 * const automaton = buildAutomaton(["token"]);
 * const lead = new Uint8Array(128).fill(1, 0x61, 0x7b);
 * const follows = { quote: false, escapes: 0, blanks: 0, operators: "=" } as const;
 * const checks = buildNameChecks(automaton, [[0]], [{ lead, follows, tail: null }]);
 * // The state that ends "token" lists one check.
 * assert.equal(checks.program[checks.states[checks.states.length - 1]!], 1);
 * ```
 */
export function buildNameChecks(
  automaton: KeywordAutomaton,
  keywordRules: readonly (readonly number[])[],
  rules: readonly NameCheckedRule[],
): RuleNameChecks {
  const setIds = new Map<string, number>();
  const sets: number[] = [];
  const byTable = new Map<Uint8Array, number>();
  const setOf = (ascii: Uint8Array): number => {
    const seen = byTable.get(ascii);
    if (seen !== undefined) return seen;
    const key = ascii.join("");
    let id = setIds.get(key);
    if (id === undefined) {
      id = setIds.size;
      if (id > 0xff) throw new RangeError("Cannot build name checks: more than 256 sets");
      setIds.set(key, id);
      // Bytes >= 0x80 are seen as DEL (0x7f) by the engine's patterns.
      for (let b = 0; b < 256; b++) sets.push(ascii[b < 0x80 ? b : 0x7f]!);
    }
    byTable.set(ascii, id);
    return id;
  };
  // Per keyword: its entries, or null when some rule of it takes hits unchecked.
  const entries = automaton.keywords.map((keyword, kw): number[] | null => {
    if (keyword.length > 0xff) return null;
    const out: number[] = [];
    for (const ri of keywordRules[kw]!) {
      const { lead, follows, tail, reach, placeholders } = rules[ri]!;
      if (tail !== null && tail.min <= 0xff && tail.blanks <= 0xff) {
        // Entry bits 16-23 and shape bit 16: the lead set the name's opening is looked for before.
        const opens = tail.opensLine === true;
        out.push(
          (keyword.length | (setOf(asciiSet(tail.cls)) << 8) |
            (opens ? setOf(lead ?? NO_LEAD) << 16 : 0)) >>> 0,
        );
        out.push((0x80000000 | tail.min | (tail.blanks << 8) | (opens ? OPENS_LINE : 0)) >>> 0);
        continue;
      }
      if (reach !== undefined && reach !== null && reach.max < 1 << 14) {
        // A reach check: shape bits 31 and 30, the separator, the end byte, the length.
        out.push(keyword.length | (setOf(asciiSet(reach.cls)) << 8));
        out.push(
          (0xc0000000 | reach.sep.charCodeAt(0) | (reach.end.charCodeAt(0) << 8) |
            (reach.max << 16)) >>> 0,
        );
        continue;
      }
      const value = follows?.value;
      const cls = value?.cls === undefined ? 0 : setOf(valueSet(value.cls)) + 1;
      if (
        follows === null || cls > 0xff ||
        // Value blanks stop below bit 30 of the shape, which marks the tail and reach checks.
        (value !== undefined && (value.min > 0xff || value.blanks > 0x3f))
      ) {
        // A rule the pass cannot check takes every hit; the other rules of
        // the keyword keep their checks (an unchecked rule once left every
        // rule of its keywords unchecked: 16k confirmations of the bench
        // transcript failed the test the pass could have made).
        out.push(...ALWAYS);
        continue;
      }
      // Without lead characters the name is the keyword itself (shape bit 3).
      const exact = lead === null;
      const ops = asciiSet(follows.operators);
      out.push(
        (keyword.length | (setOf(lead ?? NO_LEAD) << 8) | (setOf(ops) << 16) | (cls << 24)) >>> 0,
      );
      out.push(
        (follows.escapes | (follows.quote ? 4 : 0) | (exact ? 8 : 0) |
          (placeholders === true ? PLACEHOLDER_BIT : 0) |
          (value?.quoted === true ? QUOTED_VALUE_BIT : 0) |
          (follows.backtick === true ? BACKTICK_BIT : 0) | (follows.blanks << 8) |
          ((value?.min ?? 0) << 16) | ((value?.blanks ?? 0) << 24)) >>> 0,
      );
    }
    return out;
  });
  const states = automaton.outputStart.length - 1;
  const stateChecks = new Uint32Array(states);
  // Word 0: where the placeholder openings begin (0: none), after the lists.
  const program: number[] = [0];
  const lists = new Map<string, number>();
  const { outputs, outputStart } = automaton;
  // Per output, per rule of its keyword: the bits of the checks that stand for the rule.
  const ruleMasks: number[] = [];
  for (let s = 0; s < states; s++) {
    const from = outputStart[s]!;
    const to = outputStart[s + 1]!;
    if (from === to) continue;
    // Entries are pairs of words; a state lists each distinct pair once.
    const list = new Map<string, { index: number; pair: [number, number] }>();
    const slots: number[] = [];
    let checked = true;
    for (let o = from; o < to && checked; o++) {
      const e = entries[outputs[o]!]!;
      if (e === null) checked = false;
      else {for (let k = 0; k < e.length; k += 2) {
          const key = `${e[k]},${e[k + 1]}`;
          let known = list.get(key);
          if (known === undefined) {
            known = { index: list.size, pair: [e[k]!, e[k + 1]!] };
            list.set(key, known);
          }
          slots.push(known.index < 31 ? 2 ** known.index : 0x80000000);
        }}
    }
    // Only rules the pass cannot check: the state takes every hit, unchecked.
    if (list.size === 1 && list.has(ALWAYS_KEY)) checked = false;
    if (!checked) {
      for (let o = from; o < to; o++) {
        for (const _ of keywordRules[outputs[o]!]!) ruleMasks.push(0xffffffff);
      }
      continue;
    }
    ruleMasks.push(...slots);
    const key = [...list.keys()].join(";");
    let at = lists.get(key);
    if (at === undefined) {
      at = program.length;
      lists.set(key, at);
      program.push(list.size, ...[...list.values()].flatMap((v) => v.pair));
    }
    stateChecks[s] = at;
  }
  if (rules.some((r) => r.placeholders === true)) {
    program[0] = program.length;
    program.push(...placeholderOpenings());
  }
  return {
    classCount: automaton.classCount,
    states: stateChecks,
    program: Uint32Array.from(program),
    sets: Uint8Array.from(sets),
    ruleMasks: Uint32Array.from(ruleMasks),
  };
}

/** Bit 4 of a name check's shape: a value that opens like a placeholder fails it. */
export const PLACEHOLDER_BIT = 16;

/** Bit 5 of a name check's shape: with a value check, the value must open with a quote. */
export const QUOTED_VALUE_BIT = 32;

/** Bit 6 of a name check's shape: a backtick closes the name as a quote does. */
export const BACKTICK_BIT = 64;

/**
 * The placeholder openings (PLACEHOLDER_OPENING_WORDS) as the keyword pass
 * reads them at `program[program[0]]`: their count, eight words of a bitmap
 * of their first bytes (bit b & 31 of word b >> 5), then each one's length
 * and its bytes, a word each, ASCII letters in lower case (the pass folds
 * the value's letters; any byte >= 0x80 stands for DEL, as in the engine's
 * ASCII view).
 * @returns The words.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { placeholderOpenings } from "./name_checks.ts";
 * const words = placeholderOpenings();
 * assert.deepEqual(words.slice(9, 12), [2, 0x24, 0x7b]); // "${"
 * assert.equal((words[1 + (0x24 >> 5)]! >>> (0x24 & 31)) & 1, 1); // "$" opens one
 * ```
 */
export function placeholderOpenings(): number[] {
  const out = [PLACEHOLDER_OPENING_WORDS.length, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const w of PLACEHOLDER_OPENING_WORDS) {
    const c = w.charCodeAt(0);
    const first = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
    out[1 + (first >> 5)] = (out[1 + (first >> 5)]! | (1 << (first & 31))) >>> 0;
  }
  for (const w of PLACEHOLDER_OPENING_WORDS) {
    out.push(w.length);
    for (let i = 0; i < w.length; i++) {
      const c = w.charCodeAt(i);
      if (c > 0x7f) throw new RangeError("Cannot check a placeholder opening that is not ASCII");
      out.push(c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
    }
  }
  return out;
}

/**
 * The two words of a check that always passes (shape all ones: bits 31 and
 * 30 mark a reach check, but a reach's separator and end are ASCII, so no
 * reach has this shape), for a rule the pass cannot check beside rules it can.
 */
export const ALWAYS: readonly [number, number] = [0, 0xffffffff];

/**
 * Shape bit 16 of a tail check: the name must open a line (the rule's
 * `tail.opensLine`; see opensLine in prefilter_ts.ts and the WASM module).
 */
export const OPENS_LINE = 0x10000;
const ALWAYS_KEY = `${ALWAYS[0]},${ALWAYS[1]}`;

/** No lead character: the set of a check whose name is its keyword. */
const NO_LEAD = new Uint8Array(128);

/**
 * The set of a value's characters: it may hold no quote or backslash (the
 * pass skips an opening quote before testing them, so a set with quotes
 * would test the wrong bytes).
 */
function valueSet(cls: string): Uint8Array {
  const set = asciiSet(cls);
  if (set[0x22] === 1 || set[0x27] === 1 || set[0x60] === 1 || set[0x5c] === 1) {
    throw new RangeError("Cannot build name checks: a value set holds a quote or backslash");
  }
  return set;
}

const asciiSets = new Map<string, Uint8Array>();
/** Every ASCII character, in order. */
const ASCII = String.fromCharCode(...Array.from({ length: 128 }, (_, i) => i));

/** A 128-entry table: 1 where the ASCII character is in the class body `cls` (built once per class). */
function asciiSet(cls: string): Uint8Array {
  const known = asciiSets.get(cls);
  if (known !== undefined) return known;
  const table = new Uint8Array(128);
  for (const m of ASCII.matchAll(new RegExp(`[${cls}]`, "g"))) table[m.index] = 1;
  asciiSets.set(cls, table);
  return table;
}
