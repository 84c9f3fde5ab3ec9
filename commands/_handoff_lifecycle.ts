/**
 * Edge: the work of `baton handoff`. Each action checks its preconditions
 * first (nothing is written on a refusal), then, with --write, changes the
 * deny records through _enforce_store.ts (session lock, evidence, rollback).
 * @module
 */
import { InputError, LockBusyError, NotFoundError, UsageError } from "../core/errors.ts";
import { type DenyRecord, parseDenyRecord, SESSION_ID } from "../core/enforce/deny_record.ts";
import { findBatonLayout } from "../core/store/find_layout.ts";
import { readLatestHeader } from "../core/store/latest_header.ts";
import { readHead } from "../core/facts/git/read_head.ts";
import type { Io } from "./_adapters/io.ts";
import { readBatonConfig } from "./_config.ts";
import { confirmOnTerminal } from "./_cli/confirm.ts";
import * as store from "./_enforce_store.ts";

/** Options from the flags. */
export interface HandoffOptions {
  session: string | null;
  denySession: string | null;
  host: string | null;
  write: boolean;
}

/** What to print and the exit code. */
export interface HandoffResult {
  code: number;
  text: string;
  json: Record<string, unknown>;
}

function sessionFlag(value: string | null, flag: string): string {
  if (value === null) throw new UsageError(`Missing --${flag} ID`);
  if (!SESSION_ID.test(value)) {
    throw new InputError(`--${flag} is not a session id baton accepts`, "invalid_session");
  }
  return value;
}

