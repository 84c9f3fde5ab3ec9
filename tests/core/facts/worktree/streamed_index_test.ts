/**
 * The index read a window at a time (parseIndexStreamed, readIndexStreamed)
 * gives what the whole file's parse gives: on git's own indexes (versions 2,
 * 3 and 4, paths longer than a window, names that are not UTF-8, a cache
 * tree) at any window size, and, for a damaged file, an error where the
 * whole parse has one. readIndexStreamed gives nothing (the caller reads
 * the whole file) where the parts read could be of two versions of the file
 * or its checksum is to be hashed; the scan then still answers as git does.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { git, makeRepo } from "../../../_helpers/git.ts";
import { batonView, gitStatus } from "../../../_helpers/worktree_status.ts";
import { catFileReader } from "../../../_helpers/worktree_objects.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import {
  type GitIndex,
  GitIndexError,
  indexEntries,
  parseIndex,
  parseIndexStreamed,
} from "../../../../core/facts/worktree/index_file.ts";
import { readIndexStreamed } from "../../../../core/facts/worktree/streamed_index.ts";
import { scanWorktree } from "../../../../core/facts/worktree/scan.ts";
import type { FileStat, ReadFs } from "../../../../core/fs.ts";

const EMPTY_BLOB = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391";

/** Everything a parse gives, as comparable text (the paths as a list), or the error's name. */
function shape(index: GitIndex): string {
  return JSON.stringify({
    entries: indexEntries(index),
    version: index.version,
    cacheTree: index.cacheTree,
    extensions: index.extensions,
    checksum: index.checksum,
    invalidNames: [...(index.invalidNames ?? new Map()).entries()],
    splitLink: index.splitLink === undefined ? null : [...index.splitLink],
  });
}

function readerOf(bytes: Uint8Array) {
  return (at: number, into: Uint8Array) => {
    const part = bytes.subarray(at, at + into.length);
    into.set(part);
    return Promise.resolve(part.length);
  };
}

/**
 * git's index of entries put in with --index-info (no work tree files: paths
 * of any length), a cache tree written, in `version`, with skip-worktree
 * and intent-to-add bits where asked (version 3+).
 */
async function gitIndex(version: 2 | 3 | 4, paths: string[], flags = false): Promise<Uint8Array> {
  const dir = await makeRepo("baton-streamed-index-");
  await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "" });
  await git(dir, ["update-index", "--index-info"], {
    stdin: paths.map((p) => `100644 ${EMPTY_BLOB}\t${p}\n`).join(""),
  });
  if (flags) {
    await git(dir, ["update-index", "--skip-worktree", paths[0]!]);
  }
  await git(dir, ["write-tree"]);
  await git(dir, ["update-index", "--index-version", String(version)]);
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  assert.equal(new DataView(bytes.buffer).getUint32(4), version, "git wrote the version asked");
  return bytes;
}

/** Paths with shared prefixes (version 4 compresses them), deep and long ones among them. */
function samplePaths(): string[] {
  const long = Array.from({ length: 24 }, (_, i) => `segment-${i}-${"x".repeat(200)}`).join("/");
  const out = [`${long}/end.txt`, "a.txt", "b/é.txt", "b/c/d.txt", "zz/\u{1F600}.md"];
  for (let i = 0; i < 300; i++) out.push(`dir${i % 7}/sub${i % 3}/file-${i}.txt`);
  return out.sort();
}

Deno.test("parseIndexStreamed gives the whole parse's index at any window size (versions 2, 3, 4)", async () => {
  const samples = [
    await gitIndex(2, samplePaths()),
    await gitIndex(3, samplePaths(), true),
    await gitIndex(4, samplePaths()),
  ];
  for (const bytes of samples) {
    // A path of over 5,000 bytes: wider than the smaller windows.
    assert.ok(bytes.length > 20_000);
    const whole = shape(parseIndex(bytes.slice()));
    // Every small window size: an entry then ends at each offset from a window's end.
    const small = Array.from({ length: 120 }, (_, i) => 160 + i);
    for (const window of [1, ...small, 333, 4096, 8191, 1 << 20]) {
      const streamed = await parseIndexStreamed(readerOf(bytes), bytes.length, {
        window,
        releaseBytes: true,
      });
      assert.ok(shape(streamed) === whole, `version ${bytes[7]}, window ${window}`);
    }
  }
});

