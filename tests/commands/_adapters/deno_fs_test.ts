import assert from "node:assert/strict";
import { DenoFs } from "../../../commands/_adapters/deno_fs.ts";
import { prefault } from "../../../commands/_adapters/prefault.ts";
import {
  type FileStat,
  FsExistsError,
  FsNotFoundError,
  PathEscapeError,
} from "../../../core/fs.ts";
import { StorageError } from "../../../core/errors.ts";

const fs = new DenoFs();
const enc = new TextEncoder();
const posix = Deno.build.os !== "windows";

async function withDir(f: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-test-" }));
  try {
    await f(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("DenoFs reads a large file whole, byte for byte, into a buffer of its own size", async () => {
  await withDir(async (dir) => {
    // Either side of the size from which it reads into one buffer of the file's size.
    for (const size of [256 * 1024 - 1, 256 * 1024, 1_000_003]) {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 7919) % 251;
      await Deno.writeFile(`${dir}/big`, bytes);
      const got = await fs.readFile(`${dir}/big`);
      assert.equal(got.length, size);
      assert.equal(got.buffer.byteLength, size, "no larger buffer behind it");
      assert.deepEqual(got, bytes);
    }
    // A file the kernel gives no size for is read to its end (the small path).
    assert.ok((await fs.readFile("/proc/self/status")).length > 0 || !posix);
    await assert.rejects(fs.readFile(`${dir}/none`), FsNotFoundError);
  });
});

Deno.test("DenoFs.readFile() with a size hint reads what the file holds, whatever its size is by then", async () => {
  await withDir(async (dir) => {
    const size = 300_007;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31) % 253;
    await Deno.writeFile(`${dir}/f`, bytes);
    // A file grown past the hint (small then, large now), shrunk below it, and as hinted.
    for (const hint of [10, size + 5_000_000, size]) {
      const got = await fs.readFile(`${dir}/f`, hint);
      assert.equal(got.length, size, `hint ${hint}`);
      assert.ok(got.every((b, i) => b === bytes[i]), `hint ${hint}: other bytes`);
    }
    await assert.rejects(fs.readFile(`${dir}/none`, 10), FsNotFoundError);
  });
});

Deno.test("DenoFs reads whole files and ranges, and says null or FsNotFoundError for what is missing", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/f`, "0123456789");
    assert.equal(new TextDecoder().decode(await fs.readRange(`${dir}/f`, 3, 4)), "3456");
    assert.equal((await fs.readRange(`${dir}/f`, 8, 10)).length, 2, "short at end of file");
    assert.equal((await fs.readFile(`${dir}/f`)).length, 10);
    await assert.rejects(fs.readFile(`${dir}/none`), FsNotFoundError);
    assert.equal(await fs.lstat(`${dir}/none`), null);
    assert.equal(await fs.lstat(`${dir}/f/under-a-file`), null);
    assert.deepEqual(
      (await fs.lstatMany([`${dir}/f`, `${dir}/none`])).map((s) => s?.size ?? null),
      [10, null],
    );
    assert.deepEqual((await fs.readDir(dir)).map((e) => [e.name, e.isFile]), [["f", true]]);
  });
});

Deno.test("lstatMany() gives the same answers for paths below the working directory (passed relative) as lstat", async () => {
  // The test runs in the checkout: these paths are below the process's cwd.
  const cwd = Deno.cwd();
  const paths = [`${cwd}/deno.json`, `${cwd}/core`, `${cwd}/no-such-file`, `${cwd}/deno.json/x`];
  const many = await fs.lstatMany(paths);
  const one = await Promise.all(paths.map((p) => fs.lstat(p)));
  assert.deepEqual(many, one);
  assert.equal(many[0]?.isFile, true, "control: the file is found");
  assert.equal(many[1]?.isDirectory, true);
  assert.deepEqual(many.slice(2), [null, null]);
});

Deno.test("lstatMany() with a base gives lstat's answers for the joined paths, at, below and outside the working directory", async () => {
  const cwd = Deno.cwd();
  const names = ["deno.json", "core", "no-such-file", "deno.json/x", "core/fs.ts"];
  const one = await Promise.all(names.map((n) => fs.lstat(`${cwd}/${n}`)));
  assert.deepEqual(await fs.lstatMany(names, cwd), one, "base is the working directory");
  assert.deepEqual(await fs.lstatMany(names, `${cwd}/`), one, "a trailing slash is the same base");
  assert.equal(one[0]?.isFile, true, "control: the file is found");
  assert.equal(one[4]?.isFile, true);
  const below = ["fs.ts", "facts", "missing"];
  assert.deepEqual(
    await fs.lstatMany(below, `${cwd}/core`),
    await Promise.all(below.map((n) => fs.lstat(`${cwd}/core/${n}`))),
    "base below the working directory",
  );
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/f`, "12345");
    const got = await fs.lstatMany(["f", "none"], dir);
    assert.deepEqual(
      got.map((s) => s?.size ?? null),
      [5, null],
      "base outside the working directory",
    );
  });
});

