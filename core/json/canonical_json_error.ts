/**
 * The error {@linkcode canonicalJson} throws for a value outside the JSON
 * data model.
 *
 * Messages give the kind and the nesting depth only, never a key or a value.
 * @module
 */

import { type CodedError, type ErrorData, errorObject, EXIT } from "../errors.ts";

/** Why a value has no canonical JSON form; stable, part of the `--json` error data. */
export type CanonicalJsonErrorKind =
  | "unsupported_type"
  | "non_finite_number"
  | "lone_surrogate"
  | "cycle"
  | "too_deep";

const DESCRIPTIONS: Record<CanonicalJsonErrorKind, string> = {
  "unsupported_type": "value is not JSON (undefined, function, bigint, symbol or non-plain object)",
  "non_finite_number": "number is not finite",
  "lone_surrogate": "string holds an unpaired surrogate",
  cycle: "value contains a cycle",
  "too_deep": "nesting is too deep",
};

/**
 * Raised when a value cannot be written as RFC 8785 canonical JSON.
 *
 * Subclasses `TypeError` (the value has the wrong type for JSON) and
 * satisfies {@linkcode CodedError} with the stable code
 * `"invalid_json_value"` and exit status 2: such values come from input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CanonicalJsonError } from "./canonical_json_error.ts";
 * const e = new CanonicalJsonError("cycle", 2);
 * assert.equal(e.message, "Cannot write canonical JSON: value contains a cycle (depth 2)");
 * assert.equal(e.code, "invalid_json_value");
 * ```
 */
export class CanonicalJsonError extends TypeError implements CodedError {
  /** Stable machine-readable code. */
  readonly code = "invalid_json_value";
  /** Exit status: a usage or input error. */
  readonly exitCode: number = EXIT.usage.code;
  /** Why the value was refused. */
  readonly kind: CanonicalJsonErrorKind;
  /** Container nesting depth at which it was found (0 for the top-level value). */
  readonly depth: number;
  /** Content-free details for `--json`: kind and depth. */
  readonly data: ErrorData;

  /** @param kind Why the value was refused. @param depth Nesting depth where it was found. */
  constructor(kind: CanonicalJsonErrorKind, depth: number) {
    super(`Cannot write canonical JSON: ${DESCRIPTIONS[kind]} (depth ${depth})`);
    this.name = "CanonicalJsonError";
    this.kind = kind;
    this.depth = depth;
    this.data = { kind, depth };
  }

  /** The `--json` error object. */
  toJSON(): { error: { code: string; message: string; data?: ErrorData } } {
    return { error: errorObject(this) };
  }
}