Deno.test("parseIndexStreamed keeps names that are not UTF-8 as their bytes", async () => {
  const bytes = await gitIndex(2, ["a.txt", "b.txt", "c.txt"]);
  // "b.txt" becomes "b\xff.txt"... as one byte: the name's length is unchanged.
  const at = new TextDecoder("latin1").decode(bytes).indexOf("b.txt");
  const damaged = bytes.slice();
  damaged[at + 1] = 0xff;
  const whole = parseIndex(damaged.slice());
  assert.equal(whole.invalidNames?.size, 1);
  for (const window of [161, 4096]) {
    const streamed = await parseIndexStreamed(readerOf(damaged), damaged.length, { window });
    assert.equal(shape(streamed), shape(whole));
  }
});

Deno.test("parseIndexStreamed fails where the whole parse fails, and agrees where it does not (random damage)", async () => {
  const samples = [await gitIndex(2, samplePaths()), await gitIndex(4, samplePaths())];
  let failed = 0;
  let parsed = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: samples.length - 1 }),
      fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat({ max: 255 })), {
        minLength: 1,
        maxLength: 3,
      }),
      fc.integer({ min: 161, max: 9000 }),
      async (which, edits, window) => {
        const bytes = samples[which]!.slice();
        // Damage the entries' part most of the time: the header, a few times.
        for (const [where, value] of edits) {
          bytes[Math.min(bytes.length - 1, Math.floor(where * bytes.length))] = value;
        }
        let whole: string;
        try {
          whole = shape(parseIndex(bytes.slice()));
        } catch {
          whole = "error";
        }
        let streamed: string;
        try {
          streamed = shape(await parseIndexStreamed(readerOf(bytes), bytes.length, { window }));
        } catch {
          streamed = "error";
        }
        assert.ok(streamed === whole, "the same outcome");
        if (whole === "error") failed++;
        else parsed++;
      },
    ),
    { numRuns: 300 },
  );
  assert.ok(failed > 0 && parsed > 0, `both outcomes seen (${failed} failed, ${parsed} parsed)`);
});

/** A TestFs that counts whole-file reads of `watched` and ranged reads of it. */
class CountingReadsFs extends TestFs {
  whole = 0;
  ranged = 0;
  constructor(readonly watched: string, readonly ranges = true) {
    super();
    // Without ranged reads the scan reads the index whole, as before streaming.
    if (!ranges) Object.defineProperty(this, "readInto", { value: undefined });
  }
  override readFile(path: string): Promise<Uint8Array> {
    if (path === this.watched) this.whole++;
    return super.readFile(path);
  }
  override readInto(path: string, offset: number, into: Uint8Array): Promise<number> {
    if (path === this.watched) this.ranged++;
    return super.readInto(path, offset, into);
  }
}

/** A TestFs on which git replaces the index with `other` after `reads` reads of ranges of it. */
class ReplacedMidwayFs extends TestFs {
  #reads = 0;
  constructor(readonly path: string, readonly other: Uint8Array, readonly reads: number) {
    super();
  }
  override readInto(path: string, offset: number, into: Uint8Array): Promise<number> {
    if (path !== this.path || this.#reads++ < this.reads) return super.readInto(path, offset, into);
    const part = this.other.subarray(offset, offset + into.length);
    into.set(part);
    return Promise.resolve(part.length);
  }
}

Deno.test("readIndexStreamed reads a large index in windows, and gives nothing where the parts could be two files", async () => {
  // Over the 1 MiB threshold: 6,000 entries of long names.
  const paths = Array.from({ length: 6000 }, (_, i) => `d${i % 50}/${"n".repeat(150)}-${i}.txt`)
    .sort();
  const dir = await makeRepo("baton-streamed-index-");
  await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "" });
  await git(dir, ["update-index", "--index-info"], {
    stdin: paths.map((p) => `100644 ${EMPTY_BLOB}\t${p}\n`).join(""),
  });
  await git(dir, ["write-tree"]);
  const path = `${dir}/.git/index`;
  const bytes = await Deno.readFile(path);
  assert.ok(bytes.length > 1024 * 1024);
  const fs = new TestFs();
  const stat = (await fs.lstat(path))!;
  const opts = { verifyChecksum: false, verifiedIndex: null, window: 4096 };
  const index = await readIndexStreamed(fs, path, stat, opts);
  assert.ok(index !== null);
  assert.ok(shape(index) === shape(parseIndex(bytes.slice())), "the whole parse's index");

