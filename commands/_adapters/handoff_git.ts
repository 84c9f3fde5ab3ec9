/**
 * Edge: writes the commit `baton commit` and `baton clean` plan, in-process
 * with isomorphic-git for objects. Only `.baton/` changes in the new tree;
 * the index gets only the entries under `.baton/` updated, edited in place
 * (core/handoff/index_edit.ts: every other entry, flag and meaningful
 * extension stays as git wrote it); the work tree is not touched. Refs and HEAD are
 * updated with git's own lock protocol (`<ref>.lock` made exclusively, then
 * renamed), after checking the ref still names the parent, so a concurrent
 * git command either waits for us or we refuse; `index.lock` is held while
 * the index is rewritten.
 * @module
 */
import fs from "node:fs";
import git from "isomorphic-git";
import { LockBusyError } from "../../core/errors.ts";
import type { CommitPlan } from "../../core/handoff/plan_commit.ts";
import { BATON_DIR, HANDOFF_PATH } from "../../core/handoff/handoff_policy.ts";
import type {
  HandoffChange,
  HandoffCommitIo,
  HandoffCommitResult,
} from "../../core/handoff/handoff_commit.ts";
import type { Io } from "./io.ts";
import { homeDir, xdgConfigHome } from "./home.ts";
import { readGitEnvironment } from "../../core/facts/git/git_environment.ts";
import { editIndex, type IndexEdit, type IndexStat } from "../../core/handoff/index_edit.ts";
import { withGitLock } from "./git_lock.ts";

/** A lock file a git process holds. */
const busy = () => new LockBusyError("Another git process is updating the repository: try again");

/** The handoff commit's capability over `io`, writing with {@linkcode writeHandoffCommit}. */
export function handoffCommitIo(io: Io): HandoffCommitIo {
  return {
    fs: io.fs,
    cwd: io.cwd(),
    now: io.now(),
    homeDir: homeDir(io),
    xdgConfigHome: xdgConfigHome(io),
    envAuthor: { name: io.env("GIT_AUTHOR_NAME"), email: io.env("GIT_AUTHOR_EMAIL") },
    gitEnvironment: readGitEnvironment((name) => io.env(name)),
    writeCommit: writeHandoffCommit,
  };
}

type TreeEntry = { mode: string; path: string; oid: string; type: "blob" | "tree" | "commit" };

/** Writes (or, with `dryRun`, only plans) the commit. */
export async function writeHandoffCommit(
  plan: CommitPlan,
  change: HandoffChange,
  options: { dryRun: boolean; now: Date },
): Promise<HandoffCommitResult> {
  const dir = plan.repo.workTree;
  const gitdir = plan.repo.gitDir;
  const branch = plan.target.branch;
  const created = plan.target.kind === "new_branch";
  const base = {
    branch,
    created_branch: created,
    parent: plan.parent,
    index_updated: [],
    warning: null,
  };
  const root = (await git.readTree({ fs, dir, gitdir, oid: plan.parent })).tree as TreeEntry[];
  const batonAt = root.findIndex((e) => e.path === BATON_DIR);
  const baton = batonAt < 0 ? null : root[batonAt]!;
  let newRoot: TreeEntry[];
  if (change.kind === "remove") {
    if (baton === null) {
      return { ...base, action: "unchanged", commit: null, created_branch: false };
    }
    newRoot = root.filter((_, i) => i !== batonAt);
  } else {
    const inner = baton?.type === "tree"
      ? (await git.readTree({ fs, dir, gitdir, oid: baton.oid })).tree as TreeEntry[]
      : [];
    const name = HANDOFF_PATH.slice(BATON_DIR.length + 1);
    const blob = options.dryRun
      ? await git.hashBlob({ object: change.content }).then((r) => r.oid)
      : await git.writeBlob({ fs, dir, gitdir, blob: change.content });
    const old = inner.find((e) => e.path === name);
    if (old?.oid === blob && old.mode === "100644") {
      return { ...base, action: "unchanged", commit: null, created_branch: false };
    }
    if (options.dryRun) return { ...base, action: "planned", commit: null };
    const entries = inner.filter((e) => e.path !== name);
    entries.push({ mode: "100644", path: name, oid: blob, type: "blob" });
    const batonTree = await git.writeTree({ fs, dir, gitdir, tree: entries });
    newRoot = root.filter((_, i) => i !== batonAt);
    newRoot.push({ mode: "040000", path: BATON_DIR, oid: batonTree, type: "tree" });
  }
  if (options.dryRun) return { ...base, action: "planned", commit: null };
  const tree = await git.writeTree({ fs, dir, gitdir, tree: newRoot });
  const who = {
    ...plan.identity,
    timestamp: Math.floor(options.now.getTime() / 1000),
    timezoneOffset: options.now.getTimezoneOffset(),
  };
  const commit = await git.commit({
    fs,
    dir,
    gitdir,
    message: change.message,
    author: who,
    committer: who,
    tree,
    parent: [plan.parent],
    noUpdateBranch: true,
  });
  await updateRef(plan, branch, commit, created);
  if (created) await pointHead(plan, branch);
  const result: HandoffCommitResult = { ...base, action: "committed", commit };
  const stage = change.kind === "put"
    ? "run git add -f .baton/latest.md"
    : "run git rm -r --cached .baton";
  try {
    result.index_updated = await updateIndex(plan, change);
  } catch {
    result.warning = `The commit is written but the index was not updated: ${stage}`;
  }
  return result;
}

