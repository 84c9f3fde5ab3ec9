/**
 * The context fill a host's own token accounting states, per transcript
 * format, with where its window size came from: recorded in the transcript
 * (Codex's `model_context_window`, Copilot CLI's `maxPromptTokens`), known
 * for the recorded model the way the host itself sizes it (Gemini CLI), or
 * assumed (Claude Code records no window: 200k, 1M once the fill is past
 * 200k or the model is named as a 1M one). Garbage stays garbage (NaN) so
 * the evaluator judges it hard. Pure.
 *
 * Fields, from each host's own files (checked against the real programs in
 * the real-host suite): Claude Code assistant `message.usage` (`input_tokens`
 * + `cache_creation_input_tokens` + `cache_read_input_tokens`) and
 * `message.model` (rows of the model `<synthetic>` are Claude Code's own,
 * never a request, and are passed over); Codex `token_count` `info.last_token_usage.input_tokens`
 * over `info.model_context_window`; Gemini CLI 0.61 `gemini` records'
 * `tokens.input` (the request's prompt tokens, cached ones included) and
 * `model`; Copilot CLI 1.0.102 `session.usage_record` `data.usage.inputTokens`
 * over `data.usage.maxPromptTokens`.
 * @module
 */

/** A fill and the window it was measured against. */
export interface TokenFill {
  /** Percent of the window (NaN for garbage). */
  pct: number;
  /** Where the window size came from, for the reading's label. */
  window: string;
}

type Json = Record<string, unknown>;

function obj(v: unknown): Json | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v as Json : null;
}

function count(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}

/** The model Claude Code names on assistant rows it made up without a request. */
const SYNTHETIC = "<synthetic>";

/** Claude Code's standard window; past it (or for a model named as 1M) the 1M window. */
const CLAUDE_WINDOW = 200_000;
const CLAUDE_LARGE_WINDOW = 1_000_000;

/**
 * Claude Code: an assistant line's `usage` over the window.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const f = claudeFill({ input_tokens: 100_000, cache_read_input_tokens: 20_000 }, "claude-sonnet-4-5");
 * assert.equal(f?.pct, 60);
 * assert.equal(f?.window, "200k window assumed");
 * assert.equal(claudeFill({ input_tokens: 300_000 }, undefined)?.window, "1M window assumed (the fill is past 200k)");
 * assert.equal(claudeFill({ input_tokens: 100_000 }, "claude-sonnet-4-5[1m]")?.window, "1M window (the model name)");
 * assert.equal(claudeFill({ input_tokens: 0 }, "<synthetic>"), undefined);
 * ```
 */
export function claudeFill(usage: unknown, model: unknown): TokenFill | undefined {
  const u = obj(usage);
  // A row Claude Code writes itself (an interrupt's "No response requested.", an API error)
  // carries the placeholder model and zero counts: no request was counted, so no reading.
  if (u === null || !("input_tokens" in u) || model === SYNTHETIC) return undefined;
  const parts = [
    u.input_tokens,
    u.cache_creation_input_tokens ?? 0,
    u.cache_read_input_tokens ?? 0,
  ];
  const named1m = typeof model === "string" && /\[1m\]|-1m\b/i.test(model);
  if (!parts.every((n) => count(n) !== null)) {
    return { pct: Number.NaN, window: "200k window assumed" };
  }
  const used = (parts as number[]).reduce((a, b) => a + b, 0);
  if (named1m) {
    return { pct: (used / CLAUDE_LARGE_WINDOW) * 100, window: "1M window (the model name)" };
  }
  return used > CLAUDE_WINDOW
    ? {
      pct: (used / CLAUDE_LARGE_WINDOW) * 100,
      window: "1M window assumed (the fill is past 200k)",
    }
    : { pct: (used / CLAUDE_WINDOW) * 100, window: "200k window assumed" };
}

/**
 * Codex: a `token_count` event's `info`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const f = codexFill({ last_token_usage: { input_tokens: 129_200 }, model_context_window: 258_400 });
 * assert.equal(f?.pct, 50);
 * ```
 */
export function codexFill(info: unknown): TokenFill | undefined {
  const i = obj(info);
  const input = obj(i?.last_token_usage)?.input_tokens;
  const window = i?.model_context_window;
  if (typeof input !== "number" || typeof window !== "number") return undefined;
  return {
    pct: window > 0 ? (input / window) * 100 : Number.NaN,
    window: "window from the transcript",
  };
}

/** Gemini CLI 0.61's window for a model (its own `tokenLimit`): Gemma 4 256k, else 1,048,576. */
function geminiWindow(model: unknown): { size: number; label: string } {
  if (typeof model === "string" && /^gemma-4/i.test(model)) {
    return { size: 256_000, label: "256k window (the model name, as Gemini CLI sizes it)" };
  }
  return {
    size: 1_048_576,
    label: typeof model === "string"
      ? "1,048,576 window (the model name, as Gemini CLI sizes it)"
      : "1,048,576 window assumed (no model recorded)",
  };
}

/**
 * Gemini CLI: a `gemini` record's `tokens` and `model`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const f = geminiFill({ input: 524_288, output: 20 }, "gemini-2.5-pro");
 * assert.equal(f?.pct, 50);
 * assert.equal(geminiFill({ output: 20 }, "gemini-2.5-pro"), undefined);
 * ```
 */
export function geminiFill(tokens: unknown, model: unknown): TokenFill | undefined {
  const t = obj(tokens);
  if (t === null || !("input" in t)) return undefined;
  const w = geminiWindow(model);
  const input = count(t.input);
  return { pct: input === null ? Number.NaN : (input / w.size) * 100, window: w.label };
}

/**
 * Copilot CLI: a `session.usage_record` event's `data.usage`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const f = copilotFill({ inputTokens: 64_000, maxPromptTokens: 128_000 });
 * assert.equal(f?.pct, 50);
 * assert.equal(f?.window, "window from the transcript");
 * ```
 */
export function copilotFill(usage: unknown): TokenFill | undefined {
  const u = obj(usage);
  if (u === null || !("inputTokens" in u) || !("maxPromptTokens" in u)) return undefined;
  const input = count(u.inputTokens);
  const window = count(u.maxPromptTokens);
  return {
    pct: input === null || window === null || window === 0 ? Number.NaN : (input / window) * 100,
    window: "window from the transcript",
  };
}

/**
 * A reader's result fields for the newest fill (none when there is none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(fillFields(undefined), {});
 * assert.deepEqual(fillFields({ pct: 5, window: "w" }), { contextPct: 5, contextWindow: "w" });
 * ```
 */
export function fillFields(
  fill: TokenFill | undefined,
): { contextPct?: number; contextWindow?: string } {
  return fill === undefined ? {} : { contextPct: fill.pct, contextWindow: fill.window };
}
