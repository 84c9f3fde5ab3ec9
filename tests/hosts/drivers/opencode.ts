/**
 * OpenCode: an OpenAI-compatible provider in
 * $XDG_CONFIG_HOME/opencode/opencode.json; `opencode run`, `--continue`.
 * Every run in a new project installs the plugin SDK into .opencode/ and the
 * provider SDK (from npm: 20–80 s without a warm package cache). Compaction:
 * a context limit in the model's config and large reported usage.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";

/** The OpenCode driver. */
export const OPENCODE: HostDriver = {
  host: "opencode",
  bin: "opencode",
  async prepare(sb, model) {
    await Deno.mkdir(`${sb.home}/.config/opencode`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.config/opencode/opencode.json`,
      JSON.stringify({
        provider: {
          fake: {
            npm: "@ai-sdk/openai-compatible",
            name: "Fake",
            options: { baseURL: `${model.url}/v1`, apiKey: "dummy" },
            // A known context size lets OpenCode auto-compact when usage runs high.
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
        // A careful user's setting: every shell command asks (`opencode run` then refuses it
        // unless --auto); install appends baton's entries after this one.
        permission: { bash: { "*": "ask" } },
      }),
    );
  },
  env: () => ({
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
  }),
  turnArgs: (_sb, prompt, resume) => [
    "run",
    prompt,
    "--print-logs",
    ...(resume ? ["--continue"] : []),
  ],
  toolTurnArgs: (_sb, prompt) => ["run", prompt, "--print-logs", "--auto"],
  // Without --auto, `opencode run` rejects every permission request: only what a rule allows runs.
  refusingTurnArgs: (_sb, prompt) => ["run", prompt, "--print-logs"],
  turnTimeoutMs: 240_000,
  // Large reported usage past the model's context limit: OpenCode compacts on its own, and
  // experimental.session.compacting runs the plugin's pre-compact.
  async compact({ model, turn, touch }) {
    await touch();
    model.reportBigUsage(1);
    const requestsBefore = model.requests.length;
    const runs = [await turn("A second exchange.", true)];
    return { runs, requestsBefore };
  },
  reinjectsAfterCompaction: false,
  hookErrors: (out) => matchErrors(out),
};
