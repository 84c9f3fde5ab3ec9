/**
 * zsh's parameter forms held to zsh itself (HOME and the working directory
 * a temporary folder holding a made-up key): an array's `$x` is every
 * element, `$x[N]`/`${x[N]}` count from 1, `$~x` globs, `$=x` splits and
 * runs, `${(e)x}` and bash's `${x@P}` expand the value again. A reading
 * that printed the key must be dangerous; its control, which printed none,
 * must not be.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../core/safety/command/classify.ts";
import {
  reexpandedName,
  zshElement,
  zshFlagForm,
  zshShortForms,
} from "../../../../core/safety/command/zsh_params.ts";
import { programRuns } from "../../../_helpers/program_runs.ts";
import { tempDir } from "../../../_helpers/temp.ts";

const SECRET = "MADE-UP-KEY-MATERIAL-90a1";

/** stdout and stderr of `shell -fc cmd` (bash: `-c`) with HOME and cwd the test's folder. */
async function output(
  shell: "zsh" | "bash",
  cmd: string,
  dir: string,
  env: Record<string, string> = {},
): Promise<string> {
  const out = await new Deno.Command(shell, {
    args: [shell === "zsh" ? "-fc" : "-c", cmd],
    cwd: dir,
    env: { HOME: dir, PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return text.decode(out.stdout) + text.decode(out.stderr);
}

Deno.test("zshShortForms makes $~x, $=x and $^x the braced forms; other text is kept", () => {
  const lit = (text: string, quoted = false) => ({ kind: "lit" as const, text, quoted });
  const raw = (segs: ReturnType<typeof zshShortForms>) =>
    segs.map((s) => s.kind === "lit" ? s.text : s.raw);
  assert.deepEqual(raw(zshShortForms([lit("$"), lit("=x")])), ["${=x}"]);
  assert.deepEqual(raw(zshShortForms([lit("a$"), lit("^x/b")])), ["a", "${^x}", "/b"]);
  // Controls: a quoted `$~x` is text in zsh too; `$` before a non-flag stays.
  assert.deepEqual(raw(zshShortForms([lit("$"), lit("~x", true)])), ["$", "~x"]);
  assert.deepEqual(raw(zshShortForms([lit("$"), lit("-x")])), ["$", "-x"]);
  assert.deepEqual(zshFlagForm("${~=x}"), { name: "x", glob: true, split: true });
  assert.equal(zshFlagForm("${x}"), null);
  assert.equal(zshElement("1", ["a"]), "a");
  assert.equal(zshElement("3", ["a"]), undefined);
  assert.equal(reexpandedName("${x@P}"), "x");
  assert.equal(reexpandedName("${(e)x}"), "x");
  assert.equal(reexpandedName("${x@Q}"), null);
});

Deno.test({
  name: "zsh arrays, $~x and $=x: what zsh prints is what the classifier holds to",
  ignore: !programRuns("zsh", ["--version"]),
  fn: async () => {
    await using dir = await tempDir();
    await Deno.mkdir(`${dir.path}/.ssh`);
    await Deno.writeTextFile(`${dir.path}/.ssh/id_rsa`, `${SECRET}\n`);
    await Deno.writeTextFile(`${dir.path}/.env`, `${SECRET}\n`);
    await Deno.writeTextFile(`${dir.path}/README.md`, "plain\n");
    await Deno.writeTextFile(`${dir.path}/NOTES.md`, "plain\n");
    for (
      const cmd of [
        "x=(README.md ~/.ssh/id_rsa); cat $x",
        "x=(README.md ~/.ssh/id_rsa); cat ${x}",
        "x=(README.md ~/.ssh/id_rsa); cat $x[2]",
        "x=(README.md ~/.ssh/id_rsa); cat ${x[2]}",
        "x='.e*'; cat $~x",
        "x='cat .env'; $=x",
      ]
    ) {
      assert.ok((await output("zsh", cmd, dir.path)).includes(SECRET), `zsh: ${cmd}`);
      assert.equal(classifyCommand(cmd).class, "dangerous", cmd);
    }
    for (
      const cmd of [
        "x=(README.md NOTES.md); cat $x",
        'x=(README.md ~/.ssh/id_rsa); cat "$x"',
        "x=(README.md ~/.ssh/id_rsa); cat $x[1]",
        "x='*.md'; cat $~x",
        // A quoted `"${~x}"` is not globbed: zsh looks for a file named `.e*`.
        "x='.e*'; cat \"${~x}\"",
      ]
    ) {
      assert.ok(!(await output("zsh", cmd, dir.path)).includes(SECRET), `zsh: ${cmd}`);
      assert.equal(classifyCommand(cmd).class, "read_only", cmd);
    }
    // A quoted value is not globbed by zsh or bash: `"$x"` names a file called `.e*`.
    const quoted = "x='.e*'; cat \"$x\"";
    for (const shell of ["zsh", "bash"] as const) {
      assert.ok(!(await output(shell, quoted, dir.path)).includes(SECRET), shell);
    }
    assert.equal(classifyCommand(quoted).class, "read_only");
    // The same shape with rm is only classified, never run.
    assert.equal(classifyCommand("x='rm -rf ~'; $=x").class, "dangerous");
  },
});

Deno.test({
  name: "a value expanded again (${x@P}, ${(e)x}) or run by sh prints the secret it names",
  ignore: !programRuns("zsh", ["--version"]) || !programRuns("bash", ["--version"]),
  fn: async () => {
    await using dir = await tempDir();
    const env = { GITHUB_TOKEN: SECRET, OPENAI_API_KEY: SECRET };
    const shapes: ["zsh" | "bash", string][] = [
      ["bash", "x='$GITHUB_TOKEN'; echo ${x@P}"],
      ["zsh", "x='$GITHUB_TOKEN'; echo ${(e)x}"],
      ["bash", "echo '$GITHUB_TOKEN' | sh"],
      // The shell's "command not found" names the program: the secret.
      ["bash", '"$OPENAI_API_KEY"'],
    ];
    for (const [shell, cmd] of shapes) {
      assert.ok((await output(shell, cmd, dir.path, env)).includes(SECRET), `${shell}: ${cmd}`);
      assert.equal(classifyCommand(cmd).class, "dangerous", cmd);
    }
    // Controls: the same shapes over a variable not named like a secret print its value and are
    // review (the evaluation itself), not dangerous.
    for (
      const [shell, cmd] of [
        ["bash", "x='$HOME'; echo ${x@P}"],
        ["bash", "echo '$HOME' | sh"],
        ["bash", '"$HOME"'],
      ] as const
    ) {
      assert.ok(!(await output(shell, cmd, dir.path, env)).includes(SECRET), cmd);
      assert.equal(classifyCommand(cmd).class, "review", cmd);
    }
  },
});
