/**
 * The pure-TypeScript reference prefilter: the same DFA loop as
 * wasm/assembly/prefilter.ts, byte for byte, over the same tables. The
 * parity test holds the two to identical hits; the scanner falls back to
 * this path when WebAssembly is unavailable. Pure: no I/O.
 * @module
 */
import type { DfaScanResult, DfaTables, NameChecks } from "../../../wasm/mod.ts";

/** Longest name a check reads, plus one (as in the WASM loop and the engine). */
const MAX_NAME = 98;

/**
 * Runs the keyword DFA over `bytes` from row offset `state`.
 * @param tables The DFA (see {@linkcode buildAutomaton}).
 * @param bytes The input.
 * @param state Row offset to start from; 0 is the start state.
 * @returns Hits as (byte index, row offset) pairs, the final row and whether all bytes were ASCII.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutomaton } from "./automaton.ts";
 * import { scanDfaTs } from "./prefilter_ts.ts";
 * const a = buildAutomaton(["key"]);
 * const r = scanDfaTs(a, new TextEncoder().encode("a KEY"), 0);
 * assert.equal(r.hits.length, 2);
 * assert.equal(r.hits[0], 4);
 * ```
 */
export function scanDfaTs(tables: DfaTables, bytes: Uint8Array, state: number): DfaScanResult {
  const { table } = tables;
  return scanRows((row, cls) => table[row + cls]!, tables.classes, tables.nameChecks, bytes, state);
}

/**
 * The DFA loop over any row store: `entry(row, class)` is the table entry
 * (next row, accept and deep bits). The one loop both the whole table
 * ({@linkcode scanDfaTs}) and the keyword gate's lazily built rows
 * (lazy_rows.ts) run.
 * @param entry The table entry for a row offset and a byte class.
 * @param classes Byte -> class.
 * @param checks The name checks, or undefined (every hit passes).
 * @param bytes The input.
 * @param state Row offset to start from; 0 is the start state.
 * @returns As scanDfaTs.
 */
export function scanRows(
  entry: (row: number, cls: number) => number,
  classes: Uint8Array,
  checks: NameChecks | undefined,
  bytes: Uint8Array,
  state: number,
): DfaScanResult {
  let hits = new Uint32Array(64);
  let passed = new Uint32Array(32);
  let n = 0;
  let row = state;
  let acc = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    acc |= b;
    const e = entry(row, classes[b]!);
    row = e & 0x3fffffff;
    if (e < 0x80000000) continue;
    const mask = checks === undefined ? 0xffffffff : namePasses(checks, bytes, i, row);
    if (mask === 0) continue;
    if (n + 2 > hits.length) {
      const grown = new Uint32Array(hits.length * 2);
      grown.set(hits);
      hits = grown;
      const grownPassed = new Uint32Array(passed.length * 2);
      grownPassed.set(passed);
      passed = grownPassed;
    }
    passed[n >> 1] = mask;
    hits[n++] = i;
    hits[n++] = row;
  }
  return { hits: hits.slice(0, n), passed: passed.slice(0, n >> 1), state: row, ascii: acc < 0x80 };
}

/** The name checks of the state at `row` that pass for the keyword ending at byte `i` (namePasses in WASM). */
export function namePasses(checks: NameChecks, bytes: Uint8Array, i: number, row: number): number {
  const at = checks.states[row / checks.classCount]!;
  if (at === 0) return 0xffffffff;
  const count = checks.program[at]!;
  let passed = 0;
  for (let k = 0; k < count; k++) {
    const bit = k < 31 ? 1 << k : 0x80000000;
    if ((passed & bit) !== 0) continue;
    if (checkPasses(checks, bytes, i, at + 1 + 2 * k)) passed = (passed | bit) >>> 0;
  }
  return passed;
}

