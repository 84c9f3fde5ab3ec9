/**
 * The strict JSON reader for everything untrusted: model drafts, capsules,
 * hook payloads.
 *
 * Pure: no I/O. A hand-written single pass over the UTF-8 bytes, with an
 * explicit stack instead of recursion, so hostile nesting cannot overflow
 * the call stack and every bound fails at the byte that crosses it.
 *
 * It accepts exactly RFC 8259 JSON and rejects everything JSON.parse lets
 * through or a lenient reader would guess at: duplicate keys in one object,
 * comments, trailing commas, NaN and Infinity, single quotes, leading zeros,
 * numbers that overflow to Infinity, unpaired surrogates (raw in string input
 * or as `\uD800`-style escapes), invalid UTF-8 (overlongs, encoded surrogates,
 * truncated sequences, code points above U+10FFFF), raw control characters in
 * strings and anything after the value.
 *
 * Decisions:
 * - A leading byte order mark is rejected with kind `"bom"`. RFC 8259 says
 *   senders MUST NOT add one and readers MAY ignore it; refusing it keeps one
 *   byte sequence per document, which canonical hashing relies on.
 * - `-0` is kept as `-0`, as JSON.parse does; {@linkcode canonicalJson}
 *   writes it as `0`. Numbers too small for a double underflow to 0, as in
 *   JSON.parse; numbers too large are rejected.
 * - Objects are ordinary objects (prototype Object.prototype) so they work
 *   with zod and JSON.stringify. A `"__proto__"` key becomes an own data
 *   property through Object.defineProperty, never a prototype change (Deno
 *   drops the legacy `__proto__` accessor by default; this keeps the
 *   guarantee under `--unsafe-proto` and on other runtimes). `"constructor"`
 *   and `"prototype"` are plain own properties. Duplicate detection uses
 *   Object.hasOwn, so `"__proto__"` twice is a duplicate like any other key.
 * - Offsets are byte offsets into the UTF-8 input (string input is measured
 *   as its UTF-8 encoding); columns count characters.
 * @module
 */

import { STRICT_JSON_DEFAULTS, type StrictJsonOptions } from "../bounds.ts";
import { StrictJsonError, type StrictJsonErrorKind } from "./strict_json_error.ts";
import { positionOf, utf8SequenceLength } from "./_utf8.ts";

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const SLASH = 0x2f;
const ZERO = 0x30;
const ONE = 0x31;
const NINE = 0x39;
const COLON = 0x3a;
const UPPER_E = 0x45;
const UPPER_I = 0x49;
const UPPER_N = 0x4e;
const LBRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RBRACKET = 0x5d;
const LOWER_E = 0x65;
const LOWER_F = 0x66;
const LOWER_N = 0x6e;
const LOWER_T = 0x74;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

/** Exact powers of ten for the number fast path: 10^0 to 10^22 are all exact doubles. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

const TRUE_BYTES = [0x74, 0x72, 0x75, 0x65];
const FALSE_BYTES = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL_BYTES = [0x6e, 0x75, 0x6c, 0x6c];

/** Short ASCII runs are cheaper to build by hand than through TextDecoder. */
const SHORT_ASCII = 24;

const encoder = new TextEncoder();
// ignoreBOM keeps a U+FEFF that starts a string value instead of dropping it.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

type JsonObject = Record<string, unknown>;

interface Frame {
  container: unknown[] | JsonObject;
  isArray: boolean;
  /** The key whose value is being parsed (objects only). */
  key: string;
}

/**
 * Parses untrusted JSON text strictly and within bounds.
 *
 * @param input UTF-8 bytes or a string (measured as its UTF-8 encoding).
 * @param options Bounds; see {@linkcode STRICT_JSON_DEFAULTS} for the defaults.
 * @returns The parsed value: null, boolean, number, string, array or plain object.
 * @throws {StrictJsonError} When the input is not strict RFC 8259 JSON or exceeds a bound.
 * @throws {RangeError} When an option is not a non-negative integer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseStrictJson } from "./strict_parse.ts";
 * import { StrictJsonError } from "./strict_json_error.ts";
 * assert.deepEqual(parseStrictJson('{"a":[1,true,null]}'), { a: [1, true, null] });
 * assert.throws(
 *   () => parseStrictJson('{"a":1,"a":2}'),
 *   (e) => e instanceof StrictJsonError && e.kind === "duplicate_key" && e.offset === 7,
 * );
 * ```
 */
