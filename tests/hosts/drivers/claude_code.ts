/**
 * Claude Code: Anthropic Messages through ANTHROPIC_BASE_URL; `claude -p`;
 * compaction with `/compact` on the continued session, after which
 * SessionStart runs again with source compact.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";

/** The Claude Code driver. */
export const CLAUDE_CODE: HostDriver = {
  host: "claude-code",
  bin: "claude",
  async prepare(sb) {
    // A user's own settings, which install must merge into and uninstall restore.
    await Deno.mkdir(`${sb.repo}/.claude`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.repo}/.claude/settings.local.json`,
      '{\n  "permissions": { "allow": ["Bash(ls:*)"] }\n}\n',
    );
  },
  env: (_sb, model) => ({
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: "dummy",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
  }),
  turnArgs: (_sb, prompt, resume) => [
    "-p",
    prompt,
    "--output-format",
    "json",
    ...(resume ? ["--continue"] : []),
  ],
  toolTurnArgs: (_sb, prompt) => [
    "-p",
    prompt,
    "--output-format",
    "json",
    "--allowedTools",
    "Bash",
  ],
  // dontAsk refuses every call no permission rule allows.
  refusingTurnArgs: (_sb, prompt) => [
    "-p",
    prompt,
    "--output-format",
    "json",
    "--permission-mode",
    "dontAsk",
  ],
  turnTimeoutMs: 90_000,
  async compact({ model, turn, touch }) {
    const runs = [await turn("A second exchange.", true)];
    await touch();
    runs.push(await turn("/compact", true));
    const requestsBefore = model.requests.length;
    runs.push(await turn("After compaction: say OK.", true));
    return { runs, requestsBefore };
  },
  reinjectsAfterCompaction: true,
  hookErrors: (out) => matchErrors(out),
};
