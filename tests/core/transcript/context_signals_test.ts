/**
 * Each host's token accounting turned into a fill over a window that says
 * where its size came from; garbage is NaN (judged hard), absence undefined.
 * And every record's context signal (what the bands read) is what the
 * format's full reader makes of the record, on every scanned format's
 * fixture and its edge cases.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  claudeFill,
  claudeSignal,
  codexFill,
  codexSignal,
  copilotFill,
  copilotSignal,
  fillFields,
  geminiFill,
  geminiMessages,
  geminiSignal,
  isClaudeCompaction,
  isClaudePlumbing,
  isCodexCompaction,
  isCodexTyping,
  isCopilotCompaction,
  leadingText,
  namesLargeWindow,
  type RecordSignal,
} from "../../../core/transcript/context_signals.ts";
import { parseClaudeCode } from "../../../core/transcript/claude_code.ts";
import { parseCodex } from "../../../core/transcript/codex.ts";
import { parseGemini } from "../../../core/transcript/gemini.ts";
import { parseCopilot } from "../../../core/transcript/copilot.ts";
import { parseJsonLines } from "../../../core/transcript/json_lines.ts";
import { emptyCounts, type ParsedTranscript } from "../../../core/transcript/types.ts";
import {
  claudeTranscript,
  codexRollout,
  copilotEvents,
  geminiChat,
} from "../../_helpers/transcripts.ts";

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

type Json = Record<string, unknown>;

/** The records of a generated transcript. */
function recordsOf(text: string): unknown[] {
  return parseJsonLines(new TextEncoder().encode(text)).records;
}

const claudeEdges: Json[] = [
  { type: "user", message: { content: "<command-name>/clear</command-name>" } },
  { type: "user", message: { content: [{ type: "text", text: "<local-command-stdout>x" }] } },
  {
    type: "user",
    message: {
      content: [{ type: "text", text: " " }, { type: "text", text: "<system-reminder>" }],
    },
  },
  { type: "user", message: { content: [{ type: "text", text: "  " }] } },
  { type: "user", message: { content: "   " } },
  {
    type: "user",
    message: {
      content: [{ type: "tool_result", tool_use_id: "t", content: "x" }, {
        type: "text",
        text: "and also this",
      }],
    },
  },
  { type: "user", message: { content: [{ type: "text", text: "go" }, { type: "tool_use" }] } },
  { type: "user", message: { content: 7 } },
  { type: "user", isMeta: true, message: { content: "typed?" } },
  { type: "user", isCompactSummary: true, message: { content: "summary" } },
  { type: "system", subtype: "compact_boundary" },
  { type: "system", subtype: "compact_boundary", isSidechain: true },
  { type: "summary", summary: "s", leafUuid: "u" },
  {
    type: "assistant",
    isSidechain: true,
    message: { content: [{ type: "tool_use" }], usage: { input_tokens: 5 } },
  },
  {
    type: "assistant",
    message: { model: "<synthetic>", content: [{ type: "text", text: "No response" }], usage: {} },
  },
  { type: "assistant", message: { content: "said", usage: { input_tokens: "many" } } },
  { type: "assistant", message: { content: 3, usage: { input_tokens: 300_000 } } },
  {
    type: "assistant",
    message: { content: [{ type: "tool_use" }, "x", null, { type: "tool_use" }], usage: null },
  },
  { type: "attachment", message: { content: "go" } },
  { type: 3, message: { content: "go" } },
];

const codexEdges: Json[] = [
  { type: "event_msg", payload: { type: "user_message", message: "hi" } },
  {
    type: "response_item",
    payload: {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "<environment_context>x" }],
    },
  },
  {
    type: "response_item",
    payload: {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "typed" }],
      internal_chat_message_metadata_passthrough: { content_item_kinds: ["user.image"] },
    },
  },
  {
    type: "response_item",
    payload: { type: "message", role: "user", content: [{ type: "input_text", text: " " }] },
  },
  { type: "response_item", payload: { type: "custom_tool_call", name: "apply_patch" } },
  { type: "response_item", payload: { type: "local_shell_call", action: {} } },
  { type: "response_item", payload: { type: "reasoning" } },
  { type: "event_msg", payload: { type: "token_count", info: null } },
  {
    type: "event_msg",
    payload: {
      type: "token_count",
      info: { last_token_usage: { input_tokens: 5 }, model_context_window: 0 },
    },
  },
  { type: "compacted", payload: { message: "s" } },
  { type: "compacted" },
  { type: "response_item", payload: null },
];

