/**
 * The scanner's keyword automaton and name checks in a compact form made at
 * generation time (tables_generated.ts, `deno task gen`), so a process loads
 * them instead of building them: building walks every state and class in
 * TypeScript (~25-45 ms per process), loading reads the packed bytes (a raw
 * `bytes` import of tables_generated.bin: no JavaScript source to load, no
 * string to decode; about 8 ms less per process than the same bytes as a
 * 140 KB base64 literal in a module).
 *
 * The form keeps the trie, not the table: per state in breadth-first order
 * its failure state and its own edges. A state's row is its failure state's
 * row (already filled, being shallower) with its own edges written over it,
 * the same rows buildAutomaton computes. The WASM prefilter unpacks the rows
 * itself, into its own memory (`packedRows`); TypeScript unpacks them only
 * when the table is read (the TS prefilter). The output lists and the name
 * checks are stored as they are; the start bitmap is recomputed from the
 * keywords (32 KiB of mostly zeros cost more to load than to compute).
 *
 * A fingerprint of everything the tables derive from (the keywords in id
 * order, which rules own each, and each rule's name-check inputs) is stored
 * beside them: an engine uses the prebuilt tables only when its own
 * fingerprint is the same string, and builds them otherwise, so a rule edited
 * without `deno task gen` still scans right (and `deno task check` fails).
 * Pure: no I/O.
 * @module
 */
import { edgeEntry, type KeywordAutomaton, startBitmap } from "./automaton.ts";
import type { RuleNameChecks } from "./name_checks.ts";
import type { PackedRows } from "../../../wasm/mod.ts";

/** Tables in their stored form. */
export interface PrebuiltTables {
  /** What the tables were built from (see {@linkcode tablesFingerprint}). */
  fingerprint: string;
  /** The packed tables (see {@linkcode encodeTables}); read, never written. */
  data: Uint8Array;
}

/** The automaton and name checks decoded from {@linkcode PrebuiltTables}. */
export interface LoadedTables {
  /** Its `table` is filled on first read (a WASM prefilter never reads it: see `packedRows`). */
  automaton: KeywordAutomaton;
  nameChecks: RuleNameChecks;
  /** The table as it is packed: the WASM prefilter unpacks it in WebAssembly, into its memory. */
  packedRows: PackedRows;
}

/** Format version, first word of the packed data. */
const FORMAT = 4;

/**
 * The string the tables derive from: the keywords in id order, the rules
 * that own each, and per rule what the name checks read.
 * @param keywords The automaton's keywords, index = id.
 * @param keywordRules Keyword id -> rule indices.
 * @param rules Per rule: its lead class body, `follows`/`tail`/`reach` as the checks see them and whether its value check tests placeholder openings.
 * @param openings The placeholder openings those value checks test (see name_checks.ts).
 * @returns The fingerprint.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tablesFingerprint } from "./prebuilt.ts";
 * const a = tablesFingerprint(["key"], [[0]], [{ lead: "a-z", follows: null, tail: null }]);
 * const b = tablesFingerprint(["key"], [[0]], [{ lead: "A-Z", follows: null, tail: null }]);
 * assert.notEqual(a, b);
 * ```
 */
export function tablesFingerprint(
  keywords: readonly string[],
  keywordRules: readonly (readonly number[])[],
  rules: readonly {
    lead: string | null;
    follows: unknown;
    tail: unknown;
    reach?: unknown;
    placeholders?: boolean;
  }[],
  openings: readonly string[] = [],
): string {
  const parts = [`v${FORMAT}`, keywords.join("\n"), keywordRules.map((r) => r.join(",")).join(";")];
  for (const r of rules) {
    parts.push(
      JSON.stringify([r.lead, r.follows, r.tail, r.reach ?? null, r.placeholders ?? false]),
    );
  }
  parts.push(JSON.stringify(openings));
  return parts.join("\n\0\n");
}

/**
 * The keywords and, per keyword, how many rules own it, read back from a
 * {@linkcode tablesFingerprint}: what a keyword pass over the prebuilt
 * tables needs to tell whether any rule could confirm a hit, without the
 * rules themselves (see keyword_gate.ts). Null when the text is not a
 * fingerprint of this format.
 * @param fingerprint A fingerprint stored beside prebuilt tables.
 * @returns The keywords (index = id) and each one's count of owning rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fingerprintKeywords, tablesFingerprint } from "./prebuilt.ts";
 * const fp = tablesFingerprint(["key", "pwd"], [[0], [0, 1]], []);
 * assert.deepEqual(fingerprintKeywords(fp), { keywords: ["key", "pwd"], ruleCounts: [1, 2] });
 * ```
 */