Deno.test("lstatEach() hands over lstat's answer for each path in order, in one reused object", async () => {
  const cwd = Deno.cwd();
  const names = ["deno.json", "core", "no-such-file", "deno.json/x", "core/fs.ts"];
  const one = await Promise.all(names.map((n) => fs.lstat(`${cwd}/${n}`)));
  assert.equal(one[0]?.isFile, true, "control: the file is found");
  for (const base of [cwd, `${cwd}/core/..`]) {
    const seen: (FileStat | null)[] = [];
    const objects = new Set<FileStat>();
    await fs.lstatEach(names, base, (i, stat) => {
      assert.equal(i, seen.length, "in order");
      seen.push(stat === null ? null : { ...stat });
      if (stat !== null) objects.add(stat);
    });
    assert.deepEqual(seen, one, `base ${base}`);
    assert.equal(objects.size, 1, "one object, reused");
  }
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/f`, "12345");
    const sizes: (number | null)[] = [];
    await fs.lstatEach(["f", "none"], dir, (_, s) => sizes.push(s?.size ?? null));
    assert.deepEqual(sizes, [5, null], "base outside the working directory");
  });
});

Deno.test("writeFileAtomic() replaces a file whole, keeps its permission bits and leaves no temp file", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/config.json`;
    await fs.writeFileAtomic(path, enc.encode("one"), { mode: 0o600 });
    if (posix) assert.equal(Deno.statSync(path).mode! & 0o777, 0o600);
    if (posix) Deno.chmodSync(path, 0o640);
    await fs.writeFileAtomic(path, enc.encode("two"), { mode: 0o644 });
    assert.equal(Deno.readTextFileSync(path), "two");
    if (posix) {
      assert.equal(Deno.statSync(path).mode! & 0o777, 0o640, "an existing file keeps its bits");
    }
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["config.json"]);
  });
});

Deno.test("writeFileAtomic() with `within` refuses a directory that is a link leading outside, writing nothing there", async () => {
  await withDir(async (root) => {
    await withDir(async (outside) => {
      await Deno.mkdir(`${root}/real`);
      await fs.writeFileAtomic(`${root}/real/a`, enc.encode("ok"), { within: root });
      await Deno.symlink(outside, `${root}/link`);
      await assert.rejects(
        fs.writeFileAtomic(`${root}/link/a`, enc.encode("x"), { within: root }),
        PathEscapeError,
      );
      assert.deepEqual([...Deno.readDirSync(outside)], []);
      // Control: without `within` the same write goes through the link.
      await fs.writeFileAtomic(`${root}/link/a`, enc.encode("x"));
      assert.equal(Deno.readTextFileSync(`${outside}/a`), "x");
    });
  });
});

