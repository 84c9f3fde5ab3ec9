import assert from "node:assert/strict";
import { mallocTrim, SYMBOLS } from "../../../commands/_adapters/malloc_trim.ts";

/** Whether this process can call glibc's malloc_trim (Linux, glibc, FFI allowed). */
function glibcHere(): boolean {
  if (Deno.build.os !== "linux") return false;
  if (Deno.build.arch !== "x86_64" && Deno.build.arch !== "aarch64") return false;
  try {
    Deno.dlopen("libc.so.6", SYMBOLS).close();
    return true;
  } catch {
    return false;
  }
}

Deno.test("mallocTrim() reaches glibc's malloc_trim where there is one, and is a quiet no-op elsewhere", () => {
  const answer = mallocTrim();
  if (glibcHere()) assert.equal(typeof answer, "boolean");
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
