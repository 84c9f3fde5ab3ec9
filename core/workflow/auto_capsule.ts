/**
 * The automatic capsule a capture hook writes (pre-compact, session end,
 * stop): facts collected now, joined with the meaning of the latest capsule
 * carried forward and labelled as carried (`carried_from` names the capsule
 * that first held that meaning, so its age is the meaning's age). When
 * nothing changed since the latest capsule (same facts, carried meaning)
 * nothing is written; with `minIntervalMs` (the stop hook, which fires after
 * every turn) nothing is written either while the latest capsule is an
 * automatic one younger than that, signed by a key this machine trusts, so the chain does not grow by one capsule
 * per turn (load re-checks the facts against the tree anyway). A session
 * end is written even when its facts equal a `turn_end` capsule's, so the
 * end of every session is on record. A latest
 * capsule that cannot be read stops the hook rather than being replaced: a
 * hook never destroys what a person may want to repair. A repository that
 * cannot be read does not stop it: the capsule is written with the facts
 * marked unavailable (and why). With `budgetMs` the facts are collected
 * under a deadline and what was not checked in time is recorded as such.
 * On a latest.md that is not its signer's newest capsule (rolled back)
 * nothing is written, once a writer that was still moving latest.md (another
 * capture hook of the same host, running at the same time) has finished.
 * @module
 */
import { sanitizeCapsuleParts } from "../safety/secrets/sanitize_capsule.ts";
import { canonicalJson } from "../json/canonical.ts";
import { carryMeaning } from "../capsule/carry_meaning.ts";
import type { Capsule, SessionRecord } from "../capsule/types.ts";
import { emptyMeaning } from "../capsule/empty_meaning.ts";
import { collectFacts, unavailableFacts } from "../facts/collect.ts";
import type { Facts } from "../capsule/recorded_facts.ts";
import {
  listArchive,
  newerTrustedCapsule,
  readLatest,
  settledLatestId,
} from "../store/capsule_store.ts";
import { archiveName, type BatonLayout, batonRoot } from "../store/layout.ts";
import { readHeadRecord } from "../store/head_record.ts";
import { displacedHead } from "../chain/displaced_head.ts";
import { forkHead } from "./fork_head.ts";
import type { RepoLocation } from "../facts/types.ts";
import type { LockOptions } from "../store/lock.ts";
import { findBatonLayout } from "../store/find_layout.ts";
import { BatonDirLinkError } from "../store/check_baton_dir.ts";
import type { WorkflowContext } from "./context.ts";
import { finalizeMeaning, type SigningReport } from "./finalize.ts";
import { writtenElsewhere as placeCheck } from "../store/written_elsewhere.ts";
import { isRecentAutomatic } from "../hosts/capture_plan.ts";
import { SESSION_ID } from "../enforce/deny_record.ts";

/** Options of {@linkcode writeAutoCapsule}. */
export interface AutoCapsuleOptions {
  trigger: "pre_compact" | "session_end" | "turn_end";
  /** @default {null} */
  host?: string | null;
  /**
   * The session id the hook's payload names: stamped into the capsule this machine signs only
   * in a session id's shape (as finalize stamps BATON_SESSION), else null. @default {null}
   */
  session?: string | null;
  /** Skip when the latest capsule is automatic and younger than this. @default {0} */
  minIntervalMs?: number;
  /** Time for collecting facts, in ms from the call. @default {no limit} */
  budgetMs?: number;
  /** What the session's transcript recorded (built at the edge). @default {none} */
  sessionRecord?: SessionRecord;
}

/** What the hook did. */
export interface AutoCapsuleResult {
  /**
   * unchanged: same facts as the latest capsule; recent: an automatic one is
   * younger than the interval; not_a_repo: outside git with no capsule yet;
   * rolled_back: latest.md is not the newest capsule of its signer, and a
   * capsule written on top would end load's warning (and put the old
   * capsule's decisions back in force through the chain): a person decides.
   * Also (capsule_id null) when latest.md is missing and the archive holds
   * capsules but not the one this clone last made current.
   */
  status: "written" | "unchanged" | "recent" | "not_a_repo" | "rolled_back";
  /** The capsule written, or the latest one when unchanged. */
  capsule_id: string | null;
  /** The capsule whose meaning was carried, or null when there was none. */
  carried_from: string | null;
  /** Whether the capsule written was signed; absent when none was written. */
  signing?: SigningReport;
  /**
   * rolled_back because latest.md, which no trusted key signed, does not continue the newest
   * capsule this clone made current (core/chain/displaced_head.ts). @default {false}
   */
  displaced?: true;
  /**
   * With `displaced`: latest.md is a trusted teammate's capsule from another fork, and the
   * archive no longer holds this clone's newest to continue (./fork_head.ts). @default {false}
   */
  teammate?: true;
  /** A folder that stood at latest.md was renamed to this name within `.baton`. */
  set_aside?: string;
  /**
   * The capsule latest.md held, a trusted teammate's from another fork that leaves out this
   * clone's newest: kept in the archive while the capsule written continues this clone's newest
   * (./fork_head.ts).
   */
  fork_kept?: string;
}

