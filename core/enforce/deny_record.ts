/**
 * A session-terminal deny as stored in `.baton/enforce/denies/<session>.json`
 * and the rules that say whom it blocks. Pure.
 *
 * Decisions:
 * - D1: a deny blocks the denier's own mutating calls; D2: it keeps doing so
 *   for that session whatever happens later (consumed or not), so a session
 *   that handed off cannot resume work by re-entering; D3: an open deny also
 *   blocks other sessions, but only on the same work — the same work tree
 *   and the same branch — until a successor resumes from it (consumed).
 * - Orphans expire: an open deny whose denier has not been seen for
 *   `orphanMs` (default 24 h) no longer blocks other sessions; it is
 *   reported so a person can clean it up.
 * - A record that does not parse is a fault, never a deny: the gate allows
 *   and reports it (a corrupt store must not lock anyone out).
 * @module
 */

/** open: blocks (D1–D3); consumed: a successor resumed (D2 only); bypassed: a person released it. */
export type DenyStatus = "open" | "consumed" | "bypassed";

/** One deny. */
export interface DenyRecord {
  session: string;
  host: string | null;
  status: DenyStatus;
  created_at: string;
  /** Last time the denier's session was seen by a hook. */
  last_seen_at: string;
  /** The capsule the successor resumes from. */
  capsule_id: string | null;
  /** The work it covers. */
  scope: { root: string; branch: string | null };
  consumed_by: string | null;
  consumed_at: string | null;
}

/** Default time after which a deny's session counts as gone. */
export const DEFAULT_ORPHAN_MS = 24 * 3600 * 1000;

/** Session ids baton accepts (hosts use UUIDs and similar). */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * Reads a stored record; null when it is not a valid deny (a fault).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDenyRecord } from "./deny_record.ts";
 * assert.equal(parseDenyRecord("{"), null);
 * ```
 */
export function parseDenyRecord(text: string): DenyRecord | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const str = (k: string) => typeof o[k] === "string" ? o[k] as string : null;
  const scope = o.scope as Record<string, unknown> | undefined;
  const session = str("session");
  const status = str("status");
  const created = str("created_at");
  const seen = str("last_seen_at");
  if (
    session === null || !SESSION_ID.test(session) || created === null || seen === null ||
    (status !== "open" && status !== "consumed" && status !== "bypassed") ||
    typeof scope !== "object" || scope === null || typeof scope.root !== "string" ||
    !(scope.branch === null || typeof scope.branch === "string") ||
    Number.isNaN(Date.parse(created)) || Number.isNaN(Date.parse(seen))
  ) return null;
  return {
    session,
    host: str("host"),
    status,
    created_at: created,
    last_seen_at: seen,
    capsule_id: str("capsule_id"),
    scope: { root: scope.root, branch: scope.branch as string | null },
    consumed_by: str("consumed_by"),
    consumed_at: str("consumed_at"),
  };
}

/** Why a deny applies to a call. */
export type DenyCode = "D1" | "D2" | "D3";

/** The deny that blocks a session, and the orphans seen on the way. */
export interface BlockingDeny {
  code: DenyCode;
  record: DenyRecord;
}

/** Where the calling session works. */
export interface CallerScope {
  session: string | null;
  root: string;
  branch: string | null;
}

/**
 * The deny that blocks `caller`, if any: its own (D1 while open, D2 after),
 * else another session's open deny on the same work that is not an orphan
 * (D3). Orphans are returned apart so they can be reported.
 */
export function blockingDeny(
  records: readonly DenyRecord[],
  caller: CallerScope,
  nowMs: number,
  orphanMs: number = DEFAULT_ORPHAN_MS,
): { deny: BlockingDeny | null; orphans: DenyRecord[] } {
  const orphans: DenyRecord[] = [];
  let other: DenyRecord | null = null;
  for (const r of records) {
    if (caller.session !== null && r.session === caller.session) {
      if (r.status === "bypassed") continue;
      return { deny: { code: r.status === "open" ? "D1" : "D2", record: r }, orphans };
    }
    if (r.status !== "open") continue;
    if (r.scope.root !== caller.root || r.scope.branch !== caller.branch) continue;
    if (nowMs - Date.parse(r.last_seen_at) > orphanMs) {
      orphans.push(r);
      continue;
    }
    other ??= r;
  }
  return { deny: other === null ? null : { code: "D3", record: other }, orphans };
}
