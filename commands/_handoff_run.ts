/**
 * The shared run of `baton commit` and `baton clean`: find the repository,
 * plan (core/handoff/plan_commit.ts), write (./_handoff_git.ts) and report
 * in text or JSON.
 * @module
 */
import { NotFoundError } from "../core/errors.ts";
import { findRepo } from "../core/facts/git/find_repo.ts";
import { planCommit } from "../core/handoff/plan_commit.ts";
import { CLEAN_MESSAGE, COMMIT_MESSAGE, HANDOFF_PATH } from "../core/handoff/handoff_policy.ts";
import type { Io } from "./_adapters/io.ts";
import { homeDir } from "./_adapters/home.ts";
import { printJson } from "./_adapters/context.ts";
import { safeWord } from "./_cli/command.ts";
import { shortOid } from "../core/facts/git/short_oid.ts";

/** Options both commands share. */
export interface HandoffRunOptions {
  kind: "put" | "remove";
  base: string | null;
  dryRun: boolean;
  json: boolean;
}

/** Runs one handoff commit; returns the exit code. */
export async function runHandoffCommit(io: Io, options: HandoffRunOptions): Promise<number> {
  const repo = await findRepo(io.fs, io.cwd());
  if (repo === null) {
    throw new NotFoundError("Not inside a git repository", "not_a_repo");
  }
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
  const now = io.now();
  const plan = await planCommit(io.fs, repo, {
    base: options.base,
    now: now.toISOString(),
    homeDir: homeDir(io),
    xdgConfigHome: io.env("XDG_CONFIG_HOME") ?? null,
    envAuthor: { name: io.env("GIT_AUTHOR_NAME"), email: io.env("GIT_AUTHOR_EMAIL") },
  });
  const { writeHandoffCommit } = await import("./_adapters/handoff_git.ts");
  const change = content === null
    ? { kind: "remove" as const, message: CLEAN_MESSAGE }
    : { kind: "put" as const, content, message: COMMIT_MESSAGE };
  const result = await writeHandoffCommit(plan, change, { dryRun: options.dryRun, now });
  const report = {
    ...result,
    base: plan.base,
    reason: plan.target.kind === "new_branch" && result.created_branch ? plan.target.reason : null,
  };
  if (options.json) {
    printJson(io, report);
    return 0;
  }
  const what = options.kind === "put" ? "the handoff" : "the removal of .baton/";
  const branch = safeWord(result.branch);
  if (result.action === "unchanged") {
    io.stdout.write(
      options.kind === "put"
        ? `Nothing to commit: ${HANDOFF_PATH} in HEAD already matches the file\n`
        : "Nothing to remove: HEAD tracks nothing under .baton/\n",
    );
  } else if (result.action === "planned") {
    io.stdout.write(
      `Would commit ${what} on ${branch}${
        result.created_branch
          ? ` (a new branch: HEAD is ${
            report.reason === "detached"
              ? "detached"
              : `on the base branch ${safeWord(plan.base ?? "")}`
          })`
          : ""
      }\n`,
    );
  } else {
    io.stdout.write(`Committed ${what} as ${shortOid(result.commit!)} on ${branch}\n`);
    if (result.created_branch) {
      io.stdout.write(
        `HEAD was ${
          report.reason === "detached"
            ? "detached"
            : `on the base branch ${safeWord(plan.base ?? "")}`
        }: created and switched to ${branch}. Share it with: git push -u origin ${branch}\n`,
      );
    }
  }
  if (result.warning !== null) io.stderr.write(`${result.warning}\n`);
  return 0;
}