export function parseStrictJson(
  input: Uint8Array | string,
  options: StrictJsonOptions = {},
): unknown {
  const bounds = resolveBounds(options);
  const bytes = typeof input === "string" ? encodeChecked(input, bounds.maxBytes) : input;
  if (bytes.length > bounds.maxBytes) fail(bytes, "too_large", bounds.maxBytes, bounds.maxBytes);
  return new Parser(bytes, bounds).parse();
}

function resolveBounds(options: StrictJsonOptions): Required<StrictJsonOptions> {
  const bounds = { ...STRICT_JSON_DEFAULTS };
  for (const name of Object.keys(bounds) as (keyof StrictJsonOptions)[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(
        `Cannot parse JSON: option "${name}" is ${value}, expected a non-negative integer`,
      );
    }
    bounds[name] = value;
  }
  return bounds;
}

/** Encodes string input, refusing it before encoding when it is too long or holds a lone surrogate. */
function encodeChecked(input: string, maxBytes: number): Uint8Array {
  // Every UTF-16 unit needs at least one UTF-8 byte, so this bound is exact enough to fail fast.
  if (input.length > maxBytes) {
    fail(encoder.encode(input.slice(0, maxBytes)), "too_large", maxBytes, maxBytes);
  }
  if (!input.isWellFormed()) {
    // TextEncoder would silently turn a lone surrogate into U+FFFD; report it instead.
    const prefix = encoder.encode(input.slice(0, firstLoneSurrogate(input)));
    fail(prefix, "lone_surrogate", prefix.length);
  }
  return encoder.encode(input);
}

function firstLoneSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return i;
    } else if (u >= 0xdc00 && u <= 0xdfff) {
      return i;
    }
  }
  return s.length;
}

function fail(bytes: Uint8Array, kind: StrictJsonErrorKind, offset: number, limit?: number): never {
  const position = positionOf(bytes, offset);
  throw new StrictJsonError(
    limit === undefined ? { kind, ...position } : { kind, ...position, limit },
  );
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= ZERO && c <= NINE;
}

function hexValue(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= LOWER_F) return lower - 0x61 + 10;
  return -1;
}

function utf8Length(codeUnit: number): number {
  return codeUnit < 0x80 ? 1 : codeUnit < 0x800 ? 2 : 3;
}

/** One parse: the input, the bounds and the cursor. */
class Parser {
  readonly #b: Uint8Array;
  readonly #bounds: Required<StrictJsonOptions>;
  /** Cursor left by the token readers. */
  #pos = 0;

  constructor(bytes: Uint8Array, bounds: Required<StrictJsonOptions>) {
    this.#b = bytes;
    this.#bounds = bounds;
  }

  parse(): unknown {
    const b = this.#b;
    const len = b.length;
    const { maxDepth, maxItems } = this.#bounds;
    if (len >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.#fail("bom", 0);
    let pos = this.#skipWhitespace(0);
    if (pos >= len) this.#fail("empty", pos);

    const stack: Frame[] = [];
    let items = 0;
    let value: unknown;
    values: for (;;) {
      pos = this.#skipWhitespace(pos);
      const c = b[pos];
      if (c === undefined) this.#fail("truncated", len);
      if (++items > maxItems) this.#fail("too_many_items", pos, maxItems);
      if (c === LBRACKET || c === LBRACE) {
        if (stack.length >= maxDepth) this.#fail("too_deep", pos, maxDepth);
        const isArray = c === LBRACKET;
        pos = this.#skipWhitespace(pos + 1);
        if (b[pos] === (isArray ? RBRACKET : RBRACE)) {
          value = isArray ? [] : {};
          pos++;
        } else if (isArray) {
          stack.push({ container: [], isArray, key: "" });
          continue values;
        } else {
          const container: JsonObject = {};
          const key = this.#readKey(pos, container);
          stack.push({ container, isArray, key });
          pos = this.#pos;
          continue values;
        }
      } else if (c === QUOTE) {
        value = this.#readString(pos);
        pos = this.#pos;
      } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
        value = this.#readNumber(pos);
        pos = this.#pos;
      } else if (c === LOWER_T) {
        pos = this.#expectLiteral(pos, TRUE_BYTES);
        value = true;
      } else if (c === LOWER_F) {
        pos = this.#expectLiteral(pos, FALSE_BYTES);
        value = false;
      } else if (c === LOWER_N) {
        pos = this.#expectLiteral(pos, NULL_BYTES);
        value = null;
      } else if (c === UPPER_N || c === UPPER_I || c === PLUS || c === DOT) {
        this.#fail("bad_number", pos);
      } else {
        this.#failUnexpected(pos);
      }

      // A value is complete: attach it and close every container it completes.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) break values;
        if (top.isArray) (top.container as unknown[]).push(value);
        else setOwn(top.container as JsonObject, top.key, value);
        pos = this.#skipWhitespace(pos);
        const d = b[pos];
        if (d === COMMA) {
          const comma = pos;
          pos = this.#skipWhitespace(pos + 1);
          if (b[pos] === (top.isArray ? RBRACKET : RBRACE)) this.#fail("trailing_comma", comma);
          if (!top.isArray) {
            top.key = this.#readKey(pos, top.container as JsonObject);
            pos = this.#pos;
          }
          continue values;
        }
        if (d === (top.isArray ? RBRACKET : RBRACE)) {
          stack.pop();
          value = top.container;
          pos++;
          continue;
        }
        this.#failUnexpected(pos);
      }
    }

