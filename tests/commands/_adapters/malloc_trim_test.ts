import assert from "node:assert/strict";
import { mallocTrim, SYMBOLS } from "../../../commands/_adapters/malloc_trim.ts";
import { libcHere } from "../../_helpers/libc.ts";

Deno.test("mallocTrim() reaches glibc's malloc_trim where there is one, and is a quiet no-op elsewhere", () => {
  const answer = mallocTrim();
  if (libcHere(SYMBOLS)) assert.equal(typeof answer, "boolean");
  else assert.equal(answer, null);
  // Again, with nothing left to give back: no error.
  assert.notEqual(typeof mallocTrim(), "undefined");
});

Deno.test("mallocTrim() keeps live memory intact", () => {
  const kept = Array.from({ length: 64 }, (_, i) => new Uint8Array(4096).fill(i));
  const dropped = Array.from({ length: 64 }, () => new Uint8Array(96 * 1024).fill(7).buffer);
  for (const b of dropped) b.transfer(0);
  mallocTrim();
  kept.forEach((b, i) => assert.equal(b.every((v) => v === i), true));
});
