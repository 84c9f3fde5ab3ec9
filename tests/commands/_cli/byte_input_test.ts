// Tests for commands/_cli/byte_input.ts: the file source and the progress line.

import assert from "node:assert/strict";
import {
  createProgress,
  createProgressLine,
  fileSource,
} from "../../../commands/_cli/byte_input.ts";
import type { Io } from "../../../commands/_adapters/io.ts";
import { DenoFs } from "../../../commands/_adapters/deno_fs.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { tempDir } from "../../_helpers/temp.ts";

function progressIo(isTerminal: boolean, clock: { t: number }): { io: Io; err: string[] } {
  const io = fakeIo({ cwd: "/", terminal: isTerminal, now: () => new Date(clock.t) });
  return { io, err: io.errWrites };
}

Deno.test("createProgress() writes a throttled line only when stderr is a terminal", () => {
  const clock = { t: 0 };
  const tty = progressIo(true, clock);
  const p = createProgress(tty.io, "scan");
  for (let i = 1; i <= 40; i++) {
    clock.t = i * 50;
    p.report(i * 1024 * 1024);
  }
  p.done();
  assert.ok(tty.err.length >= 5 && tty.err.length <= 12, `${tty.err.length} writes`);
  assert.match(tty.err[0]!, /^\rscan: \d+ MiB \(\d+ MiB\/s\)/);
  assert.equal(tty.err.at(-1), "\r\x1b[K");
  const pipe = progressIo(false, clock);
  const q = createProgress(pipe.io, "scan");
  clock.t = 10_000;
  q.report(1);
  q.done();
  assert.deepEqual(pipe.err, []);
});

Deno.test("createProgressLine() shows counted work after half a second, never when piped", () => {
  const clock = { t: 0 };
  const tty = progressIo(true, clock);
  const p = createProgressLine(tty.io, (n) => `indexing capsules: ${n} of 9`);
  p.report(1);
  assert.deepEqual(tty.err, [], "nothing in the first half second");
  clock.t = 600;
  p.report(7);
  p.done();
  assert.deepEqual(tty.err, ["\rindexing capsules: 7 of 9\x1b[K", "\r\x1b[K"]);
  const pipe = progressIo(false, clock);
  const q = createProgressLine(pipe.io, (n) => `${n}`);
  clock.t = 10_000;
  q.report(1);
  assert.deepEqual(pipe.err, []);
});

Deno.test("fileSource() streams a file in the reader's buffer size", async () => {
  const dir = (await tempDir()).path;
  const data = new Uint8Array(100_000).map((_, i) => i % 251);
  await Deno.writeFile(`${dir}/f.bin`, data);
  const src = fileSource(new DenoFs(), `${dir}/f.bin`);
  const buf = new Uint8Array(4096);
  const got: number[] = [];
  while (true) {
    const n = await src.read(buf);
    if (n === null) break;
    got.push(...buf.subarray(0, n));
  }
  assert.deepEqual(new Uint8Array(got), data);
  await Deno.remove(dir, { recursive: true });
});
