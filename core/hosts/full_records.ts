/**
 * Whole host records by id, for the paths that may load every record (the
 * transcript stores, install, the briefing); the hook's light path uses
 * core/hosts/ids.ts's light part instead. Pure.
 * @module
 */
import type { HostId } from "./ids.ts";
import type { HostRecord } from "./record.ts";
import { HOST_RECORDS } from "./records.ts";

/**
 * A per-host table derived from the whole records, keyed by host id.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(perHostRecord((r) => r.label).gemini, "Gemini CLI");
 * ```
 */
export function perHostRecord<T>(pick: (record: HostRecord) => T): Readonly<Record<HostId, T>> {
  return Object.freeze(
    Object.fromEntries(HOST_RECORDS.map((r) => [r.id, pick(r)])) as Record<HostId, T>,
  );
}

/** The whole record of one host. */
export function fullRecord(id: HostId): HostRecord {
  return HOST_RECORDS.find((r) => r.id === id)!;
}
