/**
 * In-memory scanning and redaction of one buffer or string: findings with
 * line and column, and the text with every secret replaced by
 * `[REDACTED:<kind>]`. Every copy of a found value elsewhere in the same
 * input is a finding too (see copies.ts), and a value wrapped onto further
 * lines is followed over them (wraps.ts), a prefixed token folded inside its
 * body too (folds.ts). Redaction covers each secret whole and is idempotent
 * (markers are never matched again); when nothing is found the output is the
 * input, byte for byte. Readings that show what the bytes hide (HTML-safe
 * JSON escapes put back, a streamed reply's deltas joined: views.ts) are
 * scanned too. Pure: no I/O.
 * @module
 */
import { CopyMemory, mergeCopies } from "./copies.ts";
import type { RawFinding, SecretEngine } from "./engine.ts";
import { findSecretsViewed } from "./views.ts";
import { joinAndRemember } from "./folds.ts";
import { type Finding, markerOf } from "./stream.ts";

const encoder = new TextEncoder();
// ignoreBOM: a text that opens with U+FEFF keeps it; the default decoder drops it,
// and redaction changes nothing but secrets.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Finds every secret in a buffer, with lines and columns.
 * @param engine From {@linkcode createEngine}.
 * @param bytes The input.
 * @param options A memory of values shared with other parts of the input.
 * @returns Findings sorted by offset.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createEngine } from "./engine.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * import { scanBytes } from "./redact.ts";
 * const bytes = new TextEncoder().encode("a\n  SECRET_KEY=q8Zr1mXw4Lp0\n");
 * const [f] = scanBytes(createEngine(SECRET_RULES), bytes);
 * assert.equal(f?.line, 2);
 * assert.equal(f?.column, 14);
 * ```
 */
export function scanBytes(
  engine: SecretEngine,
  bytes: Uint8Array,
  options: RedactOptions = {},
): Finding[] {
  const out: Finding[] = [];
  let line = 1;
  let lineStart = 0;
  // The next line feed, found once: searching again from the last one for every finding would
  // read the rest of a long line each time (quadratic on one line with many findings).
  let nextNl = bytes.indexOf(0x0a);
  for (const f of findWithCopies(engine, bytes, options)) {
    while (nextNl >= 0 && nextNl < f.start) {
      line++;
      lineStart = nextNl + 1;
      nextNl = bytes.indexOf(0x0a, lineStart);
    }
    out.push({ kind: f.kind, line, column: f.start - lineStart + 1, start: f.start, end: f.end });
  }
  return out;
}

/**
 * The rule findings of one buffer joined with every standalone copy of
 * their values anywhere in it (before or after the original).
 * @param engine From {@linkcode createEngine}.
 * @param bytes The input.
 * @param options A memory of values shared with other parts of the input.
 * @returns Non-overlapping findings sorted by start offset.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * import { findWithCopies } from "./redact.ts";
 * const bytes = new TextEncoder().encode("echo q8Zr1mXw4Lp0vT\nTOKEN=q8Zr1mXw4Lp0vT\n");
 * assert.equal(findWithCopies(defaultEngine(), bytes).length, 2);
 * ```
 */
export function findWithCopies(
  engine: SecretEngine,
  bytes: Uint8Array,
  options: RedactOptions = {},
): RawFinding[] {
  const read: [Uint8Array, string][] = [];
  const headed = findSecretsViewed(engine, bytes, (v, k) => read.push([v, k]));
  if (headed.length === 0 && options.memory === undefined) return headed;
  const memory = options.memory ?? new CopyMemory();
  for (const [v, k] of read) memory.rememberValue(v, k);
  const found = joinAndRemember(engine, bytes, headed, memory);
  return mergeCopies(found, memory.find(bytes, 0, bytes.length, engine.probeCopies(bytes)));
}

