/**
 * Edge: at the handoff band, in a repository that opted in (enforce: deny),
 * the band hook arms the session-terminal deny for the session (D1): its
 * mutating calls are refused from now on, while baton's own commands (the
 * capsule it should write now) still pass. Idempotent: a session already
 * denied is left as it is.
 * @module
 */
import type { DenyRecord } from "../core/enforce/deny_record.ts";
import { SESSION_ID } from "../core/enforce/deny_record.ts";
import { readHead } from "../core/facts/git/read_head.ts";
import { findBatonLayout } from "../core/store/find_layout.ts";
import { readLatestHeader } from "../core/store/latest_header.ts";
import type { BatonLayout } from "../core/store/layout.ts";
import type { Io } from "./_adapters/io.ts";
import { changeUnderLock, readDenies } from "./_enforce_store.ts";

/** Arms the deny; returns the sentence to add to the band advice, or null when nothing changed. */
export async function armHandoffDeny(
  io: Io,
  layout: BatonLayout,
  session: string,
  host: string,
  cwd: string,
): Promise<string | null> {
  if (!SESSION_ID.test(session)) return null;
  const { records } = await readDenies(io, layout);
  if (records.some((r) => r.session === session)) return null;
  const found = await findBatonLayout(io.fs, cwd);
  const branch = found.repo === null
    ? null
    : await readHead(io.fs, found.repo).then((h) => h.branch).catch(() => null);
  const header = await readLatestHeader(io.fs, layout);
  const now = io.now().toISOString();
  const record: DenyRecord = {
    session,
    host,
    status: "open",
    created_at: now,
    last_seen_at: now,
    capsule_id: header?.id12 ?? null,
    scope: { root: found.repo?.workTree ?? layout.dir.slice(0, -"/.baton".length), branch },
    consumed_by: null,
    consumed_at: null,
  };
  await changeUnderLock(io, layout, session, {
    at: now,
    action: "write",
    session,
    detail: { capsule: record.capsule_id, armed_by: "band" },
  }, async (ctx) => await ctx.write(record));
  return "This repository enforces handoffs (enforce: deny): from now on this session's changes are denied; baton's own commands still run, so write the capsule now, then continue in a fresh session, which is shown the command to resume.";
}
