/**
 * The band hooks take no signal from a free-form text transcript. Cursor's
 * hooks name a plain-text agent transcript (`user:`/`assistant:` lines,
 * `[Tool result]` blocks holding what a tool returned verbatim), in no format
 * the band scan reads; sniffed record by record from its end, a line a file
 * the agent read held, shaped as a Claude Code reply with its `usage`, was
 * taken as the host's token count: "hard: 97.5% context window used" at the
 * next prompt, and in a clone that opted in to `baton enforce`, the session's
 * deny armed. Real `baton hook prompt --host cursor` on a real repository;
 * the control is the same record in a JSON Lines file, still sniffed and read.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

/** A Claude Code reply line stating 195k input tokens: 97.5% of the 200k window. */
const FULL = JSON.stringify({
  type: "assistant",
  sessionId: "s",
  message: {
    role: "assistant",
    model: "claude-x",
    content: [{ type: "text", text: "x" }],
    usage: { input_tokens: 195000, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  },
});

/** Cursor's plain-text transcript: the agent read notes.log, which holds that line. */
const TEXT = [
  "user:",
  "<user_query>",
  "read the notes",
  "</user_query>",
  "",
  "assistant:",
  "[Tool call] Read",
  "  path: notes.log",
  "",
  "[Tool result] Read",
  FULL,
  "",
  "assistant:",
  "The notes are a log.",
  "",
].join("\n");

async function prompt(transcript: string, name: string, enforce = false) {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  await writeFiles(repo, { "notes.log": `${FULL}\n` });
  await commitAll(repo, "init");
  if (enforce) {
    const on = await runBaton(["enforce", "on", "--yes"], { cwd: repo, env: { HOME: home.path } });
    assert.equal(on.code, 0, on.stderr);
  }
  const path = `${home.path}/${name}`;
  await Deno.writeTextFile(path, transcript);
  const run = await runBaton(["hook", "prompt", "--host", "cursor", "--json"], {
    cwd: repo,
    env: { HOME: home.path },
    stdin: JSON.stringify({
      conversation_id: "c1",
      generation_id: "g1",
      hook_event_name: "beforeSubmitPrompt",
      cursor_version: "1.7.0",
      workspace_roots: [repo],
      transcript_path: path,
      prompt: "go on",
    }),
  });
  assert.equal(run.code, 0, run.stderr);
  const status = await runBaton(["enforce", "status", "--json"], {
    cwd: repo,
    env: { HOME: home.path },
  });
  return { ...JSON.parse(run.stdout), enforce: status.stdout };
}

Deno.test("a plain-text transcript gives the bands no signal: a record-shaped line a tool printed is not the host's token count", async () => {
  for (const name of ["c1.txt", "c1"]) {
    const out = await prompt(TEXT, name);
    assert.notEqual(out.band, "hard", `${name}: ${JSON.stringify(out)}`);
    assert.doesNotMatch(out.output, /context window used/, name);
  }
});

Deno.test("control: the same record in a JSON Lines file is the host's count: hard", async () => {
  for (const name of ["c1.jsonl", "c1"]) {
    const out = await prompt(`${FULL}\n`, name);
    assert.equal(out.band, "hard", `${name}: ${JSON.stringify(out)}`);
    assert.match(out.output, /97\.5% context window used/, name);
  }
});

Deno.test("in a clone that opted in to enforce, a plain-text transcript arms no deny; the JSON Lines control arms one", async () => {
  const text = await prompt(TEXT, "c1.txt", true);
  assert.doesNotMatch(text.output, /denied/, text.output);
  assert.match(text.enforce, /"open":\s*0/, text.enforce);
  const jsonl = await prompt(`${FULL}\n`, "c1.jsonl", true);
  assert.match(jsonl.output, /this session's changes are denied/, jsonl.output);
  assert.match(jsonl.enforce, /"open":\s*1/, jsonl.enforce);
});
