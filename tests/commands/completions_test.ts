import assert from "node:assert/strict";
import { completionsCommand } from "../../commands/completions.ts";
import { UsageError } from "../../core/errors.ts";
import { renderCompletions } from "../../commands/_cli/completions.ts";
import { COMPLETION_TABLE } from "../../commands/_cli/completion_table.ts";
import { loadCommands } from "../../commands/mod.ts";
import { runCommand } from "../_helpers/command.ts";
import { tempDir } from "../_helpers/temp.ts";

/** What bash's completion function offers for the words typed so far (the last may be partial). */
async function bashComplete(script: string, typed: string[]): Promise<string[]> {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/baton.bash`, script);
  const words = typed.map((w) => `'${w}'`).join(" ");
  const out = await new Deno.Command("bash", {
    args: [
      "-c",
      `source '${dir.path}/baton.bash'; COMP_WORDS=(baton ${words}); COMP_CWORD=${typed.length}; _baton; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).split("\n").filter((l) => l !== "");
}

Deno.test("the bash script completes commands, flags, hosts and shells from the command table", async () => {
  const script = (await runCommand(completionsCommand, ["bash"], { cwd: Deno.cwd() })).out;
  assert.deepEqual(await bashComplete(script, ["ins"]), ["install"]);
  assert.deepEqual(await bashComplete(script, ["install", "cl"]), ["claude-code", "cline"]);
  assert.deepEqual(await bashComplete(script, ["finalize", "--dr"]), ["--draft"]);
  assert.deepEqual(await bashComplete(script, ["completions", "f"]), ["fish"]);
  assert.ok((await bashComplete(script, ["load", "--"])).includes("--json"));
  // Positive control: nothing matches a word no command starts with.
  assert.deepEqual(await bashComplete(script, ["zzz"]), []);
});

Deno.test("the completion table holds every command of the command table", async () => {
  const names = new Set(COMPLETION_TABLE.map((c) => c.name));
  for (const c of (await loadCommands()).filter((c) => !c.hidden)) {
    assert.ok(names.has(c.name), c.name);
  }
});

Deno.test("zsh, fish and PowerShell scripts name every command and the hosts", async () => {
  for (const shell of ["zsh", "fish", "powershell"]) {
    const script = (await runCommand(completionsCommand, [shell], { cwd: Deno.cwd() })).out;
    for (const c of COMPLETION_TABLE) assert.ok(script.includes(c.name), `${shell}: ${c.name}`);
    assert.ok(script.includes("claude-code"), shell);
  }
});

Deno.test("completions refuses an unknown shell, and the renderer refuses a word that is not plain", async () => {
  await assert.rejects(
    () => runCommand(completionsCommand, ["tcsh"], { cwd: Deno.cwd() }),
    (e: unknown) => e instanceof UsageError,
  );
  assert.throws(() =>
    renderCompletions("bash", [{ name: "x; rm -rf ~", summary: "", flags: [] }], { hosts: [] })
  );
  // Control: a plain word renders.
  assert.match(
    renderCompletions("bash", [{ name: "x", summary: "", flags: [] }], { hosts: [] }),
    /x\)/,
  );
});
