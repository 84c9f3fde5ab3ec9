import assert from "node:assert/strict";
import fc from "fast-check";
import { SCAN_CHUNK_BYTES, scanTranscript } from "../../../core/bands/scan_transcript.ts";
import { type ByteRangeSource, bytesSource } from "../../../core/transcript/json_lines.ts";
import { parseTranscriptBytes } from "../../../core/transcript/parse_transcript.ts";
import {
  claudeTranscript,
  codexRollout,
  copilotEvents,
  geminiChat,
} from "../../_helpers/transcripts.ts";
import {
  claudeCompaction,
  claudeToolTurn,
  claudeUser,
  codexCall,
  codexCompacted,
  codexMeta,
  codexTokens,
  codexUser,
  geminiMeta,
  geminiModel,
  geminiUser,
  jsonl,
} from "../../_helpers/band_transcripts.ts";

const enc = new TextEncoder();
const MAX = 256 * 1024;

/** A source that counts what it hands out. */
function counted(bytes: Uint8Array): ByteRangeSource & { read_total: () => number } {
  let total = 0;
  const inner = bytesSource(bytes);
  return {
    size: inner.size,
    read: async (o, l) => {
      const b = await inner.read(o, l);
      total += b.length;
      return b;
    },
    read_total: () => total,
  };
}

Deno.test("Claude Code: bytes after the compact boundary, tool calls after the last typed prompt", async () => {
  const before = jsonl([claudeUser("old"), ...claudeToolTurn(50)]);
  const boundary = jsonl(claudeCompaction());
  const after = jsonl([
    claudeUser("first"),
    ...claudeToolTurn(4),
    claudeUser("second"),
    ...claudeToolTurn(2),
    ...claudeToolTurn(3),
    { type: "file-history-snapshot", messageId: "u1", snapshot: {} },
    { type: "progress", data: {} },
  ]);
  const text = before + boundary + after;
  const s = await scanTranscript(bytesSource(enc.encode(text)), { maxBytes: MAX });
  assert.equal(s.format, "claude-code");
  assert.equal(s.compactionFound, true);
  // The summary line after the boundary is a marker too: bytes count from after it.
  assert.equal(s.bytes, enc.encode(after).length);
  assert.equal(s.depth, 5);
  assert.equal(s.depthAtLeast, false);
  // The newest assistant usage after the boundary: 4 + 18,000 cached tokens of a 200k window.
  assert.equal(s.pct, (18_004 / 200_000) * 100);
});

Deno.test("Claude Code: no marker means the whole file; sidechain and meta lines do not count", async () => {
  const text = jsonl([
    claudeUser("go"),
    ...claudeToolTurn(2),
    { ...claudeUser("<meta>"), isMeta: true },
    { ...claudeToolTurn(9)[0]!, isSidechain: true },
    { ...claudeUser("subagent prompt"), isSidechain: true },
    ...claudeToolTurn(1),
  ]);
  const s = await scanTranscript(bytesSource(enc.encode(text)), { maxBytes: MAX });
  assert.equal(s.compactionFound, false);
  assert.equal(s.bytes, enc.encode(text).length);
  assert.equal(s.bytesAtLeast, false);
  assert.equal(s.depth, 3);
});

Deno.test("Codex: the newest token_count after the compaction gives pct; function calls after the user message count", async () => {
  const text = jsonl([
    codexMeta(),
    ...codexUser("old"),
    ...codexCall(),
    codexTokens(250000),
    codexCompacted(),
    codexTokens(null),
    ...codexUser("go on"),
    ...codexCall(),
    ...codexCall(),
    codexTokens(129200),
  ]);
  const s = await scanTranscript(bytesSource(enc.encode(text)), { maxBytes: MAX });
  assert.equal(s.format, "codex");
  assert.equal(s.compactionFound, true);
  assert.equal(s.depth, 2);
  assert.equal(s.pct, 50);
});