/** The part of a session section that says what happened (not how much was read). */
function sessionKey(s: SessionRecord): unknown {
  const { read: _read, ...rest } = s;
  return rest;
}

function factsKey(facts: Facts): string {
  const { captured_at: _at, ...rest } = facts;
  return canonicalJson(rest);
}

/**
 * Writes the automatic capsule for the repository containing `ctx.cwd`.
 * @throws {CapsuleInvalidError} when the latest capsule cannot be read.
 * @throws {LockBusyError} {StorageError}
 */
export function writeAutoCapsule(
  ctx: WorkflowContext,
  options: AutoCapsuleOptions,
): Promise<AutoCapsuleResult> {
  return writeOnce(ctx, options, true);
}

/**
 * True when this clone's head record for `branch` (checked out now, as git names it) names
 * a capsule the archive no longer holds while the archive holds others.
 */
async function headGone(
  ctx: WorkflowContext,
  layout: BatonLayout,
  branch: string | null,
): Promise<boolean> {
  if (branch === null) return false;
  const head = await readHeadRecord(ctx.fs, layout, branch);
  if (head === null) return false;
  const names: string[] = await listArchive(ctx.fs, layout).catch(() => []);
  return names.length > 0 && !names.includes(archiveName(head.created_at, head.id));
}

/** The lock options of a capture hook's one wait for a writer to finish. */
function captureLock(ctx: WorkflowContext, waitMs: number | undefined): LockOptions {
  return {
    token: ctx.randomToken(),
    pid: ctx.pid,
    host: ctx.host,
    started: ctx.processStarted ?? null,
    ...(ctx.processAlive === undefined ? {} : { processAlive: ctx.processAlive }),
    now: () => ctx.now().getTime(),
    sleep: ctx.sleep,
    ...(waitMs === undefined ? {} : { waitMs }),
  };
}

