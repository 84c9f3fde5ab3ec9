/**
 * The work of `baton handoff` and the band hook's arming of a deny. Each
 * action checks its preconditions first (nothing is written on a refusal),
 * then, with --write, changes the deny records through the deny store
 * (core/enforce/deny_store.ts: the session's core lock, the manifest,
 * rollback). Every check that decides a change is made again under the
 * lock, so exactly one successor resumes a deny under any interleaving.
 * Edge-free: the store's environment, the working directory and a
 * person's confirmation are handed in.
 * @module
 */
import { InputError, NotFoundError, UsageError } from "../errors.ts";
import { readHead } from "../facts/git/read_head.ts";
import { isHostId } from "../hosts/ids.ts";
import { findBatonLayout, type FoundLayout } from "../store/find_layout.ts";
import { privateStateDir } from "../store/private_dir.ts";
import { type DenyRecord, SESSION_ID } from "./deny_record.ts";
import * as store from "./deny_store.ts";
import { type EnforcePaths, enforcePaths } from "./enforce_paths.ts";
import { ARMED_ADVICE, handedOffText, NOT_OPTED_IN, PERSON_ONLY } from "./sentences.ts";
import { batonRoot } from "../store/layout.ts";
import { neutralizeText } from "../safety/render_safe.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";

/** What the lifecycle needs from the edge. */
export interface HandoffEnv extends store.DenyStoreEnv {
  cwd: string;
  /** The home directory, where a search for repository-set settings stops climbing. */
  home?: string | null;
  /** Asks a person at a terminal; false when there is none. */
  confirm(question: string): Promise<boolean>;
  /**
   * The keys this machine trusts, or null when it has none it can read (no
   * baton home: its own capsules are then unsigned too, and nothing can be
   * told apart). Given, `write` binds a deny only to a capsule one of them
   * signed. @default {not checked}
   */
  trustedKeys?: () => Promise<TrustedKeys | null>;
}

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

/** The work a deny covers: the work tree's real path (a link changes nothing) and its branch. */
async function scopeOf(env: HandoffEnv, found: FoundLayout): Promise<DenyRecord["scope"]> {
  const root = found.repo?.workTree ?? batonRoot(found.layout.dir);
  const real = await env.fs.realPath(root).then((r) => r.replaceAll("\\", "/")).catch(() => root);
  const branch = found.repo === null
    ? null
    : await readHead(env.fs, found.repo).then((h) => h.branch).catch(() => null);
  return { root: real, branch };
}

/** The enforcement paths of the repository at `cwd`. */
export async function locate(
  env: Pick<HandoffEnv, "fs">,
  cwd: string,
): Promise<{ found: FoundLayout; paths: EnforcePaths }> {
  const found = await findBatonLayout(env.fs, cwd);
  return { found, paths: enforcePaths(privateStateDir(found)) };
}

/**
 * The first 12 hex digits of the id latest.md's capsule holds: its JSON
 * block's, checked against its content (the prose header above it is
 * anyone's words and may name another capsule); null when latest.md is
 * missing or not a valid capsule. Loaded on use: the gate that imports this
 * module never needs the capsule reader.
 */
async function latestId12(env: HandoffEnv, found: FoundLayout): Promise<string | null> {
  const { readLatest } = await import("../store/capsule_store.ts");
  try {
    const read = await readLatest(env.fs, found.layout);
    return read === null ? null : read.capsule.id.replace(/^sha256:/, "").slice(0, 12);
  } catch {
    return null;
  }
}

/** True when latest.md's capsule is signed by a key this machine trusts (or none can be read). */
async function latestTrusted(
  env: HandoffEnv,
  found: FoundLayout,
  keys: () => Promise<TrustedKeys | null>,
): Promise<boolean> {
  const { readLatest } = await import("../store/capsule_store.ts");
  try {
    const trusted = await keys();
    // No key of its own to read: this machine's capsules are unsigned as well (load says why).
    if (trusted === null) return true;
    const read = await readLatest(env.fs, found.layout, { trustedKeys: trusted });
    return read !== null && read.authorship.status === "trusted";
  } catch {
    return false;
  }
}

/**
 * Arms the session's deny at the handoff band, where this machine opted in;
 * returns the sentence to add to the band advice, or null when nothing
 * changed (not opted in, already denied). Never arms for a bad id.
 */
