/**
 * Kilo Code CLI (an OpenCode fork): an OpenAI-compatible provider in
 * $XDG_CONFIG_HOME/kilo/kilo.json; `kilo run`, `--continue`. baton's plugin
 * in .kilo/plugins/ is OpenCode's, rendered for this host. Compaction: a
 * context limit in the model's config and large reported usage; unlike
 * OpenCode, Kilo checks for overflow when the next prompt starts, so the
 * compaction happens in the turn after the one that reported it. Kilo also
 * tries to install its plugin SDK (@kilocode/plugin at its own version) into
 * .kilo/ in the background; baton's plugin imports nothing from it, so that
 * install's failure (this registry lacks the version) is not a hook error.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";

/** The Kilo Code CLI driver. */
export const KILO_CODE: HostDriver = {
  host: "kilo-code",
  bin: "kilo",
  async prepare(sb, model) {
    await Deno.mkdir(`${sb.home}/.config/kilo`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.config/kilo/kilo.json`,
      JSON.stringify({
        provider: {
          fake: {
            npm: "@ai-sdk/openai-compatible",
            name: "Fake",
            options: { baseURL: `${model.url}/v1`, apiKey: "dummy" },
            // A known context size lets Kilo auto-compact when usage runs high.
            models: {
              "fake-model": {
                name: "Fake",
                limit: { context: 60_000, output: 4_000 },
              },
            },
          },
        },
        model: "fake/fake-model",
        autoupdate: false,
        share: "disabled",
      }),
    );
  },
  env: () => ({
    KILO_DISABLE_AUTOUPDATE: "1",
    KILO_DISABLE_MODELS_FETCH: "1",
    KILO_DISABLE_SHARE: "1",
    KILO_DISABLE_LSP_DOWNLOAD: "1",
    KILO_DISABLE_SESSION_INGEST: "1",
  }),
  turnArgs: (_sb, prompt, resume) => [
    "run",
    prompt,
    "--print-logs",
    ...(resume ? ["--continue"] : []),
  ],
  toolTurnArgs: (_sb, prompt) => ["run", prompt, "--print-logs", "--auto"],
  turnTimeoutMs: 240_000,
  // Large reported usage past the model's context limit: at the next prompt Kilo compacts on
  // its own, and experimental.session.compacting runs the plugin's pre-compact.
  async compact({ model, turn, touch }) {
    await touch();
    model.reportBigUsage(1);
    const requestsBefore = model.requests.length;
    const runs = [
      await turn("A second exchange.", true),
      await turn("A third exchange.", true),
    ];
    return { runs, requestsBefore };
  },
  reinjectsAfterCompaction: false,
  hookErrors: (out) =>
    matchErrors(out, [
      /background dependency install failed.*@kilocode\/plugin/,
    ]),
};
