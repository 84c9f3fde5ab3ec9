/**
 * The pure-TypeScript reference prefilter: the same DFA loop as
 * wasm/assembly/prefilter.ts, byte for byte, over the same tables. The
 * parity test holds the two to identical hits; the scanner falls back to
 * this path when WebAssembly is unavailable. Pure: no I/O.
 * @module
 */
import type { DfaScanResult, DfaTables } from "../../../wasm/mod.ts";

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
  const { classes, table } = tables;
  let hits = new Uint32Array(64);
  let n = 0;
  let row = state;
  let acc = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    acc |= b;
    const e = table[row + classes[b]!]!;
    row = e & 0x7fffffff;
    if (e >= 0x80000000) {
      if (n + 2 > hits.length) {
        const grown = new Uint32Array(hits.length * 2);
        grown.set(hits);
        hits = grown;
      }
      hits[n++] = i;
      hits[n++] = row;
    }
  }
  return { hits: hits.slice(0, n), state: row, ascii: acc < 0x80 };
}
