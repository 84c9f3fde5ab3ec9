/**
 * Readings of a buffer that show a secret its bytes hide, scanned as well as
 * the buffer itself, their findings mapped back to the bytes they stand for:
 *
 * - **Escaped characters.** An HTML-safe JSON writer (Gson, .NET's
 *   JavaScriptEncoder) writes every `=` as `\u003d`, `+` as `\u002b`, `&` as
 *   `\u0026` and `'` as `\u0027` across its whole output: `password\u003dXk9`,
 *   a base64 key with `\u002b` inside. The reading puts the characters back
 *   (also under one to three more backslashes: the same output inside a
 *   transcript's JSON string).
 * - **A streamed reply.** An API's server-sent events carry a reply in
 *   pieces (`"delta":{"type":"text_delta","text":"sk-ant-ap"}`, OpenAI's
 *   `"delta":{"content":"..."}`, the Responses API's `"delta":"..."`,
 *   Gemini's chunks of `"candidates":[{"content":{"parts":[{"text":"..."}]`),
 *   so a secret the model wrote is cut across events. The reading joins the
 *   text of every delta event in order; when that text holds the escapes
 *   above (the model echoed such an output), it is read again with them put
 *   back.
 *
 * A finding in a reading is reported over the input's bytes it stands for:
 * one finding per run of contiguous bytes (a secret cut across four events is
 * four findings of its kind; where the buffer's own finding covers a piece,
 * a head that is a token on its own, the pieces after it still go), and the
 * value as read is returned, so the
 * caller remembers it and redacts its assembled copies too, with each
 * value's whole span (the streamed scan decides a value's pieces together).
 * A reading is built only when the buffer holds what it starts from
 * (view_triggers.ts: an exact test the engine runs in WebAssembly on the
 * bytes of its keyword pass, about 0.1 ns a byte, so a buffer without
 * costs next to nothing). The escaped reading is built and scanned only
 * around its escapes (each within the engine's reach, about 64 KiB, each
 * side, and as far again: escapeWindows), so an escape now and then (Go's
 * JSON writes `&`, `<`, `>` as `\u0026`, `\u003c`, `\u003e`) costs a few
 * hundred KiB of reading, not the buffer again; it holds up to 9 bytes per
 * byte it reads (the reading and its byte map). The delta reading searches
 * the whole buffer for its words (a native search) and holds 9 bytes per
 * byte of the pieces it reads.
 * The in-memory scans (redact.ts) and the streamed one (stream.ts) read
 * them alike. Pure: no I/O.
 * @module
 */
import { findSecrets, type RawFinding, type SecretEngine } from "./engine.ts";
import { isCsvKind } from "./csv_rules.ts";
import { DELTA_TRIGGER, ESCAPE_TRIGGER, escapedChar } from "./view_triggers.ts";
import { WRAP_REACH } from "./wraps.ts";

/**
 * A reading: its bytes, and for each the input span `[from, to)` it stands
 * for; with `keep`, only its findings that reach into that input span count.
 */
interface Reading {
  bytes: Uint8Array;
  from: Int32Array;
  to: Int32Array;
  keep?: readonly [number, number];
}

/** A value found in a reading, as read. */
export interface ReadValue {
  kind: string;
  value: Uint8Array;
}

/** Findings of the readings, over the input's bytes, and the values as read. */
export interface ViewFindings {
  findings: RawFinding[];
  values: ReadValue[];
  /**
   * Each value's whole span over the input, from its first piece's start
   * to its last piece's end (with the events between them), by start.
   */
  spans: ViewSpan[];
  /**
   * The delta reading may go on past the bytes: its last piece ends within
   * the engine's reach of their end, and its text ends inside a run of
   * OPEN_RUN token characters or more (a value cut by the end of the bytes).
   */
  openEnd: boolean;
}

/** The shortest run of token characters at a reading's end that may be a value cut by the buffer's end. */
const OPEN_RUN = 16;

/** A character of a token's body: letter, digit, `+`, `/`, `=`, `_`, `-`, `.`. */
function isTokenByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a) || b === 0x2b ||
    b === 0x2f || b === 0x3d || b === 0x5f || b === 0x2d || b === 0x2e;
}

