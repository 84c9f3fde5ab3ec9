/**
 * Gemini CLI: GOOGLE_GEMINI_BASE_URL and an API key, the workspace trusted by
 * GEMINI_CLI_TRUST_WORKSPACE; `gemini -p`, `--resume latest`, and `--acp`
 * for several prompts in one process. PreCompress fires before every model
 * request (trigger auto), so baton registers it for `manual` only; Gemini has
 * no session start after compression.
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
  acpArgs: ["--acp"],
  turnTimeoutMs: 90_000,
  // `gemini -p "/compress"` sends the text to the model (no PreCompress runs); the capture
  // before an automatic compression is BeforeAgent's, shown by the cost case.
  compact: null,
  noCompactionWhy:
    "/compress does not run headless; the capture before an automatic compression is BeforeAgent's (the cost case)",
  reinjectsAfterCompaction: false,
  hookErrors: (out) => matchErrors(out),
};
