/**
 * Gemini CLI: GOOGLE_GEMINI_BASE_URL and an API key, the workspace trusted by
 * GEMINI_CLI_TRUST_WORKSPACE; `gemini -p`, `--resume latest`. PreCompress
 * fires before every model request (checked: no pre_compact capsule on a
 * turn that did not compact); Gemini has no session start after
 * compression.
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
  toolTurnArgs: (_sb, prompt) => ["-p", prompt, "--yolo"],
  turnTimeoutMs: 90_000,
  // `gemini -p "/compress"` sends the text to the model (no PreCompress runs), and an
  // automatic compression fires the same PreCompress (trigger auto) as every turn, which
  // baton records as a rate-limited turn_end capsule: no pre_compact capsule to check.
  compact: null,
  noCompactionWhy:
    "/compress does not run headless; automatic compression fires the per-turn PreCompress (turn_end)",
  reinjectsAfterCompaction: false,
  hookErrors: (out) => matchErrors(out),
};
