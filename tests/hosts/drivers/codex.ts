/**
 * Codex CLI: a custom Responses-API provider in $CODEX_HOME/config.toml, the
 * project trusted there, `codex exec` with --dangerously-bypass-hook-trust
 * standing in for the hook review; compaction through a tiny
 * model_auto_compact_token_limit and large reported usage, after which
 * SessionStart runs again with source compact.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";

/** The Codex driver. */
export const CODEX: HostDriver = {
  host: "codex",
  bin: "codex",
  async prepare(sb, model) {
    await Deno.writeTextFile(
      `${sb.env.CODEX_HOME}/config.toml`,
      `model = "fake-model"
model_provider = "fake"
model_auto_compact_token_limit = 1000

[model_providers.fake]
name = "fake"
base_url = "${model.url}/v1"
wire_api = "responses"
env_key = "FAKE_API_KEY"
request_max_retries = 0
stream_max_retries = 0

[projects."${sb.repo}"]
trust_level = "trusted"
`,
    );
  },
  env: () => ({ FAKE_API_KEY: "dummy" }),
  turnArgs: (_sb, prompt, resume) =>
    resume
      ? [
        "exec",
        "--dangerously-bypass-hook-trust",
        "--skip-git-repo-check",
        "resume",
        "--last",
        prompt,
      ]
      : [
        "exec",
        "--dangerously-bypass-hook-trust",
        "--skip-git-repo-check",
        prompt,
      ],
  toolTurnArgs: (_sb, prompt) => [
    "exec",
    "--dangerously-bypass-hook-trust",
    "--dangerously-bypass-approvals-and-sandbox",
    "--skip-git-repo-check",
    prompt,
  ],
  // codex exec never asks; in the read-only sandbox every command no rule allows stays inside
  // it (no write anywhere, the counting launcher's log included), an allowed one runs outside.
  refusingTurnArgs: (_sb, prompt) => [
    "exec",
    "--dangerously-bypass-hook-trust",
    "--skip-git-repo-check",
    "--sandbox",
    "read-only",
    prompt,
  ],
  turnTimeoutMs: 90_000,
  async compact({ model, turn, touch }) {
    model.reportBigUsage(1);
    const runs = [await turn("A second exchange.", true)];
    await touch();
    const requestsBefore = model.requests.length;
    runs.push(await turn("After compaction: say OK.", true));
    return { runs, requestsBefore };
  },
  reinjectsAfterCompaction: true,
  hookErrors: (out) => matchErrors(out),
};
