/**
 * Strict JSON in and canonical JSON out.
 *
 * {@linkcode parseStrictJson} reads untrusted JSON (model drafts, capsules,
 * hook payloads) exactly per RFC 8259 and within documented bounds, throwing
 * a content-free {@linkcode StrictJsonError}. {@linkcode canonicalJson}
 * writes RFC 8785 canonical JSON, the form baton hashes.
 *
 * Pure: no I/O.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { canonicalJson, parseStrictJson, StrictJsonError } from "./mod.ts";
 * const value = parseStrictJson('{ "b": 1.50, "a": [true, null] }');
 * assert.equal(canonicalJson(value), '{"a":[true,null],"b":1.5}');
 * assert.throws(() => parseStrictJson("[1, 2,]"), StrictJsonError);
 * ```
 * @module
 */

export { STRICT_JSON_DEFAULTS, type StrictJsonOptions } from "../bounds.ts";
export { parseStrictJson } from "./strict_parse.ts";
export {
  STRICT_JSON_ERROR_KINDS,
  StrictJsonError,
  type StrictJsonErrorDetails,
  type StrictJsonErrorKind,
} from "./strict_json_error.ts";
export { CANONICAL_JSON_MAX_DEPTH, canonicalJson } from "./canonical.ts";
export { CanonicalJsonError, type CanonicalJsonErrorKind } from "./canonical_json_error.ts";
