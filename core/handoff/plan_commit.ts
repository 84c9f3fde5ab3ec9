/**
 * Everything `baton commit` and `baton clean` decide before writing: that
 * the repository is one they can write safely (main work tree, files ref
 * backend, SHA-1 objects, an index of version 2 or 3, no merge or rebase in
 * progress, at least one commit), the base branch, the branch the commit
 * lands on and the identity it is written with. Reads through ReadFs only;
 * the writes happen at the edge.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { RepoLocation } from "../facts/types.ts";
import { InputError, UnavailableError } from "../errors.ts";
import { readHead } from "../facts/git/read_head.ts";
import { createObjectReader } from "../facts/git/object_reader.ts";
import { peelToCommit } from "../facts/git/peel_commit.ts";
import { GitCorruptError } from "../facts/git/errors.ts";
import { listRefs } from "../facts/git/list_refs.ts";
import { defaultGlobalConfigPaths, readRepoConfig } from "../facts/git/read_repo_config.ts";
import { getConfigValue } from "../facts/git/config_lookup.ts";
import { inProgressOperation } from "../facts/git/in_progress_operation.ts";
import { readIndexFile } from "../facts/worktree/read_index.ts";
import { indexEditBlocker } from "./index_edit.ts";
import {
  baseBranch,
  BATON_DIR,
  HANDOFF_PATH,
  type HandoffTarget,
  handoffTarget,
  isSafeBranchName,
} from "./handoff_policy.ts";

/** Who a commit is written by. */
export interface CommitIdentity {
  name: string;
  email: string;
}

/** Used when neither the environment nor git config names anyone. */
export const FALLBACK_IDENTITY: CommitIdentity = { name: "baton", email: "baton@localhost" };

/** Inputs from the edge. */
export interface PlanCommitOptions {
  /** `--base NAME`, or null. */
  base: string | null;
  /** Now, as an ISO string (names a new handoff branch). */
  now: string;
  homeDir: string | null;
  xdgConfigHome: string | null;
  /** GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL, when set. */
  envAuthor: { name?: string | undefined; email?: string | undefined };
  /** Whether the commit puts the capsule or removes `.baton/`. @default {"put"} */
  kind?: "put" | "remove";
}

/** What the edge writes. */
export interface CommitPlan {
  repo: RepoLocation;
  /** The commit HEAD resolves to now (an annotated tag peeled); the new commit's parent. */
  parent: string;
  /** The branch HEAD is on, or null when detached. */
  current: string | null;
  /** The base branch as decided, or null when none could be told. */
  base: string | null;
  target: HandoffTarget;
  identity: CommitIdentity;
}

/**
 * Plans a commit of baton state.
 * @throws {UnavailableError} For a linked worktree, a reftable or SHA-256 repository, an index version 4 or a split index, an index the edit refuses (a put path inside a sparse directory entry or in conflict), or a branch that names an annotated tag.
 * @throws {GitCorruptError} Where HEAD does not end at a commit that can be read.
 * @throws {InputError} With a merge/rebase in progress, no commit yet, or an unsafe `--base` name.
 */