export async function armHandoffDeny(
  env: HandoffEnv,
  session: string,
  host: string,
): Promise<string | null> {
  if (!SESSION_ID.test(session)) return null;
  const { found, paths } = await locate(env, env.cwd);
  if (!(await store.optedIn(env.fs, paths))) return null;
  const id12 = await latestId12(env, found);
  // Bound, as write binds, only to a capsule this machine trusts: the deny's words say the
  // session handed off in it. Another's (committed, pulled) is named in no refusal.
  const latest = id12 !== null && env.trustedKeys !== undefined &&
      !(await latestTrusted(env, found, env.trustedKeys))
    ? null
    : id12;
  const scope = await scopeOf(env, found);
  const armed = await store.changeUnderLock(env, paths, session, async (ctx) => {
    if (ctx.current !== null) return { result: false, entry: null };
    const now = env.now().toISOString();
    const capsule = latest;
    await ctx.write({
      session,
      host: isHostId(host) ? host : null,
      status: "open",
      created_at: now,
      last_seen_at: now,
      capsule_id: capsule,
      scope,
      consumed_by: null,
      consumed_at: null,
    });
    return {
      result: true,
      entry: { at: now, action: "write", session, detail: { capsule, armed_by: "band" } },
    };
  });
  return armed ? ARMED_ADVICE : null;
}