/** Whether the check whose two words are at `program[entryAt]` passes (checkPasses in WASM). */
function checkPasses(checks: NameChecks, bytes: Uint8Array, i: number, entryAt: number): boolean {
  const { program, sets } = checks;
  const entry = program[entryAt]!;
  const shape = program[entryAt + 1]!;
  // A rule the pass cannot check (see ALWAYS in name_checks.ts).
  if (shape === 0xffffffff) return true;
  if (shape >>> 31 === 1) {
    const set = ((entry >> 8) & 0xff) * 256;
    if ((shape & 0x40000000) !== 0) return reachAt(bytes, i + 1, shape, sets, set);
    if (
      (shape & OPENS_LINE) !== 0 &&
      !opensLine(bytes, i + 1 - (entry & 0xff), sets, ((entry >> 16) & 0xff) * 256)
    ) return false;
    return tailAt(bytes, i + 1, shape, sets, set);
  }
  const lead = ((entry >> 8) & 0xff) * 256;
  const operators = ((entry >> 16) & 0xff) * 256;
  const kwEnd = i + 1;
  const kwStart = kwEnd - (entry & 0xff);
  let end = kwEnd;
  // Bit 3 of the shape: the name is the keyword itself.
  if ((shape & 8) === 0) {
    while (end > kwStart && sets[lead + bytes[end - 1]!] === 0) end--;
    while (end < bytes.length && end - kwStart < MAX_NAME && sets[lead + bytes[end]!] !== 0) end++;
    if (end - kwStart >= MAX_NAME) return false;
  }
  const op = operatorAt(bytes, end, shape, sets, operators);
  if (op < 0) return false;
  // Bit 4: a value that opens like a placeholder fails (as the engine's test rejects it), tested last.
  const open = (shape & 16) !== 0;
  const min = (shape >> 16) & 0xff;
  if (min === 0) return !open || !placeholderAt(bytes, op + 1, program);
  const blanks = shape >>> 24;
  const cls = entry >>> 24;
  const set = cls === 0 ? -1 : (cls - 1) * 256;
  // A two-byte operator (`:=`, `=>`): the value may start after either byte.
  const c = bytes[op + 1];
  // Bit 5: the value must be quoted.
  const q = (shape & 32) !== 0;
  const value = valueAt(bytes, op + 1, blanks, min, sets, set, q) ||
    ((c === 0x3d || c === 0x3e) && valueAt(bytes, op + 2, blanks, min, sets, set, q));
  return value && (!open || !placeholderAt(bytes, op + 1, program));
}