    pos = this.#skipWhitespace(pos);
    if (pos < len) {
      const c = b[pos] as number;
      if (c === SLASH) this.#fail("comment", pos);
      if (c >= 0x80 && utf8SequenceLength(b, pos) < 0) this.#fail("invalid_utf8", pos);
      this.#fail("trailing_data", pos);
    }
    return value;
  }

  #skipWhitespace(pos: number): number {
    const b = this.#b;
    for (;;) {
      const c = b[pos];
      if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return pos;
      pos++;
    }
  }

  /** Reads `"key" :` at `pos` into the cursor; rejects a key `obj` already has. */
  #readKey(pos: number, obj: JsonObject): string {
    if (this.#b[pos] !== QUOTE) this.#failUnexpected(pos);
    const key = this.#readString(pos);
    if (Object.hasOwn(obj, key)) this.#fail("duplicate_key", pos);
    const colon = this.#skipWhitespace(this.#pos);
    if (this.#b[colon] !== COLON) this.#failUnexpected(colon);
    this.#pos = colon + 1;
    return key;
  }

  /** Reads the string whose opening quote is at `start`; leaves the cursor after the closing quote. */
  #readString(start: number): string {
    const b = this.#b;
    const len = b.length;
    const max = this.#bounds.maxStringBytes;
    let out = "";
    let size = 0; // UTF-8 bytes already appended to `out`
    let i = start + 1;
    let segment = i;
    let ascii = true;
    for (;;) {
      const c = b[i];
      if (c === undefined) this.#fail("truncated", len);
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        if (i > segment) {
          out += this.#decode(segment, i, ascii);
          size += i - segment;
          ascii = true;
        }
        const e = b[i + 1];
        let unit = -1;
        switch (e) {
          case QUOTE:
          case BACKSLASH:
          case SLASH:
            unit = e;
            break;
          case 0x62: // b
            unit = 0x08;
            break;
          case LOWER_F:
            unit = 0x0c;
            break;
          case LOWER_N:
            unit = 0x0a;
            break;
          case 0x72: // r
            unit = 0x0d;
            break;
          case LOWER_T:
            unit = 0x09;
            break;
          case 0x75: // u
            unit = this.#readHex4(i + 2, i);
            break;
          case undefined:
            this.#fail("truncated", len);
            break;
          default:
            this.#fail("bad_escape", i);
        }
        if (unit >= 0xdc00 && unit <= 0xdfff) this.#fail("lone_surrogate", i);
        if (unit >= 0xd800 && unit <= 0xdbff) {
          if (b[i + 6] !== BACKSLASH || b[i + 7] !== 0x75) this.#fail("lone_surrogate", i);
          const low = this.#readHex4(i + 8, i + 6);
          if (low < 0xdc00 || low > 0xdfff) this.#fail("lone_surrogate", i);
          out += String.fromCharCode(unit, low);
          size += 4;
          i += 12;
        } else {
          out += String.fromCharCode(unit);
          size += utf8Length(unit);
          i += e === 0x75 ? 6 : 2;
        }
        if (size > max) this.#fail("string_too_long", start, max);
        segment = i;
        continue;
      }
      if (c < 0x20) this.#fail("control_char", i);
      if (c < 0x80) {
        i++;
      } else {
        const n = utf8SequenceLength(b, i);
        if (n < 0) this.#fail("invalid_utf8", i);
        i += n;
        ascii = false;
      }
      if (size + (i - segment) > max) this.#fail("string_too_long", start, max);
    }
    if (i > segment) out += this.#decode(segment, i, ascii);
    this.#pos = i + 1;
    return out;
  }

  /** Decodes an already validated run of raw string bytes. */
  #decode(from: number, to: number, ascii: boolean): string {
    const b = this.#b;
    if (ascii && to - from <= SHORT_ASCII) {
      let s = "";
      for (let i = from; i < to; i++) s += String.fromCharCode(b[i] as number);
      return s;
    }
    return decoder.decode(b.subarray(from, to));
  }

  /** Reads four hex digits at `at`; `escape` is where the `\u` began, for the error offset. */
  #readHex4(at: number, escape: number): number {
    let value = 0;
    for (let k = 0; k < 4; k++) {
      const c = this.#b[at + k];
      if (c === undefined) this.#fail("truncated", this.#b.length);
      const h = hexValue(c);
      if (h < 0) this.#fail("bad_escape", escape);
      value = value * 16 + h;
    }
    return value;
  }

  /** Reads the number starting at `start`; leaves the cursor after it. */
  #readNumber(start: number): number {
    const b = this.#b;
    let i = start;
    const negative = b[i] === MINUS;
    if (negative) i++;
    // Fast path state: the digits as an integer while it stays exact, and a power-of-ten scale.
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    const first = b[i];
    if (first === ZERO) {
      i++;
      if (isDigit(b[i])) this.#fail("bad_number", start);
    } else if (first !== undefined && first >= ONE && first <= NINE) {
      for (let c = first; c >= ZERO && c <= NINE; c = b[++i] ?? -1) {
        mantissa = mantissa * 10 + (c - ZERO);
        digits++;
      }
    } else {
      this.#failNumber(start, i);
    }
    if (b[i] === DOT) {
      i++;
      if (!isDigit(b[i])) this.#failNumber(start, i);
      for (let c = b[i] as number; c >= ZERO && c <= NINE; c = b[++i] ?? -1) {
        mantissa = mantissa * 10 + (c - ZERO);
        digits++;
        scale--;
      }
    }
    const e = b[i];
    if (e === LOWER_E || e === UPPER_E) {
      i++;
      const sign = b[i];
      if (sign === PLUS || sign === MINUS) i++;
      if (!isDigit(b[i])) this.#failNumber(start, i);
      let exponent = 0;
      for (let c = b[i] as number; c >= ZERO && c <= NINE; c = b[++i] ?? -1) {
        // Saturate: the fast path below only uses small exponents anyway.
        if (exponent < 1e6) exponent = exponent * 10 + (c - ZERO);
      }
      scale += sign === MINUS ? -exponent : exponent;
    }
    let value: number;
    if (digits <= 15 && scale >= -22 && scale <= 22) {
      // Both operands are exact doubles (mantissa < 2^53, 10^22 is exact), so one
      // multiply or divide rounds correctly, exactly as Number() would.
      value = scale < 0 ? mantissa / POWERS_OF_TEN[-scale]! : mantissa * POWERS_OF_TEN[scale]!;
      if (negative) value = -value;
    } else {
      value = Number(this.#decode(start, i, true));
      if (!Number.isFinite(value)) this.#fail("bad_number", start);
    }
    this.#pos = i;
    return value;
  }

  #failNumber(start: number, at: number): never {
    if (at >= this.#b.length) this.#fail("truncated", at);
    this.#fail("bad_number", start);
  }

  /** Matches `literal` at `pos`; returns the offset after it. */
  #expectLiteral(pos: number, literal: readonly number[]): number {
    for (let k = 0; k < literal.length; k++) {
      const c = this.#b[pos + k];
      if (c === undefined) this.#fail("truncated", this.#b.length);
      if (c !== literal[k]) this.#fail("syntax", pos);
    }
    return pos + literal.length;
  }

  /** Fails at an unexpected byte with the most specific kind that explains it. */
  #failUnexpected(pos: number): never {
    const b = this.#b;
    const c = b[pos];
    if (c === undefined) this.#fail("truncated", b.length);
    if (c === SLASH) this.#fail("comment", pos);
    if (c === APOSTROPHE) this.#fail("single_quote", pos);
    if (c >= 0x80 && utf8SequenceLength(b, pos) < 0) this.#fail("invalid_utf8", pos);
    this.#fail("syntax", pos);
  }

  #fail(kind: StrictJsonErrorKind, offset: number, limit?: number): never {
    fail(this.#b, kind, offset, limit);
  }
}

/** Sets an own enumerable data property; `__proto__` must not reach the prototype setter. */
function setOwn(obj: JsonObject, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(obj, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    obj[key] = value;
  }
}
