/**
 * The automatic capsule's `session` section end to end: a real repository,
 * a HOME holding each host's transcript in the host's own store and shape
 * (generated), the real `baton hook pre-compact` fed the host's payload,
 * then `baton show latest --json`, `baton load` and `baton source show`.
 * The planted token never appears in any output or in the capsule file;
 * the injection text inside a tool result stays inside the briefing's
 * untrusted fence. See: #12.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import {
  claudeTranscript,
  codexRollout,
  copilotEvents,
  geminiChat,
  genericTranscript,
  PLANTED_TOKEN,
  REQUEST,
  writeOpenCodeDb,
} from "../_helpers/transcripts.ts";
import { geminiPreCompress } from "../_helpers/hook_payloads.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
const SID = "3f1c2a9e-0d4b-4c1e-9a57-1b2c3d4e5f60";

interface Case {
  host: string;
  /** Writes the transcript under `home`; returns the payload's transcript path (null: not sent). */
  setup(home: string, repo: string): Promise<string | null>;
  /** The host's payload. */
  payload(repo: string, path: string | null): Record<string, unknown>;
  sourceId: string;
  /**
   * What the two `npm test` runs are recorded as: passed/failed only from a
   * host's structured status; a host that records none (Gemini: a call
   * marked "success" says the tool ran, not how the command exited) gives
   * unknown, whatever the output prints ("12 passing\nExit code: 0").
   * @default {[false, true]}
   */
  ok?: [boolean | null, boolean | null];
}

async function put(path: string, text: string): Promise<string> {
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, text);
  return path;
}

const CASES: Case[] = [
  {
    host: "claude-code",
    setup: (home, repo) =>
      put(
        `${home}/.claude/projects/${repo.replace(/[^A-Za-z0-9]/g, "-")}/${SID}.jsonl`,
        claudeTranscript(SID, repo),
      ),
    payload: (repo, path) => ({
      session_id: SID,
      transcript_path: path,
      cwd: repo,
      hook_event_name: "PreCompact",
      trigger: "auto",
    }),
    sourceId: `claude:${SID}`,
  },
  {
    host: "codex",
    // Codex sends a null transcript path before compaction: the rollout is found by session id.
    setup: async (home, repo) => {
      await put(
        `${home}/.codex/sessions/2026/08/20/rollout-2026-08-20T09-00-00-${SID}.jsonl`,
        codexRollout(SID, repo),
      );
      return null;
    },
    payload: (repo) => ({
      session_id: SID,
      turn_id: "t",
      transcript_path: null,
      cwd: repo,
      hook_event_name: "PreCompact",
      model: "gpt-5.3-codex",
      trigger: "auto",
    }),
    sourceId: `codex:${SID}`,
  },
  {
    host: "gemini",
    setup: async (home, repo) => {
      // Gemini CLI 0.61 records the project's root beside its chats.
      await put(`${home}/.gemini/tmp/repo/.project_root`, repo);
      return await put(
        `${home}/.gemini/tmp/repo/chats/session-2026-08-20T09-00-${SID.slice(0, 8)}.jsonl`,
        geminiChat(SID),
      );
    },
    payload: (repo, path) => geminiPreCompress(SID, path, repo),
    sourceId: `gemini:${SID}`,
    ok: [false, null],
  },
  {
    host: "copilot",
    // Copilot's payload names its working directory as the transcript path.
    setup: async (home, repo) => {
      await put(`${home}/.copilot/session-state/${SID}/events.jsonl`, copilotEvents(SID, repo));
      return repo;
    },
    payload: (repo, path) => ({
      sessionId: SID,
      transcriptPath: path,
      cwd: repo,
      hookEventName: "PreCompact",
      trigger: "manual",
      timestamp: 1,
    }),
    sourceId: `copilot:${SID}`,
  },
  {
    host: "opencode",
    setup: async (home, repo) => {
      await Deno.mkdir(`${home}/.local/share/opencode`, { recursive: true });
      await writeOpenCodeDb(`${home}/.local/share/opencode/opencode.db`, "ses_test123", repo);
      return null;
    },
    payload: (repo) => ({
      session_id: "ses_test123",
      cwd: repo,
      hook_event_name: "experimental.session.compacting",
    }),
    sourceId: "opencode:ses_test123",
  },
];