/** Whether the value after an operator ending at `at` opens like a placeholder (placeholderAt in WASM). */
function placeholderAt(bytes: Uint8Array, at: number, program: Uint32Array): boolean {
  const openings = program[0]!;
  if (openings === 0 || at >= bytes.length) return false;
  let p = at;
  let c = bytes[p]!;
  if (c === 0x3d || c === 0x3e) return false;
  while (c === 0x20 || c === 0x09) {
    if (++p >= bytes.length) return false;
    c = bytes[p]!;
  }
  if (c === 0x5c) {
    if (++p >= bytes.length) return false;
    c = bytes[p]!;
    if (c !== 0x22 && c !== 0x27 && c !== 0x60) return false;
  }
  if (c === 0x22 || c === 0x27 || c === 0x60) {
    if (++p >= bytes.length) return false;
    c = bytes[p]!;
  }
  const first = c >= 0x80 ? 0x7f : (c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
  if (((program[openings + 1 + (first >> 5)]! >>> (first & 31)) & 1) === 0) return false;
  const count = program[openings]!;
  let w = openings + 9;
  for (let k = 0; k < count; k++) {
    const len = program[w++]!;
    if (p + len <= bytes.length) {
      let same = true;
      for (let j = 0; j < len && same; j++) {
        const b = bytes[p + j]!;
        const l = program[w + j]!;
        const folded = l >= 0x61 && l <= 0x7a ? b | 0x20 : (l === 0x7f && b >= 0x80 ? 0x7f : b);
        same = folded === l;
      }
      if (same) return true;
    }
    w += len;
  }
  return false;
}

/** A reach check from `p` (reachAt in WASM). */
function reachAt(
  bytes: Uint8Array,
  p: number,
  shape: number,
  sets: Uint8Array,
  set: number,
): boolean {
  const sep = shape & 0xff;
  const end = (shape >> 8) & 0xff;
  const max = (shape >>> 16) & 0x3fff;
  let seen = false;
  for (let n = 0; n < max && p < bytes.length; n++, p++) {
    const c = bytes[p]!;
    if (c === end && seen) return true;
    if (c === sep) seen = true;
    else if (c !== end && sets[set + c] === 0) return false;
  }
  return false;
}

/** Shape bit 16 of a tail check: the name must open a line (OPENS_LINE in name_checks.ts). */
const OPENS_LINE = 0x10000;

/** Bytes before a name this far back are not looked at: the check passes. */
const OPENING_REACH = 160;

/**
 * Whether the name whose lead run ends at `kwStart` (walked back over the
 * lead set at `sets[lead]`) can open a line as a directive does (opensLine in
 * WASM): before it, past blanks and tabs, the data's start, a line break,
 * `{`, `;`, a JSON string's opening quote after a colon, or a backslash escape's letter (`\n`, `\r`, `\t`, whose
 * letter the lead run may hold). Passes when the run is longer than
 * {@linkcode OPENING_REACH}: a necessary condition, never a stricter one.
 */
function opensLine(bytes: Uint8Array, kwStart: number, sets: Uint8Array, lead: number): boolean {
  let p = kwStart;
  let steps = 0;
  while (p > 0 && sets[lead + bytes[p - 1]!] !== 0) {
    p--;
    if (++steps > OPENING_REACH) return true;
  }
  if (p === 0) return true;
  let c = bytes[p - 1]!;
  if (c === 0x5c) return true;
  while (c === 0x20 || c === 0x09) {
    p--;
    if (p === 0 || ++steps > OPENING_REACH) return true;
    c = bytes[p - 1]!;
  }
  if ((c === 0x6e || c === 0x72 || c === 0x74) && p >= 2 && bytes[p - 2] === 0x5c) return true;
  if (c !== 0x22) return c === 0x0a || c === 0x0d || c === 0x7b || c === 0x3b;
  // A JSON string's opening quote after a colon (`"out": "`), escaped up to three times.
  let q = p - 1;
  for (let n = 0; n < 3 && q > 0 && bytes[q - 1] === 0x5c; n++) q--;
  for (let n = 0; n < 2 && q > 0 && (bytes[q - 1] === 0x20 || bytes[q - 1] === 0x09); n++) q--;
  return q === 0 || bytes[q - 1] === 0x3a;
}

/** A tail check from `p` (tailAt in WASM). */
function tailAt(
  bytes: Uint8Array,
  p: number,
  shape: number,
  sets: Uint8Array,
  set: number,
): boolean {
  const blanks = (shape >> 8) & 0xff;
  const min = shape & 0xff;
  let n = 0;
  while (p < bytes.length && (bytes[p] === 0x20 || bytes[p] === 0x09)) {
    if (++n > blanks) return false;
    p++;
  }
  if (p + min > bytes.length) return false;
  for (let k = 0; k < min; k++) if (sets[set + bytes[p + k]!] === 0) return false;
  return true;
}

const BARE_STOP = new Set([0x20, 0x09, 0x0a, 0x0d, 0x22, 0x27, 0x60, 0x5c, 0x0b, 0x0c, 0x3d]);

/**
 * Whether a value of at least `min` bytes (of the set at `sets[set]`, unless -1) can start at `p`;
 * with `mustQuote`, only a quoted one, its quote after at most three backslashes (valueAt in WASM).
 */
function valueAt(
  bytes: Uint8Array,
  p: number,
  blanks: number,
  min: number,
  sets: Uint8Array,
  set: number,
  mustQuote: boolean,
): boolean {
  const to = bytes.length;
  let n = 0;
  while (p < to && (bytes[p] === 0x20 || bytes[p] === 0x09)) {
    if (++n > blanks) return false;
    p++;
  }
  if (p >= to) return false;
  let c = bytes[p]!;
  if (mustQuote) {
    let e = 0;
    while (c === 0x5c && e < 3 && p + 1 < to) {
      c = bytes[++p]!;
      e++;
    }
    if (c !== 0x22 && c !== 0x27 && c !== 0x60) return false;
  }
  const q = bytes[p + 1];
  if (c === 0x5c && (q === 0x22 || q === 0x27 || q === 0x60)) {
    p++;
    c = q;
  }
  const quoted = c === 0x22 || c === 0x27 || c === 0x60;
  if (set >= 0) {
    if (quoted) p++;
    if (p + min > to) return false;
    for (let k = 0; k < min; k++) if (sets[set + bytes[p + k]!] === 0) return false;
    return true;
  }
  if (quoted) {
    p++;
    if (p + min > to) return false;
    for (let k = 0; k < min; k++) {
      const d = bytes[p + k];
      if (d === c || d === 0x0a || d === 0x0d) return false;
    }
    return true;
  }
  if (p + min > to) return false;
  // An inner `=` (not the first byte) may stand among them: the patterns' bare runs keep it.
  for (let k = 0; k < min; k++) {
    const d = bytes[p + k]!;
    if (BARE_STOP.has(d) && (d !== 0x3d || k === 0)) return false;
  }
  return true;
}

/** The offset of the operator a check finds at `p`, or -1 (operatorAfter in WASM). */
function operatorAt(
  bytes: Uint8Array,
  p: number,
  shape: number,
  sets: Uint8Array,
  operators: number,
): number {
  const to = bytes.length;
  if ((shape & 4) !== 0) {
    let q = p;
    while (q < to && q - p <= (shape & 3) && bytes[q] === 0x5c) q++;
    if (q - p > (shape & 3)) return -1;
    const c = bytes[q];
    // Bit 6: a backtick closes the name too.
    if (c === 0x22 || c === 0x27 || (c === 0x60 && (shape & 64) !== 0)) p = q + 1;
    else if (q > p) return -1;
  }
  const most = (shape >> 8) & 0xff;
  let blanks = 0;
  while (p < to && (bytes[p] === 0x20 || bytes[p] === 0x09)) {
    if (++blanks > most) return -1;
    p++;
  }
  return p < to && sets[operators + bytes[p]!] !== 0 ? p : -1;
}