export async function planCommit(
  fs: ReadFs,
  repo: RepoLocation,
  options: PlanCommitOptions,
): Promise<CommitPlan> {
  if (repo.gitDir !== repo.commonDir) {
    throw new UnavailableError(
      "baton commit works in the main work tree only, not in a linked worktree: there, run git add -f .baton/latest.md && git commit -m 'baton: handoff capsule' -- .baton/latest.md",
    );
  }
  if (options.base !== null && !isSafeBranchName(options.base)) {
    throw new InputError("--base is not a branch name baton accepts", "invalid_base");
  }
  const config = await readRepoConfig(fs, repo, {
    homeDir: options.homeDir,
    xdgConfigHome: options.xdgConfigHome,
    globalConfigPaths: defaultGlobalConfigPaths(options),
  });
  if (config.refStorage !== "files" || config.objectFormat !== "sha1") {
    throw new UnavailableError(
      "baton commit writes only repositories with the files ref backend and SHA-1 objects",
    );
  }
  const operation = await inProgressOperation(fs, repo);
  if (operation !== null) {
    throw new InputError(
      `A ${operation.replace("_", "-")} is in progress: finish or abort it before baton commits`,
      "operation_in_progress",
    );
  }
  // Read whole (a split index merged with its shared part), as git reads it.
  const index = await readIndexFile(fs, repo);
  if (index !== null) {
    if (index.index.version === 4) {
      throw new UnavailableError(
        "The index uses version 4, which baton cannot update: run git update-index --index-version 2, or commit with git add -f .baton/latest.md",
      );
    }
    // A split index's bitmaps count the shared part's entries, which an
    // edit of the split part would misplace; and a commit written without
    // its index entry leaves git showing the capsule as a staged deletion,
    // which the next git commit would make. So nothing is written.
    if (index.split) {
      throw new UnavailableError(
        options.kind === "remove"
          ? "The index is a split index (core.splitIndex), which baton cannot update: run git rm -r --cached .baton && git commit -m 'baton: remove handoff' -- .baton"
          : "The index is a split index (core.splitIndex), which baton cannot update: run git add -f .baton/latest.md && git commit -m 'baton: handoff capsule' -- .baton/latest.md",
      );
    }
    // Any other shape the index edit refuses stops here too.
    const blocker = indexEditBlocker(
      index.index,
      options.kind === "remove" ? { kind: "remove", dir: BATON_DIR } : {
        kind: "put",
        path: HANDOFF_PATH,
      },
    );
    if (blocker !== null) {
      throw new UnavailableError(`Cannot update the index: ${blocker}`);
    }
  }
  const head = await readHead(fs, repo);
  if (head.oid === null) {
    throw new InputError(
      "The repository has no commit yet: make a first commit before committing a handoff",
      "no_commits",
    );
  }
  const current = head.ref?.startsWith("refs/heads/") ? head.ref.slice("refs/heads/".length) : null;
  // A HEAD naming an annotated tag: the new commit's parent is the commit it
  // tags, as git peels it. A branch holding a tag object is refused, as git
  // commit refuses to move it (the ref is not at the commit it would parent).
  const peeled = await peelToCommit(createObjectReader(fs, repo), head.oid);
  if (peeled === null) {
    throw new GitCorruptError("HEAD does not name a commit that can be read");
  }
  if (peeled.oid !== head.oid && head.ref !== null) {
    throw new UnavailableError(
      "The branch names an annotated tag, not a commit: git commit refuses to commit on it too",
    );
  }
  const branches = (await listRefs(fs, repo, "refs/heads/")).map((r) =>
    r.name.slice("refs/heads/".length)
  );
  const base = baseBranch({
    explicit: options.base,
    originHead: await originHead(fs, repo),
    localBranches: branches,
  });
  return {
    repo,
    parent: peeled.oid,
    current,
    base,
    target: handoffTarget(current, base, options.now),
    identity: identityOf(config.config, options.envAuthor),
  };
}

/** The short branch a loose `refs/remotes/origin/HEAD` points at. */
async function originHead(fs: ReadFs, repo: RepoLocation): Promise<string | null> {
  const path = `${repo.commonDir}/refs/remotes/origin/HEAD`;
  const st = await fs.lstat(path);
  if (st === null || st.size > 4096) return null;
  const text = new TextDecoder().decode(await fs.readFile(path)).trim();
  const m = /^ref: refs\/remotes\/origin\/(.+)$/.exec(text);
  return m !== null && isSafeBranchName(m[1]!) ? m[1]! : null;
}

function identityOf(
  config: Parameters<typeof getConfigValue>[0],
  env: PlanCommitOptions["envAuthor"],
): CommitIdentity {
  const clean = (v: string | null | undefined) =>
    // deno-lint-ignore no-control-regex
    v === null || v === undefined ? null : v.replace(/[\x00-\x1f<>\x7f]/g, "").trim() || null;
  return {
    name: clean(env.name) ?? clean(getConfigValue(config, "user.name")) ?? FALLBACK_IDENTITY.name,
    email: clean(env.email) ?? clean(getConfigValue(config, "user.email")) ??
      FALLBACK_IDENTITY.email,
  };
}