/** Moves `refs/heads/<branch>` to `commit` if it still names the parent (or, new, does not exist). */
async function updateRef(plan: CommitPlan, branch: string, commit: string, created: boolean) {
  const path = `${plan.repo.commonDir}/refs/heads/${branch}`;
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await withGitLock(path, busy, async (lock) => {
    const now = await git.resolveRef({ fs, gitdir: plan.repo.gitDir, ref: `refs/heads/${branch}` })
      .catch(() => null);
    if (created ? now !== null : now !== plan.parent) {
      throw new LockBusyError(
        created
          ? "The handoff branch already exists: try again in a second"
          : "The branch moved while baton was committing: nothing was changed, run baton commit again",
      );
    }
    await lock.write(`${commit}\n`);
  });
}

/** Points HEAD at the new branch (the tree is the same, so nothing else changes). */
async function pointHead(plan: CommitPlan, branch: string) {
  await withGitLock(`${plan.repo.gitDir}/HEAD`, busy, async (lock) => {
    await lock.write(`ref: refs/heads/${branch}\n`);
  });
}

/**
 * Updates only the `.baton/` entries of the index, holding index.lock: the
 * bytes are edited in place (core/handoff/index_edit.ts), so every other
 * entry, flag and meaningful extension stays as git wrote it, then renamed
 * over the index as git does.
 */
async function updateIndex(plan: CommitPlan, change: HandoffChange): Promise<string[]> {
  const path = `${plan.repo.gitDir}/index`;
  let changed: string[] = [];
  await withGitLock(path, busy, async (lock) => {
    const bytes = await Deno.readFile(path).catch((e) => {
      if (e instanceof Deno.errors.NotFound) return null;
      throw e;
    });
    const edit: IndexEdit = change.kind === "put"
      ? { kind: "put", path: HANDOFF_PATH, mode: 0o100644, ...await handoffEntry(plan, change) }
      : { kind: "remove", dir: BATON_DIR };
    const result = await editIndex(bytes === null || bytes.length === 0 ? null : bytes, edit);
    await lock.writeBytes(result.bytes);
    changed = result.changed;
  });
  return changed;
}

/**
 * The oid and stat of the put entry. The stat is taken before the file is
 * read again and kept only when the file still holds what was committed;
 * otherwise it is zeroed, so git compares the content rather than trusting
 * a stat that describes other bytes.
 */
async function handoffEntry(
  plan: CommitPlan,
  change: Extract<HandoffChange, { kind: "put" }>,
): Promise<{ oid: string; stat: IndexStat }> {
  const file = `${plan.repo.workTree}/${HANDOFF_PATH}`;
  const oid = await git.hashBlob({ object: change.content }).then((r) => r.oid);
  const st = await Deno.lstat(file).catch(() => null);
  const now = st?.isFile === true ? await Deno.readFile(file).catch(() => null) : null;
  const same = now !== null && now.length === change.content.length &&
    now.every((b, i) => b === change.content[i]);
  if (st === null || !same) return { oid, stat: ZERO_STAT };
  const mtime = st.mtime?.getTime() ?? 0;
  const ctime = st.ctime?.getTime() ?? mtime;
  return {
    oid,
    stat: {
      ctimeSec: Math.floor(ctime / 1000),
      ctimeNsec: (ctime % 1000) * 1e6,
      mtimeSec: Math.floor(mtime / 1000),
      mtimeNsec: (mtime % 1000) * 1e6,
      dev: st.dev ?? 0,
      ino: st.ino ?? 0,
      uid: st.uid ?? 0,
      gid: st.gid ?? 0,
      size: st.size,
    },
  };
}

const ZERO_STAT: IndexStat = {
  ctimeSec: 0,
  ctimeNsec: 0,
  mtimeSec: 0,
  mtimeNsec: 0,
  dev: 0,
  ino: 0,
  uid: 0,
  gid: 0,
  size: 0,
};