  // The same size, other entries (one blob id differs) and so another checksum.
  const other = bytes.slice();
  other[12 + 40] = other[12 + 40]! ^ 1;
  other.set(
    new Uint8Array(await crypto.subtle.digest("SHA-1", other.subarray(0, other.length - 20))),
    other.length - 20,
  );
  // Replaced after the trailer and a few windows were read (the lstat, as
  // in a test, still gives the first file's identity).
  for (const reads of [1, 2, 100]) {
    const midway = new ReplacedMidwayFs(path, other, reads);
    assert.ok(await readIndexStreamed(midway, path, stat, opts) === null, `after ${reads} reads`);
  }
  // Control: replaced by the same bytes, it is one file.
  const same = new ReplacedMidwayFs(path, bytes, 2);
  assert.ok(await readIndexStreamed(same, path, stat, opts) !== null);

  // A checksum to verify (no record of it): hashed over the windows as they
  // pass, the same index.
  const verified = await readIndexStreamed(fs, path, stat, { ...opts, verifyChecksum: true });
  assert.ok(verified !== null && shape(verified) === shape(parseIndex(bytes.slice())));
  // Replaced midway while hashed: the windows' hash is not the first trailer's.
  for (const reads of [2, 100]) {
    const midway = new ReplacedMidwayFs(path, other, reads);
    const got = await readIndexStreamed(midway, path, stat, { ...opts, verifyChecksum: true });
    assert.ok(got === null, `hashed, after ${reads} reads`);
  }
  // Another identity than the lstat taken before.
  const moved: FileStat = { ...stat, ino: (stat.ino ?? 0) + 1 };
  assert.ok(await readIndexStreamed(fs, path, moved, opts) === null);
  // Written without a checksum (index.skipHash).
  const unhashed = bytes.slice();
  unhashed.fill(0, unhashed.length - 20);
  await Deno.writeFile(path, unhashed);
  const unhashedStat = (await fs.lstat(path))!;
  assert.ok(await readIndexStreamed(fs, path, unhashedStat, opts) === null);
  // An fs that reads no ranges.
  const wholeOnly = {
    lstat: fs.lstat.bind(fs),
    readFile: fs.readFile.bind(fs),
  } as unknown as ReadFs;
  await Deno.writeFile(path, bytes);
  assert.ok(await readIndexStreamed(wholeOnly, path, (await fs.lstat(path))!, opts) === null);
});

