import assert from "node:assert/strict";
import {
  boolFlag,
  type Command,
  intFlag,
  parseFlags,
  stringFlag,
} from "../../../commands/_cli/command.ts";
import { renderHelp } from "../../../commands/_cli/help.ts";
import { UsageError } from "../../../core/errors.ts";

const CMD: Command = {
  category: "everyday",
  name: "demo-cmd",
  summary: "A command for the test",
  description: "Does nothing.",
  usage: "FILE",
  examples: ["baton demo-cmd --limit 3 FILE"],
  flags: [
    { name: "limit", type: "string", value: "N", default: "20", summary: "How many" },
    { name: "dry-run", type: "boolean", short: "n", summary: "Write nothing" },
  ],
  maxPositionals: 1,
  run: () => Promise.resolve(0),
};

const usage = (pattern: RegExp) => (e: unknown) =>
  e instanceof UsageError && pattern.test(e.message);

Deno.test("parseFlags() reads flags, one positional and the words after --", () => {
  const a = parseFlags(CMD, ["--limit", "5", "-n", "file.txt", "--", "--not-a-flag", "x"]);
  assert.equal(stringFlag(a, "limit"), "5");
  assert.equal(boolFlag(a, "dry-run"), true);
  assert.equal(boolFlag(a, "json"), false);
  assert.deepEqual(a.positionals, ["file.txt"]);
  assert.deepEqual(a.rest, ["--not-a-flag", "x"]);
  assert.equal(boolFlag(parseFlags(CMD, ["--json"]), "json"), true, "every command takes --json");
});

Deno.test("parseFlags() refuses an unknown flag with a suggestion, a missing value and too many arguments", () => {
  assert.throws(
    () => parseFlags(CMD, ["--limt", "5"]),
    usage(/Unknown flag for "demo-cmd": "--limt" \(did you mean --limit\?\)/),
  );
  assert.throws(() => parseFlags(CMD, ["--zzzzzzzz"]), usage(/Unknown flag .*"--zzzzzzzz"$/));
  assert.throws(() => parseFlags(CMD, ["--limit"]), usage(/was given none/));
  assert.throws(() => parseFlags(CMD, ["a", "b"]), usage(/got 2, expected at most 1/));
  // The unknown flag is quoted safely: control characters never reach the terminal.
  assert.throws(() => parseFlags(CMD, ["--\u001b[31m"]), usage(/"--\?\[31m"/));
});

Deno.test("intFlag() accepts integers in range only", () => {
  assert.equal(intFlag(parseFlags(CMD, ["--limit", "7"]), "limit", 1, 10), 7);
  assert.equal(intFlag(parseFlags(CMD, []), "limit"), undefined);
  for (const bad of ["0", "11", "-1", "3.5", "1e2", "abc"]) {
    assert.throws(
      () => intFlag(parseFlags(CMD, [`--limit=${bad}`]), "limit", 1, 10),
      usage(/expected an integer from 1 to 10/),
      bad,
    );
  }
});

const TYPED: Command = {
  ...CMD,
  flags: [
    { name: "top", type: "integer", value: "N", default: 20, min: 1, max: 200, summary: "Top" },
    { name: "keep", type: "integer", value: "N", min: 1, max: 9, summary: "Keep" },
  ],
};

Deno.test("an integer flag's spec owns its value: the parser applies its default and its range", () => {
  assert.equal(parseFlags(TYPED, []).flags.top, 20, "the default, applied by the parser");
  assert.equal(intFlag(parseFlags(TYPED, []), "top"), 20);
  assert.equal(intFlag(parseFlags(TYPED, ["--top", "200"]), "top"), 200);
  assert.equal(intFlag(parseFlags(TYPED, []), "keep"), undefined, "no default: absent");
  for (const bad of ["0", "201", "-1", "3.5", "abc"]) {
    assert.throws(
      () => parseFlags(TYPED, [`--top=${bad}`]),
      usage(/Invalid value for --top: expected an integer from 1 to 200/),
      bad,
    );
  }
  // Help shows the same default and range the parser used.
  const help = renderHelp(TYPED);
  assert.match(help, /--top N +Top \(default: 20; 1 to 200\)/);
  assert.match(help, /--keep N +Keep \(1 to 9\)/);
});

Deno.test("renderHelp() names the command, its usage, every flag with its default, and the examples", () => {
  const help = renderHelp(CMD);
  assert.match(help, /^baton demo-cmd: A command for the test\n/);
  assert.match(help, /Usage: baton demo-cmd \[flags\] FILE/);
  assert.match(help, /--limit N +How many \(default: 20\)/);
  assert.match(help, /-n, --dry-run +Write nothing/);
  assert.match(help, /--json/);
  assert.match(help, /baton demo-cmd --limit 3 FILE/);
});
