/**
 * The documented size bounds of the strict JSON reader and their defaults.
 *
 * Every bound is checked while parsing, so oversized input fails at the
 * point it crosses the bound rather than after it has been read in full.
 * @module
 */

/** Bounds for {@linkcode parseStrictJson}; each one can be raised or lowered. */
export interface StrictJsonOptions {
  /**
   * Largest accepted input, in UTF-8 bytes.
   * @default {8388608} (8 MiB)
   */
  maxBytes?: number;
  /**
   * Deepest accepted nesting of arrays and objects; a top-level `[]` is depth 1.
   * @default {64}
   */
  maxDepth?: number;
  /**
   * Longest accepted string or object key, in UTF-8 bytes after unescaping.
   * @default {1048576} (1 MiB)
   */
  maxStringBytes?: number;
  /**
   * Most values in the whole document: every scalar, array and object,
   * including the top-level value, counts as one.
   * @default {100000}
   */
  maxItems?: number;
}

/**
 * The default bounds. Frozen; pass {@linkcode StrictJsonOptions} to override.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { STRICT_JSON_DEFAULTS } from "./bounds.ts";
 * assert.equal(STRICT_JSON_DEFAULTS.maxDepth, 64);
 * assert.ok(Object.isFrozen(STRICT_JSON_DEFAULTS));
 * ```
 */
export const STRICT_JSON_DEFAULTS: Readonly<Required<StrictJsonOptions>> = Object.freeze({
  maxBytes: 8 * 1024 * 1024,
  maxDepth: 64,
  maxStringBytes: 1024 * 1024,
  maxItems: 100_000,
});
