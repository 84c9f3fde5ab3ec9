import assert from "node:assert/strict";
import { prefault, SYMBOLS } from "../../../commands/_adapters/prefault.ts";
import { libcHere } from "../../_helpers/libc.ts";

/** This thread's minor page faults so far (Linux: field 10 of its stat; other threads, a collector's, not counted). */
function minorFaults(): number {
  const stat = Deno.readTextFileSync("/proc/thread-self/stat");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[7]);
}

/** Minor faults taken by writing one byte on every page of `buf`. */
function faultsWritingEveryPage(buf: Uint8Array): number {
  const before = minorFaults();
  for (let i = 0; i < buf.length; i += 4096) buf[i] = 1;
  return minorFaults() - before;
}

Deno.test("prefault() backs a large buffer's pages in one call: writing them then takes no faults", () => {
  // Over glibc's largest mmap threshold (32 MiB): each buffer is mapped
  // fresh, never pages another test freed and left resident.
  const bytes = 64 * 1024 * 1024;
  const populated = prefault(new Uint8Array(bytes));
  if (!libcHere(SYMBOLS)) {
    assert.equal(populated, 0);
    return;
  }
  // A kernel before 5.14 says no and nothing changes: the control below still holds.
  const control = new Uint8Array(bytes);
  assert.ok(
    faultsWritingEveryPage(control) >= bytes / 4096 / 2,
    "a fresh buffer faults as it is written",
  );
  const buf = new Uint8Array(bytes);
  if (prefault(buf) === 0) return;
  // Reading the fault count itself takes a few dozen.
  assert.ok(faultsWritingEveryPage(buf) < bytes / 4096 / 8, "its pages were already backed");
});

Deno.test("prefault() keeps what the buffer holds, and leaves a small one alone", () => {
  const buf = new Uint8Array(1024 * 1024).fill(7);
  prefault(buf);
  assert.equal(buf.every((v) => v === 7), true);
  assert.equal(prefault(new Uint8Array(4096)), 0);
});
