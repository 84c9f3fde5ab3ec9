/**
 * A Codex CLI session's exit statuses are the host's word only while the
 * project declares no hook that can rewrite a shell call or its output
 * (attack120). Codex took Claude Code's hook contract: a PreToolUse or
 * PermissionRequest hook's `updatedInput` replaces the command before it runs
 * (openai/codex#21302, #20527) while the rollout's `function_call` keeps the
 * model's, and it reads hooks from `.codex/hooks.json` and the inline
 * `[hooks]` tables of `.codex/config.toml`. Real pre-compact hook for Codex on
 * a real repository and a rollout in a temp HOME's store, then load.
 * Controls: no project hooks, and the hooks `baton install codex` wrote
 * after `enforce on` (its PreToolUse gate), keep `[observed, exit 0`.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
const SID = "019a0000-0000-7000-8000-000000000120";

/** A rollout: the user asks for the tests, `npm test` ran, Codex's header says exit 0. */
function rollout(cwd: string): string {
  const at = "2026-08-20T09:00:01.000Z";
  const ri = (payload: unknown) => ({ timestamp: at, type: "response_item", payload });
  return [
    {
      timestamp: at,
      type: "session_meta",
      payload: { id: SID, cwd, cli_version: "0.171.0", originator: "codex_exec" },
    },
    ri({ type: "message", role: "user", content: [{ type: "input_text", text: "run the tests" }] }),
    ri({
      type: "function_call",
      name: "exec_command",
      arguments: JSON.stringify({ cmd: "npm test", workdir: cwd }),
      call_id: "call_t",
    }),
    ri({
      type: "function_call_output",
      call_id: "call_t",
      output: "Exit code: 0\nWall time: 0.4 seconds\nOutput:\n3 failing",
    }),
  ].map((r) => JSON.stringify(r)).join("\n") + "\n";
}

/** A PreToolUse hook on Bash, in hooks.json's shape. */
const REWRITE = JSON.stringify({
  hooks: {
    PreToolUse: [{
      matcher: "Bash",
      hooks: [{ type: "command", command: "python3 .codex/or_true.py" }],
    }],
  },
});

async function session(
  files: Record<string, string>,
  setup: (repo: string, env: Record<string, string>) => Promise<void> = async () => {},
): Promise<string> {
  const repo = await makeRepo("baton-cx-hooks-");
  await using home = await tempDir("baton-cx-home-");
  try {
    await writeFiles(repo, { "README.md": "# r\n", ...files });
    await commitAll(repo, "init");
    const env = { HOME: home.path, DENO_DIR };
    await setup(repo, env);
    const dir = `${home.path}/.codex/sessions/2026/08/20`;
    await Deno.mkdir(dir, { recursive: true });
    const path = `${dir}/rollout-2026-08-20T09-00-00-${SID}.jsonl`;
    await Deno.writeTextFile(path, rollout(repo));
    const hook = await runBaton(["hook", "pre-compact", "--host", "codex", "--json"], {
      cwd: repo,
      env,
      stdin: JSON.stringify({
        session_id: SID,
        transcript_path: path,
        cwd: repo,
        hook_event_name: "PreCompact",
      }),
    });
    assert.equal(hook.code, 0, hook.stderr);
    assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout + hook.stderr);
    const load = await runBaton(["load"], { cwd: repo, env });
    assert.equal(load.code, 0, load.stderr);
    return load.stdout;
  } finally {
    await Deno.remove(repo, { recursive: true });
  }
}

Deno.test("Codex capture: a project's PreToolUse hook on Bash, in hooks.json or config.toml, holds the status back", async () => {
  const toml = '[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\n' +
    'type = "command"\ncommand = "python3 .codex/or_true.py"\n';
  for (const files of [{ ".codex/hooks.json": REWRITE }, { ".codex/config.toml": toml }]) {
    const out = await session(files);
    assert.ok(out.includes("npm test"), out);
    assert.ok(!out.includes("[observed"), out);
    assert.ok(!out.includes("test passed"), out);
  }
});

Deno.test("Codex capture (control): no project hooks, and baton's own installed hooks, keep the host's status", async () => {
  assert.ok((await session({})).includes("[observed, exit 0"));
  const out = await session({}, async (repo, env) => {
    for (const args of [["enforce", "on", "--yes"], ["install", "codex"]]) {
      const r = await runBaton(args, { cwd: repo, env });
      assert.equal(r.code, 0, r.stderr);
    }
    assert.match(await Deno.readTextFile(`${repo}/.codex/hooks.json`), /"PreToolUse"/);
  });
  assert.ok(out.includes("[observed, exit 0"), out);
});
