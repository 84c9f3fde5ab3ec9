/**
 * Copilot CLI: offline with a Chat Completions provider
 * (COPILOT_OFFLINE, COPILOT_PROVIDER_BASE_URL); `copilot -p` with
 * COPILOT_ALLOW_ALL (which `--continue` needs); repo hooks from
 * .github/hooks/*.json. Compaction: `/compact` on the continued session
 * runs PreCompact; Copilot has no session start after compaction.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";
import type { Sandbox } from "../_harness/sandbox.ts";

async function logs(sb: Sandbox): Promise<string> {
  const dir = `${sb.root}/copilot-logs`;
  let text = "";
  try {
    for await (const e of Deno.readDir(dir)) {
      text += await Deno.readTextFile(`${dir}/${e.name}`);
    }
  } catch {
    return "";
  }
  // Only lines about hooks: the debug log is long.
  return text.split("\n").filter((l) => /hook/i.test(l) && /\[(ERROR|WARNING)\]/.test(l)).join(
    "\n",
  );
}

/** The Copilot CLI driver. */
export const COPILOT: HostDriver = {
  host: "copilot",
  bin: "copilot",
  async prepare() {},
  env: (_sb, model) => ({
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_BASE_URL: `${model.url}/v1`,
    COPILOT_PROVIDER_API_KEY: "dummy",
    COPILOT_MODEL: "fake-model",
    COPILOT_ALLOW_ALL: "true",
  }),
  turnArgs: (sb, prompt, resume) => [
    "-p",
    prompt,
    "--log-level",
    "debug",
    "--log-dir",
    `${sb.root}/copilot-logs`,
    ...(resume ? ["--continue"] : []),
  ],
  toolTurnArgs: (sb, prompt) => [
    "-p",
    prompt,
    "--allow-all-tools",
    // The recovery command names the baton program by its path, outside the workspace.
    "--allow-all-paths",
    "--log-level",
    "debug",
    "--log-dir",
    `${sb.root}/copilot-logs`,
  ],
  turnTimeoutMs: 90_000,
  async compact({ model, turn, touch }) {
    const runs = [await turn("A second exchange.", true)];
    await touch();
    const requestsBefore = model.requests.length;
    runs.push(await turn("/compact", true));
    return { runs, requestsBefore };
  },
  reinjectsAfterCompaction: false,
  hookErrors: (out) =>
    matchErrors(out, [
      // Copilot logs this on every offline start, before any repo hook loads.
      /Failed to reload managed hooks after enabling managed settings/,
    ]),
  extraLogs: logs,
};