const geminiEdges: Json[] = [
  { id: "a", type: "user", content: [{ text: "<hook_context>only ours</hook_context>" }] },
  { id: "b", type: "user", content: "<hook_context>only ours" },
  { id: "c", type: "user", content: [" ", { text: "typed" }] },
  { id: "d", type: "gemini", content: "", toolCalls: [{ name: "x" }, 5, null, { name: "y" }] },
  { id: "e", type: "gemini", content: "ok", tokens: { input: "lots" }, model: "gemini-2.5-pro" },
  { id: "f", type: "gemini", content: "ok", tokens: { output: 3 } },
  { id: "g", type: "info", content: "note" },
];

const copilotEdges: Json[] = [
  { type: "user.message", data: { content: "  " } },
  { type: "user.message", data: { content: [{ text: "typed" }] } },
  { type: "assistant.message", data: { content: "", toolRequests: [{ name: "bash" }, "x"] } },
  { type: "session.compaction_complete", data: { success: false } },
  { type: "session.compaction_complete", data: { success: true } },
  {
    type: "session.usage_record",
    data: { usage: { inputTokens: 64_000, maxPromptTokens: 128_000 } },
  },
  { type: "session.usage_record", data: { usage: { inputTokens: 1, maxPromptTokens: 0 } } },
  { type: "user.message", data: null },
];

interface FormatCase {
  name: string;
  records: unknown[];
  signal: (r: Json) => RecordSignal;
  parse: (records: unknown[]) => ParsedTranscript;
}

const FORMATS: FormatCase[] = [
  {
    name: "claude-code",
    records: [...recordsOf(claudeTranscript("s", "/r")), ...claudeEdges],
    signal: claudeSignal,
    parse: (r) => parseClaudeCode(r, emptyCounts()),
  },
  {
    name: "codex",
    records: [...recordsOf(codexRollout("s", "/r")), ...codexEdges],
    signal: codexSignal,
    parse: (r) => parseCodex(r, emptyCounts()),
  },
  {
    name: "gemini",
    // Per message: what the log's updates and rewinds leave (geminiMessages) is read by both.
    records: [...geminiMessages(recordsOf(geminiChat("s"))), ...geminiEdges],
    signal: geminiSignal,
    parse: (r) => parseGemini(r, emptyCounts()),
  },
  {
    name: "copilot",
    records: [...recordsOf(copilotEvents("s", "/r")), ...copilotEdges],
    signal: copilotSignal,
    parse: (r) => parseCopilot(r, emptyCounts()),
  },
];

/** What the full reader makes of one record, in the signal's terms. */
function fromReader(p: ParsedTranscript) {
  const kinds = p.turns.map((t) => t.kind);
  const user = kinds.indexOf("user");
  const call = kinds.indexOf("tool_call");
  return {
    compaction: kinds.includes("compaction"),
    userTurn: user >= 0,
    toolCalls: kinds.filter((k) => k === "tool_call").length,
    fill: p.contextPct === undefined ? undefined : { pct: p.contextPct, window: p.contextWindow! },
    // The signal reads a record's user turn as coming before its tool calls.
    userFirst: user < 0 || call < 0 || user < call,
  };
}

for (const f of FORMATS) {
  Deno.test(`${f.name}: every record's context signal is what the full reader makes of it`, () => {
    const seen = { compaction: 0, userTurn: 0, toolCalls: 0, fill: 0, nothing: 0 };
    for (const [i, raw] of f.records.entries()) {
      const r = raw as Json;
      const s = f.signal(r);
      const full = fromReader(f.parse([r]));
      const label = `${f.name} record ${i}`;
      assert.equal(s.compaction, full.compaction, `${label}: compaction`);
      assert.equal(s.userTurn, full.userTurn, `${label}: user turn`);
      assert.equal(s.toolCalls, full.toolCalls, `${label}: tool calls`);
      assert.deepEqual(s.fill, full.fill, `${label}: fill`);
      assert.ok(full.userFirst, `${label}: the user turn comes before the tool calls`);
      if (s.compaction) seen.compaction++;
      if (s.userTurn) seen.userTurn++;
      if (s.toolCalls > 0) seen.toolCalls++;
      if (s.fill !== undefined) seen.fill++;
      if (!s.compaction && !s.userTurn && s.toolCalls === 0 && s.fill === undefined) seen.nothing++;
    }
    // Positive control: the records exercise every signal and records that say nothing, so
    // a classifier that missed or invented one would be caught above.
    for (const [k, n] of Object.entries(seen)) {
      if (f.name === "gemini" && k === "compaction") continue; // Gemini writes no marker
      assert.ok(n > 0, `${f.name}: the records include ${k}`);
    }
  });
}

