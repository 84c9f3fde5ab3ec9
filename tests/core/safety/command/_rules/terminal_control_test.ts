/**
 * terminalControlRule(): printers that emit a terminal control string (OSC,
 * DCS, APC, PM, SOS) in each escape spelling, held to the bytes the real
 * printf and bash emit; colours and plain brackets are controls.
 */
import assert from "node:assert/strict";
import { terminalControlRule } from "../../../../../core/safety/command/_rules/terminal_control.ts";
import type { Invocation } from "../../../../../core/safety/command/invocation.ts";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { programRuns } from "../../../../_helpers/program_runs.ts";

function flagged(program: string, argv: string[]): boolean {
  const reasons: string[] = [];
  const out = {
    dangerous: () => {},
    review: (r: string) => void reasons.push(r),
    nested: () => {},
    executes: () => {},
  };
  const inv: Invocation = {
    program,
    argv,
    args: [],
    redirects: [],
    wrappers: [],
    stdinText: [],
    pipeIn: false,
    pipeOut: false,
  };
  terminalControlRule(inv, out);
  return reasons.length > 0;
}

Deno.test("terminalControlRule() flags each spelling of a string sequence's introducer", () => {
  for (
    const a of [
      "\\033]52;c;aGk=\\a",
      "\\e]52;c;aGk=\\a",
      "\\E]0;t\\a",
      "\\x1b]1337;File=name=eA==:aGk=\\a",
      "\\x1B]8;;https://x\\a",
      "\\0033]52;c;x\\a",
      "\\u001b]52;c;x\\a",
      "\x1b]52;c;x\x07",
      "\\eP+q544e\\e\\\\",
      "\\e_Gf=100;x\\e\\\\",
      "\\e^x\\e\\\\",
      "\\x9d52;c;x\\a",
      "`e]52;c;x`a",
    ]
  ) {
    assert.ok(flagged("printf", [a]), a);
    assert.ok(flagged("echo", ["-e", a]), a);
  }
});

Deno.test("terminalControlRule() leaves colours, cursor moves and brackets alone (controls)", () => {
  for (const a of ["\\033[1mbold\\033[0m", "\\e[31mred", "a]b", "[x]", "%s\\n", "\\x1b[2J"]) {
    assert.ok(!flagged("printf", [a]), a);
  }
  assert.ok(!flagged("cat", ["\\e]52;c;x\\a"]));
});

Deno.test({
  name: "the real printf emits ESC ] for an OSC spelling and ESC [ for a colour; classify follows",
  ignore: !programRuns("bash", ["--version"]),
  fn: async () => {
    const bytes = async (script: string) =>
      (await new Deno.Command("bash", { args: ["-c", script], stdout: "piped" }).output()).stdout;
    const osc = await bytes(String.raw`printf '\033]52;c;aGk=\007'`);
    assert.deepEqual([...osc.slice(0, 2)], [0x1b, 0x5d]);
    assert.equal(classifyCommand(String.raw`printf '\033]52;c;aGk=\007'`).class, "review");
    const echoed = await bytes(String.raw`echo -e '\e]52;c;aGk=\a'`);
    assert.deepEqual([...echoed.slice(0, 2)], [0x1b, 0x5d]);
    assert.equal(classifyCommand(String.raw`echo -e '\e]52;c;aGk=\a'`).class, "review");
    const colour = await bytes(String.raw`printf '\033[1mbold\033[0m'`);
    assert.deepEqual([...colour.slice(0, 2)], [0x1b, 0x5b]);
    assert.equal(classifyCommand(String.raw`printf '\033[1mbold\033[0m'`).class, "read_only");
  },
});