export function fingerprintKeywords(
  fingerprint: string,
): { keywords: string[]; ruleCounts: number[] } | null {
  const parts = fingerprint.split("\n\0\n", 3);
  if (parts.length < 3 || parts[0] !== `v${FORMAT}`) return null;
  const keywords = parts[1]!.split("\n");
  const owners = parts[2]!.split(";");
  if (owners.length !== keywords.length) return null;
  const ruleCounts = owners.map((r) => r === "" ? 0 : r.split(",").length);
  return { keywords, ruleCounts };
}

/**
 * Per keyword, how many rules own it, read from a
 * {@linkcode tablesFingerprint} as {@linkcode fingerprintKeywords} reads
 * `ruleCounts`, without making a string of each keyword or of each owner
 * list: the keyword gate needs the counts alone, and the some 5,000 short
 * strings and arrays of that split cost a fresh process about 0.9 MB of
 * resident memory at the end of `baton load`, where its memory peaks.
 * Null exactly where fingerprintKeywords gives null.
 * @param fingerprint A fingerprint stored beside prebuilt tables.
 * @returns Keyword id -> count of the rules that own it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fingerprintRuleCounts, tablesFingerprint } from "./prebuilt.ts";
 * const fp = tablesFingerprint(["key", "pwd", "tok"], [[0], [0, 1], []], []);
 * assert.deepEqual([...fingerprintRuleCounts(fp)!], [1, 2, 0]);
 * ```
 */
export function fingerprintRuleCounts(fingerprint: string): Uint32Array | null {
  const SEP = "\n\0\n";
  const head = fingerprint.indexOf(SEP);
  if (head < 0 || fingerprint.slice(0, head) !== `v${FORMAT}`) return null;
  const from = head + SEP.length;
  const mid = fingerprint.indexOf(SEP, from);
  if (mid < 0) return null;
  const start = mid + SEP.length;
  let end = fingerprint.indexOf(SEP, start);
  if (end < 0) end = fingerprint.length;
  // As many keywords (one per line) as owner lists (one per `;`).
  let keywords = 1;
  for (let i = from; i < mid; i++) if (fingerprint.charCodeAt(i) === 0x0a) keywords++;
  let lists = 1;
  for (let i = start; i < end; i++) if (fingerprint.charCodeAt(i) === 0x3b) lists++;
  if (lists !== keywords) return null;
  // A list's count is its commas plus one, none when it is empty.
  const counts = new Uint32Array(lists);
  let k = 0;
  for (let i = start; i < end; i++) {
    const c = fingerprint.charCodeAt(i);
    if (c === 0x3b) k++;
    else if (counts[k] === 0) counts[k] = c === 0x2c ? 2 : 1;
    else if (c === 0x2c) counts[k]!++;
  }
  return counts;
}

/**
 * Packs an automaton and its name checks into bytes: a header of 32-bit
 * words (format, classes, states, the length of each section), then the
 * sections as 32-bit, 16-bit and 8-bit numbers (the platform's byte order,
 * little-endian wherever Deno runs). The start bitmap is left out: it is
 * derived from the keywords (startBitmap), and 32 KiB of mostly zeros cost
 * every process more to load than to recompute.
 * @param automaton From buildAutomaton.
 * @param nameChecks From buildNameChecks over the same automaton.
 * @returns The packed bytes.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutomaton } from "./automaton.ts";
 * import { buildNameChecks } from "./name_checks.ts";
 * import { decodeTables, encodeTables } from "./prebuilt.ts";
 * const a = buildAutomaton(["her", "she"]);
 * const checks = buildNameChecks(a, [[0], [0]], [{ lead: null, follows: null, tail: null }]);
 * const back = decodeTables(encodeTables(a, checks), a.keywords);
 * assert.deepEqual(back.automaton.table, a.table);
 * ```
 */