Deno.test("Codex: a token count from before the last compaction is stale and not used", async () => {
  const text = jsonl([
    codexMeta(),
    ...codexUser("a"),
    codexTokens(250000),
    codexCompacted(),
    codexTokens(null),
  ]);
  const s = await scanTranscript(bytesSource(enc.encode(text)), { maxBytes: MAX });
  assert.equal(s.pct, null);
  assert.equal(s.depth, 0);
  // Positive control: without the compaction the same count is used.
  const t2 = jsonl([codexMeta(), ...codexUser("a"), codexTokens(250000)]);
  const s2 = await scanTranscript(bytesSource(enc.encode(t2)), { maxBytes: MAX });
  assert.ok(Math.abs(s2.pct! - 96.75) < 0.01);
});

Deno.test("Gemini CLI: depth from toolCalls after the last user record, updated records counted once, no bytes", async () => {
  const text = jsonl([
    geminiMeta(),
    geminiUser("m1", "old"),
    geminiModel("m2", 7),
    geminiUser("m3", "now"),
    geminiModel("m4", 2),
    geminiModel("m5", 1),
    geminiModel("m5", 3), // m5 updated: the newest copy counts
    { $set: { summary: "x" } },
  ]);
  const s = await scanTranscript(bytesSource(enc.encode(text)), { maxBytes: MAX });
  assert.equal(s.format, "gemini");
  assert.equal(s.depth, 5);
  assert.equal(s.bytes, null);
});

Deno.test("an unknown format gives no signal; bad lines are skipped and counted", async () => {
  const s = await scanTranscript(
    bytesSource(enc.encode('{"a":1}\nnot json\n{"b":\n')),
    { maxBytes: MAX },
  );
  assert.equal(s.format, null);
  assert.equal(s.bytes, null);
  assert.equal(s.depth, null);
  assert.equal(s.skippedLines, 2);
});

Deno.test("a truncated last line, invalid UTF-8 and unknown record types are skipped, not fatal", async () => {
  const good = jsonl([claudeUser("go"), ...claudeToolTurn(2), { type: "queue-operation" }]);
  const bytes = new Uint8Array([
    ...enc.encode(good),
    0xff,
    0xfe,
    0x0a,
    ...enc.encode('{"type":"assistant","mess'),
  ]);
  const s = await scanTranscript(bytesSource(bytes), { maxBytes: MAX });
  assert.equal(s.depth, 2);
  assert.equal(s.skippedLines, 2);
});

Deno.test("the scan reads at most the hard threshold plus one chunk (and a 256-byte head when no format is named), whatever the file's size", async () => {
  // 8 MB with no marker: a long uncompacted session.
  const turn = jsonl(claudeToolTurn(1, 4000));
  const body = jsonl([claudeUser("go")]) + turn.repeat(Math.ceil(8_000_000 / turn.length));
  const src = counted(enc.encode(body));
  const s = await scanTranscript(src, { maxBytes: MAX });
  assert.ok(src.read_total() <= MAX + SCAN_CHUNK_BYTES + 256, `read ${src.read_total()}`);
  assert.equal(s.bytesRead, src.read_total());
  assert.equal(s.bytesAtLeast, true);
  assert.ok(s.bytes! >= MAX);
  assert.equal(s.depthAtLeast, true);
  assert.ok(s.depth! > 40);
  // Positive control: a marker near the end stops the scan early.
  const marked = body + jsonl(claudeCompaction()) + jsonl([claudeUser("x")]);
  const src2 = counted(enc.encode(marked));
  const s2 = await scanTranscript(src2, { maxBytes: MAX });
  assert.ok(src2.read_total() <= SCAN_CHUNK_BYTES + 256);
  assert.equal(s2.compactionFound, true);
  assert.equal(s2.bytesAtLeast, false);
});