/** Whether the reading's last piece ends within `reach` of the input's end, its text in a run of OPEN_RUN token characters. */
function endsOpen(r: Reading, inputLength: number, reach: number): boolean {
  const n = r.bytes.length;
  if (n < OPEN_RUN || r.to[n - 1]! < inputLength - reach) return false;
  for (let i = n - OPEN_RUN; i < n; i++) if (!isTokenByte(r.bytes[i]!)) return false;
  return true;
}

/** A value's whole span over the input, and its pieces (its findings). */
export interface ViewSpan extends RawFinding {
  pieces: readonly RawFinding[];
}

const BACKSLASH = 0x5c;
/** `u00` after a backslash. */
const U = 0x75;
const ZERO = 0x30;

/**
 * The bytes with each `\u003d`, `\u002b`, `\u0026` and `\u0027` (after one
 * to four backslashes) read as its character; null when there is none.
 */
function unescapedReading(bytes: Uint8Array, text: string): Reading | null {
  let first = -1;
  for (let at = text.indexOf("\\u00"); at >= 0; at = text.indexOf("\\u00", at + 4)) {
    if (at + 5 < bytes.length && escapedChar(bytes[at + 4]!, bytes[at + 5]!) >= 0) {
      // From the first backslash of its run: `\\u003d` inside a transcript's JSON string.
      first = at;
      while (first > 0 && at - first < 3 && bytes[first - 1] === BACKSLASH) first--;
      break;
    }
  }
  if (first < 0) return null;
  const out = new Uint8Array(bytes.length);
  const from = new Int32Array(bytes.length);
  const to = new Int32Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length;) {
    if (bytes[i] === BACKSLASH && i >= first) {
      let k = i;
      while (k < bytes.length && bytes[k] === BACKSLASH && k - i < 4) k++;
      if (
        k + 4 < bytes.length && bytes[k] === U && bytes[k + 1] === ZERO && bytes[k + 2] === ZERO
      ) {
        const c = escapedChar(bytes[k + 3]!, bytes[k + 4]!);
        if (c >= 0) {
          out[n] = c;
          from[n] = i;
          to[n] = k + 5;
          n++;
          i = k + 5;
          continue;
        }
      }
    }
    out[n] = bytes[i]!;
    from[n] = i;
    to[n] = i + 1;
    n++;
    i++;
  }
  return { bytes: out.subarray(0, n), from: from.subarray(0, n), to: to.subarray(0, n) };
}

/**
 * Each run of escapes' `[start, end)` over the input: from the first
 * backslash before `u00` (one to four) to its last character.
 */
function escapeRuns(bytes: Uint8Array, text: string): number[] {
  const runs: number[] = [];
  for (let at = text.indexOf("\\u00"); at >= 0; at = text.indexOf("\\u00", at + 4)) {
    if (at + 5 >= bytes.length || escapedChar(bytes[at + 4]!, bytes[at + 5]!) < 0) continue;
    let first = at;
    while (first > 0 && at - first < 3 && bytes[first - 1] === BACKSLASH) first--;
    runs.push(first, at + 6);
  }
  return runs;
}

/**
 * The escaped reading built only around the escapes: a finding it can add
 * reads an escape, so its keyword is within the engine's reach of one (at
 * most `maxAfter` before it, `maxBefore` after) and the finding within
 * `reach` of it (the keyword's reach both ways, and a wrap's extension).
 * Each escape's core (the escape and `reach` each side, merged where they
 * overlap) is read in a window `reach` wider each side, its own reading
 * scanned apart, and only its findings that reach into the core count: so
 * every finding the whole reading holds near an escape is found with all
 * the bytes its keyword reads, and one cut by a window's edge (which lies
 * `reach` from the core) is dropped. Escapes closer than two windows share
 * one; an escape in every 64 KiB reads the whole buffer as before.
 */