/** Runs one action. */
export async function runHandoff(
  env: HandoffEnv,
  action: "write" | "resume" | "bypass" | "repair" | "unlock" | "status",
  options: HandoffOptions,
): Promise<HandoffResult> {
  const { found, paths } = await locate(env, env.cwd);
  const now = env.now().toISOString();
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

  if (action === "status") return await status(env, paths);

  if (action === "repair") {
    const bad = await store.invalidDenyFiles(env.fs, paths);
    if (bad.length === 0) return { code: 0, text: "Nothing to repair.", json: { moved: 0 } };
    if (!options.write) {
      return dry(`move ${bad.length} invalid record(s) aside`, { moved: bad.length });
    }
    await store.quarantine(env.fs, paths, bad, env.now());
    await store.appendManifest(env, paths, {
      at: now,
      action: "repair",
      session: null,
      detail: { moved: bad.length },
    });
    return done(`Moved ${bad.length} invalid record(s) to the quarantine.`, {
      moved: bad.length,
    });
  }

  const session = sessionFlag(options.session, "session");

  if (action === "unlock") {
    if (!(await store.lockExists(env.fs, paths, session))) {
      return { code: 0, text: "No lock to remove.", json: { removed: false } };
    }
    if (!options.write) return dry("remove the lock if its owner is gone", { removed: false });
    // The core lock's rule: a live owner is never displaced (LockBusyError, exit 4).
    await store.reclaimLock(env, paths, session);
    await store.appendManifest(env, paths, { at: now, action: "unlock", session, detail: {} });
    return done("Removed the stale lock.", { removed: true });
  }

  const recordOf = async (s: string): Promise<DenyRecord | null> =>
    (await store.readDenies(env.fs, paths)).records.find((r) => r.session === s) ?? null;

  if (action === "write") {
    if (!(await store.optedIn(env.fs, paths))) throw new InputError(NOT_OPTED_IN, "not_opted_in");
    if (options.host !== null && !isHostId(options.host)) {
      throw new InputError("--host is not a host baton knows (see baton install)", "invalid_host");
    }
    const id12 = await latestId12(env, found);
    if (id12 === null) {
      throw new NotFoundError(
        "No capsule to hand off from (latest.md is missing or not a valid capsule): write one first (baton preflight, then baton finalize)",
        "no_capsule",
      );
    }
    // The deny tells every other session that this one handed off in that capsule and to
    // resume from its briefing: a capsule no key this machine trusts signed (committed, pulled,
    // written by another machine in this folder) is not this session's handoff.
    if (env.trustedKeys !== undefined && !(await latestTrusted(env, found, env.trustedKeys))) {
      throw new InputError(
        `Cannot hand off from capsule ${id12}: no key this machine trusts signed it (a capsule committed, pulled or written elsewhere), so it is not this session's handoff: write this session's own first (baton preflight, then baton finalize)`,
        "untrusted_capsule",
      );
    }
    const closed = (r: DenyRecord | null) =>
      r !== null && r.status !== "open"
        ? new InputError(
          `Session ${session}'s deny was already ${r.status}: a session that handed off does not hand off again`,
          "deny_closed",
        )
        : null;
    const existing = await recordOf(session);
    const refused = closed(existing);
    if (refused !== null) throw refused;
    const scope = await scopeOf(env, found);
    const json = { session, capsule: id12, branch: scope.branch };
    if (!options.write) {
      return dry(`deny session ${session}'s changes, bound to capsule ${id12}`, json);
    }
    await store.changeUnderLock(env, paths, session, async (ctx) => {
      const again = closed(ctx.current);
      if (again !== null) throw again;
      await ctx.write({
        session,
        host: options.host ?? ctx.current?.host ?? null,
        status: "open",
        created_at: ctx.current?.created_at ?? now,
        last_seen_at: now,
        capsule_id: id12,
        scope,
        consumed_by: null,
        consumed_at: null,
      });
      return {
        result: undefined,
        entry: { at: now, action: "write", session, detail: { capsule: id12 } },
      };
    });
    return done(handedOffText(session, id12), json);
  }

  if (action === "resume") {
    const denier = sessionFlag(options.denySession, "deny-session");
    if (denier === session) {
      throw new UsageError("A session cannot resume its own deny: resume from a fresh session");
    }
    const notOpen = (r: DenyRecord): HandoffResult => ({
      code: 1,
      text: `Session ${denier}'s deny is already ${r.status}${
        r.consumed_by === null ? "" : ` (by ${r.consumed_by})`
      }: nothing to resume.`,
      json: { resumed: false, status: r.status, consumed_by: r.consumed_by },
    });
    const r = await recordOf(denier);
    if (r === null) throw new NotFoundError(`No deny for session ${denier}`, "no_deny");
    if (r.status !== "open") return notOpen(r);
    const json = { session, deny_session: denier, capsule: r.capsule_id };
    if (!options.write) return dry(`resume from session ${denier}'s capsule ${r.capsule_id}`, json);
    // Decided again under the denier's lock: of any number of racing resumes, one wins.
    const lost = await store.changeUnderLock(env, paths, denier, async (ctx) => {
      const fresh = ctx.current;
      if (fresh === null) throw new NotFoundError(`No deny for session ${denier}`, "no_deny");
      if (fresh.status !== "open") return { result: notOpen(fresh), entry: null };
      await ctx.write({ ...fresh, status: "consumed", consumed_by: session, consumed_at: now });
      return {
        result: null,
        entry: {
          at: now,
          action: "resume",
          session,
          detail: { deny_session: denier, capsule: fresh.capsule_id },
        },
      };
    });
    if (lost !== null) return lost;
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
  if (!(await env.confirm(`Release the deny of session ${session}?`))) {
    throw new UsageError(`Releasing a deny ${PERSON_ONLY}, or run baton enforce off`);
  }
  await store.changeUnderLock(env, paths, session, async (ctx) => {
    if (ctx.current === null || ctx.current.status === "bypassed") {
      return { result: undefined, entry: null };
    }
    await ctx.write({ ...ctx.current, status: "bypassed" });
    return { result: undefined, entry: { at: now, action: "bypass", session, detail: {} } };
  });
  return done(`Released session ${session}'s deny.`, { session, released: true });
}

/** `handoff status`: the records (each field checked by shape), the invalid ones counted, the manifest verified. */
async function status(env: HandoffEnv, paths: EnforcePaths): Promise<HandoffResult> {
  const { records, faults } = await store.readDenies(env.fs, paths);
  const manifest = await store.checkManifest(env, paths, records);
  const lines = records.map((r) =>
    `${r.session}: ${r.status}${
      r.consumed_by === null ? "" : ` (resumed by ${r.consumed_by})`
    }, branch ${
      // A branch name may come from anyone's push: git allows invisible characters in it
      // (tag characters, zero-width, bidi marks the record's shape check does not refuse).
      r.scope.branch === null
        ? "(detached)"
        : neutralizeText(r.scope.branch)}, last seen ${r.last_seen_at}`
  );
  if (faults > 0) {
    lines.push(`${faults} invalid record(s), not shown: baton handoff repair --write`);
  }
  // A line without an HMAC (written where no key could be made) is shown, not failed.
  const failed = manifest.problems.filter((p) => p.kind !== "unauthenticated");
  const problems = failed.length + manifest.unrecorded.length;
  if (manifest.unreadable) lines.push("manifest: cannot be read");
  else if (problems > 0) {
    lines.push(
      `manifest: ${failed.length} line(s) fail verification, ${manifest.unrecorded.length} record(s) have no manifest line`,
    );
  } else if (manifest.lines > 0) lines.push(`manifest: ${manifest.lines} line(s) verified`);
  const ok = !manifest.unreadable && problems === 0;
  return {
    code: ok ? 0 : 1,
    text: records.length === 0 && lines.length === 0 ? "No denies." : lines.join("\n"),
    json: {
      denies: records,
      invalid: faults,
      manifest: {
        lines: manifest.lines,
        ok,
        problems: manifest.problems,
        unrecorded: manifest.unrecorded,
      },
    },
  };
}
