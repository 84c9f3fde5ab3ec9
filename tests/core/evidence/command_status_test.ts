/** statusReportsEveryCommand(): a program run directly, or a shell's text judged as shell text. */
import assert from "node:assert/strict";
import { statusReportsEveryCommand } from "../../../core/evidence/command_status.ts";

Deno.test("statusReportsEveryCommand(): direct programs report their own status; shell text is judged", () => {
  const r = (command: string[], shell = false) => statusReportsEveryCommand({ command, shell });
  assert.equal(r(["npm", "test"]), true);
  assert.equal(r(["grep", "-c", "a|b", "f"]), true, "not a shell: its words are not shell text");
  assert.equal(r(["npm test && npm run lint"], true), true);
  assert.equal(r(["npm test | tee log"], true), false);
  assert.equal(r(["sh", "-c", "npm test; true"]), false);
  assert.equal(r(["/bin/bash", "-lc", "npm test | tail"]), false);
  assert.equal(r(["bash", "-e", "-c", "npm test || true"]), false);
  assert.equal(r(["bash", "-c", "npm test"]), true);
  assert.equal(r(["bash", "script.sh"]), true, "a script file: its status is the script's");
});

Deno.test("statusReportsEveryCommand(): a shell behind a wrapper that keeps its status is judged too", () => {
  const r = (...command: string[]) => statusReportsEveryCommand({ command, shell: false });
  assert.equal(r("env", "CI=1", "bash", "-c", "npm test | tee log"), false);
  assert.equal(r("/usr/bin/env", "-u", "HOME", "-i", "sh", "-c", "npm test; true"), false);
  assert.equal(r("timeout", "-s", "KILL", "60", "sh", "-c", "npm test || true"), false);
  assert.equal(r("timeout", "60", "nice", "-n", "5", "bash", "-c", "a | b"), false);
  assert.equal(r("nohup", "bash", "-c", "a & wait"), false);
  assert.equal(r("stdbuf", "-oL", "setsid", "bash", "-c", "a | b"), false);
  assert.equal(r("env", "-S", "bash -c 'a | b'"), false);
  assert.equal(r("env", "--split-string=sh -c a;b"), false);
  // Controls: the same wrappers around a status that reports every command.
  assert.equal(r("env", "CI=1", "bash", "-c", "npm test && npm run lint"), true);
  assert.equal(r("timeout", "60", "npm", "test"), true);
  assert.equal(r("timeout", "-k", "5", "60", "sh", "-c", "npm test"), true);
  assert.equal(r("env", "npm", "test"), true);
  assert.equal(r("env"), true, "env alone prints the environment");
});

Deno.test("statusReportsEveryCommand(): a shell's -o/-O option takes its value word; pipefail lets a pipeline report every status", () => {
  const r = (...command: string[]) => statusReportsEveryCommand({ command, shell: false });
  // Before, the option's value was taken for a script file and the record judged as a program.
  assert.equal(r("bash", "-o", "pipefail", "-c", "npm test; true"), false);
  assert.equal(r("bash", "-O", "extglob", "-c", "a || true"), false);
  assert.equal(r("bash", "-euo", "pipefail", "-c", "npm test || true"), false);
  assert.equal(r("bash", "+o", "pipefail", "-c", "npm test | tee log"), false, "+o unsets it");
  // Under pipefail a pipeline's status is its last failing command's: it reports every one.
  assert.equal(r("bash", "-o", "pipefail", "-c", "npm test | tee log"), true);
  assert.equal(r("bash", "-euo", "pipefail", "-c", "npm test 2>&1 | tee log && echo ok"), true);
  // Control: the same pipeline without pipefail.
  assert.equal(r("bash", "-c", "npm test | tee log"), false);
  assert.equal(r("bash", "-o", "errexit", "-c", "npm test | tee log"), false);
});