function escapeWindows(bytes: Uint8Array, text: string, reach: number): Reading[] {
  const runs = escapeRuns(bytes, text);
  const out: Reading[] = [];
  for (let i = 0; i < runs.length;) {
    const coreLo = Math.max(0, runs[i]! - reach);
    let coreHi = Math.min(bytes.length, runs[i + 1]! + reach);
    i += 2;
    // Merge while the next escape's window meets this one's.
    while (i < runs.length && runs[i]! - 2 * reach <= coreHi + reach) {
      coreHi = Math.min(bytes.length, runs[i + 1]! + reach);
      i += 2;
    }
    const lo = Math.max(0, coreLo - reach);
    const hi = Math.min(bytes.length, coreHi + reach);
    if (lo === 0 && hi === bytes.length) {
      // Escapes all along: the whole buffer, as one reading.
      const r = unescapedReading(bytes, text);
      if (r !== null) out.push(r);
      continue;
    }
    const r = unescapedReading(bytes.subarray(lo, hi), text.slice(lo, hi));
    if (r === null) continue;
    for (let k = 0; k < r.from.length; k++) {
      r.from[k]! += lo;
      r.to[k]! += lo;
    }
    out.push({ ...r, keep: [coreLo, coreHi] });
  }
  return out;
}

const latin1 = new TextDecoder("latin1");

/**
 * Where an event of a streamed reply names itself a delta
 * (`content_block_delta"`, `.delta"`, `"delta":`) or, in Gemini's stream,
 * holds its next `candidates"` (each chunk's
 * `candidates[0].content.parts[].text` is the reply's next piece): the word
 * before a quote, or before the backslash of an escaped one
 * (view_triggers.ts deltaAt).
 */
