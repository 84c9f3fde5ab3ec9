/**
 * The one module of input bounds: size, depth, items and line length, used
 * by the strict JSON reader (core/json), the secret scanner
 * (core/safety/secrets) and the transcript readers that come later.
 *
 * Each consumer takes its own options object whose defaults are frozen
 * here, so a bound is changed in one place and documented once. Pure: data
 * only.
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
 * The default bounds of the strict JSON reader. Frozen; pass
 * {@linkcode StrictJsonOptions} to override.
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

/** Bounds of the secret scanner. */
export interface ScanBounds {
  /**
   * Bytes read and scanned per step of a streamed scan; memory stays near
   * `chunkBytes + overlapBytes` whatever the input size. 2 MiB: each step
   * scans its overlap again, 6 % of a 1 MiB step (about 30 ms of CPU on a
   * 50 MB transcript), 3 % of this one, for about 2.5 MB more peak memory.
   * @default {2097152} (2 MiB)
   */
  chunkBytes: number;
  /**
   * Bytes carried from one chunk into the next so that a secret straddling
   * a chunk boundary is still seen whole. At least `maxSecretBytes` plus the
   * largest look-behind of any rule.
   * @default {65536} (64 KiB)
   */
  overlapBytes: number;
  /**
   * Longest secret a rule may match (a 4096-bit RSA key block, JSON-escaped,
   * is about 3.4 KiB; a PGP key block with sub-keys may reach 12 KiB).
   * @default {24576} (24 KiB)
   */
  maxSecretBytes: number;
  /** Deepest JSON value walked when scanning every string of a value; as the JSON reader. */
  maxDepth: number;
  /** Most values walked in one JSON value; as the JSON reader. */
  maxItems: number;
}

/**
 * The default scanner bounds. Frozen.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SCAN_BOUNDS } from "./bounds.ts";
 * assert.ok(SCAN_BOUNDS.overlapBytes > SCAN_BOUNDS.maxSecretBytes);
 * ```
 */
export const SCAN_BOUNDS: Readonly<ScanBounds> = Object.freeze({
  chunkBytes: 2 * 1024 * 1024,
  overlapBytes: 64 * 1024,
  maxSecretBytes: 24 * 1024,
  maxDepth: STRICT_JSON_DEFAULTS.maxDepth,
  maxItems: STRICT_JSON_DEFAULTS.maxItems,
});

/**
 * Longest line, in UTF-8 bytes, that a line-oriented reader (JSON Lines
 * transcripts) takes whole; a longer line is reported and skipped by such a
 * reader. The scanner never needs whole lines: it works in windows, so a
 * single-line gigabyte is scanned like any other input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_LINE_BYTES, STRICT_JSON_DEFAULTS } from "./bounds.ts";
 * assert.ok(MAX_LINE_BYTES <= STRICT_JSON_DEFAULTS.maxBytes);
 * ```
 */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;
