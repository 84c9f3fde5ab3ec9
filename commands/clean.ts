/**
 * `baton clean`: removes baton state from the branch in one plain commit,
 * keeping the local files.
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";

/** The clean command. */
export const cleanCommand: Command = {
  name: "clean",
  category: "everyday",
  summary: "Commit the removal of .baton/ from the branch",
  description:
    "Writes one commit whose tree is HEAD's without the .baton/ folder (in-process, fixed message), and drops the .baton/ entries from the index, so the handoff does not reach the deliverable when the branch is merged. The local files stay: .baton/latest.md and the archive are still there for the next session, only no longer tracked. It commits on the current branch, never creating one; everything else staged stays staged. With nothing under .baton/ in HEAD it does nothing (exit 0). Refuses, as git does, a repository another user owns that safe.directory does not name (exit 6), and refuses with what to run instead the repositories baton commit refuses (a linked worktree, a merge or rebase in progress, reftable, SHA-256, index version 4, a split index). baton check-clean tells whether a branch still carries a handoff.",
  examples: ["baton clean", "baton clean --dry-run"],
  flags: [
    { name: "dry-run", type: "boolean", summary: "Say what would be removed; write nothing" },
  ],
  async run(args, io) {
    const { commitHandoff } = await import("../core/handoff/handoff_commit.ts");
    const { handoffCommitIo } = await import("./_adapters/handoff_git.ts");
    const { printHandoffReport } = await import("./_cli/handoff_report.ts");
    const report = await commitHandoff(handoffCommitIo(io), {
      kind: "remove",
      base: null,
      dryRun: boolFlag(args, "dry-run"),
    });
    return printHandoffReport(io, "remove", report, boolFlag(args, "json"));
  },
};
