/**
 * Chunked scanning (and redaction) of input of any size, read through an
 * injected reader: the buffer holds one chunk plus the overlap carried from
 * the previous one, so memory stays bounded (about `chunkBytes +
 * overlapBytes`, at most 16 times that for a streamed reply, see below) on a
 * gigabyte and a secret straddling a chunk boundary is
 * still seen whole.
 *
 * Each round scans the whole buffer but decides only the findings that start
 * before `limit` (the buffer end minus the overlap, or the input end). The
 * overlap is at least the longest window any rule reads, so a secret that
 * starts before `limit` is always complete in the buffer; findings from the
 * carried bytes that were decided in the previous round are skipped.
 *
 * A value wrapped onto further lines is followed over them (wraps.ts): the
 * overlap also carries {@linkcode WRAP_REACH}, so a finding decided in a
 * round has every line a wrap may take in the buffer. A prefixed token
 * folded inside its body is joined and judged the same way (folds.ts). A
 * hex dump is read at most the engine's `dumpReach` from its head (dumps.ts),
 * which is within both the overlap and the look-behind a round keeps: every
 * dump a round decides a byte of is whole in its buffer, head included.
 *
 * Readings (views.ts): the Gson-escaped and the delta-joined readings of a
 * buffer are scanned too, when its bytes hold what they start from. A value
 * a reading shows in pieces spread over the input (a reply's delta events)
 * is decided in the round of its first piece: the limit moves past its last
 * piece as far as every window stays whole, and the pieces beyond wait, as
 * decided, for the round that reaches them (a few findings: the pieces of
 * the values that straddle one limit). A value whose pieces run on to the
 * buffer's end (or a reading that ends inside a run of token characters
 * there) is read again with the buffer doubled, at most MOST_GROWTH (16)
 * times its usual size: that bounds memory for a stream of deltas. Past
 * it, the rest of a value decided there is read in the next rounds without
 * its head, which no rule confirms: it is redacted to the end of its run of
 * token characters in the delta reading (views.ts cutValueRun), its pieces
 * as a decided value's are, however long it goes on; memory stays at the
 * grown buffer (the in-memory scan reads the value whole).
 *
 * Every copy: the values found so far are remembered (bounded, see
 * copies.ts) and every standalone copy of one in a later chunk, or earlier
 * in the same buffer, is redacted as well. A copy that was already written
 * out before its original was found (an earlier chunk) cannot be recalled;
 * the in-memory scan (redact.ts) catches those too.
 * Pure: the reader and the writer are passed in.
 * @module
 */
import { SCAN_BOUNDS, type ScanBounds } from "../../bounds.ts";
import { armorEnd } from "./armor.ts";
import { type CopyBounds, CopyMemory, mergeCopies } from "./copies.ts";
import type { RawFinding, SecretEngine } from "./engine.ts";
import { joinAndRemember } from "./folds.ts";
import { type CutValueRun, cutValueRun, findSecretsViewed, type ViewSpan } from "./views.ts";
import { WRAP_REACH } from "./wraps.ts";

/** Reads bytes into a buffer; null at end of input (the shape of Deno.Reader). */
export interface ByteReader {
  read(into: Uint8Array): Promise<number | null>;
}

/** One secret found: its kind and where it is. Never the secret, never a hash of it. */
export interface Finding {
  kind: string;
  /** 1-based line. */
  line: number;
  /** 1-based column, in bytes from the line start. */
  column: number;
  /** Byte offset of the first byte of the secret. */
  start: number;
  /** Byte offset just past the secret. */
  end: number;
}

/** Options of {@linkcode scanStream}. */
export interface ScanStreamOptions {
  /** Chunk and overlap sizes; defaults from {@linkcode SCAN_BOUNDS}. */
  bounds?: Partial<Pick<ScanBounds, "chunkBytes" | "overlapBytes">>;
  /** Called after each chunk with the bytes read so far. */
  onProgress?: (bytesRead: number) => void;
  /**
   * Called for each finding as soon as it is final. (A key block longer
   * than the overlap is reported when it starts, with `end` where the read
   * so far ended; its redaction and the collected finding go on to the
   * block's END line.)
   */
  onFinding?: (finding: Finding) => void;
  /** When set, the input is written here with every secret replaced by `[REDACTED:<kind>]`. */
  write?: (bytes: Uint8Array) => void | Promise<void>;
  /**
   * `write` receives views into the scan buffer, valid only until it
   * returns (or its promise settles), instead of copies: for a sink that
   * writes them out at once. @default {false}
   */
  transient?: boolean;
  /** Keep findings in the result (turn off for huge inputs scanned with onFinding). @default {true} */
  collect?: boolean;
  /** Bounds of the memory of found values (every copy is redacted); defaults from COPY_BOUNDS. */
  copies?: Partial<CopyBounds>;
}

