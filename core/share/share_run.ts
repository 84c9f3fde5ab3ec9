/**
 * The use cases of `baton push`, `baton pull` and `baton revive`: the
 * capsule archive mirrored on `refs/baton/<branch>` (see share_plan.ts),
 * moved with the user's git, merged by capsule file name. The git objects,
 * the transport, the keys and the terminal-safe line are handed in
 * (chain_git.ts); which capsule may become current is choose_current.ts.
 * @module
 */
import { findBatonLayout, type FoundLayout } from "../store/find_layout.ts";
import {
  decodeCapsule,
  listArchive,
  MAX_CAPSULE_FILE_BYTES,
  readBytesOrNull,
  readTextOrNull,
} from "../store/capsule_store.ts";
import { realBatonDir } from "../store/check_baton_dir.ts";
import { ensureBatonIgnore } from "../store/baton_ignore.ts";
import { archiveName, asideLatestName } from "../store/layout.ts";
import { readHead } from "../facts/git/read_head.ts";
import { assertGitReadsHead } from "../facts/git/head_refusal.ts";
import { readHeadRecord } from "../store/head_record.ts";
import { extractCapsuleJson, parseCapsule } from "../capsule/parse.ts";
import { shortId } from "../capsule/capsule_id.ts";
import {
  type ChainLink,
  findForks,
  type Fork,
  pushOutcome,
  remoteShareRef,
  shareRef,
} from "./share_plan.ts";
import { NotFoundError, UnavailableError, UsageError } from "../errors.ts";
import type { ChainGit, ChainTip, GitResult, ShareEnv } from "./chain_git.ts";
import { sha256Hex } from "../hash.ts";
import { vetOwnTip } from "./own_tip.ts";
import { chooseCurrent, type CurrentCandidate, type CurrentChoice } from "./choose_current.ts";
import { checkAgainstHead } from "./head_check.ts";
import type { Authorship } from "../trust/authorship_line.ts";
import type { RepoLocation } from "../facts/types.ts";
import { writtenElsewhere as placeCheck } from "../store/written_elsewhere.ts";
import {
  type Candidate,
  DEFAULT_PULL_LIMITS,
  limitText,
  listingBound,
  type OverLimit,
  overLimit,
  type PullLimits,
  type RefusalKind,
  refuse,
  type RefusedBy,
  refusedTotal,
  vetListing,
  type Vetted,
} from "./vet_chain.ts";
/** Where sharing happens. */
export interface ShareContext {
  found: FoundLayout;
  repo: RepoLocation;
  branch: string;
  ref: string;
  gitdir: string;
  git: ChainGit;
  safeLine: (text: string) => string;
}