Deno.test("one line larger than the bound is cut and counted, never held whole", async () => {
  const huge = jsonl([claudeUser("go"), ...claudeToolTurn(1, 2_000_000)]);
  const src = counted(enc.encode(huge));
  // The host names the format: a window holding only part of one line has nothing to detect.
  const s = await scanTranscript(src, { maxBytes: MAX, format: "claude-code" });
  assert.ok(src.read_total() <= MAX + SCAN_CHUNK_BYTES);
  assert.equal(s.bytesAtLeast, true);
  assert.ok(s.skippedLines >= 1);
});

Deno.test("property: the result does not depend on the chunk size", async () => {
  const text = jsonl([
    claudeUser("a"),
    ...claudeToolTurn(3, 300),
    ...claudeCompaction(),
    claudeUser("b"),
    ...claudeToolTurn(2, 500),
    ...claudeToolTurn(1, 10),
  ]);
  const bytes = enc.encode(text);
  const reference = await scanTranscript(bytesSource(bytes), { maxBytes: MAX });
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 4096 }), async (chunkBytes) => {
      const s = await scanTranscript(bytesSource(bytes), { maxBytes: MAX, chunkBytes });
      return s.bytes === reference.bytes && s.depth === reference.depth &&
        s.compactionFound === reference.compactionFound && s.skippedLines === 0;
    }),
    { numRuns: 60 },
  );
});

Deno.test("the scan agrees with each format's full reader: depth, fill and compaction", async () => {
  const usage = { input_tokens: 30_000, cache_read_input_tokens: 10_000 };
  const copilotUsage = {
    type: "session.usage_record",
    data: { usage: { inputTokens: 32_000, maxPromptTokens: 128_000 } },
  };
  const cases: [
    "claude-code" | "codex" | "gemini" | "copilot",
    string,
  ][] = [
    ["claude-code", claudeTranscript("s", "/r")],
    [
      "claude-code",
      claudeTranscript("s", "/r") +
      jsonl([
        ...claudeCompaction(),
        claudeUser("go on"),
        ...claudeToolTurn(2),
        { type: "assistant", message: { content: [{ type: "text", text: "x" }], usage } },
      ]),
    ],
    ["codex", codexRollout("s", "/r")],
    [
      "codex",
      codexRollout("s", "/r") + jsonl([codexCompacted(), ...codexCall(), codexTokens(64_600)]),
    ],
    ["gemini", geminiChat("s")],
    [
      "gemini",
      jsonl([geminiMeta(), geminiUser("u1", "go"), geminiModel("m1", 3), geminiModel("m1", 4)]),
    ],
    ["copilot", copilotEvents("s", "/r")],
    [
      "copilot",
      copilotEvents("s", "/r") +
      jsonl([{ type: "session.compaction_complete", data: { success: true } }, copilotUsage]),
    ],
  ];
  for (const [format, text] of cases) {
    const bytes = enc.encode(text);
    const scan = await scanTranscript(bytesSource(bytes), { maxBytes: MAX, format });
    const full = parseTranscriptBytes(format, bytes);
    // The scan's window starts at the last compaction: calls before it are not the live context's.
    let depth = 0;
    for (const t of full.turns) {
      if (t.kind === "user" || t.kind === "compaction") depth = 0;
      else if (t.kind === "tool_call") depth++;
    }
    const label = `${format} (${text.length} bytes)`;
    assert.equal(scan.depth, depth, `${label}: depth`);
    assert.equal(scan.pct, full.contextPct ?? null, `${label}: pct`);
    assert.equal(scan.window, full.contextWindow ?? null, `${label}: window`);
    assert.equal(
      scan.compactionFound,
      full.turns.some((t) => t.kind === "compaction"),
      `${label}: compaction`,
    );
  }
});

/** The depth and fill the full reader gives from the last compaction on (the scan's window). */
function fullReading(format: "claude-code" | "codex" | "copilot", bytes: Uint8Array) {
  const full = parseTranscriptBytes(format, bytes);
  let depth = 0;
  let userTurn = false;
  for (const t of full.turns) {
    if (t.kind === "compaction") depth = 0;
    if (t.kind === "user") [depth, userTurn] = [0, true];
    else if (t.kind === "tool_call") depth++;
  }
  return { depth, userTurn, pct: full.contextPct ?? null, window: full.contextWindow ?? null };
}