Deno.test("the comparison can fail: a classifier that counts tool results as calls disagrees", () => {
  const wrong = (r: Json): RecordSignal => {
    const s = claudeSignal(r);
    const content = (r.message as Json | undefined)?.content;
    const results = Array.isArray(content)
      ? content.filter((b) => (b as Json | null)?.type === "tool_result").length
      : 0;
    return { ...s, toolCalls: s.toolCalls + results };
  };
  const records = recordsOf(claudeTranscript("s", "/r")) as Json[];
  assert.ok(
    records.some((r) =>
      wrong(r).toolCalls !== fromReader(parseClaudeCode([r], emptyCounts())).toolCalls
    ),
  );
});

Deno.test("leadingText() stops at the first part that is not blank and joins as contentText does", () => {
  assert.equal(leadingText("  x"), "  x");
  assert.equal(leadingText(["", " ", { text: "" }, { text: "<a>b" }, "c"]), " \n<a>b");
  assert.equal(leadingText([{ type: "image" }]), "");
  assert.equal(leadingText(null), "");
});

Deno.test("geminiMessages(): updates replace in place, a rewind drops the rest, $set replaces the list", () => {
  const header: Json[] = [];
  let unknown = 0;
  const m = geminiMessages([
    { sessionId: "s", projectHash: "h" },
    { id: "a", type: "user", content: "1" },
    { id: "b", type: "gemini", content: "2" },
    { id: "a", type: "user", content: "1 edited" },
    { id: "c", type: "user", content: "3" },
    { $rewindTo: "c" },
    { $rewindTo: "nowhere" },
    "not an object",
    { hello: 1 },
  ], { header: (r) => header.push(r), unknown: () => unknown++ });
  assert.deepEqual(m.map((r) => r.content), ["1 edited", "2"]);
  assert.equal(header.length, 1);
  assert.equal(unknown, 2);
  const reset = geminiMessages([
    { id: "a", type: "user", content: "1" },
    { $set: { messages: [{ id: "z", type: "user", content: "new" }, 4] } },
  ]);
  assert.deepEqual(reset.map((r) => r.id), ["z"]);
});

// The hook's cold path avoids regular expressions; these are the expressions the hand-written
// checks must match exactly, used as the oracle on strings built from the characters that matter.
const LARGE_WINDOW = /\[1m\]|-1m\b/i;
const CLAUDE_PLUMBING =
  /^\s*<(?:command-name|command-message|command-args|local-command-[a-z]+|system-reminder|bash-stdout|bash-stderr|task-notification|teammate-message)(?:\s[^>]*)?>/;
