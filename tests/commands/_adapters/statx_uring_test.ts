import assert from "node:assert/strict";
import { DenoFs } from "../../../commands/_adapters/deno_fs.ts";
import {
  loadStatxReader,
  RING_MIN_PATHS,
  STATX_OFFSETS,
  type StatxReader,
} from "../../../commands/_adapters/statx.ts";
import {
  openStatxRing,
  RING_ENTRIES,
  type StatxRing,
} from "../../../commands/_adapters/statx_uring.ts";
import type { FileStat } from "../../../core/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const linux = Deno.build.os === "linux";

type Answer = FileStat | null | { error: string };

/** Files of the kinds lstat meets, and names that make statx fail in each way. */
function makeTree(dir: string): string[] {
  const w = (p: string, s: string) => Deno.writeTextFileSync(`${dir}/${p}`, s);
  w("file", "hello\n");
  w("empty", "");
  w("caf\u00e9", "not ascii");
  Deno.mkdirSync(`${dir}/sub`);
  w("sub/inner", "inner");
  Deno.symlinkSync("file", `${dir}/link`);
  Deno.symlinkSync("loop", `${dir}/loop`);
  return [
    "file",
    "empty",
    "caf\u00e9",
    "sub",
    "sub/inner",
    "link",
    "missing",
    "file/under-a-file",
    "loop/x",
    "l".repeat(256),
    "with\0nul",
    `${"d/".repeat(2100)}f`,
  ];
}

/** Deno's answer for each name below `base`: the stat, null when missing, or the error's class. */
async function viaDeno(base: string, names: readonly string[]): Promise<Answer[]> {
  const fs = new DenoFs({ statx: false });
  const out: Answer[] = [];
  for (const n of names) {
    try {
      out.push(await fs.lstat(`${base}/${n}`));
    } catch (e) {
      out.push({ error: String((e as Error).name) });
    }
  }
  return out;
}

/** The reader's answers for `names` in one call; "ask-deno" answers are asked of Deno. */
async function viaReader(
  reader: StatxReader,
  base: string,
  names: readonly string[],
): Promise<Answer[]> {
  const fd = reader.openDir(base);
  assert.ok(fd !== null);
  const out: (Answer | "ask-deno")[] = [];
  try {
    reader.lstatEachAt(
      fd,
      names,
      true,
      (i, got, st) => out[i] = got === "stat" ? { ...st } : got === "missing" ? null : got,
    );
  } finally {
    reader.closeDir(fd);
  }
  const asked: Answer[] = [];
  for (let i = 0; i < names.length; i++) {
    const a = out[i];
    asked.push(a === "ask-deno" ? (await viaDeno(base, [names[i]!]))[0]! : a!);
  }
  return asked;
}

/** A ring that counts its batches. */
function countingRing(): { ring: StatxRing; batches: () => number } {
  const ring = openStatxRing();
  assert.ok(ring !== null, "io_uring runs statx on this kernel");
  let n = 0;
  const submit = ring.submit.bind(ring);
  ring.submit = (...args) => {
    n++;
    return submit(...args);
  };
  return { ring, batches: () => n };
}

function repeat<T>(names: readonly T[], length: number): T[] {
  return Array.from({ length }, (_, i) => names[i % names.length]!);
}

Deno.test({
  name:
    "statx through the io_uring answers as Deno's lstat does, name by name over several batches, errors left to Deno",
  ignore: !linux,
  fn: async () => {
    await using dir = await tempDir("baton-uring-");
    const names = makeTree(dir.path);
    const deno = await viaDeno(dir.path, names);
    // Controls: every kind is there, and the failing names fail.
    assert.ok(deno.slice(0, 6).every((a) => a !== null && !("error" in a)));
    assert.deepEqual(deno.slice(6, 8), [null, null]);
    assert.ok(deno.slice(8).every((a) => a !== null && "error" in a));
    const many = repeat(names, RING_ENTRIES * 2 + 52);
    const { ring, batches } = countingRing();
    const reader = loadStatxReader(STATX_OFFSETS, () => ring);
    assert.ok(reader !== null);
    const want = many.map((_, i) => deno[i % names.length]!);
    assert.deepEqual(await viaReader(reader, dir.path, many), want);
    // Long names fill a batch's name buffer before 1,024 of them.
    assert.ok(batches() >= 3, `through the ring, in ${batches()} batches`);
    const ringBatches = batches();
    assert.equal(ring.retired, false);
    // A call too small for the ring makes one statx per name.
    assert.deepEqual(await viaReader(reader, dir.path, names), deno);
    assert.equal(batches(), ringBatches);
    assert.ok(names.length < RING_MIN_PATHS);
  },
});

