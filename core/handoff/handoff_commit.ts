/**
 * The shared use case of `baton commit` and `baton clean`: find the
 * repository, plan (./plan_commit.ts), write through the handed-in writer
 * and return the report the commands print.
 * @module
 */
import { NotFoundError } from "../errors.ts";
import type { ReadFs } from "../fs.ts";
import { findRepo } from "../facts/git/find_repo.ts";
import { assertGitReadsHead } from "../facts/git/head_refusal.ts";
import type { GitEnvironment } from "../facts/git/git_environment.ts";
import { type CommitPlan, planCommit } from "./plan_commit.ts";
import { CLEAN_MESSAGE, COMMIT_MESSAGE, HANDOFF_PATH } from "./handoff_policy.ts";
import { handoffRepository } from "./handoff_repo.ts";

/** The change to make under `.baton/`. */
export type HandoffChange =
  | { kind: "put"; content: Uint8Array; message: string }
  | { kind: "remove"; message: string };

/** What the writer did. */
export interface HandoffCommitResult {
  action: "committed" | "unchanged" | "planned";
  branch: string;
  created_branch: boolean;
  /** The new commit, or null when nothing was (or would be) written. */
  commit: string | null;
  parent: string;
  /** Paths whose index entries were updated; empty when none. */
  index_updated: string[];
  /** One line when the index could not be updated (the commit stands). */
  warning: string | null;
}

/** What the report adds to the writer's result (the `--json` shape). */
export interface HandoffCommitReport extends HandoffCommitResult {
  base: string | null;
  /** Why a new branch was made, or null. */
  reason: "detached" | "on_base" | null;
}

/** What {@linkcode commitHandoff} is handed. */
export interface HandoffCommitIo {
  fs: ReadFs;
  cwd: string;
  now: Date;
  homeDir: string | null;
  xdgConfigHome: string | null;
  envAuthor: { name: string | undefined; email: string | undefined };
  /** git's environment variables (where git reads its protected config). @default {none} */
  gitEnvironment?: GitEnvironment;
  /** Writes (or, with `dryRun`, only plans) the commit. */
  writeCommit(
    plan: CommitPlan,
    change: HandoffChange,
    options: { dryRun: boolean; now: Date },
  ): Promise<HandoffCommitResult>;
}

/** Options both commands share. */
export interface HandoffCommitOptions {
  kind: "put" | "remove";
  base: string | null;
  dryRun: boolean;
}

/** Plans and writes one handoff commit. */
export async function commitHandoff(
  io: HandoffCommitIo,
  options: HandoffCommitOptions,
): Promise<HandoffCommitReport> {
  const found = await findRepo(io.fs, io.cwd);
  if (found === null) {
    throw new NotFoundError("Not inside a git repository", "not_a_repo");
  }
  // Where git would commit in another repository, object store or index: refused.
  const repo = await handoffRepository(io.fs, io.cwd, found, io.gitEnvironment ?? {}, "write");
  const where = {
    homeDir: io.homeDir,
    xdgConfigHome: io.xdgConfigHome,
    gitEnvironment: io.gitEnvironment ?? {},
  };
  // git refuses a repository another user owns unless safe.directory names it, and where it
  // would not read HEAD (a config file it reads is malformed or refused, its format check
  // stops) git commit dies: nothing is committed either.
  await assertGitReadsHead(io.fs, repo, where);
  let content: Uint8Array | null = null;
  if (options.kind === "put") {
    const path = `${repo.workTree}/${HANDOFF_PATH}`;
    if ((await io.fs.lstat(path))?.isFile !== true) {
      throw new NotFoundError(
        "No .baton/latest.md to commit: write a capsule first (baton finalize)",
        "no_capsule",
      );
    }
    content = await io.fs.readFile(path);
  }
  const now = io.now;
  const plan = await planCommit(io.fs, repo, {
    base: options.base,
    now: now.toISOString(),
    homeDir: io.homeDir,
    xdgConfigHome: io.xdgConfigHome,
    envAuthor: io.envAuthor,
    kind: options.kind,
  });
  const change = content === null
    ? { kind: "remove" as const, message: CLEAN_MESSAGE }
    : { kind: "put" as const, content, message: COMMIT_MESSAGE };
  const result = await io.writeCommit(plan, change, { dryRun: options.dryRun, now });
  return {
    ...result,
    base: plan.base,
    reason: plan.target.kind === "new_branch" && result.created_branch ? plan.target.reason : null,
  };
}
