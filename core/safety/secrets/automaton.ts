/**
 * Builds the keyword automaton the prefilter runs: an Aho-Corasick DFA over
 * bytes with ASCII case folding, in the flat layout that both the WASM loop
 * (wasm/mod.ts) and the pure-TS reference (prefilter_ts.ts) read.
 *
 * Bytes that occur in no keyword share class 0, so the table has one column
 * per distinct keyword byte (plus one) instead of 256. Pure: no I/O.
 * @module
 */
import { START_BITMAP_BYTES, windowHash } from "../../../wasm/mod.ts";

/** A compiled keyword set. */
export interface KeywordAutomaton {
  /** The keywords, lower-cased ASCII, index = keyword id. */
  keywords: readonly string[];
  /** Byte -> class index (256 entries). */
  classes: Uint8Array;
  /** Number of classes (columns per row). */
  classCount: number;
  /**
   * Transitions: entry `row + class` = next row offset, bit 31 set when it
   * ends a keyword, bit 30 when it is three or more bytes deep.
   */
  table: Uint32Array;
  /**
   * One bit per hashed 3-byte window ({@linkcode windowHash}, case-folded)
   * that starts some keyword ({@linkcode START_BITMAP_BYTES} bytes); the
   * WASM loop's skip hint.
   */
  starts: Uint8Array;
  /** For state s, its keyword ids are `outputs[outputStart[s] .. outputStart[s+1])`, ascending. */
  outputStart: Uint32Array;
  /** Keyword ids ending in each state (own and through suffix links). */
  outputs: Uint32Array;
}

/** Set on a table entry whose target state ends at least one keyword. */
export const ACCEPT_BIT = 0x80000000;
/**
 * Set on a table entry whose target state is three or more bytes deep (it
 * has read a keyword's first three bytes). From a shallower state the WASM
 * loop may return to the start state when no keyword starts at the bytes the
 * state has read (see wasm/assembly/prefilter.ts).
 */
export const DEEP_BIT = 0x40000000;

/**
 * The table entry of an edge into state `t`: its row offset (`t` times the
 * class count), with ACCEPT_BIT when a keyword ends there and DEEP_BIT from
 * depth 3. The one encoding the builder, the prebuilt tables and the lazily
 * made rows write.
 */
export function edgeEntry(t: number, classCount: number, accepts: boolean, depth: number): number {
  return ((t * classCount) | (accepts ? ACCEPT_BIT : 0) | (depth >= 3 ? DEEP_BIT : 0)) >>> 0;
}

function fold(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
}

/**
 * Builds the automaton for a keyword list.
 * @param keywords Printable-ASCII keywords (a tab may be among their bytes) of three or more characters; matching ignores ASCII case.
 * @returns The DFA tables and the output lists.
 * @throws {RangeError} on an empty, duplicate (after folding) or non-ASCII keyword.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutomaton } from "./automaton.ts";
 * const a = buildAutomaton(["her", "she"]);
 * assert.equal(a.keywords.length, 2);
 * assert.ok(a.classCount <= 5);
 * ```
 */
export function buildAutomaton(keywords: readonly string[]): KeywordAutomaton {
  const lower = keywords.map((k) => {
    if (k.length < 3 || !/^[\t\x20-\x7e]+$/.test(k)) {
      throw new RangeError(
        `Cannot build keyword automaton: a keyword of length ${k.length} is shorter than 3 bytes or not printable ASCII (a tab aside)`,
      );
    }
    return k.toLowerCase();
  });
  if (new Set(lower).size !== lower.length) {
    throw new RangeError("Cannot build keyword automaton: duplicate keywords after case folding");
  }
  const classes = new Uint8Array(256);
  let classCount = 1;
  for (const k of lower) {
    for (let i = 0; i < k.length; i++) {
      const b = k.charCodeAt(i);
      if (classes[b] === 0) classes[b] = classCount++;
    }
  }
  for (let b = 0x41; b <= 0x5a; b++) classes[b] = classes[fold(b)]!;
  // Trie over classes, in flat typed arrays (a state per keyword byte at most).
  const cap = lower.reduce((n, k) => n + k.length, 1);
  const goto = new Int32Array(cap * classCount).fill(-1);
  const own: number[][] = [[]];
  const depth: number[] = [0];
  let states = 1;
  lower.forEach((k, id) => {
    let s = 0;
    for (let i = 0; i < k.length; i++) {
      const c = classes[k.charCodeAt(i)]!;
      let next = goto[s * classCount + c]!;
      if (next === -1) {
        next = states++;
        own.push([]);
        depth.push(i + 1);
        goto[s * classCount + c] = next;
      }
      s = next;
    }
    own[s]!.push(id);
  });
  // Breadth-first failure links turn the trie into a DFA.
  const fail = new Int32Array(states);
  const out: number[][] = own.map((o) => [...o]);
  const queue: number[] = [];
  for (let c = 0; c < classCount; c++) {
    const t = goto[c]!;
    if (t === -1) goto[c] = 0;
    else queue.push(t);
  }
  for (let qi = 0; qi < queue.length; qi++) {
    const s = queue[qi]!;
    const f = fail[s]!;
    if (out[f]!.length > 0) out[s] = [...new Set([...out[s]!, ...out[f]!])].sort((a, b) => a - b);
    for (let c = 0; c < classCount; c++) {
      const t = goto[s * classCount + c]!;
      if (t === -1) {
        goto[s * classCount + c] = goto[f * classCount + c]!;
      } else {
        fail[t] = goto[f * classCount + c]!;
        queue.push(t);
      }
    }
  }
  if (states * classCount >= DEEP_BIT) {
    throw new RangeError("Cannot build keyword automaton: too many states");
  }
  const table = new Uint32Array(states * classCount);
  for (let i = 0; i < table.length; i++) {
    const t = goto[i]!;
    table[i] = edgeEntry(t, classCount, out[t]!.length > 0, depth[t]!);
  }
  const outputStart = new Uint32Array(states + 1);
  let total = 0;
  for (let s = 0; s < states; s++) {
    outputStart[s] = total;
    total += out[s]!.length;
  }
  outputStart[states] = total;
  const outputs = new Uint32Array(total);
  for (let s = 0; s < states; s++) outputs.set(out[s]!, outputStart[s]!);
  const starts = startBitmap(lower);
  return { keywords: lower, classes, classCount, table, starts, outputStart, outputs };
}

/**
 * The start bitmap of lower-case keywords (see {@linkcode KeywordAutomaton}):
 * derived from the keywords alone, so prebuilt tables recompute it rather
 * than store it. Lower case suffices: the hash folds the input's case.
 * @param keywords Lower-case keywords of three or more characters.
 * @returns {@linkcode START_BITMAP_BYTES} bytes.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startBitmap } from "./automaton.ts";
 * import { windowHash } from "../../../wasm/mod.ts";
 * const h = windowHash(0x6b, 0x65, 0x79); // "key"
 * assert.equal((startBitmap(["key-"])[h >> 3]! >> (h & 7)) & 1, 1);
 * ```
 */
export function startBitmap(keywords: readonly string[]): Uint8Array {
  const starts = new Uint8Array(START_BITMAP_BYTES);
  for (const k of keywords) {
    const h = windowHash(k.charCodeAt(0), k.charCodeAt(1), k.charCodeAt(2));
    starts[h >> 3]! |= 1 << (h & 7);
  }
  return starts;
}