/**
 * Adds every secret of one buffer to `memory`, found as {@linkcode findWithCopies}
 * finds them (folded tokens joined, hex dumps read back: folds.ts), without
 * looking for copies: the first pass of an input made of several strings, so
 * a copy in an earlier string of a value only a later one shows is redacted too.
 * @param engine From {@linkcode createEngine}.
 * @param bytes One string of the input.
 * @param memory Where the values go.
 * @returns Whether the buffer holds a secret.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CopyMemory } from "./copies.ts";
 * import { defaultEngine } from "./default_engine.ts";
 * import { rememberFound } from "./redact.ts";
 * const memory = new CopyMemory();
 * const bytes = new TextEncoder().encode("API_TOKEN=q8Zr1mXw4Lp0vT\n");
 * assert.equal(rememberFound(defaultEngine(), bytes, memory), true);
 * assert.equal(memory.size, 1);
 * ```
 */
export function rememberFound(
  engine: SecretEngine,
  bytes: Uint8Array,
  memory: CopyMemory,
): boolean {
  const headed = findSecretsViewed(engine, bytes, (v, k) => memory.rememberValue(v, k));
  if (headed.length === 0) return false;
  return joinAndRemember(engine, bytes, headed, memory).length > 0;
}

/** Options of the in-memory scans. */
export interface RedactOptions {
  /**
   * Values found elsewhere in the same input (other strings of one capsule):
   * their copies here are redacted too, and the values found here are added.
   * @default {a memory of this buffer alone}
   */
  memory?: CopyMemory;
}

/** A redacted buffer and what was replaced. */
export interface RedactBytesResult {
  /** The redacted bytes; the input itself when nothing was found. */
  bytes: Uint8Array;
  findings: Finding[];
}

/**
 * Replaces every secret in a buffer with its marker.
 * @param engine From {@linkcode createEngine}.
 * @param bytes The input.
 * @param options A memory of values shared with other parts of the input.
 * @returns The redacted bytes and the findings (offsets into the input).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createEngine } from "./engine.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * import { redactBytes } from "./redact.ts";
 * const input = new TextEncoder().encode("TOKEN=q8Zr1mXw4Lp0vT\n");
 * const r = redactBytes(createEngine(SECRET_RULES), input);
 * assert.equal(new TextDecoder().decode(r.bytes), "TOKEN=[REDACTED:env_secret]\n");
 * ```
 */
export function redactBytes(
  engine: SecretEngine,
  bytes: Uint8Array,
  options: RedactOptions = {},
): RedactBytesResult {
  const findings = scanBytes(engine, bytes, options);
  if (findings.length === 0) return { bytes, findings };
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const f of findings) {
    parts.push(bytes.subarray(at, f.start), markerOf(f.kind));
    at = f.end;
  }
  parts.push(bytes.subarray(at));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return { bytes: out, findings };
}

/** A redacted string and the kinds replaced, in order. */
export interface RedactTextResult {
  text: string;
  /** Kind of each replaced secret, in text order. */
  kinds: string[];
}

/**
 * Replaces every secret in a string with its marker.
 * @param engine From {@linkcode createEngine}.
 * @param text The input.
 * @param options A memory of values shared with other parts of the input.
 * @returns The redacted text (the same string when nothing was found) and the kinds.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createEngine } from "./engine.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * import { redactText } from "./redact.ts";
 * const engine = createEngine(SECRET_RULES);
 * const once = redactText(engine, "psql postgres://app:Tr0ub4dor3x@db/prod");
 * assert.equal(once.text, "psql postgres://app:[REDACTED:database_url]@db/prod");
 * assert.deepEqual(redactText(engine, once.text).kinds, []);
 * ```
 */
export function redactText(
  engine: SecretEngine,
  text: string,
  options: RedactOptions = {},
): RedactTextResult {
  const bytes = encoder.encode(text);
  const r = redactBytes(engine, bytes, options);
  if (r.findings.length === 0) return { text, kinds: [] };
  return { text: decoder.decode(r.bytes), kinds: r.findings.map((f) => f.kind) };
}
