/**
 * `baton done`: the done gates (tests, rules, placeholders), one line
 * per gate, exit 0 only when every required gate passes or a forced pass is
 * allowed and audited.
 * @module
 */
import { EXIT, InputError } from "../core/errors.ts";
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";

/** The done command. */
export const doneCommand: Command = {
  name: "done",
  category: "agent-facing",
  summary: "Run the done gates: tests, rules, placeholders",
  description:
    "Runs the gates configured in the done: section of .baton/config.yaml, in order, and prints one line per gate (its status, whether it is required, what it found and how long it took), under the tests and rules gates each command they ran as .baton/config.yaml names it (neutralised, cut at 160 characters: that file travels in commits, so a pass is only as good as what it ran), and then the result; --json prints {gates: [{gate, status, required, detail, duration_ms, warning, ran?}], verdict}, ran being the commands of the tests and rules gates (redacted). tests runs done.tests with the platform shell in the repository root; with no command configured it is not_applicable, which passes with a warning (never silently). rules runs each of done.rules ({name, run}) and fails when any exits non-zero. placeholders scans the changed source files (modified, added and untracked, as git status sees them) for the deny list (default TODO, FIXME, XXX, pseudocode; whole words, a word in capitals matches only in capitals); Markdown, YAML and JSON are never scanned, paths under done.exempt (default tests/fixtures/) are skipped, and a line holding baton-allow-placeholder is exempt; with an empty deny list, every changed source file under done.exempt, or no changed source file at all (a clean tree, a change of docs alone), it checked nothing and is not_applicable with a warning; when the changed files cannot be told (a damaged repository, git variables that move the index or work tree) or the scan is partial (a file baton cannot compare, a cap), the gate fails and says why rather than passing on what it did not see. A failing command's last output lines go to stderr, redacted. Exit 0 when every required gate (done.required, default all) passes and at least one of them ran a check, 1 when a required gate fails, 7 (done: nothing checked, --json verdict unchecked) when none failed and none ran a check: the gates disabled (done.enabled: false), none required (required: []), or each required one with nothing to run; .baton/config.yaml travels in commits, so a repository cannot make the gate a pass by checking nothing. --force --reason TEXT turns failing gates into a forced pass (exit 0): the reason must be one non-blank line and is checked before anything runs; force is refused when done.allow_force is false or the config cannot be parsed (a broken config fails closed, and then the tests and rules gates fail too); a forced pass stores the gate details and the reason under done/ of baton's private state directory (<git dir>/baton, never committed). Config errors are reported with line and column.",
  examples: [
    "baton done",
    "baton done --json | jq .verdict",
    'baton done --force --reason "flaky network test, tracked in #123"',
  ],
  flags: [
    { name: "force", type: "boolean", summary: "Pass despite failing gates (needs --reason)" },
    {
      name: "reason",
      type: "string",
      value: "TEXT",
      summary: "Why a forced pass is acceptable (one line)",
    },
  ],
  async run(args, io) {
    const { checkForceReason } = await import("../core/done/gate_report.ts");
    // Before any side effect: a bad reason is refused before anything runs.
    const reason = checkForceReason(boolFlag(args, "force"), stringFlag(args, "reason"));
    const { findBatonLayout } = await import("../core/store/find_layout.ts");
    const { runDone } = await import("../core/done/run_done.ts");
    const { runCheck } = await import("./_adapters/run_check.ts");
    const { homeDir, xdgConfigHome } = await import("./_adapters/home.ts");
    const { readGitEnvironment } = await import("../core/facts/git/git_environment.ts");
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const safe = await loadSafeOutput();
    const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
    const outcome = await runDone(
      {
        fs: io.fs,
        cwd: io.cwd(),
        now: () => io.now(),
        homeDir: homeDir(io),
        xdgConfigHome: xdgConfigHome(io),
        gitEnvironment: readGitEnvironment((name) => io.env(name)),
        runCheck,
        stderr: (text) => io.stderr.write(text),
        safeLine: (text) => safe.line(text),
      },
      found,
      reason,
    );
    // The commands come from .baton/config.yaml, a file that travels in commits: one can hold a
    // secret (TOKEN=… npm test). Redacted here, so --json and a forced pass's record keep none.
    for (const g of outcome.gates) if (g.ran !== undefined) g.ran = safe.deep(g.ran);
    if (outcome.verdict.result === "forced") {
      if (outcome.configError !== null) {
        io.stderr.write(`baton done: ${outcome.configError}\n`);
        throw new InputError(
          "--force is refused: .baton/config.yaml cannot be parsed, so whether force is allowed is unknown",
          "force_refused",
        );
      }
      if (!outcome.settings.allowForce) {
        throw new InputError(
          "--force is refused: done.allow_force is false in .baton/config.yaml",
          "force_refused",
        );
      }
      const { recordForcedPass } = await import("../core/done/record_forced.ts");
      const { storeLock } = await import("./_adapters/context.ts");
      outcome.audit = await recordForcedPass(
        {
          fs: io.fs,
          now: () => io.now(),
          randomToken: () => io.randomToken(),
          lock: storeLock(io),
          safeValue: (text) => safe.value(text),
        },
        found,
        reason!,
        outcome,
      );
    }
    if (outcome.configError !== null) io.stderr.write(`baton done: ${outcome.configError}\n`);
    for (const g of outcome.gates) {
      if (g.warning !== null) io.stderr.write(`baton done: warning: ${g.warning}\n`);
    }
    const summary = {
      result: outcome.verdict.result,
      failed_required: outcome.verdict.failed_required,
      warnings: outcome.verdict.warnings,
      config_error: outcome.configError,
      audit: outcome.audit,
    };
    if (boolFlag(args, "json")) printJson(io, { gates: outcome.gates, verdict: summary });
    else {
      const { renderDoneText } = await import("../core/done/render_done.ts");
      io.stdout.write(renderDoneText(outcome.gates, summary, (text) => safe.line(text)));
    }
    // Nothing checked is not a pass: a committed config can disable or un-require every gate.
    if (outcome.verdict.result === "unchecked") return EXIT.unchecked.code;
    return outcome.verdict.result === "fail" ? EXIT.no.code : EXIT.ok.code;
  },
};