const CODEX_INJECTED =
  /^\s*(?:<(?:environment_context|user_instructions|permissions|developer|user_shell_command|turn_aborted|user_action)|# AGENTS\.md instructions for )/;

const pieces = (words: string[]) =>
  fc.array(fc.constantFrom(...words), { maxLength: 8 }).map((p) => p.join(""));

Deno.test("namesLargeWindow() matches /\\[1m\\]|-1m\\b/i on every string of its characters", () => {
  fc.assert(
    fc.property(
      pieces(["-", "1", "m", "M", "[", "]", "a", "_", "9", " ", "é", "-1m", "[1M]"]),
      (s) => namesLargeWindow(s) === LARGE_WINDOW.test(s),
    ),
    { numRuns: 3000 },
  );
});

Deno.test("isClaudePlumbing() matches the plumbing expression on every string of its pieces", () => {
  const words = [
    " ",
    "\n",
    "\u00a0",
    "<",
    ">",
    "command-name",
    "command-args",
    "system-reminder",
    "local-command-",
    "stdout",
    "bash-stdout",
    "bash-input",
    "task-notification",
    "teammate-message",
    ' id="x"',
    "X",
    "-",
    "x",
  ];
  fc.assert(
    fc.property(pieces(words), (s) => isClaudePlumbing(s) === CLAUDE_PLUMBING.test(s)),
    { numRuns: 3000 },
  );
  // Positive control: the generator reaches both answers.
  assert.ok(isClaudePlumbing(" \n<local-command-stdout>x"));
  assert.ok(!isClaudePlumbing("<local-command->"));
});

Deno.test("a Codex user message is typing exactly when the injected-context expression does not match", () => {
  const words = [
    " ",
    "\t",
    "<",
    ">",
    "environment_context",
    "developer",
    "turn_aborted",
    "user_action",
    "# AGENTS.md instructions for ",
    "# AGENTS.md",
    "hi",
    "x",
  ];
  fc.assert(
    fc.property(pieces(words), (s) => {
      const p = { type: "message", role: "user", content: [{ type: "input_text", text: s }] };
      const typing = s.trim() !== "" && !CODEX_INJECTED.test(s);
      return isCodexTyping(p) === typing;
    }),
    { numRuns: 3000 },
  );
});

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("context_signals.ts: the examples of its exports", () => {
  {
    assert.equal(namesLargeWindow("claude-sonnet-4-5[1m]"), true);
    assert.equal(namesLargeWindow("claude-opus-4-1M"), true);
    assert.equal(namesLargeWindow("claude-1mx"), false);
  }

  {
    const f = claudeFill(
      { input_tokens: 100_000, cache_read_input_tokens: 20_000 },
      "claude-sonnet-4-5",
    );
    assert.equal(f?.pct, 60);
    assert.equal(f?.window, "200k window assumed");
    assert.equal(
      claudeFill({ input_tokens: 300_000 }, undefined)?.window,
      "1M window assumed (the fill is past 200k)",
    );
    assert.equal(
      claudeFill({ input_tokens: 100_000 }, "claude-sonnet-4-5[1m]")?.window,
      "1M window (the model name)",
    );
    assert.equal(claudeFill({ input_tokens: 0 }, "<synthetic>"), undefined);
  }

  {
    const f = codexFill({
      last_token_usage: { input_tokens: 129_200 },
      model_context_window: 258_400,
    });
    assert.equal(f?.pct, 50);
  }

  {
    const f = geminiFill({ input: 524_288, output: 20 }, "gemini-2.5-pro");
    assert.equal(f?.pct, 50);
    assert.equal(geminiFill({ output: 20 }, "gemini-2.5-pro"), undefined);
  }

  {
    const f = copilotFill({ inputTokens: 64_000, maxPromptTokens: 128_000 });
    assert.equal(f?.pct, 50);
    assert.equal(f?.window, "window from the transcript");
  }

  {
    assert.deepEqual(fillFields(undefined), {});
    assert.deepEqual(fillFields({ pct: 5, window: "w" }), { contextPct: 5, contextWindow: "w" });
  }

  {
    assert.equal(
      leadingText([{ text: " " }, { type: "image" }, { text: "<a>" }, { text: "b" }]),
      " \n<a>",
    );
    assert.equal(leadingText({ text: "x" }), "");
  }

  {
    assert.equal(isClaudePlumbing("<command-name>/clear</command-name>"), true);
    assert.equal(isClaudePlumbing("fix <command-name>"), false);
  }

  {
    assert.equal(isClaudeCompaction({ type: "system", subtype: "compact_boundary" }), true);
    assert.equal(isClaudeCompaction({ type: "user", message: { content: "x" } }), false);
  }

  {
    const s = claudeSignal({
      type: "assistant",
      message: { content: [{ type: "tool_use" }], usage: { input_tokens: 20_000 } },
    });
    assert.deepEqual([s.toolCalls, s.fill?.pct], [1, 10]);
    assert.equal(claudeSignal({ type: "user", message: { content: "go" } }).userTurn, true);
  }

  {
    assert.equal(isCodexCompaction({ type: "compacted", payload: {} }), true);
  }

  {
    assert.equal(
      codexSignal({ type: "response_item", payload: { type: "function_call" } }).toolCalls,
      1,
    );
    assert.equal(codexSignal({ type: "compacted", payload: {} }).compaction, true);
  }

  {
    const s = geminiSignal({
      type: "gemini",
      toolCalls: [{ name: "a" }],
      tokens: { input: 524_288 },
    });
    assert.deepEqual([s.toolCalls, s.fill?.pct], [1, 50]);
    assert.equal(
      geminiSignal({ type: "user", content: [{ text: "<hook_context>x" }] }).userTurn,
      false,
    );
  }

  {
    const m = geminiMessages([
      { id: "a", type: "user", content: "x" },
      { id: "b", type: "gemini", content: "1" },
      { id: "b", type: "gemini", content: "2" },
      { id: "c", type: "user", content: "y" },
      { $rewindTo: "c" },
    ]);
    assert.deepEqual(m.map((r) => r.content), ["x", "2"]);
  }

  {
    assert.equal(isCopilotCompaction({ type: "session.compaction_complete", data: {} }), true);
    assert.equal(
      isCopilotCompaction({ type: "session.compaction_complete", data: { success: false } }),
      false,
    );
  }

  {
    const s = copilotSignal({
      type: "session.usage_record",
      data: { usage: { inputTokens: 1, maxPromptTokens: 4 } },
    });
    assert.equal(s.fill?.pct, 25);
  }
});