async function writeOnce(
  ctx: WorkflowContext,
  options: AutoCapsuleOptions,
  mayRetry: boolean,
): Promise<AutoCapsuleResult> {
  const startMs = ctx.now().getTime();
  const found = await findBatonLayout(ctx.fs, ctx.cwd, ctx);
  const trusted = ctx.keys === undefined ? new Map() : (await ctx.keys.trustedKeys()).keys;
  // A link where latest.md belongs (a commit can carry one) is never read, and the capsule
  // written now replaces it: nothing is carried forward from it.
  // So is a folder there (a commit can carry `.baton/latest.md/x`): the store sets it aside.
  const read = await readLatest(ctx.fs, found.layout, { trustedKeys: trusted }).catch(async (e) => {
    if (e instanceof BatonDirLinkError) return null;
    if ((await ctx.fs.lstat(found.layout.latest))?.isDirectory === true) return null;
    throw e;
  });
  const latest: Capsule | null = read?.capsule ?? null;
  if (found.repo === null && latest === null && found.repoProblem === undefined) {
    return { status: "not_a_repo", capsule_id: null, carried_from: null };
  }
  // Where a capsule's meaning came from, and that the facts are as it recorded them, are its
  // writer's word: the capsule this machine signs on top repeats neither from a capsule no key
  // it trusts signed (its meaning is not carried, and a stranger can name this machine's capsule
  // with any date as its own source), and such a capsule recording the facts as they are now is
  // no reason to leave it the one the next session is briefed from.
  const latestTrusted = read !== null && read.authorship.status === "trusted";
  const carriedFrom = latest === null || !latestTrusted
    ? null
    : latest.carried_from ?? { id: latest.id, created_at: latest.created_at };
  // The hook's light path's rule (a capsule dated in the future is never recent); only a
  // capsule a key this machine trusts signed holds a capture back: a stranger's committed one,
  // dated now and marked automatic, would otherwise silence this user's captures.
  if (
    latest !== null && latestTrusted && isRecentAutomatic(
      { createdAt: latest.created_at, trigger: latest.trigger },
      ctx.now().getTime(),
      options.minIntervalMs ?? 0,
    )
  ) {
    return { status: "recent", capsule_id: latest.id, carried_from: carriedFrom?.id ?? null };
  }
  const facts = found.repoProblem !== undefined
    ? unavailableFacts(ctx.now().toISOString(), [
      { part: "repository", reason: found.repoProblem },
    ])
    : await collectFacts(ctx.fs, ctx.cwd, {
      repo: found.repo,
      now: ctx.now,
      homeDir: ctx.homeDir,
      xdgConfigHome: ctx.xdgConfigHome,
      gitEnvironment: ctx.gitEnvironment ?? {},
      cacheFs: ctx.fs,
      ...(ctx.maxHashBytes === undefined ? {} : { maxHashBytes: ctx.maxHashBytes }),
      ...(options.budgetMs === undefined ? {} : {
        deadlineMs: startMs + options.budgetMs,
        publishBudgetMs: Math.min(400, Math.floor(options.budgetMs / 4)),
      }),
    });
  // The stored facts were redacted: compare like with like, or a secret in a
  // branch name would make every hook write a capsule.
  const comparable = sanitizeCapsuleParts({ facts }).parts.facts;
  // A transcript that moved on (new commands, a new request) is news even when the tree is not.
  const sessionChanged = options.sessionRecord !== undefined &&
    canonicalJson(sessionKey(sanitizeCapsuleParts({ s: options.sessionRecord }).parts.s)) !==
      canonicalJson(latest?.session === undefined ? null : sessionKey(latest.session));
  // A session's end is recorded even when a turn hook just saved the same facts.
  const endAfterTurn = options.trigger === "session_end" && latest?.trigger === "turn_end";
  if (
    latest !== null && latestTrusted && !endAfterTurn && !sessionChanged &&
    factsKey(latest.facts) === factsKey(comparable)
  ) {
    return { status: "unchanged", capsule_id: latest.id, carried_from: carriedFrom?.id ?? null };
  }
  // A capsule signed here is trusted wherever it is found, but it was written for one
  // repository: served in another (a committed latest.md, a copied archive, a re-served shared
  // ref), load warns that its commit is not here, and carrying its meaning into a capsule with
  // this repository's facts would end that warning. Only a definite absence counts: a damaged
  // object store keeps carrying.
  // One object reader for this check and the archive walk below.
  const absent = placeCheck(ctx.fs, found.repo);
  const foreign = latest !== null && found.repo !== null && await absent(latest.facts);
  // A latest.md rolled back to an older capsule of its signer (load warns): a capsule on top
  // would become the newest and end the warning, carrying the old plan and, through its
  // previous link, the old capsule's decisions: nothing is written. A few of the newest
  // archive files are always read; past them, the reads stop at a quarter of the budget.
  const signer = read?.authorship.status === "trusted" ? read.authorship.fingerprint : null;
  // latest.md gone while the archive holds capsules but not the one this clone last made
  // current (head_record.ts): a commit that deleted both, or a rollback with latest.md removed.
  // A capsule now would roll forward to the newest one left and continue the chain from it,
  // dropping the newest one silently: nothing is written. A whole .baton removed (no archive
  // left) starts afresh as before.
  // The head record is keyed by the branch as git names it (facts.branch, before redaction).
  if (latest === null && await headGone(ctx, found.layout, facts.branch)) {
    return { status: "rolled_back", capsule_id: null, carried_from: null };
  }
  const newer = latest === null || signer === null || foreign
    ? null
    : (await newerTrustedCapsule(ctx.fs, found.layout, latest, signer, trusted, undefined, {
      minReads: 4,
      writtenElsewhere: absent,
      // The record of the branch checked out now, as load reads it (none when detached).
      head: facts.branch === null ? null : await readHeadRecord(ctx.fs, found.layout, facts.branch),
      expired: () =>
        options.budgetMs !== undefined &&
        ctx.now().getTime() >= startMs + Math.floor(options.budgetMs / 4),
    })).capsule;
  if (newer !== null) {
    // Another capture hook of the same host may have archived its capsule and not yet moved
    // latest.md when this one read it: once no writer holds the lock, a latest.md that moved
    // meanwhile is read again from the start (once), with what is left of the budget.
    const remaining = options.budgetMs === undefined
      ? undefined
      : Math.max(0, startMs + options.budgetMs - ctx.now().getTime());
    const settled = mayRetry
      ? await settledLatestId(ctx.fs, found.layout, captureLock(ctx, remaining))
      : null;
    if (settled !== null && settled !== latest!.id) {
      return await writeOnce(ctx, {
        ...options,
        ...(remaining === undefined ? {} : { budgetMs: remaining }),
      }, false);
    }
    return { status: "rolled_back", capsule_id: latest!.id, carried_from: null };
  }
  // A latest.md no trusted key signed that leaves out the newest capsule this clone made current
  // on this branch (a stranger's capsule on top of an older one of this user's): a capsule on
  // top would make that chain this clone's head and drop the newest for good, silently.
  if (latest !== null && !latestTrusted && facts.branch !== null) {
    const head = await readHeadRecord(ctx.fs, found.layout, facts.branch);
    const dropped = await displacedHead(ctx.fs, found.layout, latest, head, trusted);
    if (dropped !== null) {
      return { status: "rolled_back", capsule_id: latest.id, carried_from: null, displaced: true };
    }
  }
  // A trusted teammate's capsule from another fork, leaving out this clone's newest: the capsule
  // continues this clone's newest (the store asks the same under its lock) and carries its
  // meaning; the teammate's stays in the archive, and the hook says so (./fork_head.ts).
  const fork = latest !== null && latestTrusted && facts.branch !== null
    ? await forkHead(
      ctx.fs,
      found.layout,
      latest,
      await readHeadRecord(ctx.fs, found.layout, facts.branch),
      trusted,
    )
    : null;
  // That newest gone from the archive too (a commit deleted it): a capsule on top would drop it
  // for good, so nothing is written, as on a stranger's capsule.
  if (fork?.kind === "lost") {
    return {
      status: "rolled_back",
      capsule_id: latest!.id,
      carried_from: null,
      displaced: true,
      teammate: true,
    };
  }
  const own = fork?.kind === "continue" ? fork.capsule : null;
  if (own !== null) {
    const ownForeign = found.repo !== null && await absent(own.facts);
    return await writeFrom(ctx, options, found, facts, {
      source: own,
      trustedSource: true,
      foreign: ownForeign,
      carriedFrom: ownForeign
        ? null
        : own.carried_from ?? { id: own.id, created_at: own.created_at },
    });
  }
  return await writeFrom(ctx, options, found, facts, {
    source: latest,
    trustedSource: read === null || read.authorship.status === "trusted",
    foreign,
    carriedFrom: foreign ? null : carriedFrom,
  });
}

