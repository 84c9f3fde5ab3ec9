/**
 * Qwen Code: OpenAI Chat Completions through OPENAI_BASE_URL (auth type
 * `openai` in ~/.qwen/settings.json); `qwen -p`. Its hooks take Claude
 * Code's payload and output; `qwen -p` fires SessionStart and Stop but no
 * SessionEnd. Compaction: `/compress` on the continued session runs
 * PreCompact (trigger manual) headless, even where Qwen then finds the
 * history too short to compress (and exits 1); no session start follows.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";

/** The Qwen Code driver. */
export const QWEN_CODE: HostDriver = {
  host: "qwen-code",
  bin: "qwen",
  async prepare(sb) {
    await Deno.mkdir(`${sb.home}/.qwen`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.qwen/settings.json`,
      JSON.stringify({
        security: { auth: { selectedType: "openai" } },
        model: { name: "fake-model" },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        "$version": 4,
      }),
    );
    // A user's project settings, which install must merge into and uninstall restore. Qwen
    // Code adds its schema version ("$version": 4) to a settings file that lacks it on every
    // start: a file it has already migrated stays as it is, as a user's would.
    await Deno.mkdir(`${sb.repo}/.qwen`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.repo}/.qwen/settings.json`,
      '{\n  "general": { "vimMode": false },\n  "$version": 4\n}\n',
    );
  },
  env: (_sb, model) => ({
    OPENAI_BASE_URL: `${model.url}/v1`,
    OPENAI_API_KEY: "dummy",
    OPENAI_MODEL: "fake-model",
  }),
  turnArgs: (
    _sb,
    prompt,
    resume,
  ) => ["-p", prompt, ...(resume ? ["--continue"] : [])],
  turnTimeoutMs: 90_000,
  async compact({ model, turn, touch }) {
    const runs = [await turn("A second exchange.", true)];
    await touch();
    const requestsBefore = model.requests.length;
    runs.push(await turn("/compress", true));
    return { runs, requestsBefore };
  },
  reinjectsAfterCompaction: false,
  hookErrors: (out) => matchErrors(out),
};