/** Locates the repository, branch and shared ref. */
export async function shareContext(io: ShareEnv, branchFlag?: string): Promise<ShareContext> {
  const found = await findBatonLayout(io.fs, io.cwd, io);
  if (found.repo === null) {
    throw new NotFoundError("Cannot share: this directory is not inside a git repository");
  }
  // Where git would not read HEAD (a config file it reads is malformed or refused, its format
  // check stops), git fetches and pushes nothing: no chain is read or written either.
  await assertGitReadsHead(io.fs, found.repo, {
    homeDir: io.homeDir ?? null,
    xdgConfigHome: io.xdgConfigHome ?? null,
    gitEnvironment: io.gitEnvironment ?? {},
  });
  let branch = branchFlag;
  if (branch === undefined) {
    const head = await readHead(io.fs, found.repo);
    if (head.branch === null || head.detached) {
      throw new UsageError("Cannot share: HEAD is detached; name the branch with --branch");
    }
    branch = head.branch.replace(/^refs\/heads\//, "");
  }
  const ref = shareRef(branch);
  if (ref === null) {
    throw new UsageError("Cannot share: the branch name cannot be used for a baton ref");
  }
  return {
    found,
    repo: found.repo,
    branch,
    ref,
    gitdir: found.repo.commonDir,
    git: io.git,
    safeLine: io.safeLine,
  };
}

/**
 * True when `bytes` hold a capsule (it parses and its id matches its content) whose archive
 * name is `name`. Integrity only: trust is decided on every read.
 */
async function isArchivedCapsule(bytes: Uint8Array, name: string): Promise<boolean> {
  try {
    const { capsule } = await parseCapsule(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return archiveName(capsule.created_at, capsule.id) === name;
  } catch {
    return false;
  }
}

/**
 * Puts every archived capsule the ref lacks into a new commit on the ref. Only valid capsules
 * under their own names: a file in `.baton/capsules` may have come with a commit, and pushing
 * it would publish it on this clone's remote as part of the chain (every puller refuses it).
 * The tip itself is re-checked first (./own_tip.ts): what it holds that is not a capsule
 * baton would write is left out by the new commit.
 */
async function recordLocal(io: ShareEnv, c: ShareContext): Promise<ChainTip & { added: number }> {
  const tip = await c.git.readChain(c.gitdir, c.ref);
  const names = await listArchive(io.fs, c.found.layout);
  const vetted = await vetOwnTip(
    io.fs,
    c.found.layout.capsules,
    new Set(names),
    tip,
  );
  const entries = vetted.kept;
  let added = 0;
  for (const name of names.filter((n) => !entries.has(n))) {
    // Never through a link, bounded, as the store reads it (the listing saw a regular file;
    // what is there now is read).
    const bytes = await readBytesOrNull(io.fs, `${c.found.layout.capsules}/${name}`)
      .catch(() => null);
    if (bytes === null || !(await isArchivedCapsule(bytes, name))) continue;
    entries.set(name, await c.git.writeChainBlob(c.gitdir, bytes));
    added++;
  }
  if (added === 0 && vetted.dropped === 0) return { ...tip, added: 0 };
  const oid = await c.git.writeChainCommit(
    c.gitdir,
    entries,
    tip.oid === null ? [] : [tip.oid],
    `baton: ${added} capsule(s) recorded` +
      (vetted.dropped > 0 ? `, ${vetted.dropped} entries that are not capsules left out` : "") +
      "\n",
    io.now(),
  );
  await c.git.setChainRef(c.gitdir, c.ref, oid, tip.oid);
  return { oid, entries, added };
}

/** Result of importing vetted capsules into the archive. */
interface Imported {
  /** Capsules written into the archive (valid ones already there are not counted). */
  imported: number;
  /** Every candidate that is a valid capsule under its own name: blob ids by name. */
  valid: Map<string, string>;
  /** Candidates that are not capsules (added to the vetting's refusals). */
  refused: RefusedBy;
}

/** Reads each vetted candidate (sizes already within the bound) and archives the valid ones. */
async function importCapsules(
  io: ShareEnv,
  c: ShareContext,
  candidates: readonly Candidate[],
): Promise<Imported> {
  const out: Imported = { imported: 0, valid: new Map(), refused: {} };
  if (candidates.length === 0) return out;
  await io.fs.mkdirp(c.found.layout.capsules);
  const within = await realBatonDir(io.fs, c.found.layout);
  await ensureBatonIgnore(io.fs, c.found.layout, within);
  for (const { name, oid } of candidates) {
    const bytes = await c.git.readChainBlob(c.gitdir, oid, MAX_CAPSULE_FILE_BYTES);
    if (bytes === null || !(await isArchivedCapsule(bytes, name))) {
      refuse(out.refused, bytes === null ? "too_large" : "not_capsule");
      continue;
    }
    const path = `${c.found.layout.capsules}/${name}`;
    const there = await io.fs.lstat(path);
    if (there !== null) {
      // A file of this name is kept as it is. The chain names the capsule only when that
      // file holds its very bytes: otherwise the chain would list a capsule the archive
      // lacks (the file is not a capsule, or recordLocal would have put it on the chain).
      // A symbolic link there (a commit can carry one) is never read: the store counts it
      // as no capsule, so it is a conflict whatever it points at.
      const held = await readBytesOrNull(io.fs, path).catch(() => null);
      if (held !== null && sameBytes(held, bytes)) out.valid.set(name, oid);
      else refuse(out.refused, "conflict");
      continue;
    }
    await io.fs.writeFileAtomic(path, bytes, { within, tempInWithin: true });
    out.valid.set(name, oid);
    out.imported++;
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A remote chain commit vetted against this clone's chain, within the pull's limits. */
interface VettedRemote {
  vetted: Vetted;
  /** Non-null: over the limits; nothing may be read. */
  over: OverLimit | null;
}

async function vetRemote(
  c: ShareContext,
  local: ChainTip,
  oid: string,
  limits: PullLimits,
): Promise<VettedRemote> {
  const listing = await c.git.listChain(
    c.gitdir,
    oid,
    listingBound(local.entries.size, limits),
  );
  const vetted = vetListing(listing, local.entries, MAX_CAPSULE_FILE_BYTES);
  if (listing.kind === "too_many") {
    return {
      vetted,
      over: {
        capsules: listing.listed,
        bytes: null,
        max_capsules: limits.maxCapsules,
        max_bytes: limits.maxBytes,
      },
    };
  }
  return { vetted, over: overLimit(vetted.candidates, limits) };
}

/**
 * An archive file's text, read as a regular file within the capsule bound;
 * null for anything else (a file a commit brought may be gigabytes of zeros
 * that git stores in a few KiB).
 */
async function readArchived(io: ShareEnv, dir: string, name: string): Promise<string | null> {
  // As the store reads a capsule: never through a link (a commit can put one at an archive
  // name, pointing anywhere), bounded; one it refuses counts as absent.
  return await readTextOrNull(io.fs, `${dir}/${name}`).catch(() => null);
}

/** True for a string of a capsule id's shape (`sha256:` and 64 hex digits). */
function isCapsuleId(value: unknown): value is string {
  return typeof value === "string" && /^sha256:[0-9a-f]{64}$/.test(value);
}

/** The forks among the archived capsules (read as JSON only: links, not trust). */
async function archiveForks(io: ShareEnv, c: ShareContext): Promise<Fork[]> {
  const links: ChainLink[] = [];
  for (const name of await listArchive(io.fs, c.found.layout)) {
    try {
      const text = await readArchived(io, c.found.layout.capsules, name);
      if (text === null) continue;
      const j = JSON.parse(extractCapsuleJson(text)) as { id?: unknown; previous?: unknown };
      // Any file in the archive may have come with a commit: only ids of a capsule id's shape
      // are links (the fork line prints them, and a forged id held terminal controls).
      if (!isCapsuleId(j.id)) continue;
      if (j.previous !== null && j.previous !== undefined && !isCapsuleId(j.previous)) continue;
      links.push({ id: j.id, previous: isCapsuleId(j.previous) ? j.previous : null });
    } catch {
      continue;
    }
  }
  return findForks(links);
}

async function transportOrThrow(git: ChainGit): Promise<void> {
  const t = await git.findTransport();
  if (t.kind === "none") {
    throw new UnavailableError(
      `Cannot share: ${t.detail}; baton push and pull use the git program (the HTTP transport is not built in yet)`,
    );
  }
}

async function defaultRemote(c: ShareContext): Promise<string> {
  const r = await c.git.runGit(c.repo.workTree, ["config", "--get", `branch.${c.branch}.remote`]);
  const name = r.stdout.trim();
  // The clone's config is untrusted: a name that git would read as an option
  // (--upload-pack=CMD runs CMD) is never handed to git fetch or push.
  return r.code === 0 && name !== "" && name !== "." && !name.startsWith("-") ? name : "origin";
}

/**
 * Refuses a remote named like a remote (not a URL or path) that this
 * repository does not have, naming it, instead of passing git's own
 * failure through: `what` is "push" or "pull".
 */
async function ensureRemote(c: ShareContext, remote: string, what: string): Promise<void> {
  if (!/^[A-Za-z0-9._-]+$/.test(remote) || remote.startsWith(".")) return;
  const r = await c.git.runGit(c.repo.workTree, ["config", "--get", `remote.${remote}.url`]);
  if (r.code === 0 && r.stdout.trim() !== "") return;
  throw new UnavailableError(
    `Cannot ${what}: this repository has no remote named "${remote}" (add one with git remote add ${remote} URL, or name another: baton ${what} REMOTE)`,
  );
}

async function remoteKey(remote: string): Promise<string> {
  return /^[A-Za-z0-9._-]+$/.test(remote) && !remote.startsWith(".")
    ? remote
    : `url-${(await sha256Hex(remote)).slice(0, 12)}`;
}

function gitFailure(c: ShareContext, what: string, r: GitResult): UnavailableError {
  const detail = r.stderr.trim().split("\n").filter((l) => l !== "").slice(-1)[0] ?? "";
  return new UnavailableError(
    `Cannot ${what}: git exited with ${r.code}` + (detail === "" ? "" : `: ${c.safeLine(detail)}`),
  );
}

/**
 * The object id the remote's tracking ref names before a fetch moves it (what the last push or
 * pull from that remote fetched); null when there is none (this clone never fetched it).
 */
async function trackedBefore(c: ShareContext, remote: string): Promise<string | null> {
  const tracking = remoteShareRef(await remoteKey(remote), c.branch)!;
  const r = await c.git.runGit(c.repo.workTree, ["rev-parse", "--verify", "--quiet", tracking]);
  const text = r.stdout.trim();
  return r.code === 0 && /^[0-9a-f]{40,64}$/.test(text) ? text : null;
}

/** Points the remote's tracking ref back at `before` (removes it when there was none). */
async function restoreTracking(c: ShareContext, remote: string, before: string | null) {
  const tracking = remoteShareRef(await remoteKey(remote), c.branch)!;
  await c.git.runGit(
    c.repo.workTree,
    before === null ? ["update-ref", "-d", tracking] : ["update-ref", tracking, before],
  );
}

/**
 * What a pull can tell of the remote's chain against what this clone fetched from it before:
 * a remote that serves an older chain (its newest capsules left out) is no error, and the
 * capsules it leaves out cannot be named, but a chain that no longer continues the one fetched
 * before is said, and so is a first pull, where nothing can be compared.
 */
async function remoteHistory(
  c: ShareContext,
  before: string | null,
  now: string | null,
): Promise<PullHistory | null> {
  if (now === null) return null;
  if (before === null) return "first_pull";
  if (before === now) return "unchanged";
  if (await c.git.isAncestor(c.gitdir, before, now)) return "continues";
  // The commit fetched before may be gone (a forced fetch left it unreachable, and git pruned
  // it): then nothing can be compared, and no rewind is claimed.
  const kept = await c.git.runGit(c.repo.workTree, ["cat-file", "-e", `${before}^{commit}`]);
  return kept.code === 0 ? "rewound" : "unknown";
}

/**
 * Fetches the remote's chain into its tracking ref: the object id it names
 * (a stranger's: vetted before use), or null when the remote has none.
 */
async function fetchRemote(c: ShareContext, remote: string): Promise<string | null> {
  const tracking = remoteShareRef(await remoteKey(remote), c.branch)!;
  const r = await c.git.runGit(c.repo.workTree, [
    "fetch",
    "--quiet",
    "--no-tags",
    "--no-write-fetch-head",
    remote,
    `+${c.ref}:${tracking}`,
  ]);
  if (r.code !== 0) {
    if (/couldn't find remote ref/i.test(r.stderr)) return null;
    throw gitFailure(c, "fetch the shared chain", r);
  }
  const oid = await c.git.runGit(c.repo.workTree, ["rev-parse", "--verify", "--quiet", tracking]);
  const text = oid.stdout.trim();
  if (oid.code !== 0 || !/^[0-9a-f]{40,64}$/.test(text)) {
    throw gitFailure(c, "read the fetched shared chain", oid);
  }
  return text;
}

/** What a merge of the remote chain into the local one did. */
export interface MergeReport {
  /** Capsules the remote had that this clone lacked, now in the archive. */
  imported: number;
  /** Remote entries not taken, in all. */
  refused: number;
  /** The same by kind (core/share/vet_chain.ts RefusalKind); kinds with none absent. */
  refused_by: RefusedBy;
  /**
   * How the local ref moved: unchanged; fast_forward (onto the remote's own
   * commit, whose tree holds only valid capsules and everything this clone's
   * chain holds); merge (a new commit holding this clone's capsules and the
   * remote's valid ones only, its parents the remote's tip and this clone's
   * when that is not already in the remote's history).
   */
  ref_update: "unchanged" | "fast_forward" | "merge";
  /** Non-null: the remote offered more than a pull reads; nothing was read or moved. */
  over_limit: OverLimit | null;
}

async function mergeRemote(
  io: ShareEnv,
  c: ShareContext,
  local: ChainTip,
  remoteOid: string,
  limits: PullLimits,
): Promise<{ tip: ChainTip; report: MergeReport }> {
  const { vetted, over } = await vetRemote(c, local, remoteOid, limits);
  const report = (imported: number, refused: RefusedBy, update: MergeReport["ref_update"]) => ({
    imported,
    refused: refusedTotal(refused),
    refused_by: refused,
    ref_update: update,
    over_limit: over,
  });
  if (over !== null) return { tip: local, report: report(0, {}, "unchanged") };
  const withImported = (imp: Imported): RefusedBy => {
    const refused = { ...vetted.refused };
    for (const [kind, n] of Object.entries(imp.refused)) refuse(refused, kind as RefusalKind, n);
    return refused;
  };
  const behind = local.oid === null || await c.git.isAncestor(c.gitdir, local.oid, remoteOid);
  if (
    remoteOid === local.oid || vetted.refused.not_a_chain !== undefined ||
    (!behind && await c.git.isAncestor(c.gitdir, remoteOid, local.oid!))
  ) {
    // The ref stays: the capsules are only copied.
    const imp = await importCapsules(io, c, vetted.candidates);
    return { tip: local, report: report(imp.imported, withImported(imp), "unchanged") };
  }
  // The ref moves: its lock is taken and the ref checked first, and the capsules are copied
  // under it, so a pull refused on the ref (locked, moved, a conflicting name) copies nothing.
  let done: { tip: ChainTip; report: MergeReport } | null = null;
  await c.git.setChainRef(c.gitdir, c.ref, async () => {
    const imp = await importCapsules(io, c, vetted.candidates);
    const refused = withImported(imp);
    const entries = new Map([...local.entries, ...imp.valid]);
    // The remote's own commit becomes the tip only when its tree holds valid capsules only and
    // everything this clone's chain holds: otherwise the next push would carry a stranger's
    // junk on to everyone, or drop capsules from the chain.
    if (behind && refusedTotal(refused) === 0 && vetted.shared === local.entries.size) {
      done = {
        tip: { oid: remoteOid, entries },
        report: report(imp.imported, refused, "fast_forward"),
      };
      return remoteOid;
    }
    const parents = behind ? [remoteOid] : [local.oid!, remoteOid];
    const oid = await c.git.writeChainCommit(
      c.gitdir,
      entries,
      parents,
      `baton: merge ${imp.valid.size} capsule(s) from the remote chain` +
        (refusedTotal(refused) > 0 ? `, ${refusedTotal(refused)} entries refused` : "") + "\n",
      io.now(),
    );
    done = { tip: { oid, entries }, report: report(imp.imported, refused, "merge") };
    return oid;
  }, local.oid);
  return done!;
}

/**
 * The remote's chain against the one this clone last fetched from it: first_pull (nothing
 * fetched before: nothing to compare, so a remote that leaves out its newest capsules cannot be
 * told); unchanged; continues (the chain fetched before is in its history); rewound (it is not:
 * rolled back or replaced; what was pulled then stays in this clone); unknown (the commit
 * fetched before is no longer in this clone's objects).
 */
export type PullHistory = "first_pull" | "unchanged" | "continues" | "rewound" | "unknown";

/** What push and pull report. */
export interface ShareReport {
  remote: string;
  ref: string;
  transport: "git";
  /** Capsules on the ref after the operation. */
  capsules: number;
  /** Archived capsules newly recorded on the ref. */
  recorded: number;
  merged: MergeReport | null;
  /** push only: pushed, up_to_date. */
  pushed: "pushed" | "up_to_date" | null;
  /** pull only: what became of a missing latest.md. */
  current?: PullCurrent;
  /**
   * pull: the remote's chain against what this clone fetched from it before; null: none. push:
   * present only as rewound, when a push turned away fetched a chain that no longer continues it.
   */
  history?: PullHistory | null;
  attempts: number;
  forks: { previous: string | null; children: string[] }[];
}

function forkJson(forks: Fork[]): ShareReport["forks"] {
  return forks.map((f) => ({ previous: f.previous, children: f.children }));
}

/** What push and pull start from: a transport, the context, and a remote that exists. */
async function openShare(
  io: ShareEnv,
  remoteArg: string | undefined,
  branch: string | undefined,
  what: "push" | "pull",
): Promise<{ c: ShareContext; remote: string }> {
  await transportOrThrow(io.git);
  const c = await shareContext(io, branch);
  const remote = remoteArg ?? await defaultRemote(c);
  await ensureRemote(c, remote, what);
  return { c, remote };
}

/** `baton push`. */
export async function pushChain(
  io: ShareEnv,
  remoteArg: string | undefined,
  branch?: string,
): Promise<ShareReport> {
  const { c, remote } = await openShare(io, remoteArg, branch, "push");
  let local: ChainTip = await recordLocal(io, c);
  const recorded = (local as ChainTip & { added: number }).added;
  let merged = null as MergeReport | null;
  // What this clone fetched from the remote before, and whether a fetch here found it rewound.
  let fetched = await trackedBefore(c, remote);
  let rewound = false;
  for (let attempt = 1; attempt <= 4; attempt++) {
    const r = await c.git.runGit(c.repo.workTree, [
      "push",
      "--porcelain",
      remote,
      `${c.ref}:${c.ref}`,
    ]);
    const outcome = pushOutcome(r.stdout, c.ref);
    if (outcome === "pushed" || outcome === "up_to_date") {
      return {
        remote,
        ref: c.ref,
        transport: "git",
        capsules: local.entries.size,
        recorded,
        merged,
        pushed: outcome,
        attempts: attempt,
        forks: forkJson(merged === null ? [] : await archiveForks(io, c)),
        ...(rewound ? { history: "rewound" as const } : {}),
      };
    }
    if (outcome === "failed") throw gitFailure(c, "push the shared chain", r);
    // Rejected: someone else pushed first. Fetch, merge by name, record, retry.
    const theirs = await fetchRemote(c, remote);
    if (theirs === null) throw gitFailure(c, "push the shared chain", r);
    if (await remoteHistory(c, fetched, theirs) === "rewound") rewound = true;
    let m: Awaited<ReturnType<typeof mergeRemote>>;
    try {
      m = await mergeRemote(io, c, local, theirs, DEFAULT_PULL_LIMITS);
    } catch (e) {
      await restoreTracking(c, remote, fetched);
      throw e;
    }
    if (m.report.over_limit !== null) {
      // Nothing was read: the next pull compares with what was fetched before (and says a rewind).
      await restoreTracking(c, remote, fetched);
      throw new UnavailableError(
        `Cannot push the shared chain: the remote's chain offers more than a pull reads (${
          limitText(m.report.over_limit)
        }); run baton pull with higher --max-capsules or --max-bytes first`,
      );
    }
    if (m.report.refused_by.not_a_chain !== undefined) {
      throw new UnavailableError(
        `Cannot push the shared chain: the remote's ${c.ref} names no commit (not a baton chain); nothing was pushed`,
      );
    }
    const refused_by: RefusedBy = { ...(merged?.refused_by ?? {}) };
    for (const [k, n] of Object.entries(m.report.refused_by)) {
      refuse(refused_by, k as RefusalKind, n);
    }
    merged = {
      imported: (merged?.imported ?? 0) + m.report.imported,
      refused: refusedTotal(refused_by),
      refused_by,
      ref_update: m.report.ref_update,
      over_limit: null,
    };
    local = m.tip;
    fetched = theirs;
  }
  throw new UnavailableError(
    "Cannot push the shared chain: the remote kept moving (4 attempts); run baton push again",
  );
}

/** `baton pull`. */
export async function pullChain(
  io: ShareEnv,
  remoteArg: string | undefined,
  branch?: string,
  limits: PullLimits = DEFAULT_PULL_LIMITS,
): Promise<ShareReport> {
  const { c, remote } = await openShare(io, remoteArg, branch, "pull");
  const local = await recordLocal(io, c);
  const before = await trackedBefore(c, remote);
  const theirs = await fetchRemote(c, remote);
  const history = await remoteHistory(c, before, theirs);
  let m: Awaited<ReturnType<typeof mergeRemote>> | null;
  try {
    m = theirs === null ? null : await mergeRemote(io, c, local, theirs, limits);
  } catch (e) {
    // The fetch moved the tracking ref, but this pull ends before saying what it found: put the
    // ref back, so the next pull compares with what was fetched before and still says a rewind.
    await restoreTracking(c, remote, before);
    throw e;
  }
  // Over the limits nothing was read: the next pull (with higher limits) compares with what
  // was fetched before, as it would have without this one.
  if (m !== null && m.report.over_limit !== null) await restoreTracking(c, remote, before);
  return {
    remote,
    ref: c.ref,
    transport: "git",
    capsules: (m?.tip ?? local).entries.size,
    recorded: local.added,
    merged: m?.report ?? null,
    pushed: null,
    current: await pullCurrent(io, c.found),
    history,
    attempts: 1,
    forks: forkJson(await archiveForks(io, c)),
  };
}

/** What revive did. */
export interface ReviveReport {
  /** restored from the archive or the shared ref; present: latest.md was already there. */
  action: "present" | "archive" | "shared_ref" | "nothing";
  id: string | null;
  /** Capsules copied from the shared ref into the archive. */
  imported: number;
  /** Who signed the capsule made current; null when none was. */
  signer: Authorship["status"] | null;
  /** Capsules dated in the future (or undated), never made current. */
  future: number;
  /** Newer capsules not signed by a trusted key, passed over for a trusted one. */
  passed_over: number;
  /**
   * The capsule made current records a commit absent from this repository
   * (written for another one); only so when no capsule written here was there.
   */
  elsewhere: boolean;
  /** With --force: where an invalid latest.md was moved aside (relative to .baton), else null. */
  set_aside?: string | null;
  /**
   * The newest capsule this clone made current, which the capsule made current does not
   * continue and the archive no longer holds (load warns the same); absent otherwise.
   */
  leaves_out?: string;
  /**
   * A newer capsule, from another fork that leaves this clone's newest out, passed over for that
   * newest (kept in the archive); absent otherwise.
   */
  fork_passed_over?: string;
  /**
   * The shared ref offered more than a pull reads (its default limits): nothing was copied
   * from it (baton pull with higher limits copies it). Absent when the ref was not read.
   */
  over_limit?: OverLimit;
}

async function chooseFromArchive(io: ShareEnv, found: FoundLayout): Promise<CurrentChoice> {
  const trusted = (await io.keys.trustedKeys()).keys;
  const absent = placeCheck(io.fs, found.repo);
  const candidates: CurrentCandidate[] = [];
  for (const name of await listArchive(io.fs, found.layout)) {
    try {
      const text = await readArchived(io, found.layout.capsules, name);
      if (text === null) continue;
      const { capsule, authorship } = await parseCapsule(text, { trustedKeys: trusted });
      if (archiveName(capsule.created_at, capsule.id) !== name) continue;
      candidates.push({
        name,
        id: capsule.id,
        created_at: capsule.created_at,
        authorship,
        elsewhere: await absent(capsule.facts),
        previous: capsule.previous,
      });
    } catch {
      continue;
    }
  }
  return chooseCurrent(candidates, io.now().getTime());
}

/**
 * Makes the chosen capsule current when latest.md is still missing; false
 * when another process wrote latest.md meanwhile.
 */
async function makeCurrent(io: ShareEnv, found: FoundLayout, name: string): Promise<boolean> {
  // Read as it was chosen: never through a link, bounded (a file swapped meanwhile is refused).
  const bytes = await readBytesOrNull(io.fs, `${found.layout.capsules}/${name}`);
  if (bytes === null) {
    throw new NotFoundError("Cannot make the capsule current: its archive file is gone");
  }
  // Its very bytes: decoding and encoding again drops a byte-order mark (TextDecoder's
  // default), and latest.md would no longer be the archived file.
  decodeCapsule(bytes);
  const within = await realBatonDir(io.fs, found.layout);
  // Never overwrite a latest.md another process wrote meanwhile.
  if ((await io.fs.lstat(found.layout.latest)) !== null) return false;
  await io.fs.writeFileAtomic(found.layout.latest, bytes, { within, tempInWithin: true });
  return true;
}

/**
 * With --force: a latest.md that is not a valid capsule (damaged, cut off,
 * not a regular file) is renamed aside within .baton, never deleted, so
 * revive can replace it; a valid one is kept. The name aside, or null.
 */
async function setAsideInvalid(io: ShareEnv, found: FoundLayout): Promise<string | null> {
  const info = await io.fs.lstat(found.layout.latest);
  if (info === null) return null;
  if (info.isFile) {
    try {
      const text = await readArchived(io, found.layout.dir, "latest.md");
      if (text !== null) {
        await parseCapsule(text, { trustedKeys: new Map() });
        return null;
      }
    } catch {
      // Not a capsule: set it aside below.
    }
  }
  const name = asideLatestName(io.now().toISOString());
  await io.fs.rename(found.layout.latest, `${found.layout.dir}/${name}`);
  return name;
}

/** `baton revive`; `force` replaces a latest.md that is not a valid capsule (kept aside). */
export async function reviveLatest(
  io: ShareEnv,
  branch?: string,
  options: { force?: boolean } = {},
): Promise<ReviveReport> {
  const found = await findBatonLayout(io.fs, io.cwd, io);
  const none = { id: null, imported: 0, signer: null, future: 0, passed_over: 0, elsewhere: false };
  const setAside = options.force === true ? await setAsideInvalid(io, found) : null;
  if ((await io.fs.lstat(found.layout.latest)) !== null) return { action: "present", ...none };
  let choice = await chooseFromArchive(io, found);
  let action: ReviveReport["action"] = "archive";
  let imported = 0;
  let overLimited: OverLimit | null = null;
  if (choice.chosen === null && found.repo !== null) {
    const c = await shareContext(io, branch);
    let oid = (await c.git.readChain(c.gitdir, c.ref)).oid;
    if (oid === null) {
      // A chain fetched but never merged: any remote's copy of this branch (a stranger's ref,
      // vetted and bounded as pull does).
      const r = await c.git.runGit(c.repo.workTree, [
        "for-each-ref",
        "--format=%(objectname)",
        `refs/baton-remotes/*/${c.branch}`,
      ]).catch(() => null);
      oid = r?.stdout.split("\n").find((l) => /^[0-9a-f]{40,64}$/.test(l)) ?? null;
    }
    if (oid !== null) {
      const empty: ChainTip = { oid: null, entries: new Map() };
      const { vetted, over } = await vetRemote(c, empty, oid, DEFAULT_PULL_LIMITS);
      if (over === null) imported = (await importCapsules(io, c, vetted.candidates)).imported;
      else overLimited = over;
    }
    choice = await chooseFromArchive(io, found);
    action = "shared_ref";
  }
  const seen = {
    future: choice.future,
    passed_over: choice.passed_over,
    ...(overLimited === null ? {} : { over_limit: overLimited }),
  };
  if (choice.chosen === null) return { action: "nothing", ...none, imported, ...seen };
  // The check load makes: the capsule made current must continue this clone's newest, or be it.
  const checked = await checkAgainstHead(
    io.fs,
    found,
    choice.chosen,
    (await io.keys.trustedKeys()).keys,
  );
  if (!await makeCurrent(io, found, checked.chosen.name)) {
    return { action: "present", ...none, imported, ...seen };
  }
  return {
    action,
    id: checked.chosen.id,
    imported,
    signer: checked.chosen.authorship.status,
    ...seen,
    // This clone's own newest was made current in this clone.
    elsewhere: checked.passedFork === null ? choice.elsewhere : false,
    set_aside: setAside,
    ...(checked.leavesOut === null ? {} : { leaves_out: checked.leavesOut }),
    ...(checked.passedFork === null ? {} : { fork_passed_over: checked.passedFork }),
  };
}

/** What pull did about latest.md. */
export interface PullCurrent {
  /**
   * present: latest.md was there (pull never moves it); made_current: it was
   * missing and the newest capsule signed by a trusted key now is;
   * revive_needed: it is missing and only capsules not signed by a trusted
   * key (or none) are there: `baton revive` makes one current, saying so;
   * head_gone: it is missing and so is the capsule this clone last made current on the branch
   * checked out (deleted, or rolled back by a commit): nothing is made current.
   */
  action: "present" | "made_current" | "revive_needed" | "head_gone";
  id: string | null;
  /**
   * The capsule made current records a commit absent from this repository
   * (none written here was pulled): the command warns.
   */
  elsewhere: boolean;
  /** As revive's (ReviveReport.leaves_out). */
  leaves_out?: string;
  /** As revive's (ReviveReport.fork_passed_over). */
  fork_passed_over?: string;
}

async function pullCurrent(io: ShareEnv, found: FoundLayout): Promise<PullCurrent> {
  const none = { id: null, elsewhere: false };
  if ((await io.fs.lstat(found.layout.latest)) !== null) return { action: "present", ...none };
  if (await headGone(io, found)) return { action: "head_gone", ...none };
  const choice = await chooseFromArchive(io, found);
  if (choice.chosen === null || !choice.trusted) return { action: "revive_needed", ...none };
  const checked = await checkAgainstHead(
    io.fs,
    found,
    choice.chosen,
    (await io.keys.trustedKeys()).keys,
  );
  if (!await makeCurrent(io, found, checked.chosen.name)) return { action: "present", ...none };
  return {
    action: "made_current",
    id: checked.chosen.id,
    elsewhere: checked.passedFork === null ? choice.elsewhere : false,
    ...(checked.leavesOut === null ? {} : { leaves_out: checked.leavesOut }),
    ...(checked.passedFork === null ? {} : { fork_passed_over: checked.passedFork }),
  };
}

/**
 * True when this clone's head record for the branch checked out names a capsule the archive no
 * longer holds while it holds others (a commit deleted latest.md and the newest capsule with
 * it): as the capture hooks and finalize do, nothing is made current then, since a teammate's
 * capsule made current would leave this clone's newest out with no warning (the rollback
 * check compares capsules of one signer).
 */
async function headGone(io: ShareEnv, found: FoundLayout): Promise<boolean> {
  if (found.repo === null) return false;
  const branch = await readHead(io.fs, found.repo).then((h) => h.branch, () => null);
  if (branch === null) return false;
  const head = await readHeadRecord(io.fs, found.layout, branch);
  if (head === null) return false;
  const names = await listArchive(io.fs, found.layout);
  return names.length > 0 && !names.includes(archiveName(head.created_at, head.id));
}

/** One line naming a fork, for people. */
export function forkLine(f: { previous: string | null; children: string[] }): string {
  const after = f.previous === null ? "two chain starts" : `after ${shortId(f.previous)}`;
  return `fork ${after}: ${
    f.children.map((c) => shortId(c)).join(", ")
  } (both kept; baton verify reports it)`;
}