/**
 * A round's findings with the pieces decided earlier in their place: a
 * finding that overlaps one gives way to it.
 */
function withPending(all: RawFinding[], pending: RawFinding[], base: number): RawFinding[] {
  const out = all.filter((f) =>
    !pending.some((p) => p.start - base < f.end && f.start < p.end - base)
  );
  for (const p of pending) out.push({ kind: p.kind, start: p.start - base, end: p.end - base });
  return out.sort((a, b) => a.start - b.start);
}

/** Where a buffer grown as far as it may ended inside a value in delta pieces, and the value's kind. */
interface CutPoint {
  at: number;
  kind: string;
}

/** What a streamed scan saw. */
export interface ScanStreamResult {
  findings: Finding[];
  /** Number of findings (also when not collected). */
  count: number;
  /** Bytes read. */
  bytes: number;
}

const encoder = new TextEncoder();
const DASH = 0x2d;
/** Most times its usual size a round's buffer grows to for a value in pieces (see scanStream). */
const MOST_GROWTH = 16;
/** One character per byte, so decoded offsets are byte offsets. */
const latin1 = new TextDecoder("latin1");

/**
 * The marker that replaces a secret of `kind`.
 * @param kind The rule's kind.
 * @returns `[REDACTED:<kind>]`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redactionMarker } from "./stream.ts";
 * assert.equal(redactionMarker("npm_token"), "[REDACTED:npm_token]");
 * ```
 */
export function redactionMarker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

/** The marker of each kind as bytes, encoded once (kinds are few and fixed). */
const markerBytes = new Map<string, Uint8Array>();

/**
 * The marker that replaces a secret of `kind`, as bytes (shared: never written to).
 * @param kind The rule's kind.
 * @returns The bytes of `[REDACTED:<kind>]`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markerOf } from "./stream.ts";
 * assert.equal(new TextDecoder().decode(markerOf("jwt")), "[REDACTED:jwt]");
 * ```
 */
export function markerOf(kind: string): Uint8Array {
  let bytes = markerBytes.get(kind);
  if (bytes === undefined) {
    bytes = encoder.encode(redactionMarker(kind));
    markerBytes.set(kind, bytes);
  }
  return bytes;
}

/**
 * Scans a stream chunk by chunk; optionally writes the redacted stream.
 * @param engine From {@linkcode createEngine}.
 * @param reader The input.
 * @param options Bounds, callbacks and the redaction sink.
 * @returns The findings and the byte count.
 * @throws {RangeError} when the bounds are too small for the rules' windows.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createEngine } from "./engine.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * import { scanStream } from "./stream.ts";
 * const data = new TextEncoder().encode("ok\nAPI_TOKEN=s3cr3t-value-123\n");
 * let done = false;
 * const reader = {
 *   read(into: Uint8Array) {
 *     if (done) return Promise.resolve(null);
 *     done = true;
 *     into.set(data);
 *     return Promise.resolve(data.length);
 *   },
 * };
 * const r = await scanStream(createEngine(SECRET_RULES), reader);
 * assert.deepEqual(r.findings, [{ kind: "env_secret", line: 2, column: 11, start: 13, end: 29 }]);
 * ```
 */
