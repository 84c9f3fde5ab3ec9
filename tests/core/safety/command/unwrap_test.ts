/** unwrapCommand(): wrapper options skipped, command strings handed back, root shells and lookups. */
import assert from "node:assert/strict";
import { type Arg, literalArg } from "../../../../core/safety/command/invocation.ts";
import { unwrapCommand } from "../../../../core/safety/command/unwrap.ts";

function args(...words: string[]): Arg[] {
  return words.map((text) => literalArg(text));
}

Deno.test("unwrapCommand() skips each wrapper's options and their values", () => {
  const cases: [string[], string[], string, string[]][] = [
    [["sudo", "-u", "bob", "-E", "rm", "x"], ["sudo"], "rm", ["x"]],
    [["sudo", "-ubob", "--", "rm"], ["sudo"], "rm", []],
    [["env", "-i", "-u", "HOME", "A=1", "B=2", "ls"], ["env"], "ls", []],
    [["nice", "-n", "10", "ionice", "-c", "3", "make"], ["nice", "ionice"], "make", []],
    [["timeout", "-k", "5", "30s", "curl", "x"], ["timeout"], "curl", ["x"]],
    [["xargs", "-0", "-I", "{}", "rm", "{}"], ["xargs"], "rm", ["{}"]],
    [["busybox", "rm", "-rf"], ["busybox"], "rm", ["-rf"]],
    [["command", "-p", "ls"], ["command"], "ls", []],
    [["exec", "-a", "name", "bash"], ["exec"], "bash", []],
    [["doas", "-u", "root", "reboot"], ["doas"], "reboot", []],
    [["flock", "-w", "5", "/tmp/lock", "make"], ["flock"], "make", []],
    [["chroot", "/mnt", "sh"], ["chroot"], "sh", []],
  ];
  for (const [input, wrappers, program, rest] of cases) {
    const u = unwrapCommand(args(...input));
    assert.deepEqual(u.wrappers, wrappers, input.join(" "));
    assert.equal(u.program?.text, program, input.join(" "));
    assert.deepEqual(u.args.map((a) => a.text), rest, input.join(" "));
  }
});

Deno.test("unwrapCommand() returns command strings the wrappers run, for re-parsing", () => {
  assert.deepEqual(unwrapCommand(args("su", "-c", "rm -rf /", "root")).nested, [{
    text: "rm -rf /",
    via: "su",
  }]);
  assert.deepEqual(unwrapCommand(args("su", "root", "-c", "id")).nested, [{
    text: "id",
    via: "su",
  }]);
  assert.deepEqual(unwrapCommand(args("ssh", "-p", "22", "host", "rm", "-rf", "/")).nested, [{
    text: "rm -rf /",
    via: "ssh",
  }]);
  assert.deepEqual(unwrapCommand(args("watch", "-n", "1", "df -h")).nested, [{
    text: "df -h",
    via: "watch",
  }]);
  assert.deepEqual(unwrapCommand(args("env", "-S", "rm -rf /")).nested, [{
    text: "rm -rf /",
    via: "env",
  }]);
  assert.deepEqual(unwrapCommand(args("runas", "/user:admin", "cmd /c del x")).nested, [{
    text: "cmd /c del x",
    via: "runas",
  }]);
});

Deno.test("unwrapCommand() reports root shells and lookups, and leaves plain commands alone", () => {
  assert.equal(unwrapCommand(args("sudo", "-i")).rootShell, true);
  assert.equal(unwrapCommand(args("su", "-")).rootShell, true);
  assert.equal(unwrapCommand(args("command", "-v", "rm")).lookupOnly, true);
  const plain = unwrapCommand(args("git", "status"));
  assert.deepEqual(plain.wrappers, []);
  assert.equal(plain.program?.text, "git");
});

