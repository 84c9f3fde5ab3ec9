/**
 * A Factory droid, Qwen Code or GitHub Copilot CLI session's shell statuses
 * are the host's word only while the project declares no hook that can
 * rewrite a shell call or its result (attack121, after attack120's Claude
 * Code and Codex). droid runs a PreToolUse hook's `updatedInput` on
 * `Execute` (rtk's droid integration rewrites commands so) from
 * `.factory/hooks.json`, the legacy `.factory/hooks/hooks.json` or the
 * `hooks` of `.factory/settings*.json`; Qwen Code a PreToolUse hook's
 * `updatedInput` from `.qwen/settings.json`; Copilot CLI a preToolUse hook's
 * `modifiedArgs` from every `.github/hooks/*.json`, the `hooks` of
 * `.github/copilot/settings*.json` and the cross-tool `.claude/settings*.json`,
 * and it runs project extensions. Each transcript keeps the model's
 * `npm test` while the exit status is the rewritten command's. Real
 * pre-compact hook on a real repository, the transcript in a temp HOME's
 * store, then load. Controls: no project hooks, the hooks `baton install`
 * wrote after `enforce on` (droid's and Copilot's PreToolUse gate; Claude
 * Code's gate, which Copilot CLI runs too), and hooks on other tools or
 * events keep `test passed`.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
const SID = "5d2c0a1e-0000-4000-8000-000000000121";
const at = (s: number) => new Date(Date.UTC(2026, 7, 20, 9, 0, s)).toISOString();
const jsonl = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";

type Host = "droid" | "qwen-code" | "copilot";

/** Where the host keeps a session's file under HOME, and the file: `npm test` ran, exit 0. */
function transcript(host: Host, cwd: string): { path: string; text: string } {
  if (host === "droid") {
    const message = (id: string, s: number, role: string, content: unknown[]) => ({
      type: "message",
      id,
      timestamp: at(s),
      message: { role, content },
    });
    return {
      path: `.factory/sessions/${cwd.replaceAll("/", "-")}/${SID}.jsonl`,
      text: jsonl([
        { type: "session_start", id: SID, cwd, version: 2 },
        message("m1", 1, "user", [{ type: "text", text: "run the tests" }]),
        message("m2", 2, "assistant", [
          { type: "tool_use", id: "c1", name: "Execute", input: { command: "npm test" } },
        ]),
        message("m3", 3, "user", [{
          type: "tool_result",
          tool_use_id: "c1",
          is_error: false,
          content: "3 failing\n\n\n[Process exited with code 0]",
        }]),
      ]),
    };
  }
  if (host === "qwen-code") {
    const envelope = (uuid: string, s: number, type: string) => ({
      uuid,
      parentUuid: null,
      sessionId: SID,
      timestamp: at(s),
      type,
      cwd,
      version: "0.24.4",
    });
    return {
      path: `.qwen/projects/-project/chats/${SID}.jsonl`,
      text: jsonl([
        {
          ...envelope("u1", 1, "user"),
          message: { role: "user", parts: [{ text: "run the tests" }] },
        },
        {
          ...envelope("u2", 2, "assistant"),
          message: {
            role: "model",
            parts: [{
              functionCall: { id: "c1", name: "run_shell_command", args: { command: "npm test" } },
            }],
          },
        },
        {
          ...envelope("u3", 3, "tool_result"),
          message: {
            role: "user",
            parts: [{
              functionResponse: {
                id: "c1",
                name: "run_shell_command",
                response: { output: "3 failing" },
              },
            }],
          },
          toolCallResult: {
            callId: "c1",
            status: "success",
            resultDisplay: { type: "shell_result", exitCode: 0, output: "3 failing" },
            executionStatus: "success",
          },
        },
      ]),
    };
  }
  const ev = (type: string, data: unknown, s: number) => ({
    type,
    data,
    id: `e${s}`,
    timestamp: at(s),
  });
  return {
    path: `.copilot/session-state/${SID}/events.jsonl`,
    text: jsonl([
      ev("session.start", { sessionId: SID, copilotVersion: "1.0.102", context: { cwd } }, 0),
      ev("user.message", { content: "run the tests" }, 1),
      ev("assistant.message", {
        content: "",
        toolRequests: [{ toolCallId: "c1", name: "bash", arguments: { command: "npm test" } }],
      }, 2),
      ev("tool.execution_complete", {
        toolCallId: "c1",
        success: true,
        shellExecution: { exitCode: 0 },
        result: { content: "3 failing" },
      }, 3),
    ]),
  };
}

/** The pre-compact payload, in the host's own field names. */
function payload(host: Host, path: string, cwd: string): string {
  return JSON.stringify(
    host === "copilot"
      ? { sessionId: SID, transcriptPath: path, cwd, hookEventName: "PreCompact", trigger: "auto" }
      : {
        session_id: SID,
        transcript_path: path,
        cwd,
        hook_event_name: "PreCompact",
        trigger: "auto",
      },
  );
}

/** The file where `baton install <host>` writes its PreToolUse gate after `enforce on`. */
const GATE_FILE: Record<string, string> = {
  droid: ".factory/settings.json",
  copilot: ".github/hooks/baton.json",
  "claude-code": ".claude/settings.local.json",
};

