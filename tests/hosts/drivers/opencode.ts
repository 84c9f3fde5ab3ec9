/**
 * OpenCode: an OpenAI-compatible provider in
 * $XDG_CONFIG_HOME/opencode/opencode.json; `opencode run`, `--continue`.
 * Every run in a new project installs the plugin SDK into .opencode/ and the
 * provider SDK (from npm: 20–80 s without a warm package cache). No
 * compaction is forced headless.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";
import { CHECKOUT } from "../_harness/sandbox.ts";

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
            models: { "fake-model": { name: "Fake" } },
          },
        },
        model: "fake/fake-model",
        autoupdate: false,
        share: "disabled",
      }),
    );
  },
  env: () => ({
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    // OpenCode installs its plugin SDK into .opencode/ and the provider SDK from npm on
    // first use; a package cache kept between runs makes that a copy after the first run.
    BUN_INSTALL_CACHE_DIR: `${CHECKOUT}/tests/hosts/.cache/bun`,
  }),
  turnArgs: (_sb, prompt, resume) => [
    "run",
    prompt,
    "--print-logs",
    ...(resume ? ["--continue"] : []),
  ],
  turnTimeoutMs: 240_000,
  compact: null,
  reinjectsAfterCompaction: false,
  hookErrors: (out) => matchErrors(out),
};
