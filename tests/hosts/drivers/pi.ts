/**
 * pi: a custom OpenAI Chat Completions provider in ~/.pi/agent/models.json;
 * `pi -p`, `--continue`. baton's extension in .pi/extensions/ sees the
 * session's events; pi runs project extensions without asking. Compaction
 * comes from a reported usage past the model's window (see `compact`).
 * @module
 */
import { type HostDriver, matchErrors } from "../_harness/driver.ts";

/** The pi driver. */
export const PI: HostDriver = {
  host: "pi",
  bin: "pi",
  async prepare(sb, model) {
    await Deno.mkdir(`${sb.home}/.pi/agent`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.pi/agent/models.json`,
      JSON.stringify({
        providers: {
          fake: {
            baseUrl: `${model.url}/v1`,
            api: "openai-completions",
            apiKey: "dummy",
            compat: {
              supportsDeveloperRole: false,
              supportsReasoningEffort: false,
            },
            // A known context size lets pi auto-compact when usage runs high.
            models: [{
              id: "fake-model",
              contextWindow: 60_000,
              maxTokens: 4_000,
            }],
          },
        },
      }),
    );
  },
  env: () => ({}),
  turnArgs: (_sb, prompt, resume) => [
    "--provider",
    "fake",
    "--model",
    "fake-model",
    "-p",
    prompt,
    ...(resume ? ["--continue"] : []),
  ],
  turnTimeoutMs: 90_000,
  // Large reported usage past the model's context window: pi compacts, and the extension's
  // session_before_compact runs baton's pre-compact. In print mode pi checks for compaction
  // after a turn without waiting for it (the process may exit first, as it did once in CI), and
  // again before it sends the next prompt, awaited: the second `--continue` turn is the one
  // that compacts for certain (pi skips it when the first check already compacted).
  async compact({ model, turn, touch }) {
    await touch();
    model.reportBigUsage(1);
    const requestsBefore = model.requests.length;
    const runs = [await turn("A second exchange.", true)];
    await touch();
    runs.push(await turn("A third exchange.", true));
    return { runs, requestsBefore };
  },
  reinjectsAfterCompaction: false,
  hookErrors: (out) => matchErrors(out),
};