Deno.test("statusReportsEveryCommand(): a shell started inside shell text is judged by its own text (review58)", () => {
  const sh = (text: string) => statusReportsEveryCommand({ command: [text], shell: true });
  const argv = (...command: string[]) => statusReportsEveryCommand({ command, shell: false });
  assert.equal(sh("sh -c 'npm test || true'"), false);
  assert.equal(sh("bash -c 'npm test | tee log'"), false);
  assert.equal(sh("timeout 1 sh -c 'false;true'"), false);
  assert.equal(sh("env sh -c 'false; true'"), false);
  assert.equal(sh("cd app && bash -c 'a; b'"), false);
  assert.equal(argv("sh", "-c", "bash -c 'a || true'"), false, "two levels");
  assert.equal(argv("busybox", "sh", "-c", "false; true"), false);
  assert.equal(argv("bash", "--rcfile", "x", "-c", "a; b"), false);
  assert.equal(
    argv("bash", "--unknown-option", "-c", "a"),
    false,
    "an unknown long option is not judged",
  );
  assert.equal(sh("coproc false"), false);
  assert.equal(sh("npm test > $(mktemp)"), false, "a substitution in a redirection's target");
  // Controls: inner text that reports every status, and redirections.
  assert.equal(sh("sh -c 'npm test && npm run lint'"), true);
  assert.equal(sh("cd app && bash -c 'npm test' 2>&1"), true);
  assert.equal(argv("busybox", "sh", "-c", "npm test"), true);
  assert.equal(argv("bash", "--norc", "-c", "npm test"), true);
  assert.equal(sh("npm test > log 2>&1"), true);
});

/** Runs argv for real and returns its exit code (bash and dash as the machine has them). */
function exitCode(argv: string[]): number {
  return new Deno.Command(argv[0]!, { args: argv.slice(1), stdout: "null", stderr: "null" })
    .outputSync().code;
}

Deno.test("statusReportsEveryCommand(): forms whose exit 0 hides a failing command are lowered (attack112)", () => {
  const sh = (text: string) => statusReportsEveryCommand({ command: [text], shell: true });
  const argv = (...command: string[]) => statusReportsEveryCommand({ command, shell: false });
  // Each runs `false` and exits 0 (`time` is a keyword where sh is bash, as on macOS): before, each was judged to report every command.
  const hidden: [string[], boolean][] = [
    [
      ["bash", "-c", "-o", "pipefail", "false; true"],
      argv("bash", "-c", "-o", "pipefail", "false; true"),
    ],
    [["bash", "-n", "-c", "false"], argv("bash", "-n", "-c", "false")],
    [
      ["bash", "-o", "pipefail", "-c", "set +o pipefail && false | true"],
      argv("bash", "-o", "pipefail", "-c", "set +o pipefail && false | true"),
    ],
    [["bash", "-c", "time ! false"], sh("time ! false")],
    [["sh", "-c", "set -n && false"], sh("set -n && false")],
    [["sh", "-c", "command eval 'false; true'"], sh("command eval 'false; true'")],
    [
      ["sh", "-c", "command trap 'exit 0' EXIT && false"],
      sh("command trap 'exit 0' EXIT && false"),
    ],
    [["sh", "-c", "exec sh -c 'false; true'"], sh("exec sh -c 'false; true'")],
    [["sh", "-c", "false &> /dev/null"], sh("false &> /dev/null")],
    [
      ["xargs", "-a", "/dev/null", "sh", "-c", "false; true"],
      argv("xargs", "-a", "/dev/null", "sh", "-c", "false; true"),
    ],
  ];
  for (const [form, judged] of hidden) {
    if (form[0] === "sh" && form[2]!.includes("&>")) {
      // `&>` backgrounds the command only where sh does not know it (dash); bash reads a redirection.
      if (exitCode(["sh", "-c", "false &> /dev/null"]) !== 0) continue;
    }
    assert.equal(exitCode(form), 0, `${form.join(" ")} exits 0`);
    assert.equal(judged, false, form.join(" "));
  }
  // Forms this machine may not run: a wrapper or a text option hands the text to a shell.
  assert.equal(argv("sudo", "-u", "ci", "bash", "-c", "npm test || true"), false);
  assert.equal(argv("docker", "run", "img", "sh", "-c", "npm test; true"), false);
  assert.equal(argv("su", "ci", "-c", "npm test; true"), false);
  assert.equal(argv("flock", "/tmp/lock", "-c", "npm test | tee log"), false);
  assert.equal(argv("nix-shell", "--run", "npm test; true"), false);
  assert.equal(argv("fish", "-c", "npm test; true"), false, "fish text is not judged");
  assert.equal(argv("yash", "-c", "npm test; true"), false);
  assert.equal(argv("zsh", "-o", "NO_EXEC", "-c", "npm test"), false);
  assert.equal(sh("builtin eval 'false; true'"), false);
  assert.equal(sh("time -p ! npm test"), false);
  assert.equal(sh("setopt NO_EXEC && npm test"), false);
  // Controls: the same prefixes, wrappers and options around a status that reports every command.
  assert.equal(argv("bash", "-c", "-o", "pipefail", "npm test | tee log"), true);
  assert.equal(argv("bash", "-c", "--", "npm test"), true);
  assert.equal(argv("bash", "-c", "npm test &> log"), true, "bash reads &> as a redirection");
  assert.equal(sh("set -euxo pipefail && npm test"), true);
  assert.equal(sh("exec 2>&1 && npm test"), true);
  assert.equal(sh("time -p npm test && npm run lint"), true);
  assert.equal(sh("command -v npm && exec npm test"), true);
  assert.equal(argv("sudo", "-u", "ci", "npm", "test"), true);
  assert.equal(argv("docker", "run", "img", "sh", "-c", "npm test"), true);
  assert.equal(argv("su", "ci", "-c", "npm test"), true);
  assert.equal(argv("grep", "-c", "sh", "file"), true, "a shell's name not followed by -c");
  assert.equal(argv("fish", "script.fish"), true, "a script file: the program's own status");
});

