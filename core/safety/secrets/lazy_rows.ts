/**
 * The keyword pass over a few short strings (the keyword gate: the facts a
 * briefing re-checks, preflight's output) without unpacking the whole DFA.
 * A row of the transition table is its failure state's row with its own
 * edges written over it (prebuilt.ts fillRows); here a row is made the first
 * time the scan enters its state, the same words fillRows writes, into the
 * next free row of a table of the full size whose untouched pages the system
 * never backs. Over a few hundred bytes the pass enters a few dozen of the
 * 5,000-odd states: unpacking all of them (1.3 MB written, some 8-10 ms of a
 * fresh process) cost more than the pass. Rows are packed in the order they
 * are made, not at their state's place: the states preflight's facts reach
 * (about 145 of them at 50k files) are scattered over the table, and one row
 * at each state's place backed a page each (about 0.6 MB resident at the end
 * of a run, where its memory peaks) where packed they fill 9 pages. The scan is {@linkcode scanDfaTs}'s loop over
 * those rows, with the same hits (tests/core/safety/secrets/lazy_rows_test.ts
 * holds the two equal). Pure: no I/O.
 * @module
 */
import { edgeEntry } from "./automaton.ts";
import { scanRows } from "./prefilter_ts.ts";
import type { DfaScanResult, NameChecks, PackedRows } from "../../../wasm/mod.ts";

/** Transition rows unpacked on first use. */
export interface LazyRows {
  /** Columns per row. */
  classCount: number;
  /** The entry at `row + cls` (`row` a state times the class count), its row made first if needed. */
  entry(row: number, cls: number): number;
  /** Rows made so far (the start state's always). */
  filled(): number;
}

/**
 * Rows over a packed trie (decodeTables' `packedRows`).
 * @param packed The trie, its class count and the output starts.
 * @returns The rows, made as the scan reaches them.
 * @throws {RangeError} when the trie is not a breadth-first packing of its states.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutomaton } from "./automaton.ts";
 * import { buildNameChecks } from "./name_checks.ts";
 * import { decodeTables, encodeTables } from "./prebuilt.ts";
 * import { lazyRows } from "./lazy_rows.ts";
 * const a = buildAutomaton(["her", "she"]);
 * const checks = buildNameChecks(a, [[0], [0]], [{ lead: null, follows: null, tail: null }]);
 * const { packedRows } = decodeTables(encodeTables(a, checks), a.keywords);
 * const rows = lazyRows(packedRows);
 * const h = a.classes["h".charCodeAt(0)]!;
 * assert.equal(rows.entry(0, h), a.table[h]);
 * ```
 */
export function lazyRows(packed: PackedRows): LazyRows {
  const { classCount, trie, outputStart } = packed;
  const states = outputStart.length - 1;
  // Where each state's record starts, its failure state and its depth (one pass over the trie).
  const at = new Int32Array(states).fill(-1);
  const fail = new Uint32Array(states);
  const depth = new Uint8Array(states);
  let p = 0;
  while (p < trie.length) {
    const s = trie[p]!;
    const n = trie[p + 2] ?? 0;
    if (s >= states || trie[p + 1]! >= states || at[s] !== -1 || p + 3 + 2 * n > trie.length) {
      throw new RangeError("Packed keyword rows are malformed");
    }
    at[s] = p;
    fail[s] = trie[p + 1]!;
    for (let k = 0; k < n; k++) {
      const t = trie[p + 4 + 2 * k]!;
      if (t >= states || trie[p + 3 + 2 * k]! >= classCount) {
        throw new RangeError("Packed keyword rows are malformed");
      }
      // As fillRows counts it (a byte; no keyword is that long).
      depth[t] = depth[s]! + 1;
    }
    p += 3 + 2 * n;
  }
  if (at.includes(-1)) throw new RangeError("Packed keyword rows are malformed");
  // Untouched, the table's pages stay unbacked: only the rows made are
  // resident, packed from the front in the order they are made. A state's
  // row is at `placed[s]`, -1 until made; the entries keep naming states by
  // their full-table offsets, as the scan and its hits expect.
  const table = new Uint32Array(states * classCount);
  const placed = new Int32Array(states).fill(-1);
  let count = 0;
  const writeEdges = (s: number): void => {
    const r = at[s]!;
    const n = trie[r + 2]!;
    const base = placed[s]!;
    for (let k = 0; k < n; k++) {
      const cls = trie[r + 3 + 2 * k]!;
      const t = trie[r + 4 + 2 * k]!;
      table[base + cls] = edgeEntry(
        t,
        classCount,
        outputStart[t + 1]! > outputStart[t]!,
        depth[t]!,
      );
    }
  };
  const place = (s: number): number => {
    placed[s] = count * classCount;
    count++;
    return placed[s]!;
  };
  // The failure chain: each failure state is shallower, so a chain ends at a made row or the start.
  const chain: number[] = [];
  const make = (state: number): void => {
    chain.length = 0;
    let s = state;
    while (placed[s]! < 0) {
      if (chain.length > states) throw new RangeError("Packed keyword rows are malformed");
      chain.push(s);
      s = fail[s]!;
    }
    for (let k = chain.length - 1; k >= 0; k--) {
      const c = chain[k]!;
      const from = placed[fail[c]!]!;
      table.copyWithin(place(c), from, from + classCount);
      writeEdges(c);
    }
  };
  if (states > 0) {
    place(0);
    writeEdges(0);
  }
  return {
    classCount,
    entry(row, cls) {
      const s = row / classCount;
      const base = placed[s]!;
      if (base >= 0) return table[base + cls]!;
      make(s);
      return table[placed[s]! + cls]!;
    },
    filled: () => count,
  };
}

/**
 * {@linkcode scanDfaTs} over {@linkcode LazyRows}: the same hits, passed
 * masks, final row and ASCII flag for the same bytes and start row.
 * @param rows From {@linkcode lazyRows}.
 * @param classes Byte -> class (the automaton's).
 * @param nameChecks The name checks, or undefined (every hit passes).
 * @param bytes The input.
 * @param state Row offset to start from; 0 is the start state.
 * @returns As scanDfaTs.
 */
export function scanLazyRows(
  rows: LazyRows,
  classes: Uint8Array,
  nameChecks: NameChecks | undefined,
  bytes: Uint8Array,
  state: number,
): DfaScanResult {
  return scanRows((row, cls) => rows.entry(row, cls), classes, nameChecks, bytes, state);
}
