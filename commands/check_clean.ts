/**
 * `baton check-clean`: fails when baton state would reach the deliverable,
 * for CI and review gates.
 * @module
 */
import { NotFoundError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

/** The check-clean command. */
export const checkCleanCommand: Command = {
  name: "check-clean",
  category: "diagnostics",
  summary: "Fail when HEAD or the index still tracks .baton/",
  description:
    "Reads HEAD's tree and the index (through baton's own git reader: no git binary, works in linked worktrees) and lists every path under .baton/ they hold, in any letter case (a clone on a file system that ignores case checks .Baton/ out as .baton/; the fix for such a name is the git rm -r --cached it names, as baton clean removes only .baton). Exit 0 when there is none; exit 1 when a handoff would reach the deliverable, naming the paths and the fix: baton clean (it commits the removal and keeps the local files), or git rm -r --cached .baton when the files are only staged. Meant for CI and review gates on the branch to be merged. Where git refuses the repository because another user owns it and safe.directory does not name it, or would not read HEAD (a config file it reads is malformed or unreadable, or its check of the repository's format stops), so does check-clean (exit 6).",
  examples: ["baton check-clean", "baton check-clean --json"],
  flags: [],
  async run(args, io) {
    const { findRepo } = await import("../core/facts/git/find_repo.ts");
    const { findTrackedHandoff } = await import("../core/handoff/tracked_handoff.ts");
    const repo = await findRepo(io.fs, io.cwd());
    if (repo === null) throw new NotFoundError("Not inside a git repository", "not_a_repo");
    const { readGitEnvironment } = await import("../core/facts/git/git_environment.ts");
    const { homeDir, xdgConfigHome } = await import("./_adapters/home.ts");
    const env = readGitEnvironment((name) => io.env(name));
    const where = { homeDir: homeDir(io), xdgConfigHome: xdgConfigHome(io), gitEnvironment: env };
    // Where git refuses the repository's owner or would not read HEAD (a config file it reads
    // is malformed or refused, its format check stops), there is no answer either (exit 6).
    const { assertGitReadsHead } = await import("../core/facts/git/head_refusal.ts");
    await assertGitReadsHead(io.fs, repo, where);
    // The index, HEAD and objects git reads under its moving variables (GIT_INDEX_FILE...).
    const { handoffRepository } = await import("../core/handoff/handoff_repo.ts");
    const read = await handoffRepository(io.fs, io.cwd(), repo, env, "read");
    const found = await findTrackedHandoff(io.fs, read);
    const clean = found.inHead.length === 0 && found.inIndex.length === 0;
    if (boolFlag(args, "json")) {
      printJson(io, {
        clean,
        head: found.head,
        in_head: found.inHead,
        in_index: found.inIndex,
        truncated: found.truncated,
      });
      return clean ? 0 : 1;
    }
    if (clean) {
      io.stdout.write("Clean: neither HEAD nor the index tracks anything under .baton/\n");
      return 0;
    }
    // The names come with commits: quoted, then with invisible and direction-changing
    // characters (which JSON quoting keeps) made visible.
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const safe = await loadSafeOutput();
    const quoted = (p: string) => safe.line(JSON.stringify(p));
    const lines = ["Not clean: baton state would reach the deliverable."];
    // baton clean removes only an exact .baton; another letter case is named for git rm.
    const tops = [...new Set([...found.inHead, ...found.inIndex].map((p) => p.split("/", 1)[0]!))];
    const otherCase = tops.filter((t) => t !== ".baton");
    if (found.inHead.length > 0) {
      lines.push(`Committed in HEAD: ${found.inHead.map(quoted).join(", ")}`);
      if (found.inHead.some((p) => p.split("/", 1)[0] === ".baton")) {
        lines.push("Fix: baton clean (commits the removal; the local files stay)");
      }
    }
    for (const t of otherCase) {
      lines.push(
        `Fix: git rm -r --cached -- ${
          quoted(t)
        }, then commit (a clone that ignores letter case checks it out as .baton; baton clean removes only .baton)`,
      );
    }
    const staged = found.inIndex.filter((p) => !found.inHead.includes(p));
    if (staged.length > 0) {
      lines.push(`Staged: ${staged.map(quoted).join(", ")}`);
      if (staged.some((p) => p.split("/", 1)[0] === ".baton")) {
        lines.push("Fix: git rm -r --cached .baton");
      }
    }
    if (found.truncated) lines.push("(more paths than listed)");
    io.stdout.write(lines.join("\n") + "\n");
    return 1;
  },
};