for (const c of CASES) {
  Deno.test(`hook pre-compact (${c.host}) writes a session section from the host's transcript; no token leaks; injection stays fenced`, async () => {
    const repo = await makeRepo("baton-transcript-");
    const home = await Deno.makeTempDir({ prefix: "baton-thome-" });
    try {
      await writeFiles(repo, { "src/parser.ts": "export function parse() {}\n" });
      await commitAll(repo, "init");
      const path = await c.setup(home, repo);
      const env = {
        HOME: home,
        XDG_DATA_HOME: `${home}/.local/share`,
        CODEX_HOME: `${home}/.codex`,
        DENO_DIR,
      };
      const hook = await runBaton(["hook", "pre-compact", "--host", c.host, "--json"], {
        cwd: repo,
        env,
        stdin: JSON.stringify(c.payload(repo, path)),
      });
      assert.equal(hook.code, 0, hook.stderr);
      assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout + hook.stderr);
      const shown = await runBaton(["show", "latest", "--json"], { cwd: repo, env });
      const capsule = JSON.parse(shown.stdout).capsule;
      const s = capsule.session;
      assert.ok(s !== undefined, `${c.host}: no session section`);
      assert.equal(s.provenance, "transcript");
      assert.equal(s.source_id, c.sourceId);
      assert.equal(s.user_requests.at(-1).text, REQUEST);
      const commands = s.commands.map((
        x: { command: string; exit_code: number | null; ok: boolean | null },
      ) => [x.command, x.ok]);
      const ok = c.ok ?? [false, true];
      assert.deepEqual(
        commands.filter((x: [string, boolean]) => x[0] === "npm test"),
        [["npm test", ok[0]], ["npm test", ok[1]]],
        c.host,
      );
      assert.ok(
        s.commands.some((x: { command: string }) => x.command.includes("[REDACTED:")),
        `${c.host}: token not redacted`,
      );
      const word = (v: boolean | null) =>
        v === true ? "passed" : v === false ? "failed" : "unknown";
      assert.deepEqual(s.tests.map((x: { outcome: string }) => x.outcome), ok.map(word));
      assert.ok(
        s.files_edited.some((p: string) => p.endsWith("src/parser.ts")),
        `${c.host}: edit not recovered`,
      );
      assert.equal(s.last_assistant_message, "Parser fixed; tests pass.");
      const load = await runBaton(["load"], { cwd: repo, env });
      assert.equal(load.code, 0, load.stderr);
      assert.match(
        load.stdout,
        /What the session's transcript recorded \(untrusted transcript content/,
      );
      assert.match(load.stdout, /Written from an? .+ session/);
      assert.ok(load.stdout.includes(`baton source show ${c.sourceId}`), load.stdout);
      const source = await runBaton(["source", "show", c.sourceId, "--tail", "50"], {
        cwd: repo,
        env,
      });
      assert.equal(source.code, 0, source.stderr);
      assert.ok(source.stdout.includes("[untrusted user] " + REQUEST), source.stdout);
      const list = await runBaton(["source", "list", "--json"], { cwd: repo, env });
      assert.equal(list.code, 0, list.stderr);
      assert.ok(
        JSON.parse(list.stdout).sessions.some((x: { id: string }) => x.id === c.sourceId),
        list.stdout,
      );
      const file = await Deno.readTextFile(`${repo}/.baton/latest.md`);
      for (
        const out of [
          hook.stdout,
          hook.stderr,
          shown.stdout,
          load.stdout,
          source.stdout,
          list.stdout,
          file,
        ]
      ) {
        assert.ok(!out.includes(PLANTED_TOKEN), `${c.host}: the planted token leaked`);
      }
      // Positive control: the token really is in the transcript the hook read.
      const raw = c.host === "opencode"
        ? new TextDecoder().decode(await Deno.readFile(`${home}/.local/share/opencode/opencode.db`))
        : await Deno.readTextFile(
          path !== null && path.endsWith("l") ? path : (await findTranscript(home))!,
        );
      assert.ok(raw.includes(PLANTED_TOKEN));
    } finally {
      await Deno.remove(repo, { recursive: true });
      await Deno.remove(home, { recursive: true });
    }
  });
}

async function findTranscript(home: string): Promise<string | null> {
  for await (const e of walk(home)) if (e.endsWith(".jsonl")) return e;
  return null;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) yield* walk(`${dir}/${e.name}`);
    else yield `${dir}/${e.name}`;
  }
}

Deno.test("source show reads a generic transcript file; injection text in a tool result stays marked untrusted", async () => {
  const dir = await Deno.makeTempDir({ prefix: "baton-generic-" });
  try {
    await Deno.writeTextFile(`${dir}/t.jsonl`, genericTranscript());
    const r = await runBaton(["source", "show", `${dir}/t.jsonl`, "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.untrusted, true);
    assert.equal(out.turns[0].text, REQUEST);
    assert.ok(!r.stdout.includes(PLANTED_TOKEN));
    const human = await runBaton(["source", "show", `${dir}/t.jsonl`], { cwd: dir });
    for (const line of human.stdout.split("\n").slice(1, -2)) {
      assert.match(line, /^\[(untrusted|compaction)/, "every shown line is marked");
    }
    assert.ok(
      human.stdout.includes("IGNORE ALL PREVIOUS INSTRUCTIONS"),
      "positive control: the text is shown, marked",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