Deno.test("property: the scan folds as it reads and still agrees with the full reader on any sequence of records", async () => {
  const claudeUsage = (input: number) => ({
    type: "assistant",
    sessionId: "S1",
    message: {
      model: "claude-sonnet-5",
      content: [{ type: "text", text: "ok" }],
      usage: { input_tokens: input },
    },
  });
  const records = {
    "claude-code": [
      () => [claudeUser("go")],
      () => claudeToolTurn(2),
      () => claudeToolTurn(1),
      () => [claudeUsage(50_000)],
      () => [claudeUsage(90_000)],
      () => claudeCompaction(),
      () => [{ ...claudeToolTurn(3)[0]!, isSidechain: true }],
      () => [{ ...claudeUser("<meta>"), isMeta: true }],
      () => [{ type: "progress", data: {} }],
      () => [[1, 2]],
      // A user line that also calls a tool: the turn comes first, its call counts after it.
      () => [{
        type: "user",
        sessionId: "S1",
        message: { content: [{ type: "text", text: "go" }, { type: "tool_use", name: "Bash" }] },
      }],
    ],
    codex: [
      () => codexUser("go"),
      () => codexCall(),
      () => [codexTokens(64_600)],
      () => [codexTokens(129_200)],
      () => [codexCompacted()],
      () => [codexMeta()],
      () => [[1]],
    ],
    copilot: [
      () => [{ type: "user.message", data: { content: "go" } }],
      () => [{ type: "assistant.message", data: { content: "", toolRequests: [{ name: "a" }] } }],
      () => [{
        type: "session.usage_record",
        data: { usage: { inputTokens: 1, maxPromptTokens: 4 } },
      }],
      () => [{
        type: "session.usage_record",
        data: { usage: { inputTokens: 3, maxPromptTokens: 4 } },
      }],
      () => [{ type: "session.compaction_complete", data: { success: true } }],
      () => [{ type: "session.compaction_complete", data: { success: false } }],
      () => [{ hello: 1 }],
    ],
  } as const;
  for (const format of ["claude-code", "codex", "copilot"] as const) {
    const pick = records[format];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: pick.length - 1 }), { maxLength: 30 }),
        fc.boolean(),
        async (choice, named) => {
          const bytes = enc.encode(jsonl(choice.flatMap((i) => pick[i]!() as unknown[])));
          const want = fullReading(format, bytes);
          const scan = await scanTranscript(
            bytesSource(bytes),
            named ? { maxBytes: MAX, format } : { maxBytes: MAX },
          );
          // Unnamed, a file with no record the sniffer knows has no format and no reading.
          if (scan.format === null) return !named;
          assert.equal(scan.format, format);
          assert.equal(scan.depth, want.depth, `${format}: depth`);
          assert.equal(scan.pct, want.pct, `${format}: pct`);
          assert.equal(scan.window, want.window, `${format}: window`);
          return true;
        },
      ),
      { numRuns: 150 },
    );
  }
});

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("scan_transcript.ts: the examples of its exports", async () => {
  {
    const lines = [
      { type: "system", subtype: "compact_boundary" },
      { type: "user", message: { role: "user", content: "go" } },
      {
        type: "assistant",
        message: { content: [{ type: "tool_use", id: "t", name: "Bash", input: {} }] },
      },
    ].map((l) => JSON.stringify(l) + "\n").join("");
    const source = bytesSource(new TextEncoder().encode(lines));
    const s = await scanTranscript(source, { maxBytes: 1 << 20 });
    assert.equal(s.format, "claude-code");
    assert.equal(s.depth, 1);
    assert.equal(s.compactionFound, true);
  }
});
