/**
 * Continue's CLI (`cn`): an OpenAI Chat Completions model with `apiBase` in
 * a config.yaml passed by `--config`; `cn -p`, no Continue login needed.
 * cn fires no hooks, so it takes baton's rules block: every always-applied
 * Markdown file in `.continue/rules/` goes into its system prompt. Its
 * shell tool is `Bash`, allowed headless by `--allow Bash`.
 * @module
 */
import type { RulesDriver } from "../_harness/rules_case.ts";

/** A user's own rules at the path baton's block goes to: install appends, uninstall cuts. */
const USER_RULES = "# Team rules\n\nKeep answers short.";

/** The Continue CLI driver. */
export const CONTINUE: RulesDriver = {
  host: "continue",
  bin: "cn",
  watched: [".continue"],
  async prepare(sb, model) {
    await Deno.mkdir(`${sb.home}/.continue`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.continue/config.yaml`,
      [
        "name: local",
        "version: 1.0.0",
        "schema: v1",
        "models:",
        "  - name: fake",
        "    provider: openai",
        "    model: fake-model",
        `    apiBase: ${model.url}/v1`,
        "    apiKey: dummy",
        "    roles: [chat]",
        "",
      ].join("\n"),
    );
    await Deno.mkdir(`${sb.repo}/.continue/rules`, { recursive: true });
    await Deno.writeTextFile(`${sb.repo}/.continue/rules/baton.md`, USER_RULES);
  },
  env: () => ({}),
  turnArgs: (sb, prompt) => [
    "-p",
    prompt,
    "--config",
    `${sb.home}/.continue/config.yaml`,
    "--allow",
    "Bash",
  ],
  turnTimeoutMs: 90_000,
};
