/**
 * Secrets in hex dumps (`xxd .env`, `hexdump -C .env`, `od -c .env`,
 * `xxd -p key.pem`): each dump head (dump_rules.ts) among a buffer's
 * findings is read back into the bytes it shows (dump_rows.ts), those
 * bytes are scanned by the rules as any text, and each secret found there
 * becomes findings over every cell that writes it: its hex cells and its
 * gutter cells, on every row it spans (hiding the gutter alone would leave
 * the hex, which decodes to the secret). A dump of a binary, or anything
 * whose bytes hold no secret, is left as it is. The secret itself (the
 * decoded value) is returned too, so every copy of it is found.
 *
 * A dump is read at most `reach` bytes from its head (the engine's
 * {@linkcode SecretEngine.dumpReach}), and a command head's output is looked
 * for only up to the next head: a streamed scan, whose buffers keep at least
 * that much before the bytes they decide, sees every dump as a whole
 * scan does. Pure: no I/O.
 * @module
 */
import { findSecretsIn, isHeadKind, type RawFinding, type SecretEngine } from "./engine.ts";
import { type DumpLayout, dumpLayout, isDumpKind } from "./dump_rules.ts";
import { dumpSpans, levelAt, readDump } from "./dump_rows.ts";

const LF = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The findings with dump heads judged, and the values found in dumps. */
export interface DumpResult {
  /** The findings that are not dump heads. */
  rest: RawFinding[];
  /** The cells of each secret found in a dump, sorted. */
  found: RawFinding[];
  /** Each secret found in a dump, as the bytes it is. */
  values: { kind: string; value: Uint8Array }[];
}

/** Where a dump with offsets starts: its offset's first digit, before the head's last `0`. */
function rowStart(layout: DumpLayout, head: RawFinding): number {
  return head.start - (layout === "od" ? 6 : 7);
}

/** The first dump after a command head, up to `stop`: each line start tried in turn. */
function dumpAfter(bytes: Uint8Array, from: number, layout: DumpLayout, stop: number) {
  for (let p = from; p < stop; p++) {
    const b = bytes[p];
    const opens = b === LF || b === QUOTE || (b === 0x6e && bytes[p - 1] === BACKSLASH);
    if (!opens || levelAt(bytes, p + 1) < 0) continue;
    const view = readDump(bytes, p + 1, layout, stop);
    if (view !== null) return view;
  }
  return null;
}

/** Most distinct dumps whose findings are remembered per engine (then all are forgotten). */
const REMEMBERED = 256;
/** Longest dump (bytes shown) whose findings are remembered. */
const REMEMBERED_BYTES = 1024;
const remembered = new WeakMap<SecretEngine, Map<string, RawFinding[]>>();

/**
 * The findings of the rules in the bytes a dump shows (heads aside):
 * remembered for short dumps, since the same rows printed again (a dump in
 * a loop, a hostile input of one row repeated) give the same findings.
 */
function secretsIn(engine: SecretEngine, shown: Uint8Array): RawFinding[] {
  let memo = remembered.get(engine);
  // One character per byte (a short key is built faster than a decoder call is made).
  const key = shown.length <= REMEMBERED_BYTES ? String.fromCharCode(...shown) : null;
  const known = key === null ? undefined : memo?.get(key);
  if (known !== undefined) return known;
  const found = findSecretsIn(engine, shown, shown.length, engine.scanKeywordsTs(shown))
    .filter((f) => !isHeadKind(f.kind));
  if (key !== null) {
    if (memo === undefined) remembered.set(engine, memo = new Map());
    if (memo.size >= REMEMBERED) memo.clear();
    memo.set(key, found);
  }
  return found;
}

/**
 * Judges the dump heads among a buffer's findings.
 * @param engine The engine that found them.
 * @param bytes The buffer.
 * @param found Its findings with heads (findSecrets with `heads`).
 * @returns The other findings, and the cells and values of the secrets in dumps.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * import { findSecrets } from "./engine.ts";
 * import { judgeDumps } from "./dumps.ts";
 * const engine = defaultEngine();
 * const text = "00000000: 4142 430a".padEnd(51) + "ABC.\n";
 * const bytes = new TextEncoder().encode(text);
 * const r = judgeDumps(engine, bytes, findSecrets(engine, bytes, true));
 * assert.deepEqual([r.rest, r.found], [[], []]);
 * ```
 */
export function judgeDumps(
  engine: SecretEngine,
  bytes: Uint8Array,
  found: RawFinding[],
): DumpResult {
  let heads: RawFinding[] | null = null;
  for (const f of found) if (isDumpKind(f.kind)) (heads ??= []).push(f);
  if (heads === null) return { rest: found, found: [], values: [] };
  const rest = found.filter((f) => !isDumpKind(f.kind));
  const cells: RawFinding[] = [];
  const values: { kind: string; value: Uint8Array }[] = [];
  // Each value once (a dump printed again holds the same ones).
  let seen: Set<string> | null = null;
  for (let h = 0; h < heads.length; h++) {
    const head = heads[h]!;
    const layout = dumpLayout(head.kind);
    const stop = Math.min(bytes.length, head.start + engine.dumpReach);
    const view = layout === "xxd_plain" || layout === "od_plain"
      ? dumpAfter(bytes, head.end, layout, Math.min(stop, heads[h + 1]?.start ?? stop))
      : readDump(bytes, rowStart(layout, head), layout, stop);
    if (view === null) continue;
    const shown = view.bytes;
    for (const f of secretsIn(engine, shown)) {
      const value = shown.subarray(f.start, f.end);
      const key = f.kind + "\u0000" + String.fromCharCode(...value.subarray(0, 256)) + value.length;
      if (!(seen ??= new Set()).has(key)) {
        seen.add(key);
        values.push({ kind: f.kind, value: value.slice() });
      }
      for (const [start, end] of dumpSpans(view, f.start, f.end)) {
        cells.push({ kind: f.kind, start, end });
      }
    }
  }
  cells.sort((a, b) => a.start - b.start);
  return { rest, found: cells, values };
}
