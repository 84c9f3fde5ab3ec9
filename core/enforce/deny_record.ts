/**
 * A session-terminal deny as stored in `<git dir>/baton/enforce/denies/<session>.json`
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

/**
 * Shortest orphan time honoured, whatever a config (which a commit can carry) says: an hour,
 * so a committed `orphan_hours: 0.000001` cannot make every other session's deny an orphan.
 */
export const MIN_ORPHAN_MS = 3600 * 1000;

/** Session ids baton accepts (hosts use UUIDs and similar). */
export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** Host ids as deny records carry them. */
const HOST_ID = /^[a-z][a-z0-9-]{0,31}$/;
/** The capsule id a deny binds to: the 12 hex digits of the latest header. */
const CAPSULE_ID12 = /^[0-9a-f]{12}$/;
/** Times exactly as baton writes them (toISOString). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;
/** Characters no printed field may hold: controls, line and paragraph breaks, bidi overrides. */
const UNPRINTABLE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Longest work-tree path a record may name. */
const MAX_ROOT_CHARS = 4096;

function isTime(v: unknown): v is string {
  return typeof v === "string" && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v));
}

function isRoot(v: unknown): v is string {
  return typeof v === "string" && v.length > 0 && v.length <= MAX_ROOT_CHARS &&
    !UNPRINTABLE.test(v) && (v.startsWith("/") || /^[A-Za-z]:\//.test(v));
}

/** A branch name as git allows it (check-ref-format's rules that matter for printing). */
function isBranch(v: unknown): v is string {
  return typeof v === "string" && v.length > 0 && v.length <= 255 && !UNPRINTABLE.test(v) &&
    !/[\s~^:?*[\\]|\.\.|@\{|^-|^\/|\/$|\.lock$|\.$/.test(v);
}

function orNull<T>(v: unknown, ok: (v: unknown) => v is T): T | null | undefined {
  return v === null || v === undefined ? null : ok(v) ? v : undefined;
}

const matches = (re: RegExp) => (v: unknown): v is string => typeof v === "string" && re.test(v);

/**
 * Reads a stored record; null when it is not a valid deny (a fault). Every
 * field is checked by its shape (ids as ids, times as times, a path and a
 * branch without control characters or line breaks), so a record that
 * parses can be printed as it stands, and one that does not is reported as
 * invalid and never printed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDenyRecord } from "./deny_record.ts";
 * assert.equal(parseDenyRecord("{"), null);
 * const at = "2026-12-01T00:00:00.000Z";
 * const ok = { session: "A", status: "open", created_at: at, last_seen_at: at, scope: { root: "/r", branch: "main" } };
 * assert.equal(parseDenyRecord(JSON.stringify(ok))?.session, "A");
 * assert.equal(parseDenyRecord(JSON.stringify({ ...ok, capsule_id: "x\n[verified]" })), null);
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
  const scope = o.scope as Record<string, unknown> | undefined;
  if (typeof scope !== "object" || scope === null || Array.isArray(scope)) return null;
  const session = o.session;
  const status = o.status;
  const host = orNull(o.host, matches(HOST_ID));
  const capsule = orNull(o.capsule_id, matches(CAPSULE_ID12));
  const consumedBy = orNull(o.consumed_by, matches(SESSION_ID));
  const consumedAt = orNull(o.consumed_at, isTime);
  const branch = orNull(scope.branch, isBranch);
  if (
    typeof session !== "string" || !SESSION_ID.test(session) ||
    (status !== "open" && status !== "consumed" && status !== "bypassed") ||
    !isTime(o.created_at) || !isTime(o.last_seen_at) || !isRoot(scope.root) ||
    host === undefined || capsule === undefined || consumedBy === undefined ||
    consumedAt === undefined || branch === undefined
  ) return null;
  return {
    session,
    host,
    status,
    created_at: o.created_at,
    last_seen_at: o.last_seen_at,
    capsule_id: capsule,
    scope: { root: scope.root, branch },
    consumed_by: consumedBy,
    consumed_at: consumedAt,
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
 * (D3). Orphans are returned apart so they can be reported. An `orphanMs`
 * under {@linkcode MIN_ORPHAN_MS} counts as that floor.
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
    if (nowMs - Date.parse(r.last_seen_at) > Math.max(orphanMs, MIN_ORPHAN_MS)) {
      orphans.push(r);
      continue;
    }
    other ??= r;
  }
  return { deny: other === null ? null : { code: "D3", record: other }, orphans };
}
