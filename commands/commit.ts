/**
 * `baton commit`: commits only .baton/latest.md, leaving the index's other
 * entries and the work tree alone.
 * @module
 */
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";

/** The commit command. */
export const commitCommand: Command = {
  name: "commit",
  category: "everyday",
  summary: "Commit only .baton/latest.md, nothing else staged",
  description:
    "Writes one commit whose tree is HEAD's with only .baton/latest.md replaced (in-process: no git binary needed), with a fixed message, so a handoff can travel with the branch without sweeping in anything else. Every other staged change stays staged and the work tree is not touched; only the index entry of .baton/latest.md is updated, in place, so the rest of the index (a sparse index, resolve-undo records, skip-worktree and intent-to-add flags) stays as git wrote it. When HEAD is on the base branch (--base, else the branch origin/HEAD names, else main or master) or detached, it first creates and switches to baton/handoff-<UTC time>, so the base branch never receives a handoff. Refs and HEAD are updated with git's lock files after checking the branch did not move; a concurrent git command makes it stop with nothing changed (exit 4). Nothing is pushed: the output prints the git push command. Refuses, as git does, a repository another user owns that safe.directory does not name (exit 6); and refuses in a linked worktree, during a merge or rebase, before the first commit, in reftable, SHA-256, index-version-4 or split-index repositories, while .baton/latest.md has an unresolved conflict, and when a sparse index's cone leaves out .baton/ (exit 6), each time saying what to run instead. Committing a file that already matches HEAD does nothing (exit 0). Use baton clean to remove the handoff before merging and baton check-clean in CI.",
  examples: ["baton commit", "baton commit --dry-run", "baton commit --base develop --json"],
  flags: [
    {
      name: "base",
      type: "string",
      value: "BRANCH",
      summary: "The base branch that must never receive a handoff",
    },
    { name: "dry-run", type: "boolean", summary: "Say what would be committed; write nothing" },
  ],
  async run(args, io) {
    const { commitHandoff } = await import("../core/handoff/handoff_commit.ts");
    const { handoffCommitIo } = await import("./_adapters/handoff_git.ts");
    const { printHandoffReport } = await import("./_cli/handoff_report.ts");
    const report = await commitHandoff(handoffCommitIo(io), {
      kind: "put",
      base: stringFlag(args, "base") ?? null,
      dryRun: boolFlag(args, "dry-run"),
    });
    return printHandoffReport(io, "put", report, boolFlag(args, "json"));
  },
};
