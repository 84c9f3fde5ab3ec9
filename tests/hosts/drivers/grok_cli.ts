/**
 * Grok CLI (`grok`, npm `@vibe-kit/grok-cli`): OpenAI Chat Completions at
 * `GROK_BASE_URL` with `GROK_API_KEY` (any key does against the fake model),
 * headless with `--prompt`, which approves every tool call by itself. grok
 * has no hooks, so it takes baton's rules block: `.grok/GROK.md` goes into
 * its system prompt as custom instructions. Its shell tool is `bash`. It
 * writes `.grok/settings.json` in the project on its first run, so the
 * driver writes that file first (what grok would write) to keep the
 * uninstall check about baton's files.
 * @module
 */
import type { RulesDriver } from "../_harness/rules_case.ts";

/** A user's own instructions at the path baton's block goes to: install appends, uninstall cuts. */
const USER_RULES = "# Project notes\n\nUse tabs in Makefiles.\n";

/** The Grok CLI driver. */
export const GROK: RulesDriver = {
  host: "grok",
  bin: "grok",
  watched: [".grok"],
  async prepare(sb) {
    await Deno.mkdir(`${sb.repo}/.grok`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.repo}/.grok/settings.json`,
      JSON.stringify({ model: "fake-model" }, null, 2),
    );
    await Deno.writeTextFile(`${sb.repo}/.grok/GROK.md`, USER_RULES);
  },
  env: (_sb, model) => ({
    GROK_BASE_URL: `${model.url}/v1`,
    GROK_API_KEY: "dummy",
    GROK_MODEL: "fake-model",
  }),
  turnArgs: (_sb, prompt) => ["--prompt", prompt, "--max-tool-rounds", "6"],
  turnTimeoutMs: 90_000,
};
