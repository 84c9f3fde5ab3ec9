/**
 * Prefixed tokens folded inside their body (`ghp_…` broken by `fold` or a
 * terminal before its 36 characters): the head rules (fold_rules.ts) find
 * the keyword and the body's run up to a line break; here each head is
 * followed over its wrap by the same width rules as any value (wraps.ts)
 * and the joined value, with the head's line before it for the rules'
 * look-behinds, is judged by the rules themselves. A rule that matches it
 * from the head's start (or earlier on its line) to the end of one of the
 * wrap's pieces makes that span a finding of its kind; otherwise the head is dropped (a prefix at a line end before
 * prose, a short `sk-` in text). A token broken inside its keyword
 * (`github_p` | `at_…`) is followed from its second line and judged with
 * the keyword's first part joined back. Heads are never findings themselves.
 * Pure: no I/O.
 * @module
 */
import type { CopyMemory } from "./copies.ts";
import { findSecretsIn, isHeadKind, type RawFinding, type SecretEngine } from "./engine.ts";
import { judgeDumps } from "./dumps.ts";
import { judgeCsvs } from "./csvs.ts";
import { foldAlphabets, isFoldKind } from "./fold_rules.ts";
import { extendPieces } from "./pieces.ts";
import { extendWraps, type ExtendWrapsOptions, type JoinedValue, joinOverlaps } from "./wraps.ts";

/** Bytes of the head's line read before it (the rules' look-behinds read a few). */
const CONTEXT = 64;

/** Findings with the heads judged, and the joined values of those taken. */
export interface FoldResult {
  findings: RawFinding[];
  joined: JoinedValue[];
}

/**
 * Judges the folded tokens' heads among a buffer's findings.
 * @param engine The engine that found them.
 * @param bytes The buffer.
 * @param found Its findings with heads (findSecrets with `heads`).
 * @param options Whether the buffer starts and ends its input (see wraps.ts).
 * @returns The findings without heads, each head taken as its token's kind
 * over the whole wrap, and the taken tokens' joined values.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * import { findSecrets } from "./engine.ts";
 * import { judgeFolds } from "./folds.ts";
 * const bytes = new TextEncoder().encode("sk-ant-\n" + "x".repeat(40) + "\n");
 * const engine = defaultEngine();
 * assert.deepEqual(judgeFolds(engine, bytes, findSecrets(engine, bytes, true)).findings, []);
 * ```
 */
export function judgeFolds(
  engine: SecretEngine,
  bytes: Uint8Array,
  found: RawFinding[],
  options: ExtendWrapsOptions = {},
): FoldResult {
  let heads: RawFinding[] | null = null;
  for (const f of found) if (isFoldKind(f.kind)) (heads ??= []).push(f);
  if (heads === null) return { findings: found, joined: [] };
  const rest = found.filter((f) => !isFoldKind(f.kind));
  const alphabets = alphabetsOf(engine);
  // A token broken inside its keyword (fold_rules.ts brokenKeywordRules):
  // its line after the break is followed as any head's, the part before
  // the break joined back when it is judged.
  let broken: Map<number, HeadCut> | null = null;
  for (let h = 0; h < heads.length; h++) {
    const head = heads[h]!;
    const cut = innerBreak(bytes, head.start, head.end);
    if (cut === null) continue;
    (broken ??= new Map()).set(cut.after, { ...cut, lineEnd: head.end });
    heads[h] = { kind: head.kind, start: cut.after, end: head.end };
  }
  const wrapped = extendWraps(bytes, heads, { ...options, words: false, alphabets });
  const joined: JoinedValue[] = [];
  const taken = broken === null
    ? wrapped.joined
    : withUnwrapped(bytes, heads, wrapped.joined, broken);
  for (const j of taken) {
    const cut = broken?.get(j.start);
    const token = judged(engine, bytes, j, cut);
    if (token === null) continue;
    rest.push(token.finding);
    joined.push({ ...j, kind: token.finding.kind, end: token.finding.end, value: token.value });
  }
  if (joined.length === 0) return { findings: rest, joined };
  rest.sort((a, b) => a.start - b.start);
  return { findings: joinOverlaps(rest), joined };
}

/**
 * A buffer's findings as redaction takes them, in memory and streamed alike:
 * the hex dumps' heads among `headed` (findSecrets with heads) read and
 * their secrets' cells taken (dumps.ts), the CSV tables' heads read and the
 * cells under their credential columns taken (csvs.ts), the folded tokens' heads judged,
 * every finding but an armoured block's extended over its wrap, and each
 * value, whole or joined across lines, remembered in `memory` so that every
 * later copy of it is found too (a dump's secret as the bytes it shows).
 * @param options Whether the buffer starts and ends its input (see wraps.ts).
 * @returns The findings, heads resolved and wraps followed.
 */
export function joinAndRemember(
  engine: SecretEngine,
  bytes: Uint8Array,
  headed: RawFinding[],
  memory: CopyMemory,
  options: ExtendWrapsOptions = {},
): RawFinding[] {
  const dumps = judgeDumps(engine, bytes, headed);
  const csvs = judgeCsvs(engine, bytes, dumps.rest);
  const folds = judgeFolds(engine, bytes, csvs.rest, options);
  const pieces = extendPieces(bytes, folds.findings);
  const { findings, joined } = extendWraps(bytes, pieces.findings, {
    skip: engine.armoredKinds,
    ...options,
  });
  memory.remember(bytes, findings);
  for (const j of folds.joined) memory.rememberValue(j.value, j.kind);
  for (const j of joined) memory.rememberValue(j.value, j.kind);
  for (const j of pieces.joined) memory.rememberValue(j.value, j.kind);
  if (dumps.found.length === 0 && csvs.found.length === 0) return findings;
  for (const d of dumps.values) memory.rememberValue(d.value, d.kind);
  for (const c of csvs.values) memory.rememberValue(c.value, c.kind);
  return joinOverlaps(mergeSorted(mergeSorted(findings, dumps.found), csvs.found));
}

