// Tests for core/capsule/capsule_id.ts: the one short form of a capsule id.

import assert from "node:assert/strict";
import {
  ARCHIVE_ID_HEX,
  computeCapsuleId,
  SHORT_ID_HEX,
  shortId,
} from "../../../core/capsule/capsule_id.ts";
import { makeCapsule } from "../../_helpers/capsule.ts";

Deno.test("a capsule id is cut to 12 hex digits after sha256:, and to 8 in archive file names", () => {
  const id = "sha256:" + "0123456789abcdef".repeat(4);
  assert.equal(SHORT_ID_HEX, 12);
  assert.equal(shortId(id), "0123456789ab");
  assert.equal(shortId(id), id.slice(7, 19), "what briefings showed before");
  assert.equal(ARCHIVE_ID_HEX, 8);
  assert.equal(shortId(id, ARCHIVE_ID_HEX), id.slice(7, 15), "what file names carried before");
});

Deno.test("computeCapsuleId() ignores the id and the signature, and changes with any content", async () => {
  const c = await makeCapsule();
  assert.match(c.id, /^sha256:[0-9a-f]{64}$/);
  assert.equal(await computeCapsuleId({ ...c, id: "sha256:" + "0".repeat(64) }), c.id);
  const signed = { ...c, signature: { alg: "ed25519", key: "k", sig: "s" } } as unknown as typeof c;
  assert.equal(await computeCapsuleId(signed), c.id);
  // Control: one changed field changes the id.
  const other = await makeCapsule((b) => {
    b.meaning.now = "changed";
  });
  assert.notEqual(other.id, c.id);
});

Deno.test("computeCapsuleId() does not depend on key order", async () => {
  const c = await makeCapsule();
  const reversed = Object.fromEntries(Object.entries(c).reverse()) as unknown as typeof c;
  assert.equal(await computeCapsuleId(reversed), c.id);
});
