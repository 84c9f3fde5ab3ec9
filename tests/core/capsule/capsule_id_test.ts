// Tests for core/capsule/capsule_id.ts: the id a capsule carries (its short form: short_id_test.ts).

import assert from "node:assert/strict";
import { computeCapsuleId } from "../../../core/capsule/capsule_id.ts";
import { makeCapsule } from "../../_helpers/capsule.ts";

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
