import assert from "node:assert/strict";
import { detectHost } from "../../../core/hosts/detect_host.ts";
import { payloadSamples } from "../../_helpers/hook_payloads.ts";

Deno.test("detectHost() names the host of every sample payload from the hosts' documentation", () => {
  const samples = payloadSamples("/home/dev/app").filter((s) => s.host !== "opencode");
  assert.ok(samples.length >= 15);
  for (const s of samples) assert.equal(detectHost(s.payload), s.host, `${s.host} ${s.event}`);
});

Deno.test("detectHost() gives null for shapes no host sends", () => {
  assert.equal(detectHost({}), null);
  assert.equal(detectHost({ cwd: "/r" }), null, "OpenCode's plugin payload has no host marker");
  assert.equal(detectHost({ hook_event_name: "SessionStart" }), null, "no session id");
  assert.equal(detectHost({ session_id: 7, hook_event_name: 1 }), null);
});

Deno.test("detectHost() tells Claude Code from Codex by transcript path, turn id and null transcript", () => {
  const base = { session_id: "s", cwd: "/r", hook_event_name: "SessionStart", source: "startup" };
  assert.equal(
    detectHost({ ...base, transcript_path: "/h/.claude/projects/-r/s.jsonl", model: "m" }),
    "claude-code",
  );
  assert.equal(
    detectHost({ ...base, transcript_path: "/h/.codex/sessions/2026/rollout-x.jsonl" }),
    "codex",
  );
  assert.equal(detectHost({ ...base, transcript_path: null }), "codex");
  assert.equal(detectHost({ ...base, hook_event_name: "Stop", turn_id: "t" }), "codex");
});
