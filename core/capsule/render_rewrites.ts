/**
 * The lines `finalize` and `ingest` print for each trust or provenance
 * rewrite, so a model sees why a claim was downgraded without opening the
 * capsule. Every word comes from baton: the field's location (built by
 * normalisation from the schema's names and indexes), the trust and
 * provenance vocabularies, and baton's own reasons. Pure.
 * @module
 */
import type { Downgrade } from "./types.ts";

/** At most this many rewrites are listed one per line; the rest are counted. */
export const LISTED_REWRITES = 8;

/**
 * One line per rewrite, and a count of the rest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderRewrites } from "./render_rewrites.ts";
 * const lines = renderRewrites([{ field: "verified_facts[0]", what: "trust", from: "verified", to: "claimed", why: "no evidence cited" }]);
 * assert.deepEqual(lines, ["  verified_facts[0]: trust verified -> claimed (no evidence cited)"]);
 * ```
 */
export function renderRewrites(downgrades: readonly Downgrade[]): string[] {
  const lines = downgrades.slice(0, LISTED_REWRITES).map((d) =>
    `  ${d.field}: ${d.what} ${d.from} -> ${d.to} (${d.why})`
  );
  if (downgrades.length > LISTED_REWRITES) {
    lines.push(`  … and ${downgrades.length - LISTED_REWRITES} more (listed in the capsule)`);
  }
  return lines;
}
