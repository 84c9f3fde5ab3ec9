/**
 * Each host's token accounting turned into a fill over a window that says
 * where its size came from; garbage is NaN (judged hard), absence undefined.
 */
import assert from "node:assert/strict";
import {
  claudeFill,
  codexFill,
  copilotFill,
  geminiFill,
} from "../../../core/transcript/token_fill.ts";

Deno.test("Claude Code: usage over 200k assumed, 1M past it or when the model names it", () => {
  assert.deepEqual(
    claudeFill({
      input_tokens: 10,
      cache_creation_input_tokens: 90_000,
      cache_read_input_tokens: 10_000,
    }, "claude-opus-4-1"),
    {
      pct: 50.005,
      window: "200k window assumed",
    },
  );
  assert.equal(claudeFill({ input_tokens: 500_000 }, "m")?.pct, 50);
  assert.equal(claudeFill({ input_tokens: 100_000 }, "claude-sonnet-4-5[1m]")?.pct, 10);
  assert.ok(Number.isNaN(claudeFill({ input_tokens: 5, cache_read_input_tokens: -1 }, "m")!.pct));
  assert.equal(claudeFill({ output_tokens: 5 }, "m"), undefined);
  assert.equal(claudeFill(null, "m"), undefined);
});

Deno.test("Codex: the window is recorded", () => {
  assert.equal(
    codexFill({ last_token_usage: { input_tokens: 25_840 }, model_context_window: 258_400 })?.pct,
    10,
  );
  assert.ok(
    Number.isNaN(
      codexFill({ last_token_usage: { input_tokens: 1 }, model_context_window: 0 })!.pct,
    ),
  );
  assert.equal(codexFill({}), undefined);
});

Deno.test("Gemini CLI: the window its program gives the model", () => {
  assert.equal(geminiFill({ input: 104_857.6 }, "gemini-2.5-pro")?.pct, 10);
  const gemma = geminiFill({ input: 128_000 }, "gemma-4-31b-it");
  assert.equal(gemma?.pct, 50);
  assert.match(gemma!.window, /^256k/);
  assert.match(geminiFill({ input: 1 }, undefined)!.window, /assumed/);
  assert.ok(Number.isNaN(geminiFill({ input: "lots" }, "gemini-2.5-pro")!.pct));
  assert.equal(geminiFill({ output: 3 }, "gemini-2.5-pro"), undefined);
});

Deno.test("Copilot CLI: inputTokens over the recorded maxPromptTokens", () => {
  assert.equal(copilotFill({ inputTokens: 96_000, maxPromptTokens: 128_000 })?.pct, 75);
  assert.ok(Number.isNaN(copilotFill({ inputTokens: 1, maxPromptTokens: 0 })!.pct));
  assert.equal(copilotFill({ inputTokens: 1 }), undefined);
});

Deno.test("Claude Code: input_tokens that is not a count judges hard (NaN) rather than falling back to an older reading", () => {
  for (const bad of ["lots", null, -1, Number.POSITIVE_INFINITY]) {
    assert.ok(
      Number.isNaN(claudeFill({ input_tokens: bad }, "claude-sonnet-4-5")!.pct),
      String(bad),
    );
  }
  // Controls: a usage without the field gives no reading; a real count gives one.
  assert.equal(claudeFill({ output_tokens: 3 }, "claude-sonnet-4-5"), undefined);
  assert.equal(claudeFill({ input_tokens: 20_000 }, "claude-sonnet-4-5")?.pct, 10);
});