export async function scanStream(
  engine: SecretEngine,
  reader: ByteReader,
  options: ScanStreamOptions = {},
): Promise<ScanStreamResult> {
  const chunkBytes = options.bounds?.chunkBytes ?? SCAN_BOUNDS.chunkBytes;
  const overlap = options.bounds?.overlapBytes ?? SCAN_BOUNDS.overlapBytes;
  const lookBehind = engine.maxBefore;
  /** Where a round's redacted output is joined before its one write. */
  let joined = new Uint8Array(0);
  if (overlap < engine.maxAfter + WRAP_REACH || chunkBytes < 1) {
    throw new RangeError(
      `Cannot scan: overlap of ${overlap} bytes is below the longest rule window and a wrap's reach (${
        engine.maxAfter + WRAP_REACH
      })`,
    );
  }
  const collect = options.collect ?? true;
  // The buffer starts small and grows to its full size only for inputs that
  // need it, so scanning many small files allocates little.
  const full = chunkBytes + overlap + lookBehind;
  // What the buffer fills to: `full`, doubled (up to MOST_GROWTH times) for a
  // round whose value in pieces runs on to the buffer's end (see below).
  let size = full;
  let buffer = new Uint8Array(Math.min(full, 64 * 1024));
  let bufLen = 0;
  let base = 0; // absolute offset of buffer[0]
  let decidedUpTo = 0; // findings starting before this were decided in an earlier round
  let lastEnd = 0; // end of the last kept finding
  let emitted = 0; // output written up to here (redaction)
  let line = 1;
  let lineStart = 0; // absolute offset where `line` starts
  let cursor = 0; // absolute offset lines are counted up to
  let total = 0;
  let eof = false;
  // The kind of the last finding when it ran to the end of its buffer and may
  // go on in the next read (a key block, or a value with an `extend`).
  let openKind: string | null = null;
  const findings: Finding[] = [];
  let count = 0;
  const memory = new CopyMemory(options.copies);
  // Pieces of a value decided in an earlier round that lie past its limit (absolute offsets).
  let pending: RawFinding[] = [];
  // A value in pieces that ran on past a buffer grown MOST_GROWTH times: where that buffer
  // ended and the value's kind. Its rest is redacted to the end of its run (views.ts cutValueRun).
  let cut: CutPoint | null = null;

  let view = buffer.subarray(0, 0);
  const countLines = (upTo: number) => {
    const n = engine.countNewlines(view, cursor - base, upTo - base);
    if (n > 0) {
      line += n;
      lineStart = base + view.lastIndexOf(0x0a, upTo - base - 1) + 1;
    }
    cursor = upTo;
  };

  while (!eof) {
    while (true) {
      while (bufLen < buffer.length) {
        const n = await reader.read(buffer.subarray(bufLen));
        if (n === null) {
          eof = true;
          break;
        }
        bufLen += n;
        total += n;
      }
      if (eof || buffer.length >= size) break;
      const grown = new Uint8Array(Math.min(size, buffer.length * 4));
      grown.set(buffer.subarray(0, bufLen));
      buffer = grown;
    }
    view = buffer.subarray(0, bufLen);
    // The state the open secret's extension changes, for a round read again.
    const before: { lastEnd: number; openKind: string | null; emitted: number; end?: number } = {
      lastEnd,
      openKind,
      emitted,
    };
    const lastFound = findings.at(-1);
    if (lastFound !== undefined) before.end = lastFound.end;
    if (openKind !== null) {
      // The last round's secret ran to the end of its buffer: what goes on
      // here is part of the same secret (already marked).
      const at = lastEnd - base;
      const tail = engine.extendedKinds.get(openKind);
      const rest = latin1.decode(view.subarray(at));
      if (tail === undefined) lastEnd += armorEnd(rest, 0, { midLine: true });
      else {
        tail.lastIndex = 0;
        if (tail.test(rest)) lastEnd += tail.lastIndex;
      }
      openKind = !eof && lastEnd === base + bufLen &&
          (tail !== undefined || view[bufLen - 1] !== DASH)
        ? openKind
        : null;
      if (collect && findings.length > 0) findings[findings.length - 1]!.end = lastEnd;
      emitted = Math.max(emitted, lastEnd);
    }
    let limit = eof ? base + bufLen : base + bufLen - overlap;
    const round: RawFinding[] = [];
    const ends = { opens: base === 0, complete: eof };
    const spans: ViewSpan[] = [];
    const remember = (v: Uint8Array, k: string) => memory.rememberValue(v, k);
    const reading = { openEnd: false };
    const headed = findSecretsViewed(engine, view, remember, spans, reading);
    const found = joinAndRemember(engine, view, headed, memory, ends);
    if (cut !== null) {
      // No rule reads the tail of a value without its head: its run is taken whole, and the
      // pieces waiting past this round's limit go as the pieces of a decided value do.
      const { at, kind }: CutPoint = cut;
      const run: CutValueRun | null = at > base ? cutValueRun(engine, view, at - base, kind) : null;
      for (const p of run?.pieces ?? []) {
        pending.push({ kind: p.kind, start: p.start + base, end: p.end + base });
      }
      cut = run?.open === true && !eof ? { at: base + bufLen, kind } : null;
      pending.sort((a, b) => a.start - b.start);
    }
    // A value a reading shows in pieces (a reply's delta events) is decided
    // with its first piece: the limit moves past its last piece, no further
    // than where every window of what starts before it is still whole, and
    // the pieces past that wait for the round that reaches them.
    const whole = base + bufLen - (engine.maxAfter + WRAP_REACH);
    // A value in pieces decided here whose pieces run on to the buffer's end,
    // or a delta reading that ends inside a run of token characters there
    // (views.ts openEnd: a value no rule confirms from its head alone), may
    // go on past it, and its pieces there would be read later without its
    // head (printed, and the head too when no rule matched it): the round is
    // read again with the buffer doubled, up to MOST_GROWTH times `full`
    // (past that the value is left to the rules; the in-memory scan reads it
    // whole).
    if (
      !eof && bufLen >= size && size < full * MOST_GROWTH &&
      (reading.openEnd ||
        spans.some((s) =>
          s.start + base >= decidedUpTo && s.start + base < limit && s.end + base > whole
        ))
    ) {
      size = Math.min(full * MOST_GROWTH, size * 2);
      ({ lastEnd, openKind, emitted } = before);
      if (collect && before.end !== undefined) findings[findings.length - 1]!.end = before.end;
      continue;
    }
    for (const s of spans) {
      const end = Math.min(s.end + base, whole);
      if (!eof && s.start + base < limit && end > limit) limit = end;
    }
    // The buffer can grow no more and a value decided here runs on past it: its rest, read
    // in the next round without its head, would be printed (see cut).
    const cutHere = eof
      ? undefined
      : spans.find((s) =>
        s.start + base >= decidedUpTo && s.start + base < limit && s.end + base > whole
      );
    if (cutHere !== undefined && cut === null) cut = { at: base + bufLen, kind: cutHere.kind };
    const from = Math.max(0, decidedUpTo - base);
    let all = mergeCopies(found, memory.find(view, from, limit - base, engine.probeCopies(view)));
    if (pending.length > 0) all = withPending(all, pending, base);
    for (const s of spans) {
      // Decided here (an earlier round's value has its pieces waiting already).
      if (s.start + base < decidedUpTo || s.start + base >= limit || s.end + base <= limit) {
        continue;
      }
      for (const p of s.pieces) {
        if (p.start + base >= limit) {
          pending.push({ kind: p.kind, start: p.start + base, end: p.end + base });
        }
      }
    }
    for (const f of all) {
      const start = f.start + base;
      if (start < decidedUpTo || start >= limit || start < lastEnd) continue;
      round.push({ kind: f.kind, start, end: f.end + base });
      lastEnd = f.end + base;
      const open = !eof && lastEnd === base + bufLen &&
        ((engine.armoredKinds.has(f.kind) && view[bufLen - 1] !== DASH) ||
          engine.extendedKinds.has(f.kind));
      openKind = open ? f.kind : null;
    }
    for (const f of round) {
      countLines(f.start);
      const finding = {
        kind: f.kind,
        line,
        column: f.start - lineStart + 1,
        start: f.start,
        end: f.end,
      };
      count++;
      if (collect) findings.push(finding);
      options.onFinding?.(finding);
    }
    countLines(limit);
    if (options.write !== undefined) {
      const upTo = eof ? base + bufLen : Math.max(limit, lastEnd);
      const parts: Uint8Array[] = [];
      const take = (from: number, to: number) => buffer.subarray(from - base, to - base);
      let size = 0;
      for (const f of round) {
        if (f.start > emitted) parts.push(take(emitted, f.start));
        parts.push(markerOf(f.kind));
        emitted = f.end;
      }
      if (upTo > emitted) {
        parts.push(take(emitted, upTo));
        emitted = upTo;
      }
      for (const p of parts) size += p.length;
      // One write per round: the parts joined (into a reused buffer when the
      // sink takes transient views), or the one view. Views stay valid: the
      // buffer is not touched again before the next read.
      if (parts.length === 1) {
        await options.write(options.transient === true ? parts[0]! : parts[0]!.slice());
      } else if (parts.length > 1) {
        if (options.transient !== true) joined = new Uint8Array(size);
        else if (joined.length < size) joined = new Uint8Array(Math.max(size, joined.length * 2));
        let off = 0;
        for (const p of parts) {
          joined.set(p, off);
          off += p.length;
        }
        await options.write(joined.subarray(0, size));
      }
    }
    options.onProgress?.(total);
    pending = pending.filter((p) => p.start >= limit);
    decidedUpTo = limit;
    if (eof) break;
    const keepFrom = Math.max(0, limit - lookBehind);
    buffer.copyWithin(0, keepFrom - base, bufLen);
    bufLen -= keepFrom - base;
    base = keepFrom;
  }
  return { findings, count, bytes: total };
}