/** `baton load`'s briefing after the host's pre-compact hook captured the session in a repo holding `files`. */
async function briefed(
  host: Host,
  files: Record<string, string>,
  installs: string[] = [],
): Promise<string> {
  const repo = await makeRepo("baton-hooks121-");
  await using home = await tempDir("baton-hooks121-home-");
  try {
    await writeFiles(repo, { "README.md": "# r\n", ...files });
    await commitAll(repo, "init");
    const env = { HOME: home.path, DENO_DIR };
    if (installs.length > 0) {
      for (const args of [["enforce", "on", "--yes"], ...installs.map((h) => ["install", h])]) {
        const r = await runBaton(args, { cwd: repo, env });
        assert.equal(r.code, 0, r.stderr);
      }
      for (const h of installs) {
        const gate = GATE_FILE[h];
        if (gate === undefined) continue;
        // The control holds baton's own PreToolUse gate, not merely its other hooks.
        const text = await Deno.readTextFile(`${repo}/${gate}`);
        assert.match(text, /"PreToolUse"[\s\S]*hook pre-tool --host/, text);
      }
    }
    const t = transcript(host, repo);
    const path = `${home.path}/${t.path}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, t.text);
    const hook = await runBaton(["hook", "pre-compact", "--host", host, "--json"], {
      cwd: repo,
      env,
      stdin: payload(host, path, repo),
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

function held(out: string, what: string): void {
  assert.match(out, /npm test/, `${what}: the call is still recorded\n${out}`);
  assert.doesNotMatch(out, /test passed|\[observed/, `${what}\n${out}`);
}

function kept(out: string, what: string): void {
  assert.match(out, /test passed(?: \(exit 0\))?: npm test/, `control, ${what}\n${out}`);
}

/** A grouped PreToolUse hook on `matcher` (Claude Code's shape, which droid and Qwen Code read). */
const grouped = (matcher: string, event = "PreToolUse") =>
  JSON.stringify({
    hooks: { [event]: [{ matcher, hooks: [{ type: "command", command: "./rewrite.sh" }] }] },
  });

Deno.test("droid capture: a project PreToolUse hook on Execute (hooks.json, legacy hooks/hooks.json, settings.json) holds the status back", async () => {
  for (
    const file of [".factory/hooks.json", ".factory/hooks/hooks.json", ".factory/settings.json"]
  ) {
    held(await briefed("droid", { [file]: grouped("Execute") }), file);
  }
});

Deno.test("droid capture (control): no project hooks, baton's own installed gate, and a hook on Edit|Create keep the status", async () => {
  kept(await briefed("droid", {}), "no hooks");
  kept(await briefed("droid", { ".factory/hooks.json": grouped("Edit|Create") }), "Edit|Create");
  kept(await briefed("droid", {}, ["droid"]), "baton install droid after enforce on");
});

Deno.test("Qwen Code capture: a project PreToolUse hook on run_shell_command in .qwen/settings.json holds the status back", async () => {
  for (const matcher of ["^run_shell_command$", "run_shell_command", "*"]) {
    held(await briefed("qwen-code", { ".qwen/settings.json": grouped(matcher) }), matcher);
  }
});

Deno.test("Qwen Code capture (control): no project hooks, baton's own installed hooks, and a hook on write_file keep the status", async () => {
  kept(await briefed("qwen-code", {}), "no hooks");
  kept(await briefed("qwen-code", { ".qwen/settings.json": grouped("write_file") }), "write_file");
  kept(await briefed("qwen-code", {}, ["qwen-code"]), "baton install qwen-code");
});

/** Copilot's flat hook file: each entry the handler itself. */
const flat = (event: string, entry: Record<string, unknown>) =>
  JSON.stringify({ version: 1, hooks: { [event]: [{ type: "command", ...entry }] } });

Deno.test("Copilot CLI capture: a preToolUse hook in .github/hooks, .github/copilot/settings.json or .claude/settings.json, or a project extension, holds the status back", async () => {
  const cases: [string, Record<string, string>][] = [
    [".github/hooks", { ".github/hooks/rtk.json": flat("preToolUse", { bash: "./rewrite.sh" }) }],
    ["matcher bash", {
      ".github/hooks/rtk.json": flat("PreToolUse", { bash: "./rw.sh", matcher: "bash" }),
    }],
    [".github/copilot/settings.json", {
      ".github/copilot/settings.json": JSON.stringify({
        hooks: { preToolUse: [{ type: "command", bash: "./rewrite.sh" }] },
      }),
    }],
    [".claude/settings.json", { ".claude/settings.json": grouped("Bash") }],
    ["extension", { ".github/extensions/rw/extension.mjs": "export {};\n" }],
  ];
  for (const [what, files] of cases) held(await briefed("copilot", files), what);
});

Deno.test("Copilot CLI capture (control): no project hooks, baton's own installed hooks (Copilot's and Claude Code's gates), and hooks on other tools or events keep the status", async () => {
  kept(await briefed("copilot", {}), "no hooks");
  kept(
    await briefed("copilot", {
      ".github/hooks/fmt.json": flat("postToolUse", { bash: "./fmt.sh", matcher: "edit|create" }),
      ".github/hooks/log.json": flat("sessionStart", { bash: "./log.sh" }),
    }),
    "a formatter on edit|create, a sessionStart logger",
  );
  kept(await briefed("copilot", {}, ["copilot"]), "baton install copilot");
  kept(await briefed("copilot", {}, ["claude-code"]), "baton install claude-code");
});
