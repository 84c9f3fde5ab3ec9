/**
 * Cline's CLI: an OpenAI-compatible provider (Chat Completions) set with its
 * own `cline auth -p openai -b <base url>` into ~/.cline in the sandbox home,
 * no Cline account; `cline "<prompt>"` runs one task headless and exits (a
 * new session each time). baton's plugin in .cline/plugins/ briefs through a
 * rule and captures after the run. Compaction is not driven: the CLI fires no
 * pre-compaction event baton could use.
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";
import { runBounded } from "../_harness/process.ts";
import { HOST_BIN } from "../_harness/sandbox.ts";

/** The Cline CLI driver. */
export const CLINE: HostDriver = {
  host: "cline",
  bin: "cline",
  async prepare(sb, model) {
    const r = await runBounded(
      `${HOST_BIN}/cline`,
      [
        "auth",
        "-p",
        "openai",
        "-k",
        "dummy",
        "-m",
        "fake-model",
        "-b",
        `${model.url}/v1`,
      ],
      { cwd: sb.repo, env: sb.env, timeoutMs: 60_000 },
    );
    if (r.code !== 0) {
      throw new Error(`cline auth exited ${r.code}: ${r.stderr.slice(-300)}`);
    }
  },
  env: () => ({}),
  // Every turn is a new task: nothing here continues a session (compaction is not driven).
  turnArgs: (_sb, prompt, _resume) => [prompt],
  // Cline runs tools without asking by default (--auto-approve true).
  toolTurnArgs: (_sb, prompt) => [prompt],
  turnTimeoutMs: 120_000,
  // Cline's CLI 3.0.65 leaves a hub daemon that can finish the turn after the CLI exits.
  turnOutlivesProcess: true,
  compact: null,
  noCompactionWhy:
    "the Cline CLI fires no pre-compaction event (its PreCompact hook file maps to no event; a plugin sees compaction only as a notice after it)",
  reinjectsAfterCompaction: false,
  hookErrors: (out) => matchErrors(out),
};