Deno.test("mkdirExclusive() fails on an existing directory; remove() is quiet when missing", async () => {
  await withDir(async (dir) => {
    await fs.mkdirExclusive(`${dir}/lock`);
    await assert.rejects(fs.mkdirExclusive(`${dir}/lock`), FsExistsError);
    await fs.remove(`${dir}/lock`);
    await fs.remove(`${dir}/lock`);
    await fs.mkdirp(`${dir}/a/b/c`);
    await fs.remove(`${dir}/a`, { recursive: true });
    assert.equal(await fs.lstat(`${dir}/a`), null);
  });
});

Deno.test("tryLockFile() gives the lock to one holder at a time", async () => {
  await withDir(async (dir) => {
    const first = await fs.tryLockFile(`${dir}/guard`);
    assert.ok(first !== null);
    assert.equal(await fs.tryLockFile(`${dir}/guard`), null);
    first.release();
    const again = await fs.tryLockFile(`${dir}/guard`);
    assert.ok(again !== null);
    again.release();
  });
});

Deno.test("an OS error becomes a StorageError naming the path and the error code, not the OS message", async () => {
  if (!posix) return;
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/file`, "x");
    for (
      const op of [
        () => fs.mkdirp(`${dir}/file/sub`),
        () => fs.writeFileAtomic(`${dir}/file/sub`, enc.encode("x")),
      ]
    ) {
      await assert.rejects(op(), (e: unknown) =>
        e instanceof StorageError &&
        e.message === `Cannot use "${dir}/file/sub": a part of the path is not a directory` &&
        e.data?.os_error === "ENOTDIR");
    }
  });
});

Deno.test("readLink() of a link whose text is not UTF-8 is a StorageError (EILSEQ) that names no link text", async () => {
  if (!posix) return;
  await withDir(async (dir) => {
    // Link text "t", 0xff, "x": Deno refuses it as InvalidData, which no caller could tell apart.
    const made = await new Deno.Command("sh", {
      args: ["-c", `ln -s "$(printf 't\\377x')" bad && ln -s good ok`],
      cwd: dir,
    }).output();
    assert.equal(made.code, 0);
    await assert.rejects(
      fs.readLink(`${dir}/bad`),
      (e: unknown) =>
        e instanceof StorageError && e.data?.os_error === "EILSEQ" &&
        e.message === `Cannot use "${dir}/bad": its link text is not UTF-8`,
    );
    assert.equal(await fs.readLink(`${dir}/ok`), "good", "control: a UTF-8 link reads");
  });
});

Deno.test("mkdirp() where a file or a link that leads nowhere stands is a StorageError (exit 5), not an internal error", async () => {
  if (!posix) return;
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/file`, "x");
    await Deno.symlink(`${dir}/nowhere`, `${dir}/dangling`);
    for (const path of [`${dir}/file`, `${dir}/dangling`]) {
      await assert.rejects(fs.mkdirp(path), (e: unknown) =>
        e instanceof StorageError &&
        e.message === `Cannot use "${path}": something that is not a directory stands there` &&
        e.data?.os_error === "EEXIST");
    }
    assert.equal(await fs.lstat(`${dir}/nowhere`), null);
    // Control: an existing directory is no error.
    await Deno.mkdir(`${dir}/real`);
    await fs.mkdirp(`${dir}/real`);
  });
});

Deno.test("readDir() with a limit lists at most that many entries, and a missing folder is FsNotFoundError either way", async () => {
  await withDir(async (dir) => {
    for (let i = 0; i < 5; i++) await Deno.writeTextFile(`${dir}/f${i}`, "");
    assert.equal((await fs.readDir(dir)).length, 5);
    assert.equal((await fs.readDir(dir, 2)).length, 2);
    const some = await fs.readDir(dir, 9);
    assert.deepEqual(some.map((e) => e.name).sort(), ["f0", "f1", "f2", "f3", "f4"]);
    assert.ok(some.every((e) => e.isFile && !e.isDirectory && !e.isSymlink));
    await assert.rejects(fs.readDir(`${dir}/none`, 2), FsNotFoundError);
    await assert.rejects(fs.readDir(`${dir}/none`), FsNotFoundError);
  });
});

