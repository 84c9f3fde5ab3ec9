// Tests for core/capsule/capsule_id.ts: the one short form of a capsule id.

import assert from "node:assert/strict";
import { ARCHIVE_ID_HEX, SHORT_ID_HEX, shortId } from "../../../core/capsule/capsule_id.ts";

Deno.test("a capsule id is cut to 12 hex digits after sha256:, and to 8 in archive file names", () => {
  const id = "sha256:" + "0123456789abcdef".repeat(4);
  assert.equal(SHORT_ID_HEX, 12);
  assert.equal(shortId(id), "0123456789ab");
  assert.equal(shortId(id), id.slice(7, 19), "what briefings showed before");
  assert.equal(ARCHIVE_ID_HEX, 8);
  assert.equal(shortId(id, ARCHIVE_ID_HEX), id.slice(7, 15), "what file names carried before");
});
