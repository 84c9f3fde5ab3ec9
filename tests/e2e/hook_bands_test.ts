/**
 * `baton hook prompt|post-tool` as each host runs it: a subprocess fed the
 * host's payload naming a transcript the test generates, in a real
 * repository. Below warn it prints nothing; at warn one short advisory
 * line; at handoff a request to write a capsule with the exact commands; in
 * each host's own output format.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git, makeRepo } from "../_helpers/git.ts";
import {
  claudeCompaction,
  claudeToolTurn,
  claudeUser,
  codexCall,
  codexMeta,
  codexTokens,
  codexUser,
  geminiMeta,
  geminiModel,
  geminiUser,
  jsonl,
} from "../_helpers/band_transcripts.ts";
import type { HostId } from "../../core/hosts/ids.ts";

type Level = "ok" | "warn" | "handoff";
const DEPTH: Record<Level, number> = { ok: 3, warn: 22, handoff: 33 };

/** A transcript in the host's format with `depth` tool calls since the last prompt. */
function transcript(host: HostId, depth: number): string {
  if (host === "codex") {
    const calls = Array.from({ length: depth }, () => codexCall()).flat();
    return jsonl([codexMeta(), ...codexUser("go"), ...calls, codexTokens(10_000)]);
  }
  if (host === "gemini") {
    return jsonl([geminiMeta(), geminiUser("m1", "go"), geminiModel("m2", depth)]);
  }
  if (host === "copilot") {
    // Copilot CLI's events.jsonl, as Copilot CLI 1.0.102 writes it.
    const call = { toolCallId: "c", name: "bash", arguments: { command: "ls" } };
    return jsonl([
      { type: "session.start", data: { sessionId: "s1", copilotVersion: "1.0.102" } },
      { type: "user.message", data: { content: "go" } },
      ...Array.from({ length: depth }, () => ({
        type: "assistant.message",
        data: { content: "", toolRequests: [call] },
      })),
    ]);
  }
  // Claude Code's shape; Cursor's transcript is an unconfirmed format, so the scanner detects
  // the shape it is given.
  return jsonl([
    claudeUser("go"),
    ...Array.from({ length: depth }, () => claudeToolTurn(1)).flat(),
  ]);
}

/** The host's payload for a band event, shaped as the host documents it. */
function payload(
  host: HostId,
  native: string,
  cwd: string,
  path: string,
  session = "s1",
): unknown {
  switch (host) {
    case "copilot":
      return {
        timestamp: "2026-12-01T00:00:00Z",
        cwd,
        sessionId: session,
        hookEventName: native,
        transcript_path: path,
      };
    case "cursor":
      return {
        conversation_id: "c1",
        generation_id: "g1",
        hook_event_name: native,
        cursor_version: "1.7.0",
        workspace_roots: [cwd],
        transcript_path: path,
        tool_name: "Shell",
        tool_input: {},
        tool_output: "{}",
      };
    case "gemini":
      return {
        session_id: session,
        transcript_path: path,
        cwd,
        hook_event_name: native,
        timestamp: "2026-12-01T00:00:00Z",
      };
    case "codex":
      return {
        session_id: session,
        transcript_path: path,
        cwd,
        hook_event_name: native,
        model: "gpt-5",
        turn_id: "t1",
      };
    default:
      return {
        session_id: session,
        transcript_path: path,
        cwd,
        hook_event_name: native,
        permission_mode: "default",
      };
  }
}

/** The advisory text out of a host's output, or null when it has none. */
function adviceText(host: HostId, stdout: string): string | null {
  if (stdout === "") return null;
  if (host === "opencode") return stdout.trimEnd();
  const out = JSON.parse(stdout);
  if (host === "cursor") return out.additional_context;
  if (host === "copilot") {
    assert.equal(out.additionalContext, out.hookSpecificOutput.additionalContext);
    return out.additionalContext;
  }
  return out.hookSpecificOutput.additionalContext;
}

const CASES: { host: HostId; event: "prompt" | "post-tool"; native: string }[] = [
  { host: "claude-code", event: "prompt", native: "UserPromptSubmit" },
  { host: "claude-code", event: "post-tool", native: "PostToolUse" },
  { host: "codex", event: "prompt", native: "UserPromptSubmit" },
  { host: "codex", event: "post-tool", native: "PostToolUse" },
  { host: "gemini", event: "prompt", native: "BeforeAgent" },
  { host: "gemini", event: "post-tool", native: "AfterTool" },
  { host: "copilot", event: "prompt", native: "UserPromptSubmit" },
  { host: "copilot", event: "post-tool", native: "PostToolUse" },
  { host: "cursor", event: "post-tool", native: "postToolUse" },
];