Deno.test("unwrapCommand() returns the variables env and sudo set, after their options", () => {
  const u = unwrapCommand(
    args("nice", "env", "-i", "GIT_SSH_COMMAND=rm -rf ~", "BASH_FUNC_ls%%=() { id; }", "git", "x"),
  );
  assert.deepEqual(u.assignments.map((a) => [a.name, a.value.text]), [
    ["GIT_SSH_COMMAND", "rm -rf ~"],
    ["BASH_FUNC_ls%%", "() { id; }"],
  ]);
  assert.equal(u.program?.text, "git");
  // Positive control: a wrapper without assignments takes NAME=value as the program.
  assert.equal(unwrapCommand(args("nice", "A=1", "ls")).program?.text, "A=1");
  assert.deepEqual(unwrapCommand(args("nice", "A=1", "ls")).assignments, []);
});

Deno.test("unwrapCommand() does not let a flag or an attached-only option take the next word", () => {
  const cases: [string[], string][] = [
    [["taskset", "-c", "0", "rm", "ls"], "rm"],
    [["xargs", "-i", "rm", "cat"], "rm"],
    [["xargs", "-l", "rm", "cat"], "rm"],
    [["xargs", "-e", "rm", "cat"], "rm"],
    [["xargs", "--replace", "rm", "cat"], "rm"],
    [["env", "-a", "ls", "rm"], "rm"],
    [["env", "--argv0", "ls", "rm"], "rm"],
  ];
  for (const [input, program] of cases) {
    assert.equal(unwrapCommand(args(...input)).program?.text, program, input.join(" "));
  }
  // Attached and required values are still taken.
  assert.equal(unwrapCommand(args("xargs", "-i{}", "rm", "{}")).program?.text, "rm");
  assert.equal(unwrapCommand(args("xargs", "-I", "{}", "rm", "{}")).program?.text, "rm");
  assert.equal(unwrapCommand(args("xargs", "-n", "1", "rm")).program?.text, "rm");
  assert.deepEqual(unwrapCommand(args("watch", "-d", "rm", "ls")).nested, [
    { text: "rm ls", via: "watch" },
  ]);
});

Deno.test("unwrapCommand() returns every reading of an ambiguous option, bounded", () => {
  const u = unwrapCommand(args("xargs", "-i", "rm", "cat", "-rf", "/"));
  assert.equal(u.program?.text, "rm");
  assert.deepEqual(u.alternatives.map((a) => a.program?.text), ["cat"]);
  const w = unwrapCommand(args("watch", "-d", "rm", "ls"));
  assert.deepEqual(w.alternatives.map((a) => a.nested), [[{ text: "ls", via: "watch" }]]);
  // A reading that leaves no program is not an alternative.
  assert.deepEqual(unwrapCommand(args("taskset", "-c", "0", "ls")).alternatives, []);
  // Unambiguous parses have none.
  assert.deepEqual(unwrapCommand(args("sudo", "-u", "root", "ls")).alternatives, []);
  // Many ambiguous options: the readings stay bounded.
  const many = unwrapCommand(args("xargs", ..."-i ".repeat(40).trim().split(" "), "ls"));
  assert.ok(many.alternatives.length < 16, `${many.alternatives.length} readings`);
});

Deno.test("unwrapCommand() hands back the file xargs or parallel reads its argument words from, in every spelling", () => {
  const file = (...words: string[]) =>
    (unwrapCommand(args(...words)).argFiles ?? []).map((f) => [f.via, f.file.text]);
  assert.deepEqual(file("xargs", "-a", "list", "echo"), [["xargs", "list"]]);
  assert.deepEqual(file("xargs", "-alist", "echo"), [["xargs", "list"]]);
  assert.deepEqual(file("xargs", "-0a", "list", "echo"), [["xargs", "list"]]);
  assert.deepEqual(file("xargs", "--arg-file=list", "echo"), [["xargs", "list"]]);
  assert.deepEqual(file("xargs", "--arg", "list", "echo"), [["xargs", "list"]]);
  assert.deepEqual(file("parallel", "-a", "list", "echo"), [["parallel", "list"]]);
  // Controls: `a` as another option's value, or a flag's, is no file option.
  assert.deepEqual(file("xargs", "-I", "a", "echo", "a"), []);
  assert.deepEqual(file("xargs", "-Ia", "echo", "a"), []);
  assert.deepEqual(file("xargs", "-ia", "echo"), []);
  assert.deepEqual(file("xargs", "-n1", "echo", "-a", "x"), []);
});