/** This thread's minor page faults so far (Linux: field 10 of its stat). */
function threadFaults(): number {
  const stat = Deno.readTextFileSync("/proc/thread-self/stat");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[7]);
}

Deno.test("DenoFs.newBackedBuffer() gives a zeroed buffer of its own whose pages are backed already", () => {
  const fs = new DenoFs();
  const small = fs.newBackedBuffer(100);
  assert.equal(small.length, 100);
  assert.equal(small.buffer.byteLength, 100);
  assert.equal(small.every((v) => v === 0), true);
  // Over glibc's largest mmap threshold: mapped fresh, never pages another test left resident.
  const bytes = 64 * 1024 * 1024;
  const buf = fs.newBackedBuffer(bytes);
  assert.equal(buf.buffer.byteLength, bytes);
  assert.equal(buf.every((v) => v === 0), true);
  // Where buffers cannot be backed up front (no FFI, not Linux, a kernel
  // before 5.14) the buffer is a plain one: nothing more to see.
  if (prefault(new Uint8Array(bytes)) === 0) return;
  // Control: a fresh buffer faults as it is written; the backed one does not.
  const control = new Uint8Array(bytes);
  const touch = (b: Uint8Array) => {
    const before = threadFaults();
    for (let i = 0; i < b.length; i += 4096) b[i] = 1;
    return threadFaults() - before;
  };
  const fresh = touch(control);
  assert.ok(fresh >= bytes / 4096 / 2, "a fresh buffer faults as it is written");
  const backed = fs.newBackedBuffer(bytes);
  assert.ok(touch(backed) < bytes / 4096 / 8, "its pages were already backed");
});

/** Runs `f` with Deno's asynchronous realPath and readDir counted (and still working). */
async function countingAsyncCalls(
  f: (calls: { realPath: number; readDir: number }) => Promise<void>,
): Promise<void> {
  const calls = { realPath: 0, readDir: 0 };
  const realPath = Deno.realPath;
  const readDir = Deno.readDir;
  Object.assign(Deno, {
    realPath: (p: string | URL) => (calls.realPath++, realPath(p)),
    readDir: (p: string | URL) => (calls.readDir++, readDir(p)),
  });
  try {
    await f(calls);
  } finally {
    Object.assign(Deno, { realPath, readDir });
  }
}

Deno.test("DenoFs resolves a real path, and refuses a missing folder's bounded listing, without Deno's asynchronous calls", async () => {
  await withDir(async (dir) => {
    await Deno.mkdir(`${dir}/sub`);
    await Deno.writeTextFile(`${dir}/sub/a`, "a");
    if (posix) await Deno.symlink(`${dir}/sub`, `${dir}/link`);
    await countingAsyncCalls(async (calls) => {
      const via = posix ? `${dir}/link/a` : `${dir}/sub/a`;
      assert.equal(await fs.realPath(via), await Deno.realPath(via));
      assert.equal(await fs.realPath(`${dir}/sub/../sub`), `${dir}/sub`);
      await assert.rejects(fs.realPath(`${dir}/missing`), FsNotFoundError);
      await assert.rejects(fs.readDir(`${dir}/missing`, 5), FsNotFoundError);
      assert.deepEqual(calls, { realPath: 1, readDir: 0 }, "only the test's own realPath");
      // Control: an existing folder is still listed by the streaming call, up to the limit.
      await Deno.writeTextFile(`${dir}/sub/b`, "b");
      assert.equal((await fs.readDir(`${dir}/sub`, 1)).length, 1);
      assert.equal((await fs.readDir(`${dir}/sub`, 5)).length, 2);
      assert.equal(calls.readDir, 2);
      // Control: a file where a folder is expected still fails as the listing fails.
      await assert.rejects(fs.readDir(`${dir}/sub/a`, 5));
      assert.equal(calls.readDir, 3);
    });
  });
});
