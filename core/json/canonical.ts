/**
 * Canonical JSON per RFC 8785 (JSON Canonicalization Scheme): the one byte
 * sequence baton hashes and embeds for a JSON value.
 *
 * Pure: no I/O. Object keys are sorted by UTF-16 code units, there is no
 * whitespace, numbers are written as ECMAScript Number.prototype.toString
 * writes them (so `-0` becomes `0`), and strings use the ECMAScript
 * JSON.stringify escapes, which RFC 8785 adopts. Values outside the JSON data
 * model are refused rather than dropped: undefined (including array holes
 * and undefined-valued properties), functions, bigints, symbols, non-finite
 * numbers, strings with unpaired surrogates, cycles and objects whose
 * prototype is neither Object.prototype nor null (Date, Map, class
 * instances). Symbol-keyed properties are ignored, as JSON.stringify does.
 * @module
 */

import { CanonicalJsonError } from "./canonical_json_error.ts";

/**
 * Deepest nesting canonicalJson writes; far above the strict reader's default
 * of 64, and low enough that the recursive writer never exhausts the stack.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CANONICAL_JSON_MAX_DEPTH } from "./canonical.ts";
 * assert.equal(CANONICAL_JSON_MAX_DEPTH, 1000);
 * ```
 */
export const CANONICAL_JSON_MAX_DEPTH = 1000;

/**
 * Writes a JSON value as RFC 8785 canonical JSON.
 *
 * @param value null, boolean, finite number, string, array or plain object.
 * @returns The canonical text (pure ASCII only if the strings are).
 * @throws {CanonicalJsonError} When the value is outside the JSON data model,
 * holds a cycle or nests deeper than {@linkcode CANONICAL_JSON_MAX_DEPTH}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { canonicalJson } from "./canonical.ts";
 * assert.equal(canonicalJson({ b: [1e21, -0], a: "x" }), '{"a":"x","b":[1e+21,0]}');
 * ```
 */
export function canonicalJson(value: unknown): string {
  return write(value, new Set(), 0);
}

function write(value: unknown, path: Set<object>, depth: number): string {
  switch (typeof value) {
    case "string":
      return quote(value, depth);
    case "number":
      if (!Number.isFinite(value)) throw new CanonicalJsonError("non_finite_number", depth);
      // For finite numbers JSON.stringify is Number.prototype.toString, except -0 -> "0" as JCS wants.
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "object":
      break;
    default:
      throw new CanonicalJsonError("unsupported_type", depth);
  }
  if (value === null) return "null";
  if (path.has(value)) throw new CanonicalJsonError("cycle", depth);
  if (depth >= CANONICAL_JSON_MAX_DEPTH) throw new CanonicalJsonError("too_deep", depth);
  path.add(value);
  let out: string;
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (let i = 0; i < value.length; i++) parts.push(write(value[i], path, depth + 1));
    out = `[${parts.join(",")}]`;
  } else {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new CanonicalJsonError("unsupported_type", depth);
    }
    const record = value as Record<string, unknown>;
    // Default sort compares UTF-16 code units, exactly the order RFC 8785 section 3.2.3 asks for.
    const keys = Object.keys(record).sort();
    const parts: string[] = [];
    for (const key of keys) {
      parts.push(`${quote(key, depth + 1)}:${write(record[key], path, depth + 1)}`);
    }
    out = `{${parts.join(",")}}`;
  }
  path.delete(value);
  return out;
}

function quote(s: string, depth: number): string {
  // JSON.stringify would escape a lone surrogate as \udXXX; RFC 8785 requires refusing it.
  if (!s.isWellFormed()) throw new CanonicalJsonError("lone_surrogate", depth);
  return JSON.stringify(s);
}
