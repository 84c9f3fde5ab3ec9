import assert from "node:assert/strict";
import { humanSize } from "../../core/human_size.ts";

Deno.test("humanSize() picks the unit and rounds like people read sizes", () => {
  assert.equal(humanSize(0), "0 B");
  assert.equal(humanSize(1023), "1023 B");
  assert.equal(humanSize(1024), "1 KiB");
  assert.equal(humanSize(10 * 1024 + 300), "10 KiB");
  assert.equal(humanSize(3.25 * 1024 * 1024 * 1024), "3.3 GiB");
});
