// Tests for core/transcript/sniff.ts: the one sniffer names each host's
// format from any one of its lines (the head, or one from the end, as the
// bands' backward scan meets them), and never a format a line does not fit.

import assert from "node:assert/strict";
import { sniffRecord } from "../../../core/transcript/sniff.ts";
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
