/**
 * The host and hook-event vocabulary shared by `baton install`, `baton hook`
 * and `baton doctor`. A hook command written into a host's config is always
 * `<baton> hook <HookEvent> --host <HostId>`; the host's own event names are
 * mapped to these by each host's integration. Pure data.
 * @module
 */

import type { HOST_RECORDS } from "./records.ts";
import type { RuntimeRecord } from "./record.ts";
import { RUNTIME_RECORDS } from "./_records_generated.ts";
export {
  type BandHookEvent,
  HOOK_EVENTS,
  type HookEvent,
  isBandHookEvent,
  isHookEvent,
} from "./events.ts";

/** One host id: the id of one record in core/hosts/records.ts. */
export type HostId = typeof HOST_RECORDS[number]["id"];

/** Agent hosts baton installs into, as the user types them (the records' ids, in order). */
export const HOST_IDS: readonly HostId[] = RUNTIME_RECORDS.map((r) => r.id as HostId);

/**
 * A per-host table derived from the records' light part (see
 * {@linkcode RuntimeRecord}), keyed by host id: the compiler holds every
 * table to every host. core/hosts/full_records.ts has the same over whole
 * records, for paths that may load them.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(perHost((r) => r.output.injectionCapChars).codex, 9_000);
 * ```
 */
export function perHost<T>(pick: (record: RuntimeRecord) => T): Readonly<Record<HostId, T>> {
  return Object.freeze(
    Object.fromEntries(RUNTIME_RECORDS.map((r) => [r.id, pick(r)])) as Record<HostId, T>,
  );
}

/** The light part of one host's record. */
export function hostRecord(id: HostId): RuntimeRecord {
  return RUNTIME_RECORDS.find((r) => r.id === id)!;
}

/**
 * Narrows a string to a host id.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isHostId("codex"), true);
 * assert.equal(isHostId("vim"), false);
 * ```
 */
export function isHostId(value: string): value is HostId {
  return (HOST_IDS as readonly string[]).includes(value);
}