Deno.test({
  name:
    "the io_uring's structs read at a wrong offset are caught by the same comparison (the control)",
  ignore: !linux,
  fn: async () => {
    await using dir = await tempDir("baton-uring-");
    const names = makeTree(dir.path).slice(0, 6);
    const many = repeat(names, RING_MIN_PATHS);
    const want = repeat(await viaDeno(dir.path, names), RING_MIN_PATHS);
    for (const wrong of [{ size: STATX_OFFSETS.size + 8 }, { mode: 30 }]) {
      const { ring, batches } = countingRing();
      const reader = loadStatxReader({ ...STATX_OFFSETS, ...wrong }, () => ring);
      assert.ok(reader !== null);
      assert.notDeepEqual(await viaReader(reader, dir.path, many), want, JSON.stringify(wrong));
      assert.equal(batches(), 1);
    }
  },
});

Deno.test({
  name:
    "without a ring, or once it is retired mid-call, the rest of the names get one statx each and the same answers",
  ignore: !linux,
  fn: async () => {
    await using dir = await tempDir("baton-uring-");
    const names = makeTree(dir.path);
    const many = repeat(names, RING_ENTRIES + 100);
    const deno = await viaDeno(dir.path, names);
    const expected = many.map((_, i) => deno[i % names.length]!);
    const none = loadStatxReader(STATX_OFFSETS, () => null);
    assert.ok(none !== null);
    assert.deepEqual(await viaReader(none, dir.path, many), expected, "no ring at all");
    // A ring that fails after its first batch: retired, and not used again.
    const { ring, batches } = countingRing();
    const submit = ring.submit.bind(ring);
    let calls = 0;
    ring.submit = (...args) => {
      if (++calls === 2) {
        ring.retired = true;
        return -1;
      }
      return submit(...args);
    };
    const reader = loadStatxReader(STATX_OFFSETS, () => ring);
    assert.ok(reader !== null);
    assert.deepEqual(await viaReader(reader, dir.path, many), expected, "retired mid-call");
    assert.equal(calls, 2, "the second batch failed");
    assert.equal(batches(), 1, "one batch went through the ring");
    assert.deepEqual(await viaReader(reader, dir.path, many), expected, "after");
    assert.equal(calls, 2, "a retired ring is not asked again");
  },
});

Deno.test({
  name:
    "a visit that throws while the next batch is in flight leaves the ring whole: the next call gets the same answers",
  ignore: !linux,
  fn: async () => {
    await using dir = await tempDir("baton-uring-");
    const names = makeTree(dir.path).slice(0, 8);
    const deno = await viaDeno(dir.path, names);
    const many = repeat(names, RING_ENTRIES * 3);
    const { ring, batches } = countingRing();
    const reader = loadStatxReader(STATX_OFFSETS, () => ring);
    assert.ok(reader !== null);
    const fd = reader.openDir(dir.path);
    assert.ok(fd !== null);
    try {
      let seen = 0;
      assert.throws(() =>
        reader.lstatEachAt(fd, many, true, () => {
          if (++seen === 100) throw new Error("visit failed");
        }), /visit failed/);
      assert.equal(batches(), 2, "the second batch was in flight when the visit threw");
    } finally {
      reader.closeDir(fd);
    }
    assert.equal(ring.retired, false);
    assert.deepEqual(
      await viaReader(reader, dir.path, many),
      many.map((_, i) => deno[i % names.length]!),
    );
    assert.ok(batches() > 2, "and the ring answered again");
  },
});