export function encodeTables(automaton: KeywordAutomaton, nameChecks: RuleNameChecks): Uint8Array {
  const { classCount, table, outputStart, outputs } = automaton;
  const states = outputStart.length - 1;
  const { children, order } = trieOf(automaton);
  // A child's failure state is where its parent's failure state goes on the same class.
  const fail = new Uint32Array(states);
  const trie: number[] = [];
  for (const s of order) {
    const edges = children[s]!;
    for (let k = 0; k < edges.length; k += 2) {
      const t = edges[k + 1]!;
      fail[t] = s === 0 ? 0 : (table[fail[s]! * classCount + edges[k]!]! & 0x3fffffff) / classCount;
    }
    trie.push(s, fail[s]!, edges.length / 2, ...edges);
  }
  if (states > 0xffff) throw new RangeError("Cannot pack an automaton of more than 65535 states");
  // Sections by width: 32-bit words, then 16-bit, then bytes (each view stays aligned).
  const sections: [ArrayLike<number>, 4 | 2 | 1][] = [
    [nameChecks.program, 4],
    [nameChecks.ruleMasks, 4],
    [trie, 2],
    [outputStart, 2],
    [outputs, 2],
    [nameChecks.states, 2],
    [automaton.classes, 1],
    [nameChecks.sets, 1],
  ];
  const header = [FORMAT, classCount, states, ...sections.map(([part]) => part.length)];
  let size = header.length * 4;
  for (const [part, width] of sections) size += part.length * width;
  const bytes = new Uint8Array(size);
  new Uint32Array(bytes.buffer, 0, header.length).set(header);
  let at = header.length * 4;
  for (const [part, width] of sections) {
    const view = width === 4
      ? new Uint32Array(bytes.buffer, at, part.length)
      : width === 2
      ? new Uint16Array(bytes.buffer, at, part.length)
      : new Uint8Array(bytes.buffer, at, part.length);
    for (let i = 0; i < part.length; i++) {
      if (part[i]! >= 2 ** (8 * width)) throw new RangeError("Cannot pack a table value");
      view[i] = part[i]!;
    }
    at += part.length * width;
  }
  return bytes;
}

/**
 * Unpacks {@linkcode encodeTables}' output.
 * @param data The packed bytes (views into them are kept: the caller never writes them).
 * @param keywords The keywords the tables were built for, index = id.
 * @returns The automaton (its transition table rebuilt row by row) and the name checks.
 * @throws {RangeError} when the data is not in this format.
 */
export function decodeTables(data: Uint8Array, keywords: readonly string[]): LoadedTables {
  // An engine decoding the tables a keyword gate of the same process
  // decoded gets the gate's sections (read-only; decodePacked).
  const key = keywords.join("\n");
  if (lastDecoded !== null && lastDecoded.data === data && lastDecoded.key === key) {
    return lastDecoded.tables;
  }
  const tables = withKeywords(decodePacked(data), keywords);
  lastDecoded = { data, key, tables };
  return tables;
}

/** The last tables {@linkcode decodeTables} gave, and what they were decoded from. */
let lastDecoded: { data: Uint8Array; key: string; tables: LoadedTables } | null = null;

/** What {@linkcode decodePacked} reads: the packed sections, without what the keywords give. */
export interface PackedTables {
  /** Byte -> class. */
  classes: Uint8Array;
  /** Per state, where its outputs begin in `outputs`; one more entry than states. */
  outputStart: Uint32Array;
  /** The keyword ids each state ends, state after state. */
  outputs: Uint32Array;
  nameChecks: RuleNameChecks;
  /** The transition rows as packed (see {@linkcode LoadedTables}). */
  packedRows: PackedRows;
}

/**
 * The sections of {@linkcode encodeTables}' output, as {@linkcode decodeTables}
 * reads them, without the keywords: what the keyword gate's pass reads
 * (keyword_gate.ts), which needs no keyword list, no start bitmap and no
 * transition table.
 * @param data The packed bytes (views into them are kept: the caller never writes them).
 * @returns The sections, the same objects for the same bytes until other bytes are decoded.
 * @throws {RangeError} when the data is not in this format.
 */
export function decodePacked(data: Uint8Array): PackedTables {
  if (lastPacked !== null && lastPacked.data === data) return lastPacked.tables;
  const tables = decodeSections(data);
  lastPacked = { data, tables };
  return tables;
}

/** The last sections {@linkcode decodePacked} gave, and the bytes they came from. */
let lastPacked: { data: Uint8Array; tables: PackedTables } | null = null;