/** What a capsule written now carries, and from which capsule. */
interface CarrySource {
  source: Capsule | null;
  /** False when `source` is a capsule no trusted key signed. */
  trustedSource: boolean;
  /** `source` was written in another repository. */
  foreign: boolean;
  carriedFrom: { id: string; created_at: string } | null;
}

/** Writes the capsule carrying `from`'s meaning. */
async function writeFrom(
  ctx: WorkflowContext,
  options: AutoCapsuleOptions,
  found: { layout: BatonLayout; repo: RepoLocation | null },
  facts: Facts,
  from: CarrySource,
): Promise<AutoCapsuleResult> {
  const latest = from.source;
  const foreign = from.foreign;
  const carriedFrom = from.carriedFrom;
  const carried = carryMeaning(latest?.meaning ?? emptyMeaning(), {
    untrustedSource: !from.trustedSource,
    foreignSource: foreign,
    ...(latest === null ? {} : { sourceId: latest.id }),
  });
  const result = await finalizeMeaning(
    { ...ctx, cwd: found.repo?.workTree ?? batonRoot(found.layout.dir) },
    carried,
    {
      trigger: options.trigger,
      host: options.host ?? null,
      session: sessionOrNull(options.session),
      facts,
      carriedFrom,
      continueOwnHead: true,
      ...(options.sessionRecord === undefined ? {} : { sessionRecord: options.sessionRecord }),
    },
  );
  // The store decides under its lock: what it kept aside is what is said.
  const kept = result.forkKept;
  return {
    status: "written",
    capsule_id: result.capsule.id,
    carried_from: carriedFrom?.id ?? null,
    signing: result.signing,
    ...(result.setAside === null ? {} : { set_aside: result.setAside }),
    ...(kept === null ? {} : { fork_kept: kept }),
  };
}

/** A payload's session id, only in a session id's shape (a host's word, or whoever ran the hook). */
function sessionOrNull(session: string | null | undefined): string | null {
  return session !== undefined && session !== null && SESSION_ID.test(session) ? session : null;
}