/** Two lists sorted by start, as one (the first's first on a tie). */
function mergeSorted(a: readonly RawFinding[], b: readonly RawFinding[]): RawFinding[] {
  const out: RawFinding[] = [];
  let i = 0;
  let k = 0;
  while (i < a.length || k < b.length) {
    if (k >= b.length || (i < a.length && a[i]!.start <= b[k]!.start)) out.push(a[i++]!);
    else out.push(b[k++]!);
  }
  return out;
}

/** The heads' body alphabets of each engine, built on first use. */
const alphabetCache = new WeakMap<SecretEngine, Map<string, Uint8Array>>();

function alphabetsOf(engine: SecretEngine): Map<string, Uint8Array> {
  let map = alphabetCache.get(engine);
  if (map === undefined) {
    map = foldAlphabets(engine.rules.map((c) => c.rule));
    alphabetCache.set(engine, map);
  }
  return map;
}

/**
 * The finding of the rule that matches the joined value to a piece's end, from
 * its start or earlier on its line (a token whose keyword is not its
 * first bytes: `ctx7sk-` found by `x7sk-`), mapped onto the buffer, with
 * the length of the joined value it takes; or null.
 */
function judged(
  engine: SecretEngine,
  bytes: Uint8Array,
  j: JoinedValue,
  cut: HeadCut | undefined,
): { finding: RawFinding; value: Uint8Array } | null {
  // Back to the line's start, at most CONTEXT bytes (a search of the whole
  // buffer for a line feed would read it all again for every head); for a
  // token broken inside its keyword, from the keyword's line, up to the break.
  const opens = cut?.start ?? j.start;
  const lineTo = cut?.breakAt ?? j.start;
  let from = opens;
  while (from > 0 && opens - from < CONTEXT && bytes[from - 1] !== 0x0a) from--;
  const left = lineTo - from;
  // The token ends where a piece does: the last one, or an earlier one when
  // the wrap went on into an ordinary line (`ls` after a full line). A token
  // broken inside its keyword may also end on its second line, the wrap's
  // first, when that line is full and the next goes on in its alphabet.
  const ends = cut !== undefined && cut.lineEnd - j.start < j.pieces[0]!.value
    ? [{ value: cut.lineEnd - j.start, at: cut.lineEnd }, ...j.pieces]
    : j.pieces;
  const whole = new Uint8Array(left + ends[ends.length - 1]!.value);
  whole.set(bytes.subarray(from, lineTo));
  whole.set(j.value.subarray(0, whole.length - left), left);
  for (let k = ends.length - 1; k >= 0; k--) {
    const length = ends[k]!.value;
    const text = whole.subarray(0, left + length);
    const pass = engine.scanKeywordsTs(text);
    for (const f of findSecretsIn(engine, text, text.length, pass)) {
      if (!isHeadKind(f.kind) && f.start <= opens - from && f.end === text.length) {
        return {
          finding: { kind: f.kind, start: from + f.start, end: ends[k]!.at },
          value: cut === undefined ? j.value.subarray(0, length) : text.slice(f.start),
        };
      }
    }
  }
  return null;
}

/** A line break inside a head's keyword: the head's start, where the break starts, and the next line's. */
interface Cut {
  start: number;
  breakAt: number;
  after: number;
}

/** A {@linkcode Cut} with the end of the head's run on the line after the break. */
interface HeadCut extends Cut {
  lineEnd: number;
}

/** The line break inside bytes[start, end) (real, CRLF, or JSON-escaped), or null. */
function innerBreak(bytes: Uint8Array, start: number, end: number): Cut | null {
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b === 0x0a) {
      return { start, breakAt: i > start && bytes[i - 1] === 0x0d ? i - 1 : i, after: i + 1 };
    }
    if (b !== 0x5c) continue;
    let k = i;
    while (k < end && bytes[k] === 0x5c) k++;
    if (bytes[k] === 0x72) {
      k++;
      while (k < end && bytes[k] === 0x5c) k++;
    }
    if (bytes[k] === 0x6e) return { start, breakAt: i, after: k + 1 };
    i = k;
  }
  return null;
}

/**
 * The wraps followed, and each broken keyword's head whose token ends on
 * its line (no wrap to follow) as a value of that line alone.
 */
function withUnwrapped(
  bytes: Uint8Array,
  heads: readonly RawFinding[],
  wraps: readonly JoinedValue[],
  broken: ReadonlyMap<number, HeadCut>,
): JoinedValue[] {
  const out = [...wraps];
  const wrapped = new Set(wraps.map((j) => j.start));
  for (const h of heads) {
    if (!broken.has(h.start) || wrapped.has(h.start)) continue;
    const value = bytes.slice(h.start, h.end);
    out.push({
      kind: h.kind,
      value,
      start: h.start,
      end: h.end,
      pieces: [{ value: value.length, at: h.end }],
    });
  }
  return out;
}
