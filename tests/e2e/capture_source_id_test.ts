/**
 * The capsule names the transcript it read by the id `baton source show`
 * opens that file by, never by the session id the file's records state
 * (attack111). A Claude Code file continuing an older session carries the
 * older session's id in its copied records: the capsule built from the new
 * file said "`baton source show claude:<older>` opens it", and that opened
 * the older session's file, another conversation. A transcript outside the
 * host's store (a file in the repository) is opened by no id. Real git,
 * real `baton hook pre-compact`, `show latest --json`, `load` and `source show`.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
const OLDER = "aaaaaaaa-0000-4000-8000-000000000001";
const NEWER = "bbbbbbbb-0000-4000-8000-000000000002";

/** A Claude Code transcript whose records all state `sid`: a request, then `npm test`. */
function transcript(sid: string, cwd: string, request: string, failed: boolean): string {
  const base = { sessionId: sid, cwd, version: "2.1.197", isSidechain: false };
  return [
    { ...base, type: "user", message: { role: "user", content: request } },
    {
      ...base,
      type: "assistant",
      message: {
        role: "assistant",
        content: [{
          type: "tool_use",
          id: `toolu_${sid}`,
          name: "Bash",
          input: { command: "npm test" },
        }],
      },
    },
    {
      ...base,
      type: "user",
      message: {
        role: "user",
        content: [{
          type: "tool_result",
          tool_use_id: `toolu_${sid}`,
          content: "out",
          is_error: failed,
        }],
      },
    },
  ].map((r) => JSON.stringify(r)).join("\n") + "\n";
}

interface Run {
  sourceId: string | null;
  request: string;
  load: string;
  shown: string | null;
}

/**
 * The store holds the older session's own file; `read` writes the file the payload names
 * (session NEWER) and returns its path. The hook runs, then show, load and source show.
 */
async function capture(read: (repo: string, store: string) => Promise<string>): Promise<Run> {
  const repo = await makeRepo("baton-srcid-");
  const home = await Deno.makeTempDir({ prefix: "baton-srcid-home-" });
  try {
    await writeFiles(repo, { "a.txt": "a\n" });
    await commitAll(repo, "init");
    const store = `${home}/.claude/projects/${repo.replace(/[^A-Za-z0-9]/g, "-")}`;
    await Deno.mkdir(store, { recursive: true });
    await Deno.writeTextFile(
      `${store}/${OLDER}.jsonl`,
      transcript(OLDER, repo, "older session: drop the staging tables", true),
    );
    const path = await read(repo, store);
    const env = { HOME: home, DENO_DIR };
    const hook = await runBaton(["hook", "pre-compact", "--host", "claude-code", "--json"], {
      cwd: repo,
      env,
      stdin: JSON.stringify({
        session_id: NEWER,
        transcript_path: path,
        cwd: repo,
        hook_event_name: "PreCompact",
        trigger: "auto",
      }),
    });
    assert.equal(hook.code, 0, hook.stderr);
    assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout + hook.stderr);
    const show = await runBaton(["show", "latest", "--json"], { cwd: repo, env });
    const session = JSON.parse(show.stdout).capsule.session;
    const load = await runBaton(["load"], { cwd: repo, env });
    assert.equal(load.code, 0, load.stderr);
    let shown: string | null = null;
    if (session.source_id !== null) {
      const src = await runBaton(["source", "show", session.source_id], { cwd: repo, env });
      assert.equal(src.code, 0, src.stderr);
      shown = src.stdout;
    }
    return {
      sourceId: session.source_id,
      request: session.user_requests.at(-1).text,
      load: load.stdout,
      shown,
    };
  } finally {
    await Deno.remove(repo, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
}

Deno.test("capture: a file whose records state an older session's id is named by its own id, which opens it", async () => {
  const r = await capture(async (repo, store) => {
    const path = `${store}/${NEWER}.jsonl`;
    await Deno.writeTextFile(path, transcript(OLDER, repo, "newer session: fix the parser", false));
    return path;
  });
  assert.equal(r.request, "newer session: fix the parser");
  assert.equal(r.sourceId, `claude:${NEWER}`);
  assert.ok(r.load.includes(`baton source show claude:${NEWER}\` opens it`), r.load);
  assert.ok(r.shown!.includes("[untrusted user] newer session: fix the parser"), r.shown!);
  assert.ok(!r.shown!.includes("older session"), r.shown!);
});

Deno.test("capture: a transcript outside the host's store is opened by no id", async () => {
  const r = await capture(async (repo) => {
    const path = `${repo}/docs/session.jsonl`;
    await Deno.mkdir(`${repo}/docs`);
    await Deno.writeTextFile(path, transcript(OLDER, repo, "newer session: fix the parser", false));
    return path;
  });
  assert.equal(r.request, "newer session: fix the parser");
  assert.equal(r.sourceId, null);
  assert.ok(!r.load.includes("baton source show"), r.load);
  assert.match(r.load, /Written from a Claude Code session/);
});

Deno.test("capture (control): a file in the store stating its own id keeps that id", async () => {
  const r = await capture(async (repo, store) => {
    const path = `${store}/${NEWER}.jsonl`;
    await Deno.writeTextFile(path, transcript(NEWER, repo, "newer session: fix the parser", false));
    return path;
  });
  assert.equal(r.sourceId, `claude:${NEWER}`);
  assert.ok(r.shown!.includes("[untrusted user] newer session: fix the parser"), r.shown!);
});
