/**
 * `baton evidence -- CMD ARGS…`: runs a command and records what happened
 * as signed machine evidence a draft's verified facts can cite.
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";
import { UsageError } from "../core/errors.ts";

/** The evidence command. */
export const evidenceCommand: Command = {
  name: "evidence",
  category: "agent-facing",
  summary: "Run a command and record its result as citable evidence",
  usage: "-- CMD [ARGS...]",
  description:
    'Runs the command after -- directly (no shell; with --shell the words are joined and run by sh -c), passes its output through to stderr as it arrives, and records an evidence record with provenance tool: the command (redacted), exit code (or the signal that ended it), duration, the SHA-256 and size of the full stdout and of the full stderr (digested as they stream, so memory stays bounded), the last 2 KiB of each as a redacted excerpt, HEAD and branch at the time, a digest of the work tree (HEAD and the changed and untracked files; git-ignored files are not covered) and a digest (never the values) of the variables that pick the program or load code into it (PATH, BASH_ENV, ENV, LD_PRELOAD, NODE_OPTIONS, PYTHONPATH, VIRTUAL_ENV and the like). The record is signed with this machine\'s key like a capsule and stored in .git/baton/evidence/<id>.json (outside git: .baton/state/evidence). It prints the id (ev- and 16 hex digits) on stdout; --json prints the whole record. A draft cites it in verified_facts as {"text": "…", "evidence": "ev-…"} (add "exit_code": N when the fact is about a failing run, and "command" to pin the command line); at finalize only facts whose record exists, is intact, is signed by a trusted key, matches and ran on the same work tree in the same environment as finalize keep verified, the others are lowered to claimed with the reason. Shell text whose exit status does not report every command in it (a pipeline such as npm test | tee log reports its last command\'s; ;, ||, & and ! hide a failure; only simple commands joined by && do, or by | under -o pipefail), by --shell or a shell run with -c (also behind env, timeout, nice, nohup, stdbuf, setsid or time, named later among a program\'s words as in sudo sh -c, or given by su -c, flock -c or nix-shell --run), backs no verified fact, and evidence says so; so does a shell given -n or set -n, which runs nothing, a shell given no -c and no script, which runs the commands it reads from its input, and fish, csh or PowerShell text, which these rules do not read. A script runner\'s status is its script\'s: for npm, pnpm, yarn and bun runs of a package.json script (with npm\'s pre and post hooks) and deno task or deno run of a task (a package.json script with its hooks when no task has the name), also named later among a program\'s words (npx npm test, xargs npm test), the nearest package.json or deno.json inside the repository is read before the command runs and each script is judged by the same rule (a script that hides a failure, a missing one as with --if-present, a file that cannot be read as plain JSON, or a runner moved by --prefix, a workspace, a cd or --script-shell backs no verified fact; so does a runner given an option not on a short exact list, since npm takes any prefix of a long option such as --script-shel, or an npm command npm would expand such as npm tes; no script text is printed); make, just, tox and nox recipes are not read, so their record says its status is the runner\'s (named later only under a program that runs its words: sudo make, not ls make), and make -i, -n, -t or -q (also as a prefix of its long option, or in MAKEFLAGS, GNUMAKEFLAGS or MFLAGS) backs nothing. A briefing marks evidence recorded at another HEAD than the capsule\'s (or than HEAD now) as stale. Exit status: the command\'s own once the record is written (so CI still fails when the command fails); 1 when a signal ended it; 3 when the program cannot be started (no record); 5 when the record cannot be written.',
  examples: [
    "baton evidence -- deno test",
    "baton evidence --json -- npm test",
    "baton evidence --shell -- 'make lint && make test'",
  ],
  flags: [{
    name: "shell",
    type: "boolean",
    summary: "Run the words after -- as one shell command (sh -c)",
  }],
  async run(args, io) {
    if (args.rest.length === 0) {
      throw new UsageError(
        "Nothing to run: give the command after --, e.g. baton evidence -- deno test",
      );
    }
    const { runEvidence } = await import("../core/evidence/evidence_run.ts");
    const { evidenceEnv } = await import("./_adapters/evidence_env.ts");
    const run = await runEvidence(evidenceEnv(io), args.rest, boolFlag(args, "shell"));
    const r = run.record;
    if (boolFlag(args, "json")) {
      printJson(io, { ...r, path: run.path, unsigned_reason: run.unsigned });
    } else io.stdout.write(`${r.id}\n`);
    const status = r.exit_code === null ? `ended by ${r.signal}` : `exit ${r.exit_code}`;
    io.stderr.write(
      `baton: recorded ${r.id} (${status}, ${r.duration_ms} ms` +
        (run.unsigned === null ? "" : ", unsigned: no signing key") + ")\n",
    );
    const { statusReportsEveryCommand } = await import("../core/evidence/command_status.ts");
    if (!statusReportsEveryCommand(r)) {
      io.stderr.write(
        "baton: note: this exit status does not report every command run (a pipeline reports its last command's; ; || & and ! hide a failure), so the record backs no verified fact; join the commands with && or run one directly\n",
      );
    }
    if (r.scripts?.status === "hidden") {
      const { SCRIPT_REASONS } = await import("../core/evidence/script_scope.ts");
      io.stderr.write(
        `baton: note: the record backs no verified fact: ${SCRIPT_REASONS[r.scripts.why]}\n`,
      );
    } else if (r.scripts?.status === "not_read") {
      io.stderr.write(
        `baton: note: this exit status is ${r.scripts.runner}'s; its recipes were not read (a recipe may ignore its errors)\n`,
      );
    }
    return r.exit_code ?? 1;
  },
};
