// Tests for core/capsule/short_id.ts: the one short form of a capsule id.

import assert from "node:assert/strict";
import { ARCHIVE_ID_HEX, SHORT_ID_HEX, shortId } from "../../../core/capsule/short_id.ts";
import * as capsuleId from "../../../core/capsule/capsule_id.ts";

Deno.test("a capsule id is cut to 12 hex digits after sha256:, and to 8 in archive file names", () => {
  const id = "sha256:" + "0123456789abcdef".repeat(4);
  assert.equal(SHORT_ID_HEX, 12);
  assert.equal(shortId(id), "0123456789ab");
  assert.equal(shortId(id), id.slice(7, 19), "what briefings showed before");
  assert.equal(ARCHIVE_ID_HEX, 8);
  assert.equal(shortId(id, ARCHIVE_ID_HEX), id.slice(7, 15), "what file names carried before");
});

Deno.test("capsule_id.ts hands on the same short form (one place cuts an id)", () => {
  assert.equal(capsuleId.shortId, shortId);
  assert.equal(capsuleId.ARCHIVE_ID_HEX, ARCHIVE_ID_HEX);
  assert.equal(capsuleId.SHORT_ID_HEX, SHORT_ID_HEX);
});

Deno.test("short_id.ts imports nothing (the layout loads it on every hook)", () => {
  const text = Deno.readTextFileSync(new URL("../../../core/capsule/short_id.ts", import.meta.url));
  assert.doesNotMatch(text, /^import /m);
  // Control: capsule_id.ts does import (the hash and the canonical JSON).
  const full = Deno.readTextFileSync(
    new URL("../../../core/capsule/capsule_id.ts", import.meta.url),
  );
  assert.match(full, /^import /m);
});