Deno.test("statusReportsEveryCommand(): ssh's remote command is shell text the remote shell runs", () => {
  const r = (...command: string[]) => statusReportsEveryCommand({ command, shell: false });
  assert.equal(r("ssh", "host", "npm test; true"), false);
  assert.equal(r("ssh", "-p", "22", "-i", "key", "host", "npm", "test", "||", "true"), false);
  assert.equal(r("timeout", "60", "ssh", "host", "a | b"), false);
  // Controls: a remote command whose status reports every command, and ssh with none.
  assert.equal(r("ssh", "host", "npm", "test"), true);
  assert.equal(r("ssh", "-o", "BatchMode=yes", "host", "npm test && npm run lint"), true);
  assert.equal(r("ssh", "host"), true);
});

Deno.test("statusReportsEveryCommand(): words only printed are no shell, and set -o pipefail turns it on for what follows", () => {
  const sh = (text: string) => statusReportsEveryCommand({ command: [text], shell: true });
  assert.equal(sh("echo sh -c"), true, "sh -c is just words to echo");
  assert.equal(sh("printf '%s\\n' bash -c 'a; b'"), true);
  assert.equal(sh("grep -c sh -c file"), true);
  assert.equal(sh("set -o pipefail && npm test | tee log"), true);
  assert.equal(sh("set -euo pipefail && npm test | tee log && set +o pipefail"), true);
  assert.equal(sh("shopt -so pipefail && npm test | tee log"), true);
  assert.equal(sh("set -x && set -o pipefail && npm test | tee log"), true);
  // Controls: what turns it off, a setting made in a pipeline's subshell, a later pipeline.
  assert.equal(sh("set -o pipefail && set +o pipefail && npm test | tee log"), false);
  assert.equal(sh("set -o pipefail && a | b && set +o pipefail && c | d"), false);
  assert.equal(sh("set -o pipefail | true && npm test | tee log"), false);
  assert.equal(sh("set -o pipefail && set -- x && npm test | tee log"), false);
  assert.equal(sh("set -o pipefail; npm test | tee log"), false);
  assert.equal(sh("sudo sh -c 'npm test; true'"), false, "a program that runs its words");
  // set reads its words in order: the last pipefail setting counts, and after -- they are
  // positional parameters (attack116).
  assert.equal(sh("set -o pipefail +o pipefail && npm test | tee log"), false);
  assert.equal(sh("set -- -o pipefail && npm test | tee log"), false);
  assert.equal(sh("set x -o pipefail && npm test | tee log"), false);
  assert.equal(sh("set -oe pipefail && npm test | tee log"), false);
  // Controls: the last setting turns it on, other options beside it.
  assert.equal(sh("set +o pipefail -o pipefail && npm test | tee log"), true);
  assert.equal(sh("set -e -o pipefail -o errexit && npm test | tee log"), true);
});
