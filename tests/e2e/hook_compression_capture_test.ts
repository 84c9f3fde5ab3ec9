/**
 * Gemini CLI fires PreCompress before every model request, so install
 * registers it for a manual /compress only, and the prompt hook (BeforeAgent,
 * once per user prompt) writes the capsule before an automatic compression:
 * when Gemini's own token fill, read from its transcript, nears the
 * threshold its settings give. A real `baton hook prompt` subprocess, a real
 * repository, a Gemini transcript and settings files written as Gemini
 * writes them.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { geminiMeta, geminiUser, jsonl } from "../_helpers/band_transcripts.ts";
import { parseCapsule } from "../../core/capsule/parse.ts";
import { tempDir } from "../_helpers/temp.ts";

/** A Gemini transcript whose last reply used `input` tokens of gemini-2.5-pro's 1,048,576. */
function transcript(input: number): string {
  return jsonl([
    geminiMeta(),
    geminiUser("m1", "go"),
    {
      id: "m2",
      timestamp: "2026-12-01T00:00:00.000Z",
      type: "gemini",
      content: [{ text: "Done." }],
      model: "gemini-2.5-pro",
      tokens: { input, output: 20, cached: 0, total: input + 20 },
    },
  ]);
}

Deno.test("Gemini prompt hook: a capsule before automatic compression, from Gemini's own fill and threshold", async () => {
  const dir = await makeRepo();
  await using home = await tempDir();
  try {
    await writeFiles(dir, { "src/a.ts": "export const a = 1;\n", ".gitignore": "chat.jsonl\n" });
    await commitAll(dir, "init");
    const chat = `${dir}/chat.jsonl`;
    const env = {
      HOME: home.path,
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${home.path}/none.json`,
      GEMINI_CLI_SYSTEM_DEFAULTS_PATH: `${home.path}/none2.json`,
    };
    const prompt = async (session: string) => {
      const r = await runBaton(["hook", "BeforeAgent", "--host", "gemini", "--json"], {
        cwd: dir,
        env,
        stdin: JSON.stringify({
          session_id: session,
          transcript_path: chat,
          cwd: dir,
          hook_event_name: "BeforeAgent",
          timestamp: "2026-12-01T00:00:00Z",
          prompt: "go on",
        }),
      });
      assert.equal(r.code, 0, r.stderr);
      return JSON.parse(r.stdout) as { action: string; capture?: string; band: string };
    };
    const latest = async () => {
      try {
        return (await parseCapsule(await Deno.readTextFile(`${dir}/.baton/latest.md`))).capsule;
      } catch {
        return null;
      }
    };

    // 30% of the window: below 80% of Gemini's default threshold (0.5): nothing captured.
    await Deno.writeTextFile(chat, transcript(314_573));
    const below = await prompt("s1");
    assert.equal(below.action, "band");
    assert.equal(below.capture, undefined);
    assert.equal(await latest(), null, "control: no capsule below the threshold");

    // The same fill with the user's model.compressionThreshold at 0.35: near, so captured.
    await Deno.mkdir(`${home.path}/.gemini`, { recursive: true });
    await Deno.writeTextFile(
      `${home.path}/.gemini/settings.json`,
      '{\n  // mine\n  "model": { "compressionThreshold": 0.35 }\n}\n',
    );
    const near = await prompt("s1");
    assert.equal(near.action, "written", JSON.stringify(near));
    assert.match(
      near.capture ?? "",
      /^fill 30\.0% near the 35% compression threshold \(its settings\)$/,
    );
    const c = await latest();
    assert.equal(c?.trigger, "pre_compact");
    assert.equal(c?.origin.host, "gemini");

    // The next prompt soon after adds nothing (rate-limited like a turn hook; no Worker).
    const again = await prompt("s1");
    assert.equal(again.action, "recent");

    // The default threshold alone: 45% is near 50%.
    await Deno.remove(`${home.path}/.gemini/settings.json`);
    await Deno.remove(`${dir}/.baton`, { recursive: true });
    await Deno.writeTextFile(chat, transcript(471_859));
    const byDefault = await prompt("s2");
    assert.equal(byDefault.action, "written");
    assert.match(byDefault.capture ?? "", /the host's default/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Gemini prompt hook: no fill read (no reply yet) captures nothing, and hosts without the record field never capture here", async () => {
  const dir = await makeRepo();
  try {
    await writeFiles(dir, { "src/a.ts": "export const a = 1;\n", ".gitignore": "*.jsonl\n" });
    await commitAll(dir, "init");
    const geminiChat = `${dir}/g.jsonl`;
    await Deno.writeTextFile(geminiChat, jsonl([geminiMeta(), geminiUser("m1", "go")]));
    const g = await runBaton(["hook", "prompt", "--host", "gemini", "--json"], {
      cwd: dir,
      stdin: JSON.stringify({
        session_id: "s",
        transcript_path: geminiChat,
        cwd: dir,
        hook_event_name: "BeforeAgent",
      }),
    });
    assert.equal(JSON.parse(g.stdout).action, "band", g.stderr);
    // Codex at 62% of its window: a band, never a capture from its prompt hook.
    const codexChat = `${dir}/c.jsonl`;
    await Deno.writeTextFile(
      codexChat,
      jsonl([
        { type: "session_meta", payload: { id: "c1", cwd: dir } },
        {
          type: "event_msg",
          payload: {
            type: "token_count",
            info: {
              last_token_usage: { input_tokens: 160_000 },
              model_context_window: 258_400,
            },
          },
        },
      ]),
    );
    const c = await runBaton(["hook", "prompt", "--host", "codex", "--json"], {
      cwd: dir,
      stdin: JSON.stringify({
        session_id: "s",
        transcript_path: codexChat,
        cwd: dir,
        hook_event_name: "UserPromptSubmit",
      }),
    });
    const report = JSON.parse(c.stdout);
    assert.equal(report.action, "band");
    assert.equal(report.band, "handoff", "the fill was read (the control)");
    assert.equal(report.capture, undefined);
    await assert.rejects(Deno.stat(`${dir}/.baton/latest.md`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Gemini prompt hook: a HOME or settings path a repository's .gemini/.env sets does not choose the threshold (its settings file could switch the capture off)", async () => {
  const dir = await makeRepo();
  await using home = await tempDir();
  try {
    await writeFiles(dir, { "src/a.ts": "export const a = 1;\n", ".gitignore": "*.jsonl\n" });
    await commitAll(dir, "init");
    // A folder of the repository's choosing whose user-level settings name a threshold of 99%.
    await writeFiles(dir, {
      "fake-home/.gemini/settings.json": '{ "model": { "compressionThreshold": 0.99 } }\n',
    });
    const chat = `${dir}/chat.jsonl`;
    // 45% of the window: near Gemini's default threshold (50%), far from 99%.
    await Deno.writeTextFile(chat, transcript(471_859));
    const prompt = async (env: Record<string, string>) => {
      const r = await runBaton(["hook", "BeforeAgent", "--host", "gemini", "--json"], {
        cwd: dir,
        env: {
          GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${home.path}/none.json`,
          GEMINI_CLI_SYSTEM_DEFAULTS_PATH: `${home.path}/none2.json`,
          ...env,
        },
        stdin: JSON.stringify({
          session_id: "s",
          transcript_path: chat,
          cwd: dir,
          hook_event_name: "BeforeAgent",
          prompt: "go on",
        }),
      });
      assert.equal(r.code, 0, r.stderr);
      return JSON.parse(r.stdout) as { action: string; capture?: string };
    };
    // Control: the person's own HOME there is theirs to choose: no capture at 45% of 99%.
    const mine = await prompt({ HOME: `${dir}/fake-home` });
    assert.equal(mine.capture, undefined, JSON.stringify(mine));
    // The repository's .gemini/.env sets it: its settings are not the person's; the default holds.
    await writeFiles(dir, { ".gemini/.env": `HOME=${dir}/fake-home\n` });
    const theirs = await prompt({ HOME: `${dir}/fake-home` });
    assert.equal(theirs.action, "written", JSON.stringify(theirs));
    assert.match(theirs.capture ?? "", /the host's default/);
    // So is a settings file's own variable (the system settings, which override the rest).
    await Deno.remove(`${dir}/.baton`, { recursive: true });
    const system = `${dir}/fake-home/.gemini/settings.json`;
    await Deno.writeTextFile(`${dir}/.gemini/.env`, "");
    const mineToo = await prompt({ HOME: home.path, GEMINI_CLI_SYSTEM_SETTINGS_PATH: system });
    assert.equal(mineToo.capture, undefined, "control: the person's own system settings");
    await Deno.writeTextFile(`${dir}/.gemini/.env`, `GEMINI_CLI_SYSTEM_SETTINGS_PATH=${system}\n`);
    const theirsToo = await prompt({ HOME: home.path, GEMINI_CLI_SYSTEM_SETTINGS_PATH: system });
    assert.equal(theirsToo.action, "written", JSON.stringify(theirsToo));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
