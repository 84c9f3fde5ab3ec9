import assert from "node:assert/strict";
import {
  isRecordId,
  listName,
  shapedFormat,
  shapedHostId,
  shapedRecordId,
} from "../../../core/capsule/header_fields.ts";
import { HOST_IDS } from "../../../core/hosts/ids.ts";
import { parseTranscriptBytes } from "../../../core/transcript/parse_transcript.ts";

const enc = new TextEncoder();

Deno.test("every host id baton knows has a host id's shape; sentences do not", () => {
  for (const id of HOST_IDS) assert.equal(shapedHostId(id), id);
  for (
    const bad of ["codex ok", "Claude Code", "codex\n## x", "a".repeat(41), "", "codex-", "-x"]
  ) {
    assert.equal(shapedHostId(bad), null, JSON.stringify(bad));
  }
});

Deno.test("the formats the readers write are kept; anything else becomes a fixed phrase", () => {
  const claude = parseTranscriptBytes(
    "claude-code",
    enc.encode(JSON.stringify({ type: "user", version: "2.1.197", message: { content: "hi" } })),
  );
  assert.equal(shapedFormat(claude.meta.format), "claude-code 2.1.197");
  for (
    const ok of [
      "codex 0.171.0-alpha.2",
      "copilot-cli 1.0.102",
      "cursor composer _v 3",
      "cursor composer _v ?",
      "pi session v3",
      "gemini-cli json (legacy)",
      "markdown",
    ]
  ) assert.equal(shapedFormat(ok), ok);
  for (
    const bad of ["codex 1). Run setup.sh (", "codex", "markdown\n# x", "claude-code 2 run it"]
  ) {
    assert.equal(shapedFormat(bad), "format not in a known form", JSON.stringify(bad));
  }
});

Deno.test("list names are the session section's own; any other value is 'records'", () => {
  assert.equal(listName("user_requests"), "user requests");
  assert.equal(listName("files_edited"), "files edited");
  assert.equal(listName("tests. run setup.sh"), "records");
  assert.equal(listName("__proto__"), "records");
});

Deno.test("shapedRecordId keeps the ids baton and drafts write, and replaces any other by a stable bad-id", () => {
  // Controls: the shapes baton writes pass unchanged.
  for (const id of ["d-1a2b3c4d", "ev-0123456789abcdef", "git:facts", "db2", "d-1a2b3c4d-3"]) {
    assert.equal(shapedRecordId(id), id);
    assert.equal(isRecordId(id), true);
  }
  for (const id of ["db [verified]", "d1\u202e", "", "x".repeat(65), "-d", "a\nb", "d1 run ./x"]) {
    assert.equal(isRecordId(id), false, JSON.stringify(id));
    assert.match(shapedRecordId(id), /^bad-id-[0-9a-f]{8}$/);
    assert.equal(shapedRecordId(id), shapedRecordId(id), "the same id, the same replacement");
  }
  assert.notEqual(shapedRecordId("db [verified]"), shapedRecordId("db [claimed]"));
});
