import assert from "node:assert/strict";
import {
  mallocTrim,
  SYMBOLS,
  trimFreedTopsPromptly,
} from "../../../commands/_adapters/malloc_trim.ts";
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

/**
 * A fresh process frees a 4 MiB buffer (glibc then raises its own
 * thresholds to that size, unless told otherwise), then makes, fills and
 * frees a 1 MiB one; prints how much of that 1 MiB is still resident after
 * the free (MiB). With `fix`, trimFreedTopsPromptly() runs first.
 */
async function residentAfterFree(fix: boolean): Promise<number> {
  const mod = new URL("../../../commands/_adapters/malloc_trim.ts", import.meta.url).href;
  const code = `
    const { trimFreedTopsPromptly } = await import(${JSON.stringify(mod)});
    const rss = () => Number(Deno.readTextFileSync("/proc/self/statm").split(" ")[1]) * 4096;
    if (${fix}) trimFreedTopsPromptly();
    new Uint8Array(4 << 20).fill(1).buffer.transfer(0);
    const before = rss();
    const mid = new Uint8Array(1 << 20).fill(2);
    mid.buffer.transfer(0);
    console.log((rss() - before) / (1 << 20));
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--quiet", code],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.equal(out.code, 0);
  return Number(new TextDecoder().decode(out.stdout).trim());
}

/** The smallest of `n` readings. */
async function leastOf(n: number, read: () => Promise<number>): Promise<number> {
  let least = Infinity;
  for (let i = 0; i < n; i++) least = Math.min(least, await read());
  return least;
}

Deno.test("trimFreedTopsPromptly() has glibc give a freed buffer's pages back at once, where unset it keeps them", async () => {
  if (!libcHere(SYMBOLS) || !Deno.build.os.startsWith("linux")) {
    assert.equal(trimFreedTopsPromptly(), null);
    return;
  }
  // Control: glibc's own rule keeps the freed 1 MiB resident (after the
  // 4 MiB free it no longer maps buffers that size apart, and keeps up to
  // 8 MiB free on top of its heap).
  // Each side is the least of three fresh processes: another thread of the
  // runtime touching memory between the two reads (a loaded machine delays
  // it into that window) can only add to a reading, never take from it.
  assert.ok(await leastOf(3, () => residentAfterFree(false)) > 0.5);
  assert.ok(await leastOf(3, () => residentAfterFree(true)) < 0.25);
  // Once set, it stays set.
  assert.equal(trimFreedTopsPromptly(), true);
  assert.equal(trimFreedTopsPromptly(), true);
});
