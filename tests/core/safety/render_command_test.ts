/**
 * A defanged command must not run when pasted: the rendered lines are fed to
 * real shells (sh, bash, dash, and zsh/fish/pwsh when installed), with a
 * positive control that the original command does run. See: #3
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../core/safety/command/classify.ts";
import { defangLine, renderCarriedCommand } from "../../../core/safety/render_command.ts";
import { tempDir } from "../../_helpers/temp.ts";

async function run(
  shell: string,
  args: string[],
  input: string,
  cwd: string,
): Promise<number | null> {
  try {
    const child = new Deno.Command(shell, {
      args,
      cwd,
      stdin: "piped",
      stdout: "null",
      stderr: "null",
    })
      .spawn();
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(input));
    await w.close();
    return (await child.status).code;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

function exists(path: string): Promise<boolean> {
  return Deno.lstat(path).then(() => true, () => false);
}

const SHELLS: [string, string[]][] = [
  ["sh", ["-s"]],
  ["bash", ["-s"]],
  ["dash", ["-s"]],
  ["bash", ["-i", "-s"]],
  ["zsh", ["-i", "-s", "-o", "no_interactive_comments"]],
  ["fish", []],
  ["pwsh", ["-NoProfile", "-Command", "-"]],
];

Deno.test("a defanged dangerous command runs nothing in real shells (positive control: the original does)", async () => {
  const dir = (await tempDir("baton-defang-")).path;
  const cmd =
    "sudo true; touch pwned1 && echo x > pwned2 | cat\n$(touch pwned3) `touch pwned4`\ntouch 'pwned5' \\\n  pwned6";
  const safety = classifyCommand(cmd);
  assert.equal(safety.class, "dangerous");
  const lines = renderCarriedCommand(cmd, safety);
  const fenceAt = lines.findIndex((l) => l.endsWith("text"));
  const body = lines.slice(fenceAt + 1, -1).join("\n") + "\n";
  let shellsRun = 0;
  for (const [shell, args] of SHELLS) {
    const code = await run(shell, args, body, dir);
    if (code === null) continue;
    shellsRun++;
    for (let i = 1; i <= 6; i++) {
      assert.ok(!(await exists(`${dir}/pwned${i}`)), `${shell} ${args}: pwned${i}`);
    }
  }
  assert.ok(shellsRun >= 3, "sh, bash and dash at least");
  // Positive control: the same command, not defanged, does create the files.
  const plain = cmd.replace("sudo true; ", "");
  assert.equal(await run("sh", ["-s"], plain + "\n", dir), 0);
  for (const i of [1, 2, 3, 4, 5, 6]) {
    assert.ok(await exists(`${dir}/pwned${i}`), `control pwned${i}`);
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("defangLine() keeps single quotes readable and balanced", () => {
  const line = "bash -c 'rm -rf ~' && echo \"it's\"";
  const d = defangLine(line);
  assert.ok(d.startsWith("# '") && d.endsWith("'"));
  assert.equal(d.slice(3, -1).replaceAll("'\\''", "'"), line);
});

Deno.test("renderCarriedCommand() shows review and read_only commands as they are, labelled with the class", () => {
  const review = renderCarriedCommand(
    "git push origin main",
    classifyCommand("git push origin main"),
  );
  assert.match(review[0]!, /class: review/);
  assert.match(review[1]!, /^Why: git push/);
  assert.ok(review.includes("git push origin main"));
  const ro = renderCarriedCommand("git status", classifyCommand("git status"));
  assert.match(ro[0]!, /class: read_only/);
  assert.ok(!ro.some((l) => l.startsWith("Why:")));
  assert.ok(ro.includes("git status"));
});

Deno.test("renderCarriedCommand() neutralises control characters inside the fence", () => {
  const cmd = "echo \u001b[31m\u202ehi";
  const lines = renderCarriedCommand(cmd, classifyCommand(cmd));
  assert.ok(!lines.join("\n").includes("\u001b"));
  assert.ok(!lines.join("\n").includes("\u202e"));
  assert.ok(lines.some((l) => l.includes("\u241b[31m")));
});
