/**
 * The capsule's list of redactions and what its length is worth. The list
 * is bounded: past its bound, finalize keeps one entry per field and kind,
 * and the last entry is {@linkcode LIST_CUT}, so a reader never states the
 * length of a cut list as the number of values redacted. Pure.
 * @module
 */
import type { Sanitize } from "./types.ts";

/** Most redaction records one capsule keeps. */
export const MAX_RECORDED_REDACTIONS = 1000;

/** The entry that ends a redaction list cut at its bound (its kind is no rule's). */
export const LIST_CUT: Readonly<Sanitize["redactions"][number]> = {
  field: "sanitize.redactions",
  kind: "list_cut",
};

/**
 * The kind recorded for a `[REDACTED:…]` marker a string already held when
 * it was scanned (an evidence record's redacted command, meaning carried
 * from an earlier capsule, or text typed so): no rule's kind. The marker's
 * own kind is text the capsule's writer controls, so it is never recorded.
 */
export const ALREADY_REDACTED_KIND = "already_redacted";

/** What a redaction list says: the entries that name a redaction, and whether it was cut. */
export interface RedactionList {
  /** The recorded redactions, without the cut marker. */
  entries: Sanitize["redactions"];
  /** More values were redacted than the list records. */
  cut: boolean;
  /** The number of values redacted, in words: "3", or "more than 1000" for a cut list. */
  count: string;
}

/**
 * Reads a redaction list.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LIST_CUT, readRedactions } from "./redaction_list.ts";
 * const r = readRedactions([{ field: "meaning.now", kind: "aws" }, LIST_CUT]);
 * assert.deepEqual(r.entries, [{ field: "meaning.now", kind: "aws" }]);
 * assert.equal(r.count, "more than 1000");
 * const full = Array.from({ length: 1000 }, () => ({ field: "meaning.now", kind: "aws" }));
 * assert.equal(readRedactions(full).count, "at least 1000");
 * ```
 */
export function readRedactions(list: Sanitize["redactions"]): RedactionList {
  const last = list.at(-1);
  const cut = last !== undefined && last.field === LIST_CUT.field && last.kind === LIST_CUT.kind;
  const entries = cut ? list.slice(0, -1) : list;
  // A list at its bound without the marker (a capsule from before it was kept) may have been
  // cut too: its length is a floor.
  const full = !cut && entries.length >= MAX_RECORDED_REDACTIONS;
  return {
    entries,
    cut: cut || full,
    count: cut
      ? `more than ${MAX_RECORDED_REDACTIONS}`
      : full
      ? `at least ${entries.length}`
      : `${entries.length}`,
  };
}
