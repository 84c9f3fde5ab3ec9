// Tests for core/facts/git/short_oid.ts: the one short form of a git id.

import assert from "node:assert/strict";
import { SHORT_OID_HEX, shortOid } from "../../../../core/facts/git/short_oid.ts";

Deno.test("a git id is cut to 12 hex digits, SHA-1 or SHA-256", () => {
  assert.equal(SHORT_OID_HEX, 12);
  assert.equal(shortOid("a".repeat(40)), "a".repeat(12));
  assert.equal(shortOid("b".repeat(64)), "b".repeat(12));
});
