import assert from "node:assert/strict";
import {
  documentId,
  rolloutId,
  stemId,
  storeFileId,
} from "../../../core/transcript/store_file_id.ts";

const UUID = "019a2d7a-0000-4000-8000-0000000000ab";

Deno.test("storeFileId: each layout's id from a file's place and name", () => {
  const b = "/h/s";
  const cases: [Parameters<typeof storeFileId>[0], string, unknown][] = [
    ["claude-projects", `${b}/-r/abc.jsonl`, { kind: "named", id: "abc" }],
    ["codex-dated", `${b}/2026/08/20/rollout-2026-08-20T09-00-00-${UUID}.jsonl`, {
      kind: "named",
      id: UUID,
    }],
    ["copilot-state", `${b}/${UUID}/events.jsonl`, { kind: "named", id: UUID }],
    ["qwen-projects", `${b}/p/chats/${UUID}.jsonl`, { kind: "named", id: UUID }],
    ["pi-sessions", `${b}/p/2026-08-20_${UUID}.jsonl`, { kind: "named", id: UUID }],
    ["continue-sessions", `${b}/${UUID}.json`, { kind: "named", id: UUID }],
    ["gemini-tmp", `${b}/p/chats/session-2026-08-20T09-00-019a2d7a.jsonl`, { kind: "header" }],
  ];
  for (const [layout, path, want] of cases) assert.deepEqual(storeFileId(layout, b, path), want);
});

Deno.test("storeFileId: a file outside the store, at another depth or spelled otherwise is none", () => {
  const b = "/h/s";
  const none = { kind: "none" };
  for (
    const [layout, path] of [
      ["claude-projects", "/r/docs/abc.jsonl"],
      ["claude-projects", "/h/s2/-r/abc.jsonl"],
      ["claude-projects", `${b}/abc.jsonl`],
      ["claude-projects", `${b}/-r/sub/abc.jsonl`],
      ["claude-projects", `${b}/-r/../-q/abc.jsonl`],
      ["claude-projects", `${b}//-r/abc.jsonl`],
      ["claude-projects", `${b}/-r/.jsonl`],
      ["codex-dated", `${b}/2026/08/rollout-x-${UUID}.jsonl`],
      ["copilot-state", `${b}/.x/events.jsonl`],
      ["continue-sessions", `${b}/sessions.json`],
      ["gemini-tmp", `${b}/p/chats/notes.jsonl`],
      ["opencode-db", `${b}/x`],
      ["none", `${b}/x`],
    ] as const
  ) assert.deepEqual(storeFileId(layout, b, path), none, path);
});

Deno.test("the name rules the listing shares", () => {
  assert.equal(stemId("2026_abc-1.jsonl"), "abc-1");
  assert.equal(stemId("2026_a b.jsonl"), null);
  assert.equal(rolloutId(`rollout-1-${UUID}.jsonl`), UUID);
  assert.equal(rolloutId("rollout-1-x.jsonl"), null);
  assert.equal(documentId("abc.json"), "abc");
  assert.equal(documentId("sessions.json"), null);
});
