/**
 * Gemini CLI: GOOGLE_GEMINI_BASE_URL and an API key, the workspace trusted by
 * GEMINI_CLI_TRUST_WORKSPACE; `gemini -p`, `--resume latest`. Compaction:
 * `/compress` on the resumed session (PreCompress with trigger manual);
 * Gemini has no session start after compression.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";

/** The Gemini CLI driver. */
export const GEMINI: HostDriver = {
  host: "gemini",
  bin: "gemini",
  async prepare(sb) {
    await Deno.mkdir(`${sb.home}/.gemini`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.gemini/settings.json`,
      JSON.stringify({
        security: { auth: { selectedType: "gemini-api-key" } },
        telemetry: { enabled: false },
        privacy: { usageStatisticsEnabled: false },
      }),
    );
    // A user's project settings, which install must merge into and uninstall restore.
    await Deno.mkdir(`${sb.repo}/.gemini`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.repo}/.gemini/settings.json`,
      '{\n  // the team\'s settings\n  "general": { "vimMode": false }\n}\n',
    );
  },
  env: (_sb, model) => ({
    GOOGLE_GEMINI_BASE_URL: model.url,
    GEMINI_API_KEY: "dummy",
    GEMINI_CLI_TRUST_WORKSPACE: "true",
  }),
  turnArgs: (
    _sb,
    prompt,
    resume,
  ) => ["-p", prompt, ...(resume ? ["--resume", "latest"] : [])],
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
