// Tests for core/capsule/redaction_list.ts.
import assert from "node:assert/strict";
import { LIST_CUT, readRedactions } from "../../../core/capsule/redaction_list.ts";

Deno.test("readRedactions() counts a whole list by its length", () => {
  const list = [{ field: "meaning.now", kind: "aws" }, { field: "meaning.now", kind: "aws" }];
  assert.deepEqual(readRedactions(list), { entries: list, cut: false, count: "2" });
  assert.deepEqual(readRedactions([]), { entries: [], cut: false, count: "0" });
});

Deno.test("readRedactions() reads a list ending in the cut marker as a floor, without the marker", () => {
  const r = readRedactions([{ field: "meaning.now", kind: "aws" }, { ...LIST_CUT }]);
  assert.deepEqual(r.entries, [{ field: "meaning.now", kind: "aws" }]);
  assert.equal(r.cut, true);
  assert.equal(r.count, "more than 1000");
  // The marker's field with another kind is an ordinary entry.
  assert.equal(readRedactions([{ field: LIST_CUT.field, kind: "aws" }]).cut, false);
});