Deno.test("scanWorktree reads a large index in windows and answers as git status does", async () => {
  const dir = await makeRepo("baton-streamed-index-");
  for (let d = 0; d < 40; d++) await Deno.mkdir(`${dir}/d${d}`);
  const name = (i: number) => `d${i % 40}/${"f".repeat(120)}-${i}.txt`;
  for (let i = 0; i < 7000; i++) await Deno.writeFile(`${dir}/${name(i)}`, new Uint8Array());
  await git(dir, ["add", "-A"]);
  await git(dir, ["commit", "-q", "-m", "base"]);
  await Deno.writeTextFile(`${dir}/${name(3)}`, "changed\n");
  await Deno.writeTextFile(`${dir}/${name(4)}`, "staged\n");
  await git(dir, ["add", name(4)]);
  await Deno.remove(`${dir}/${name(5)}`);
  await Deno.writeTextFile(`${dir}/new.txt`, "new\n");
  const index = `${dir}/.git/index`;
  assert.ok((await Deno.stat(index)).size > 1024 * 1024);
  const wholeReads: string[] = [];
  class WatchedFs extends TestFs {
    override readFile(path: string): Promise<Uint8Array> {
      wholeReads.push(path);
      return super.readFile(path);
    }
  }
  const tree = (await git(dir, ["rev-parse", "HEAD^{tree}"])).stdout.trim();
  const objects = catFileReader(dir);
  try {
    const status = await scanWorktree(
      new WatchedFs(),
      { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` },
      { headTreeOid: tree, objects },
    );
    assert.ok(!wholeReads.includes(index), "the index was not read whole");
    const byPath = (a: { path: string }, b: { path: string }) => a.path < b.path ? -1 : 1;
    const ours = batonView(status);
    const theirs = await gitStatus(dir);
    assert.deepEqual(ours.entries.sort(byPath), theirs.entries.sort(byPath));
    assert.deepEqual(ours.untracked, theirs.untracked);
    assert.equal(theirs.entries.length, 3);
  } finally {
    await objects.close();
  }
});

Deno.test("scanWorktree's first scan after git rewrote a large index hashes its checksum over the windows; a wrong checksum is still refused with the whole read's error", async () => {
  const dir = await makeRepo("baton-streamed-index-");
  for (let d = 0; d < 40; d++) await Deno.mkdir(`${dir}/d${d}`);
  const name = (i: number) => `d${i % 40}/${"h".repeat(120)}-${i}.txt`;
  for (let i = 0; i < 7000; i++) await Deno.writeFile(`${dir}/${name(i)}`, new Uint8Array());
  await git(dir, ["add", "-A"]);
  await git(dir, ["commit", "-q", "-m", "base"]);
  const index = `${dir}/.git/index`;
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const tree = (await git(dir, ["rev-parse", "HEAD^{tree}"])).stdout.trim();
  const objects = catFileReader(dir);
  const byPath = (a: { path: string }, b: { path: string }) => a.path < b.path ? -1 : 1;
  try {
    // A record of the index as it was, then git rewrites it (a file touched, refreshed).
    const before = await scanWorktree(new TestFs(), repo, {
      headTreeOid: tree,
      objects,
      verifyChecksum: true,
    });
    assert.equal(before.indexChecksum, "verified");
    const oldRecord = before.verifiedIndex;
    assert.ok(oldRecord !== null);
    const later = new Date(Date.now() + 5000);
    await Deno.utime(`${dir}/${name(7)}`, later, later);
    await git(dir, ["update-index", "--refresh"]);
    const rewritten = await Deno.lstat(index);
    assert.ok(rewritten.ino !== oldRecord.ino || rewritten.ctime?.getTime() !== oldRecord.ctimeMs);
    await Deno.writeTextFile(`${dir}/${name(3)}`, "changed\n");

    const scan = (fs: ReadFs) =>
      scanWorktree(fs, repo, {
        headTreeOid: tree,
        objects,
        verifyChecksum: true,
        verifiedIndex: oldRecord,
      });
    const windowed = new CountingReadsFs(index);
    const status = await scan(windowed);
    assert.equal(windowed.whole, 0, "the index was not read whole");
    assert.ok(windowed.ranged > 2, `read in windows (${windowed.ranged} reads)`);
    assert.equal(status.indexChecksum, "verified");
    assert.equal(status.verifiedIndex?.checksum, parseIndex(await Deno.readFile(index)).checksum);
    const theirs = await gitStatus(dir);
    assert.deepEqual(batonView(status).entries.sort(byPath), theirs.entries.sort(byPath));
    assert.equal(theirs.entries.length, 1);
    // Control: read whole (an fs with no ranged reads), the same answer.
    const whole = new CountingReadsFs(index, false);
    const wholeStatus = await scan(whole);
    assert.equal(whole.whole, 1);
    assert.equal(wholeStatus.indexChecksum, "verified");
    assert.deepEqual(batonView(wholeStatus), batonView(status));

    // A wrong checksum (one byte of an entry flipped, the trailer kept).
    const bytes = await Deno.readFile(index);
    bytes[12 + 45] = bytes[12 + 45]! ^ 1;
    await Deno.writeFile(index, bytes);
    const refused = async (fs: ReadFs) => {
      try {
        await scan(fs);
      } catch (e) {
        return e;
      }
      return null;
    };
    const damaged = new CountingReadsFs(index);
    const got = await refused(damaged) as GitIndexError | null;
    const expected = await refused(new CountingReadsFs(index, false)) as GitIndexError | null;
    assert.ok(got instanceof GitIndexError && expected instanceof GitIndexError);
    assert.ok(got.message.includes("trailing checksum does not match"), got.message);
    assert.deepEqual(
      [got.message, got.code, got.data],
      [expected.message, expected.code, expected.data],
    );
    assert.equal(damaged.whole, 1, "refused by the whole read, as before");
  } finally {
    await objects.close();
  }
});
