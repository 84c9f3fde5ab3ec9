// Tests for core/transcript/sniff.ts: the one sniffer names each host's
// format from any one of its lines (the head, or one from the end, as the
// bands' backward scan meets them), and never a format a line does not fit.

import assert from "node:assert/strict";
import { opensAsJson, sniffRecord } from "../../../core/transcript/sniff.ts";
import {
  claudeTranscript,
  codexRollout,
  copilotEvents,
  geminiChat,
  genericTranscript,
} from "../../_helpers/transcripts.ts";

const records = (text: string) =>
  text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));

Deno.test("sniffRecord() names the format of the lines of each host's transcript", () => {
  const cases: [string, string][] = [
    [claudeTranscript("s", "/r"), "claude-code"],
    [codexRollout("s", "/r"), "codex"],
    [geminiChat("s"), "gemini"],
    [copilotEvents("s", "/r"), "copilot"],
    [genericTranscript(), "generic-jsonl"],
  ];
  for (const [text, format] of cases) {
    const named = records(text).map((o) => sniffRecord(o)).filter((f) => f !== null);
    assert.ok(named.length > 0, format);
    // Every line that says anything says the same format: first or last, it decides alike.
    assert.deepEqual([...new Set(named)], [format], format);
    assert.equal(named.at(-1), format, `${format}: the last line decides too`);
  }
  // Positive control: a line of no known shape decides nothing.
  assert.equal(sniffRecord({ hello: "world" }), null);
  assert.equal(sniffRecord({ projectHash: "h" }, "/x/session-1.json"), "gemini-json");
});

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("sniff.ts: the examples of its exports", () => {
  {
    assert.equal(sniffRecord({ type: "event_msg", payload: {}, timestamp: "t" }), "codex");
    assert.equal(
      sniffRecord({ type: "user", message: { role: "user" }, sessionId: "s" }),
      "claude-code",
    );
    assert.equal(sniffRecord({ type: "user", id: "1", content: [] }), "gemini");
    assert.equal(sniffRecord({ type: "session.start", data: {} }), "copilot");
    assert.equal(
      sniffRecord({ type: "user", sessionId: "s", message: { parts: [] } }),
      "qwen-code",
    );
    assert.equal(sniffRecord({ type: "session", version: 3, id: "s", cwd: "/r" }), "pi");
    assert.equal(
      sniffRecord({ type: "message", id: "a", parentId: null, message: { timestamp: 1 } }),
      "pi",
    );
    assert.equal(sniffRecord({ type: "session_start", id: "s", owner: "u", cwd: "/r" }), "droid");
    assert.equal(sniffRecord({ role: "user", content: "x" }), "generic-jsonl");
    assert.equal(sniffRecord({ hello: 1 }), null);
  }
});

Deno.test("opensAsJson(): a head that opens with an object (after blanks) or is empty; free-form text does not", () => {
  assert.equal(opensAsJson('{"type":"user"}\n'), true);
  assert.equal(opensAsJson('\n  {\n  "sessionId": "s"'), true);
  assert.equal(opensAsJson(""), true);
  // A JSON Lines file a Windows tool wrote: a byte order mark (as TextDecoder keeps it when told
  // to), then CRLF blank lines, is still JSON Lines, not free text.
  const bom = new TextDecoder("utf-8", { ignoreBOM: true });
  assert.equal(opensAsJson(bom.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b]))), true);
  assert.equal(opensAsJson('\uFEFF\r\n\r\n{"type":"user"}\r\n'), true);
  assert.equal(opensAsJson("\uFEFFuser:\n"), false, "control: a BOM before free text");
  // Cursor's plain-text transcript, and a Markdown one, whatever lines follow.
  assert.equal(opensAsJson('user:\n<user_query>\n{"type":"user"}\n'), false);
  assert.equal(opensAsJson("# aider chat started\n"), false);
  assert.equal(opensAsJson('[{"role":"user"}]'), false);
});