Deno.test("band hooks: silent below warn, one line at warn, a capsule request at handoff, per host event", async (t) => {
  const dir = await makeRepo();
  try {
    for (const c of CASES) {
      await t.step(`${c.host} ${c.native}`, async () => {
        for (const level of ["ok", "warn", "handoff"] as const) {
          const path = `${dir}/${c.host}-${level}.jsonl`;
          await Deno.writeTextFile(path, transcript(c.host, DEPTH[level]));
          const r = await runBaton(["hook", c.event, "--host", c.host], {
            cwd: dir,
            // One session per host event: the advisory is said once per band and session.
            stdin: JSON.stringify(payload(c.host, c.native, dir, path, `${c.host}-${c.event}`)),
          });
          assert.equal(r.code, 0, r.stderr);
          assert.equal(r.stderr, "", `${level}: nothing on stderr`);
          const text = adviceText(c.host, r.stdout);
          if (level === "ok") {
            assert.equal(r.stdout, "", "silent below warn");
            continue;
          }
          assert.ok(text !== null, `${level}: an advisory`);
          assert.equal(text.includes("\n"), false, "one line");
          assert.match(
            text,
            new RegExp(`^baton context band: ${level}: ${DEPTH[level]} tool calls`),
          );
          if (level === "warn") {
            assert.doesNotMatch(text, /finalize/);
            assert.ok(text.length < 300, "short");
          } else {
            assert.match(text, /preflight`/);
            assert.match(text, /finalize --draft -`/);
            assert.match(text, /advisory; nothing is blocked/);
          }
          if (c.host !== "cursor") {
            const out = JSON.parse(r.stdout);
            assert.equal(out.hookSpecificOutput.hookEventName, c.native);
          }
        }
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("band hooks: Codex's token count alone can reach handoff; --json reports the band", async () => {
  const dir = await makeRepo();
  try {
    const path = `${dir}/rollout.jsonl`;
    await Deno.writeTextFile(
      path,
      jsonl([codexMeta(), ...codexUser("go"), codexTokens(160_000, 258_400)]),
    );
    const stdin = JSON.stringify(payload("codex", "UserPromptSubmit", dir, path));
    const r = await runBaton(["hook", "prompt", "--host", "codex", "--json"], { cwd: dir, stdin });
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.equal(report.action, "band");
    assert.equal(report.band, "handoff");
    assert.match(report.output, /61\.9% context window used/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("band hooks: a bad config falls back to the defaults with one stderr line; a good one is used", async () => {
  const dir = await makeRepo();
  try {
    const path = `${dir}/t.jsonl`;
    await Deno.writeTextFile(path, transcript("claude-code", 12));
    const stdin = JSON.stringify(payload("claude-code", "PostToolUse", dir, path));
    await Deno.mkdir(`${dir}/.baton`);
    // Control: a config that lowers warn to 10 turns 12 tool calls into a warning.
    await Deno.writeTextFile(`${dir}/.baton/config.yaml`, "bands:\n  depth: {warn: 10}\n");
    const good = await runBaton(["hook", "post-tool", "--host", "claude-code"], {
      cwd: dir,
      stdin,
    });
    assert.match(adviceText("claude-code", good.stdout) ?? "", /band: warn: 12 tool calls/);
    // From a subdirectory the repository root's config still applies.
    await Deno.mkdir(`${dir}/src/deep`, { recursive: true });
    const sub = JSON.stringify(
      payload("claude-code", "PostToolUse", `${dir}/src/deep`, path, "s-deep"),
    );
    const deep = await runBaton(["hook", "post-tool", "--host", "claude-code"], {
      cwd: dir,
      stdin: sub,
    });
    assert.match(adviceText("claude-code", deep.stdout) ?? "", /band: warn: 12 tool calls/);
    assert.equal(good.stderr, "");
    await Deno.writeTextFile(
      `${dir}/.baton/config.yaml`,
      "bands:\n  depth: {warn: 99}\n  # tok_SECRET\n",
    );
    const bad = await runBaton(["hook", "post-tool", "--host", "claude-code"], { cwd: dir, stdin });
    assert.equal(bad.code, 0);
    assert.equal(bad.stdout, "", "defaults: 12 is below warn");
    const lines = bad.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 1, bad.stderr);
    assert.match(
      lines[0]!,
      /"bands\.depth" must ascend: .* at line 2, column 10; using the default thresholds$/,
    );
    assert.doesNotMatch(bad.stderr, /SECRET/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("band hooks: a payload without a transcript, or one naming a missing file, is silent", async () => {
  const dir = await makeRepo();
  try {
    const none = await runBaton(["hook", "prompt", "--host", "claude-code"], {
      cwd: dir,
      stdin: JSON.stringify({ session_id: "s", cwd: dir, hook_event_name: "UserPromptSubmit" }),
    });
    assert.equal(none.code, 0);
    assert.equal(none.stdout, "");
    const missing = await runBaton(["hook", "prompt", "--host", "claude-code"], {
      cwd: dir,
      stdin: JSON.stringify(payload("claude-code", "UserPromptSubmit", dir, `${dir}/nope.jsonl`)),
    });
    assert.equal(missing.code, 0);
    assert.equal(missing.stdout, "");
    assert.match(missing.stderr, /transcript not read/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("band hooks: OpenCode's plugin counts the tool calls itself; plain text out; a bad count is hard", async () => {
  const dir = await makeRepo();
  try {
    const run = (n: unknown) =>
      runBaton(["hook", "post-tool", "--host", "opencode"], {
        cwd: dir,
        stdin: JSON.stringify({
          hook_event_name: "tool.execute.after",
          session_id: "ses_1",
          cwd: dir,
          tool_calls_since_prompt: n,
        }),
      });
    assert.equal((await run(3)).stdout, "");
    const warn = await run(21);
    assert.match(
      warn.stdout,
      /^baton context band: warn: 21 tool calls since the last user turn \(warn at 20\)\. [^\n]*\n$/,
    );
    assert.match((await run(35)).stdout, /handoff: 35 tool calls.*finalize --draft -/);
    assert.match(
      (await run("many")).stdout,
      /^baton context band: hard: tool calls since the last user turn: not a number/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("band hooks speak once per band and session: warn, handoff, a capsule written, more tool calls, then a fresh context after compaction", async () => {
  const dir = await makeRepo();
  try {
    const path = `${dir}/t.jsonl`;
    const said: string[] = [];
    const step = async (text: string, event: "prompt" | "post-tool" = "post-tool") => {
      await Deno.writeTextFile(path, text);
      const native = event === "prompt" ? "UserPromptSubmit" : "PostToolUse";
      const r = await runBaton(["hook", event, "--host", "claude-code"], {
        cwd: dir,
        stdin: JSON.stringify(payload("claude-code", native, dir, path, "once")),
      });
      assert.equal(r.code, 0, r.stderr);
      const advice = adviceText("claude-code", r.stdout);
      if (advice !== null) said.push(/^baton context band: (\w+):/.exec(advice)![1]!);
      return advice;
    };
    const depth = (n: number) => transcript("claude-code", n);
    assert.equal(await step(depth(3)), null, "silent below warn");
    const warn = await step(depth(22));
    assert.ok(warn !== null, "warn is said");
    for (const n of [23, 24, 25]) await step(depth(n));
    await step(depth(26), "prompt");
    const handoff = await step(depth(33));
    assert.ok(handoff !== null, "handoff is said");
    // At most ~120 tokens (about 4 characters a token) and it names baton, not an invocation.
    assert.ok(handoff.length <= 480, `${handoff.length} characters`);
    assert.match(handoff, /`baton preflight`/);
    assert.doesNotMatch(handoff, /deno|--allow/);
    // The agent writes the capsule; more tool calls at handoff say nothing again.
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: '{"now":"parser half done"}\n',
    });
    assert.equal(fin.code, 0, fin.stderr);
    for (const n of [34, 35, 36, 37]) assert.equal(await step(depth(n)), null, `call ${n}`);
    assert.equal(await step(depth(38), "prompt"), null, "nor a prompt");
    assert.deepEqual(said, ["warn", "handoff"], "exactly one advisory per band");
    // Control: another session in the same repository is told on its own.
    const other = await runBaton(["hook", "post-tool", "--host", "claude-code"], {
      cwd: dir,
      stdin: JSON.stringify(payload("claude-code", "PostToolUse", dir, path, "other")),
    });
    assert.match(adviceText("claude-code", other.stdout) ?? "", /band: handoff/);
    // After a compaction the session is below warn: a new context is told again at warn.
    const compacted = (n: number) =>
      jsonl([
        ...claudeToolTurn(1),
        ...claudeCompaction(),
        claudeUser("go"),
        ...Array.from({ length: n }, () => claudeToolTurn(1)).flat(),
      ]);
    assert.equal(await step(compacted(2)), null);
    assert.ok(await step(compacted(22)) !== null, "warn again in the new context");
    assert.equal(await step(compacted(23)), null);
    assert.deepEqual(said, ["warn", "handoff", "warn"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("band hooks: hooks of one session that reach a band at the same moment advise it once between them", async () => {
  const dir = await makeRepo();
  try {
    const path = `${dir}/t.jsonl`;
    await Deno.writeTextFile(path, transcript("claude-code", DEPTH.warn));
    const run = (session: string) =>
      runBaton(["hook", "post-tool", "--host", "claude-code"], {
        cwd: dir,
        stdin: JSON.stringify(payload("claude-code", "PostToolUse", dir, path, session)),
      });
    // Eight real processes at once, all at warn for the first time.
    const runs = await Promise.all(Array.from({ length: 8 }, () => run("together")));
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    const spoke = runs.filter((r) => adviceText("claude-code", r.stdout) !== null);
    assert.equal(spoke.length, 1, "exactly one of the concurrent hooks advised");
    // Control: the band is said at all, and to another session on its own.
    assert.match(adviceText("claude-code", spoke[0]!.stdout)!, /band: warn/);
    assert.notEqual(adviceText("claude-code", (await run("apart")).stdout), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("band hooks: the config is looked for where git looks: GIT_CEILING_DIRECTORIES that stops git below the repository leaves the folder's own", async () => {
  const dir = await Deno.realPath(await makeRepo());
  const path = `${dir}/t.jsonl`;
  await Deno.writeTextFile(path, transcript("claude-code", 12));
  await Deno.mkdir(`${dir}/.baton`);
  // The repository's config lowers warn to 10: 12 tool calls warn under it, not under the defaults.
  await Deno.writeTextFile(`${dir}/.baton/config.yaml`, "bands:\n  depth: {warn: 10}\n");
  await Deno.mkdir(`${dir}/sub`);
  const stdin = JSON.stringify(payload("claude-code", "PostToolUse", `${dir}/sub`, path, "s-c"));
  const run = (env: Record<string, string>, session: string) =>
    runBaton(["hook", "post-tool", "--host", "claude-code"], {
      cwd: dir,
      stdin: stdin.replace('"s-c"', JSON.stringify(session)),
      env,
    });
  const oracle = (env: Record<string, string>) =>
    git(`${dir}/sub`, ["rev-parse", "--show-toplevel"], { allowFail: true, env });
  // Control: git finds the repository from sub/, and so does the hook.
  assert.equal((await oracle({})).stdout.trim(), dir);
  const found = await run({}, "s-found");
  assert.match(adviceText("claude-code", found.stdout) ?? "", /band: warn: 12 tool calls/);
  // A ceiling at the repository's top: git finds none from sub/, so the hook reads sub/'s own
  // (none: the defaults, under which 12 tool calls are ok).
  const ceiling = { GIT_CEILING_DIRECTORIES: dir };
  assert.notEqual((await oracle(ceiling)).code, 0, "git stops at the ceiling");
  const stopped = await run(ceiling, "s-stopped");
  assert.equal(stopped.stdout, "", stopped.stderr);
  // A ceiling above the repository stops nothing.
  const above = { GIT_CEILING_DIRECTORIES: parentOf(dir) };
  assert.equal((await oracle(above)).stdout.trim(), dir);
  const past = await run(above, "s-past");
  assert.match(adviceText("claude-code", past.stdout) ?? "", /band: warn: 12 tool calls/);
});

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/")) || "/";
}

Deno.test("band hooks: a project-directory variable is used only for a folder the hook runs in (or above it): one naming another repository is ignored", async () => {
  const work = await Deno.realPath(await makeRepo());
  const other = await Deno.realPath(await makeRepo());
  const path = `${work}/t.jsonl`;
  await Deno.writeTextFile(path, transcript("claude-code", 12));
  // Only the other repository's config warns at 12 tool calls; the work's has none (defaults).
  await Deno.mkdir(`${other}/.baton`);
  await Deno.writeTextFile(`${other}/.baton/config.yaml`, "bands:\n  depth: {warn: 10}\n");
  await Deno.mkdir(`${work}/sub`);
  await Deno.mkdir(`${other}/sub`);
  // No cwd in the payload: the hook falls back to the hosts' project variables.
  const stdin = (session: string) => {
    const p = payload("claude-code", "PostToolUse", "", path, session) as Record<string, unknown>;
    delete p.cwd;
    return JSON.stringify(p);
  };
  const run = (cwd: string, dir: string, session: string) =>
    runBaton(["hook", "post-tool", "--host", "claude-code"], {
      cwd,
      stdin: stdin(session),
      env: { CLAUDE_PROJECT_DIR: dir },
    });
  // Control: the variable names the folder above the one the hook runs in: used.
  const above = await run(`${other}/sub`, other, "s-above");
  assert.match(adviceText("claude-code", above.stdout) ?? "", /band: warn: 12 tool calls/);
  // Another repository (a repository's host settings can set the variable): not used.
  const elsewhere = await run(`${work}/sub`, other, "s-else");
  assert.equal(elsewhere.stdout, "", "the work's own (default) thresholds: 12 is below warn");
  assert.match(elsewhere.stderr, /CLAUDE_PROJECT_DIR ignored/);
  assert.doesNotMatch(elsewhere.stderr, new RegExp(other.replaceAll("/", "\\/")));
  // Nor one below the folder the hook runs in.
  const below = await run(other, `${other}/sub`, "s-below");
  assert.match(below.stderr, /CLAUDE_PROJECT_DIR ignored/);
});