function decodeSections(data: Uint8Array): PackedTables {
  // The 32- and 16-bit sections are read through views: they need a 4-aligned start.
  const bytes = data.byteOffset % 4 === 0 ? data : data.slice();
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.min(HEADER, bytes.length >> 2));
  if (head[0] !== FORMAT || head.length < HEADER) {
    throw new RangeError("Prebuilt scanner tables have another format");
  }
  const classCount = head[1]!;
  const states = head[2]!;
  let at = bytes.byteOffset + HEADER * 4;
  let section = 3;
  const next = <T>(width: 4 | 2 | 1, view: new (b: ArrayBuffer, at: number, n: number) => T): T => {
    const n = head[section++]!;
    if (at + n * width > bytes.byteOffset + bytes.length) {
      throw new RangeError("Prebuilt scanner tables are malformed");
    }
    const part = new view(bytes.buffer as ArrayBuffer, at, n);
    at += n * width;
    return part;
  };
  const program = Uint32Array.from(next(4, Uint32Array));
  const ruleMasks = Uint32Array.from(next(4, Uint32Array));
  const trie = next(2, Uint16Array);
  const outputStart = Uint32Array.from(next(2, Uint16Array));
  const outputs = Uint32Array.from(next(2, Uint16Array));
  const checkStates = Uint32Array.from(next(2, Uint16Array));
  const classes = next(1, Uint8Array).slice();
  const sets = next(1, Uint8Array).slice();
  if (
    at !== bytes.byteOffset + bytes.length || classes.length !== 256 ||
    outputStart.length !== states + 1
  ) throw new RangeError("Prebuilt scanner tables are malformed");
  return {
    classes,
    outputStart,
    outputs,
    nameChecks: { classCount, states: checkStates, program, sets, ruleMasks },
    packedRows: { classCount, trie, outputStart },
  };
}

/** The automaton over decoded sections and their keywords, its table filled on first read. */
function withKeywords(packed: PackedTables, keywords: readonly string[]): LoadedTables {
  const { classes, outputStart, outputs, packedRows } = packed;
  const { classCount, trie } = packedRows;
  let table: Uint32Array | null = null;
  const automaton = {
    keywords,
    classes,
    classCount,
    starts: startBitmap(keywords),
    outputStart,
    outputs,
  } as KeywordAutomaton;
  Object.defineProperty(automaton, "table", {
    enumerable: true,
    get(): Uint32Array {
      if (table === null) {
        table = new Uint32Array((outputStart.length - 1) * classCount);
        fillRows(table, trie, classCount, outputStart);
      }
      return table;
    },
  });
  return { automaton, nameChecks: packed.nameChecks, packedRows };
}

/** Words of the packed header: format, classes, states and eight section lengths. */
const HEADER = 11;

/**
 * Writes the transition rows of a packed trie into a zeroed table: a state's
 * row is its failure state's row with its own edges written over it (the
 * TypeScript twin of fillRows in wasm/assembly/prefilter.ts).
 */
function fillRows(
  table: Uint32Array,
  trie: Uint16Array,
  classCount: number,
  outputStart: Uint32Array,
): void {
  const depth = new Uint8Array(outputStart.length - 1);
  for (let p = 0; p < trie.length;) {
    const s = trie[p]!;
    const f = trie[p + 1]!;
    const n = trie[p + 2]!;
    p += 3;
    // Rows are filled shallow first, so the failure row is complete.
    if (s !== 0) table.copyWithin(s * classCount, f * classCount, f * classCount + classCount);
    for (let k = 0; k < n; k++, p += 2) {
      const t = trie[p + 1]!;
      depth[t] = depth[s]! + 1;
      table[s * classCount + trie[p]!] = edgeEntry(
        t,
        classCount,
        outputStart[t + 1]! > outputStart[t]!,
        depth[t]!,
      );
    }
  }
}

/**
 * The trie buildAutomaton grows (states numbered as it numbers them, one
 * keyword after another): per state its edges as (class, child) pairs, and
 * the states in breadth-first order.
 */
function trieOf(automaton: KeywordAutomaton): { children: number[][]; order: number[] } {
  const { keywords, classes, outputStart } = automaton;
  const children: number[][] = [[]];
  for (const k of keywords) {
    let s = 0;
    for (let i = 0; i < k.length; i++) {
      const c = classes[k.charCodeAt(i)]!;
      const edges = children[s]!;
      let next = -1;
      for (let e = 0; e < edges.length; e += 2) if (edges[e] === c) next = edges[e + 1]!;
      if (next === -1) {
        next = children.length;
        children.push([]);
        edges.push(c, next);
      }
      s = next;
    }
  }
  if (children.length !== outputStart.length - 1) {
    throw new RangeError("Automaton does not match its keywords' trie");
  }
  const order = [0];
  for (let q = 0; q < order.length; q++) {
    const edges = children[order[q]!]!;
    for (let e = 1; e < edges.length; e += 2) order.push(edges[e]!);
  }
  return { children, order };
}