/** Runs one action. */
export async function runHandoff(
  io: Io,
  action: "write" | "resume" | "bypass" | "repair" | "unlock" | "status",
  options: HandoffOptions,
): Promise<HandoffResult> {
  const found = await findBatonLayout(io.fs, io.cwd());
  const layout = found.layout;
  const now = io.now().toISOString();
  const dry = (what: string, json: Record<string, unknown>): HandoffResult => ({
    code: 0,
    text: `Dry run: would ${what}. Add --write to do it.`,
    json: { ...json, written: false },
  });
  const done = (text: string, json: Record<string, unknown>): HandoffResult => ({
    code: 0,
    text,
    json: { ...json, written: true },
  });

  if (action === "status") {
    const { records, faults } = await store.readDenies(io, layout);
    const lines = records.map((r) =>
      `${r.session}: ${r.status}${
        r.consumed_by === null ? "" : ` (resumed by ${r.consumed_by})`
      }, branch ${r.scope.branch ?? "(detached)"}, last seen ${r.last_seen_at}`
    );
    return {
      code: 0,
      text: lines.length === 0 ? "No denies." : lines.join("\n") +
        (faults > 0 ? `\n${faults} malformed record(s): baton handoff repair --write` : ""),
      json: { denies: records, malformed: faults },
    };
  }

  if (action === "repair") {
    const p = store.enforcePaths(layout);
    const bad: string[] = [];
    try {
      for (const e of await io.fs.readDir(p.denies)) {
        if (!e.name.endsWith(".json")) continue;
        const path = `${p.denies}/${e.name}`;
        const text = await io.fs.readFile(path).then((b) => new TextDecoder().decode(b)).catch(
          () => null,
        );
        const r = text === null ? null : parseDenyRecord(text);
        if (r === null || `${r.session}.json` !== e.name) bad.push(e.name);
      }
    } catch { /* no denies directory: nothing to repair */ }
    if (bad.length === 0) return { code: 0, text: "Nothing to repair.", json: { moved: 0 } };
    if (!options.write) {
      return dry(`move ${bad.length} malformed record(s) aside`, { moved: bad.length });
    }
    const aside = `${p.dir}/quarantine`;
    await io.fs.mkdirp(aside);
    for (const name of bad) {
      await io.fs.rename(`${p.denies}/${name}`, `${aside}/${now.replace(/[-:]/g, "")}-${name}`);
    }
    await store.appendManifest(io, layout, {
      at: now,
      action: "repair",
      session: null,
      detail: { moved: bad.length },
    }).catch(() => {});
    return done(`Moved ${bad.length} malformed record(s) to .baton/enforce/quarantine/.`, {
      moved: bad.length,
    });
  }

  const session = sessionFlag(options.session, "session");

  if (action === "unlock") {
    const held = await store.readLock(io, layout, session);
    if (!held.exists) return { code: 0, text: "No lock to remove.", json: { removed: false } };
    if (!store.lockIsStale(io, held.owner)) {
      throw new LockBusyError(
        "The lock's owner is alive (or runs on another host): it is not removed",
      );
    }
    if (!options.write) return dry("remove the stale lock", { removed: false });
    await store.removeLock(io, layout, session);
    await store.appendManifest(io, layout, {
      at: now,
      action: "unlock",
      session,
      detail: { owner_pid: held.owner?.pid ?? null },
    }).catch(() => {});
    return done("Removed the stale lock.", { removed: true });
  }

  const recordOf = async (s: string): Promise<DenyRecord | null> => {
    const { records } = await store.readDenies(io, layout);
    return records.find((r) => r.session === s) ?? null;
  };

  if (action === "write") {
    const config = await readBatonConfig(io, layout.dir);
    if (config.enforce.mode !== "deny") {
      throw new InputError(
        "This repository has not opted in to enforcement (enforce: deny in .baton/config.yaml): no deny is written. A person opts in with baton enforce on",
        "not_opted_in",
      );
    }
    const header = await readLatestHeader(io.fs, layout);
    if (header === null) {
      throw new NotFoundError(
        "No capsule to hand off from: write one first (baton preflight, then baton finalize)",
        "no_capsule",
      );
    }
    const existing = await recordOf(session);
    if (existing !== null && existing.status !== "open") {
      throw new InputError(
        `Session ${session}'s deny was already ${existing.status}: a session that handed off does not hand off again`,
        "deny_closed",
      );
    }
    const branch = found.repo === null
      ? null
      : await readHead(io.fs, found.repo).then((h) => h.branch).catch(() => null);
    const record: DenyRecord = {
      session,
      host: options.host ?? existing?.host ?? null,
      status: "open",
      created_at: existing?.created_at ?? now,
      last_seen_at: now,
      capsule_id: header.id12,
      scope: { root: found.repo?.workTree ?? layout.dir.slice(0, -"/.baton".length), branch },
      consumed_by: null,
      consumed_at: null,
    };
    const json = { session, capsule: header.id12, branch };
    if (!options.write) {
      return dry(`deny session ${session}'s changes, bound to capsule ${header.id12}`, json);
    }
    await store.changeUnderLock(io, layout, session, {
      at: now,
      action: "write",
      session,
      detail: { capsule: header.id12 },
    }, async (ctx) => await ctx.write(record));
    return done(
      `Session ${session} is handed off (capsule ${header.id12}): its changes are denied from now on. Continue in a fresh session; it runs: baton handoff resume --session <its id> --deny-session ${session} --write`,
      json,
    );
  }

  if (action === "resume") {
    const denier = sessionFlag(options.denySession, "deny-session");
    if (denier === session) {
      throw new UsageError("A session cannot resume its own deny: resume from a fresh session");
    }
    const r = await recordOf(denier);
    if (r === null) throw new NotFoundError(`No deny for session ${denier}`, "no_deny");
    if (r.status !== "open") {
      return {
        code: 1,
        text: `Session ${denier}'s deny is already ${r.status}${
          r.consumed_by === null ? "" : ` (by ${r.consumed_by})`
        }: nothing to resume.`,
        json: { resumed: false, status: r.status, consumed_by: r.consumed_by },
      };
    }
    const json = { session, deny_session: denier, capsule: r.capsule_id };
    if (!options.write) return dry(`resume from session ${denier}'s capsule ${r.capsule_id}`, json);
    await store.changeUnderLock(io, layout, denier, {
      at: now,
      action: "resume",
      session,
      detail: { deny_session: denier, capsule: r.capsule_id },
    }, async (ctx) => {
      const fresh = await recordOf(denier);
      if (fresh === null || fresh.status !== "open") {
        throw new LockBusyError("The deny changed while resuming: run the command again");
      }
      await ctx.write({ ...fresh, status: "consumed", consumed_by: session, consumed_at: now });
    });
    return done(
      `Resumed from session ${denier} (capsule ${r.capsule_id}): this session may change files. Read the briefing first: baton load`,
      json,
    );
  }

  // bypass: a person only.
  const r = await recordOf(session);
  if (r === null) throw new NotFoundError(`No deny for session ${session}`, "no_deny");
  if (r.status === "bypassed") {
    return { code: 0, text: "Already released.", json: { released: false } };
  }
  if (!options.write) return dry(`release session ${session}'s deny`, { session });
  if (!(await confirmOnTerminal(io, `Release the deny of session ${session}?`))) {
    throw new UsageError(
      "Releasing a deny needs a person to confirm at a terminal (an agent's shell cannot); or set BATON_ENFORCE=off in the host's environment, or run baton enforce off",
    );
  }
  await store.changeUnderLock(io, layout, session, {
    at: now,
    action: "bypass",
    session,
    detail: {},
  }, async (ctx) => await ctx.write({ ...r, status: "bypassed" }));
  return done(`Released session ${session}'s deny.`, { session, released: true });
}