const DELTA = /(?:delta|candidates)(?=["\\])/g;

/**
 * A delta event's text member: after `delta`, on the same event, the first
 * member that holds text (`text`, `partial_json`, `thinking`, `content`,
 * `arguments`, `delta`) opening a string, its quote escaped 0, 1 or 3 times
 * (raw, inside a transcript's JSON string, inside a Codex rollout's). The
 * match ends at the string's opening quote; group 1 is the backslashes
 * before it.
 */
const MEMBER =
  /\\{0,3}"(?:text|partial_json|thinking|content|arguments|delta)\\{0,3}":[ ]?(\\{0,3})"/g;

/** Most characters between `delta` and its text member. */
const MEMBER_REACH = 240;

/** Longest piece read. */
const MAX_PIECE = 4096;

/**
 * The end of a string whose closing quote has `q` backslashes before it,
 * from `start`: the index of that quote, or -1 (none within reach, or a
 * line break first).
 */
function stringEnd(bytes: Uint8Array, start: number, q: number): number {
  const stop = Math.min(bytes.length, start + MAX_PIECE);
  const unit = q === 0 ? 2 : q === 1 ? 4 : 8;
  for (let i = start; i < stop;) {
    const c = bytes[i]!;
    if (c === 0x0a || c === 0x0d) return -1;
    if (c === 0x22) return q === 0 ? i : -1;
    if (c !== BACKSLASH) {
      i++;
      continue;
    }
    let k = i;
    while (k < stop && bytes[k] === BACKSLASH) k++;
    // The closing quote after the text's own backslashes (a piece ending in `\\`, each written
    // 2, 4 or 8 times at 1, 2 or 3 levels of escaping); any other run escapes the quote or the
    // character after it.
    if (bytes[k] === 0x22 && k - i >= q && (k - i - q) % unit === 0) return k;
    i = k + 1;
  }
  return -1;
}

/** A piece's text: its string read as JSON once per level of escaping, or null. */
function pieceText(raw: string, q: number): string | null {
  const levels = q === 0 ? 1 : q === 1 ? 2 : q === 3 ? 3 : 0;
  if (levels === 0) return null;
  let s = raw;
  try {
    for (let i = 0; i < levels; i++) s = JSON.parse(`"${s}"`) as string;
  } catch {
    return null;
  }
  return s;
}

/**
 * A reading built a byte at a time, its arrays grown as it goes (never past
 * `most`: a piece's text is never longer than its bytes, so a reading fits
 * its input's length).
 */
class ReadingBuilder {
  #most: number;
  #bytes: Uint8Array;
  #from: Int32Array;
  #to: Int32Array;
  #n = 0;

  constructor(most: number) {
    this.#most = most;
    const size = Math.min(most, 4096);
    this.#bytes = new Uint8Array(size);
    this.#from = new Int32Array(size);
    this.#to = new Int32Array(size);
  }

  push(byte: number, from: number, to: number): void {
    if (this.#n === this.#bytes.length) this.#grow();
    this.#bytes[this.#n] = byte;
    this.#from[this.#n] = from;
    this.#to[this.#n] = to;
    this.#n++;
  }

  #grow(): void {
    const size = Math.max(1, Math.min(this.#most, this.#bytes.length * 2));
    const bytes = new Uint8Array(size);
    const from = new Int32Array(size);
    const to = new Int32Array(size);
    bytes.set(this.#bytes);
    from.set(this.#from);
    to.set(this.#to);
    this.#bytes = bytes;
    this.#from = from;
    this.#to = to;
  }

  reading(): Reading {
    const n = this.#n;
    return {
      bytes: this.#bytes.subarray(0, n),
      from: this.#from.subarray(0, n),
      to: this.#to.subarray(0, n),
    };
  }
}

/** The text of every delta event joined in order; null with fewer than two pieces. */
function deltaReading(bytes: Uint8Array, text: string): Reading | null {
  if (!text.includes("delta") && !text.includes("candidates")) return null;
  // Typed arrays, 9 bytes a byte read (number arrays took about 30: 334 MB resident for 8 MB of
  // delta events), grown with the pieces read: sized for the whole buffer, a buffer with one
  // delta word cleared 9 MiB (+69-86 ms over 50 MB of transcript with a word in every buffer).
  const r = new ReadingBuilder(bytes.length);
  let pieces = 0;
  let covered = 0;
  // The first text member and line break at or after a keyword, kept while ahead of the next
  // keyword: each search starts past the last one found, so a buffer of keywords alone costs
  // one pass (a lazy look 240 characters ahead of each keyword took 15 times a plain scan).
  let member: RegExpExecArray | null | undefined;
  let lineEnd = -2;
  DELTA.lastIndex = 0;
  for (let m = DELTA.exec(text); m !== null; m = DELTA.exec(text)) {
    if (m.index < covered) continue;
    const after = m.index + m[0].length;
    if (member === undefined || (member !== null && member.index < after)) {
      MEMBER.lastIndex = after;
      member = MEMBER.exec(text);
    }
    if (member === null) break; // no member after this keyword, nor after any later one
    if (lineEnd !== -1 && lineEnd < after) lineEnd = text.indexOf("\n", after);
    if (member.index - after > MEMBER_REACH || (lineEnd !== -1 && lineEnd < member.index)) continue;
    const p = member;
    const start = member.index + member[0].length;
    // A piece is the event's: no other event (`data:`) opens between the keyword and it.
    if (text.slice(m.index, start).includes("data:")) continue;
    const q = p[1]!.length;
    const end = stringEnd(bytes, start, q);
    if (end < 0) continue;
    const closeStart = end - q;
    covered = end;
    DELTA.lastIndex = end;
    const raw = text.slice(start, closeStart);
    pieces++;
    if (!raw.includes("\\")) {
      for (let i = start; i < closeStart; i++) r.push(bytes[i]!, i, i + 1);
      continue;
    }
    // Escapes inside: each character read stands for the whole piece.
    const t = pieceText(raw, q);
    if (t === null) continue;
    for (let i = 0; i < t.length && i < closeStart - start; i++) {
      const c = t.charCodeAt(i);
      r.push(c < 256 ? c : 0x3f, start, closeStart);
    }
  }
  if (pieces < 2) return null;
  return r.reading();
}

/** A finding of a reading as findings over the input: one per run of contiguous input bytes. */
function mapBack(r: Reading, f: RawFinding, into: RawFinding[]): void {
  let runStart = r.from[f.start]!;
  let runEnd = r.to[f.start]!;
  for (let i = f.start + 1; i < f.end; i++) {
    if (r.from[i] === runStart && r.to[i] === runEnd) continue; // the same piece
    if (r.from[i] === runEnd) runEnd = r.to[i]!;
    else {
      into.push({ kind: f.kind, start: runStart, end: runEnd });
      runStart = r.from[i]!;
      runEnd = r.to[i]!;
    }
  }
  into.push({ kind: f.kind, start: runStart, end: runEnd });
}

/**
 * The secrets the readings of a buffer show that the buffer's own findings
 * do not cover: findings over the input's bytes (none overlapping `own` or
 * each other) and each value as read.
 * @param engine From {@linkcode createEngine}.
 * @param bytes The input.
 * @param own The buffer's own findings, sorted by start.
 * @param reach How far from an escape the escaped reading is built and its findings kept
 * ({@linkcode escapeReach}; a test gives it larger, the whole buffer, or smaller).
 * @returns The further findings, sorted by start, and the values.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * import { findInViews } from "./views.ts";
 * const bytes = new TextEncoder().encode('{"out":"DB_PASSWORD\\u003dXk9mQ2vLp7Rt"}');
 * const r = findInViews(defaultEngine(), bytes, []);
 * assert.equal(r.findings.length, 1);
 * assert.equal(new TextDecoder().decode(r.values[0]!.value), "Xk9mQ2vLp7Rt");
 * ```
 */
export function findInViews(
  engine: SecretEngine,
  bytes: Uint8Array,
  own: readonly RawFinding[],
  reach: number = escapeReach(engine),
): ViewFindings {
  const findings: RawFinding[] = [];
  const values: ReadValue[] = [];
  const spans: ViewSpan[] = [];
  // Neither trigger, no reading: the engine's test reads the bytes of its
  // keyword pass in WebAssembly when they were the last (view_triggers.ts).
  const triggers = engine.viewTriggers(bytes);
  if (triggers === 0) return { findings, values, spans, openEnd: false };
  // One Latin-1 reading of the bytes (a character per byte) for the native searches.
  const text = latin1.decode(bytes);
  const readings: Reading[] = [];
  if ((triggers & ESCAPE_TRIGGER) !== 0) {
    readings.push(...escapeWindows(bytes, text, reach));
  }
  const r = (triggers & DELTA_TRIGGER) !== 0 ? deltaReading(bytes, text) : null;
  const openEnd = r !== null && endsOpen(r, bytes.length, engine.maxAfter + WRAP_REACH);
  if (r !== null) {
    readings.push(r);
    // A streamed reply that itself holds an HTML-safe writer's escapes (the model echoed its
    // output): the joined text read with those characters put back too.
    const joined = latin1.decode(r.bytes);
    const u = joined.includes("\\u00") ? unescapedReading(r.bytes, joined) : null;
    if (u !== null) readings.push(composed(r, u));
  }
  for (const r of readings) {
    for (const f of findSecrets(engine, r.bytes, true)) {
      // A CSV head is read on the buffer's own bytes (csvs.ts), whose escapes a reading undid:
      // one found only in a reading (`\u0022X-Api-Key\u0022;` read as `"X-Api-Key";`) heads
      // no table there.
      if (isCsvKind(f.kind)) continue;
      const mapped: RawFinding[] = [];
      mapBack(r, f, mapped);
      const keep = r.keep;
      if (keep !== undefined && !mapped.some((m) => m.start < keep[1] && keep[0] < m.end)) {
        continue;
      }
      // What the buffer's own findings (or an earlier reading's) cover is theirs: the rest is
      // new. The bytes alone often show a value's head up to its first escape
      // (`AccountKey\u003dtKEs…\u002b25vg…`), and the reading its whole.
      const rest = mapped.flatMap((m) => uncovered(m, own, findings));
      if (rest.length === 0) continue;
      findings.push(...rest);
      values.push({ kind: f.kind, value: r.bytes.slice(f.start, f.end) });
      const end = mapped[mapped.length - 1]!.end;
      spans.push({ kind: f.kind, start: mapped[0]!.start, end, pieces: mapped });
    }
  }
  findings.sort((a, b) => a.start - b.start);
  spans.sort((a, b) => a.start - b.start);
  return { findings, values, spans, openEnd };
}

/**
 * How far from an escape the escaped reading's findings reach: a keyword's
 * reach both ways and a wrap's extension past the finding.
 */
export function escapeReach(engine: SecretEngine): number {
  return engine.maxBefore + engine.maxAfter + WRAP_REACH;
}

/** The pieces over the input of a value a streamed scan cut at its buffer's end, read on in the next buffer. */
export interface CutValueRun {
  /** The input spans of the value's pieces from the cut on. */
  pieces: RawFinding[];
  /** Whether the run reaches the delta reading's end within the rules' reach of the input's end (it may go on again). */
  open: boolean;
}

/**
 * The rest of a value in delta pieces that a streamed scan cut at input
 * offset `at` (its buffer could grow no more): the delta reading's run of
 * token characters that goes on at `at`, as the input spans of its pieces,
 * each of kind `kind`. Conservative: no rule confirms a tail without its
 * head, so the run is taken whole to its first character that is not a
 * token's. Null when the reading does not go on there with a token
 * character right after one (the value ended at the cut).
 * @param engine From {@linkcode createEngine}.
 * @param bytes The next buffer, holding the bytes before `at` that it carried over.
 * @param at Where the previous buffer ended, in `bytes`.
 * @param kind The cut value's kind.
 * @returns The run's pieces and whether it may go on past `bytes`, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * import { cutValueRun } from "./views.ts";
 * const ev = (t: string) => `data: {"delta":{"content":"${t}"}}\n\n`;
 * const head = ev("Xk9q2") + ev("Lm7Zr");
 * const bytes = new TextEncoder().encode(head + ev("8wQz4") + ev(" done"));
 * const run = cutValueRun(defaultEngine(), bytes, head.length, "generic_secret")!;
 * assert.equal(run.pieces.length, 1);
 * assert.equal(new TextDecoder().decode(bytes.subarray(run.pieces[0]!.start, run.pieces[0]!.end)), "8wQz4");
 * ```
 */
export function cutValueRun(
  engine: SecretEngine,
  bytes: Uint8Array,
  at: number,
  kind: string,
): CutValueRun | null {
  const r = deltaReading(bytes, latin1.decode(bytes));
  if (r === null) return null;
  const n = r.bytes.length;
  let i = 0;
  while (i < n && r.from[i]! < at) i++;
  if (i === 0 || i === n || !isTokenByte(r.bytes[i - 1]!) || !isTokenByte(r.bytes[i]!)) {
    return null;
  }
  let j = i;
  while (j < n && isTokenByte(r.bytes[j]!)) j++;
  const pieces: RawFinding[] = [];
  mapBack(r, { kind, start: i, end: j }, pieces);
  const open = j === n && r.to[n - 1]! >= bytes.length - (engine.maxAfter + WRAP_REACH);
  return { pieces, open };
}

/** A reading of a reading, its spans taken back to the input's bytes. */
function composed(outer: Reading, inner: Reading): Reading {
  const n = inner.bytes.length;
  const from = new Int32Array(n);
  const to = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    from[i] = outer.from[inner.from[i]!]!;
    to[i] = outer.to[inner.to[i]! - 1]!;
  }
  return { bytes: inner.bytes, from, to };
}

/** The parts of `f` that no finding of `a` or `b` covers, in order. */
function uncovered(
  f: RawFinding,
  a: readonly RawFinding[],
  b: readonly RawFinding[],
): RawFinding[] {
  const over = [...a, ...b].filter((g) => g.start < f.end && f.start < g.end)
    .sort((x, y) => x.start - y.start);
  const out: RawFinding[] = [];
  let at = f.start;
  for (const g of over) {
    if (g.start > at) out.push({ kind: f.kind, start: at, end: g.start });
    at = Math.max(at, g.end);
  }
  if (at < f.end) out.push({ kind: f.kind, start: at, end: f.end });
  return out;
}

/**
 * The buffer's own findings and its readings' as one sorted list, the
 * readings' values handed to `remember`.
 * @param engine From {@linkcode createEngine}.
 * @param bytes The input.
 * @param remember Takes each value as read (a copy memory's `rememberValue`).
 * @param spans Where each such value's whole span over the input goes
 * (see {@linkcode ViewFindings.spans}), when given.
 * @param ends Where whether the delta reading may go on past the bytes goes
 * (see {@linkcode ViewFindings.openEnd}), when given.
 * @returns Non-overlapping findings sorted by start.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * import { findSecretsViewed } from "./views.ts";
 * const bytes = new TextEncoder().encode("TOKEN=q8Zr1mXw4Lp0vT\n");
 * assert.equal(findSecretsViewed(defaultEngine(), bytes, () => {}).length, 1);
 * ```
 */
export function findSecretsViewed(
  engine: SecretEngine,
  bytes: Uint8Array,
  remember: (value: Uint8Array, kind: string) => void,
  spans?: ViewSpan[],
  ends?: { openEnd: boolean },
): RawFinding[] {
  const own = findSecrets(engine, bytes, true);
  const more = findInViews(engine, bytes, own);
  if (ends !== undefined) ends.openEnd = more.openEnd;
  if (more.findings.length === 0) return own;
  for (const v of more.values) remember(v.value, v.kind);
  spans?.push(...more.spans);
  return [...own, ...more.findings].sort((a, b) => a.start - b.start);
}
