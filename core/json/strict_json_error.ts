/**
 * The error the strict JSON reader throws, with a small closed set of kinds.
 *
 * Messages name the kind and the position only. They never quote any part
 * of the input (no key, no value, no snippet), because that input is
 * untrusted and may hold secrets.
 * @module
 */

import { type CodedError, type ErrorData, errorObject, EXIT } from "../errors.ts";

/**
 * Every reason {@linkcode parseStrictJson} can reject an input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { STRICT_JSON_ERROR_KINDS } from "./strict_json_error.ts";
 * assert.ok(STRICT_JSON_ERROR_KINDS.includes("duplicate_key"));
 * ```
 */
export const STRICT_JSON_ERROR_KINDS = [
  "syntax",
  "truncated",
  "empty",
  "bom",
  "duplicate_key",
  "trailing_comma",
  "comment",
  "single_quote",
  "bad_number",
  "bad_escape",
  "lone_surrogate",
  "invalid_utf8",
  "control_char",
  "trailing_data",
  "too_large",
  "too_deep",
  "string_too_long",
  "too_many_items",
] as const;

/** One reason a strict JSON parse failed; stable, part of the `--json` error data. */
export type StrictJsonErrorKind = typeof STRICT_JSON_ERROR_KINDS[number];

const DESCRIPTIONS: Record<StrictJsonErrorKind, string> = {
  syntax: "unexpected character",
  truncated: "unexpected end of input",
  empty: "input is empty",
  bom: "byte order mark is not allowed",
  "duplicate_key": "duplicate key",
  "trailing_comma": "trailing comma",
  comment: "comments are not allowed",
  "single_quote": "single quotes are not allowed",
  "bad_number": "invalid number",
  "bad_escape": "invalid escape sequence",
  "lone_surrogate": "unpaired surrogate",
  "invalid_utf8": "invalid UTF-8",
  "control_char": "unescaped control character in string",
  "trailing_data": "unexpected data after the value",
  "too_large": "input is too large",
  "too_deep": "nesting is too deep",
  "string_too_long": "string is too long",
  "too_many_items": "too many values",
};

/** Where and why a parse failed; every field is content-free. */
export interface StrictJsonErrorDetails {
  /** Why the parse failed. */
  kind: StrictJsonErrorKind;
  /** Byte offset into the UTF-8 input (0-based). */
  offset: number;
  /** 1-based line ("\n" separated). */
  line: number;
  /** 1-based column, counted in characters. */
  column: number;
  /** The bound that was exceeded, for the bound kinds. */
  limit?: number;
}

/**
 * Raised when untrusted JSON is malformed or exceeds a bound.
 *
 * Subclasses `SyntaxError` so `instanceof SyntaxError` still holds, and
 * satisfies {@linkcode CodedError} with the stable code `"invalid_json"` and
 * exit status 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { StrictJsonError } from "./strict_json_error.ts";
 * const e = new StrictJsonError({ kind: "duplicate_key", offset: 9, line: 1, column: 10 });
 * assert.equal(e.message, "Cannot parse JSON: duplicate key at byte 9 (line 1, column 10)");
 * assert.equal(e.code, "invalid_json");
 * assert.ok(e instanceof SyntaxError);
 * ```
 */
export class StrictJsonError extends SyntaxError implements CodedError {
  /** Stable machine-readable code. */
  readonly code = "invalid_json";
  /** Exit status: a usage or input error. */
  readonly exitCode: number = EXIT.usage.code;
  /** Why the parse failed. */
  readonly kind: StrictJsonErrorKind;
  /** Byte offset into the UTF-8 input (0-based). */
  readonly offset: number;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column, counted in characters. */
  readonly column: number;
  /** The exceeded bound, for the bound kinds. */
  readonly limit?: number;
  /** Content-free details for `--json`: kind, offset, line, column (and limit). */
  readonly data: ErrorData;

  /** @param details Kind and position; never any input content. */
  constructor(details: StrictJsonErrorDetails) {
    const { kind, offset, line, column, limit } = details;
    const bound = limit === undefined ? "" : ` (limit ${limit})`;
    super(
      `Cannot parse JSON: ${
        DESCRIPTIONS[kind]
      }${bound} at byte ${offset} (line ${line}, column ${column})`,
    );
    this.name = "StrictJsonError";
    this.kind = kind;
    this.offset = offset;
    this.line = line;
    this.column = column;
    const data: ErrorData = { kind, offset, line, column };
    if (limit !== undefined) {
      this.limit = limit;
      data.limit = limit;
    }
    this.data = data;
  }

  /** The `--json` error object. */
  toJSON(): { error: { code: string; message: string; data?: ErrorData } } {
    return { error: errorObject(this) };
  }
}
