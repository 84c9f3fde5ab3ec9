/**
 * One-liners that print a secret-named environment variable, held to the
 * real interpreters (a made-up value in the variable, HOME a temporary
 * folder): each that printed it must be dangerous; a control reading a
 * plain variable, or reading the secret without printing it, must not be.
 */
import assert from "node:assert/strict";
import { printsSecretEnv } from "../../../../../core/safety/command/_rules/env_reads.ts";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { programRuns } from "../../../../_helpers/program_runs.ts";
import { tempDir } from "../../../../_helpers/temp.ts";

const SECRET = "MADE-UP-TOKEN-VALUE-90b2";

Deno.test("printsSecretEnv: a secret-named read with an output call, in each language", () => {
  for (
    const code of [
      'import os;print(os.environ["AWS_SECRET_ACCESS_KEY"])',
      "import os; print(os.environ.get('GITHUB_TOKEN'))",
      'console.log(process.env["NPM_TOKEN"])',
      "console.log(process.env?.X_TOKEN)",
      'console.log(Deno.env.get("OPENAI_API_KEY"))',
      "puts ENV.fetch('GITHUB_TOKEN')",
      "print $ENV{DB_PASSWORD}",
      'echo getenv("STRIPE_SECRET_KEY");',
      'BEGIN{print ENVIRON["GITHUB_TOKEN"]}',
      'print(os.getenv("GH_PAT"))',
      "puts $env(API_KEY)",
    ]
  ) {
    assert.ok(printsSecretEnv(code, false), code);
  }
  // Controls: a plain variable, a read not printed, a secret's name as text.
  for (
    const code of [
      'print(os.environ["HOME"])',
      'assert os.environ["GITHUB_TOKEN"]',
      "print('GITHUB_TOKEN' in os.environ)",
      'requests.get(u, headers={"a": os.environ["GITHUB_TOKEN"]})',
    ]
  ) {
    assert.ok(!printsSecretEnv(code, false), code);
  }
  assert.ok(printsSecretEnv("process.env.GITHUB_TOKEN", true));
});

/** stdout and stderr of `program args` with the secret in its environment. */
async function printed(program: string, args: string[], dir: string): Promise<string> {
  const out = await new Deno.Command(program, {
    args,
    cwd: dir,
    env: {
      HOME: dir,
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      GITHUB_TOKEN: SECRET,
      AWS_SECRET_ACCESS_KEY: SECRET,
      X_TOKEN: SECRET,
      NPM_TOKEN: SECRET,
    },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return text.decode(out.stdout) + text.decode(out.stderr);
}

/** [program, args, shell text as a user would type it] */
type Shape = [string, string[], string];

const PRINTS: Shape[] = [
  ["awk", ['BEGIN{print ENVIRON["GITHUB_TOKEN"]}'], `awk 'BEGIN{print ENVIRON["GITHUB_TOKEN"]}'`],
  [
    "python3",
    ["-c", 'import os;print(os.environ["AWS_SECRET_ACCESS_KEY"])'],
    `python3 -c 'import os;print(os.environ["AWS_SECRET_ACCESS_KEY"])'`,
  ],
  [
    "node",
    ["-e", "console.log(process.env.X_TOKEN)"],
    "node -e 'console.log(process.env.X_TOKEN)'",
  ],
  ["node", ["-p", "process.env.NPM_TOKEN"], "node -p 'process.env.NPM_TOKEN'"],
  ["perl", ["-e", "print $ENV{GITHUB_TOKEN}"], "perl -e 'print $ENV{GITHUB_TOKEN}'"],
];

const CONTROLS: Shape[] = [
  ["awk", ['BEGIN{print ENVIRON["HOME"]}'], `awk 'BEGIN{print ENVIRON["HOME"]}'`],
  [
    "python3",
    ["-c", 'import os; assert os.environ["GITHUB_TOKEN"]'],
    `python3 -c 'import os; assert os.environ["GITHUB_TOKEN"]'`,
  ],
  ["node", ["-p", "process.env.HOME"], "node -p 'process.env.HOME'"],
  ["perl", ["-e", "print $ENV{HOME}"], "perl -e 'print $ENV{HOME}'"],
];

Deno.test({
  name: "awk, python, node and perl printing a secret-named variable: printed, and dangerous",
  fn: async () => {
    await using dir = await tempDir();
    let ran = 0;
    for (const [program, args, text] of PRINTS) {
      if (!programRuns(program, ["--version"]) && !programRuns(program, ["-W", "version"])) {
        continue;
      }
      ran++;
      assert.ok((await printed(program, args, dir.path)).includes(SECRET), text);
      assert.equal(classifyCommand(text).class, "dangerous", text);
    }
    for (const [program, args, text] of CONTROLS) {
      if (!programRuns(program, ["--version"]) && !programRuns(program, ["-W", "version"])) {
        continue;
      }
      assert.ok(!(await printed(program, args, dir.path)).includes(SECRET), text);
      assert.equal(classifyCommand(text).class, "review", text);
    }
    // At least the POSIX awk every machine has ran.
    assert.ok(ran > 0);
  },
});
