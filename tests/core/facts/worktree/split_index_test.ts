/**
 * Split index: readSplitIndex() against the indexes git itself splits, with
 * `git ls-files -s --debug -z` and `git ls-files -v -z` as the oracle
 * (every field, path and flag of every entry, in order) after entries are
 * added, removed, replaced and re-flagged since the split; plus the EWAH
 * decoder on git's own bitmaps (literal words and runs of ones) and every
 * malformed shape, each an error (the work tree is then unknown), never a
 * guessed index.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import {
  buildIndex,
  GitIndexError,
  indexEntries,
  parseIndex,
} from "../../../../core/facts/worktree/index_file.ts";
import {
  ewahBits,
  mergeSplitIndex,
  parseSplitLink,
  readSplitIndex,
} from "../../../../core/facts/worktree/split_index.ts";
import { GitUnsupportedError } from "../../../../core/facts/git/errors.ts";

const fs = new TestFs();

/** git's view of every entry: `ls-files -s --debug` fields and the `-v` tag. */
async function gitEntries(dir: string): Promise<string[]> {
  const out = (await git(dir, ["ls-files", "-s", "--debug", "-z"])).stdout;
  const tags = (await git(dir, ["ls-files", "-v", "-z"])).stdout.split("\0").filter((t) => t);
  const rows: string[] = [];
  let at = 0;
  while (at < out.length) {
    const tab = out.indexOf("\t", at);
    const nul = out.indexOf("\0", tab);
    const [mode, oid, stage] = out.slice(at, tab).split(" ");
    const path = out.slice(tab + 1, nul);
    let end = nul + 1;
    for (let k = 0; k < 5; k++) end = out.indexOf("\n", end) + 1;
    // ctime s:ns, mtime s:ns, dev, ino, uid, gid, size (the in-memory flags left out).
    const nums = [...out.slice(nul + 1, end).matchAll(/\d+/g)].slice(0, 9).map((m) => m[0]);
    rows.push([mode, oid, stage, path, ...nums].join(" "));
    at = end;
  }
  // ls-files -v lists each path once per stage, like -s.
  return rows.map((r, i) => `${r} ${tags[i]!.slice(0, 1)}`);
}

/** baton's merged index in the same shape. */
async function batonEntries(dir: string): Promise<string[]> {
  const main = parseIndex(await Deno.readFile(`${dir}/.git/index`), { splitLink: true });
  const index = await readSplitIndex(fs, `${dir}/.git`, main);
  return indexEntries(index).map((e) => {
    // ls-files -v: M for an unmerged stage, S for skip-worktree, else H; lower case when assume-unchanged.
    const tag = e.stage !== 0 ? "M" : e.skipWorktree ? "S" : "H";
    return [
      e.mode.toString(8),
      e.oid,
      e.stage,
      e.path,
      e.ctimeSec,
      e.ctimeNsec,
      e.mtimeSec,
      e.mtimeNsec,
      e.dev,
      e.ino,
      e.uid,
      e.gid,
      e.size,
      e.assumeValid ? tag.toLowerCase() : tag,
    ].join(" ");
  });
}

async function isSplit(dir: string): Promise<boolean> {
  const index = parseIndex(await Deno.readFile(`${dir}/.git/index`), { splitLink: true });
  return index.splitLink !== undefined;
}

async function assertSameAsGit(dir: string, label: string): Promise<void> {
  const want = await gitEntries(dir);
  assert.ok(want.length > 0, `${label}: control: git lists entries`);
  assert.deepEqual(await batonEntries(dir), want, label);
}

Deno.test("readSplitIndex() merges git's split index: additions, removals, replacements and flags since the split", async () => {
  const dir = await makeRepo();
  const files: Record<string, string> = {};
  for (let i = 0; i < 700; i++) files[`d${i % 7}/f${String(i).padStart(3, "0")}.txt`] = `${i}\n`;
  await writeFiles(dir, { ...files, "top.txt": "t\n" });
  await commitAll(dir, "base");
  await git(dir, ["config", "splitIndex.maxPercentChange", "100"]);
  await git(dir, ["update-index", "--split-index"]);
  assert.ok(await isSplit(dir), "control: git split the index");
  await assertSameAsGit(dir, "right after the split");
  // Replacements: staged edits of shared entries.
  await writeFiles(dir, { "d1/f001.txt": "edited\n", "d3/f003.txt": "edited\n" });
  await git(dir, ["add", "d1/f001.txt", "d3/f003.txt"]);
  // Removals: one, then a long run (git writes a run of ones for it).
  await git(dir, ["rm", "-q", "--cached", "top.txt"]);
  await git(dir, ["rm", "-q", "-r", "--cached", "d0", "d2"]);
  // Additions, an intent-to-add and flags set by hand (replacements too).
  await writeFiles(dir, { "new/a.txt": "a\n", "d4/zz.txt": "z\n", "ita.txt": "i\n" });
  await git(dir, ["add", "new/a.txt", "d4/zz.txt"]);
  await git(dir, ["add", "-N", "ita.txt"]);
  await git(dir, ["update-index", "--assume-unchanged", "d5/f005.txt"]);
  await git(dir, ["update-index", "--skip-worktree", "d6/f006.txt"]);
  assert.ok(await isSplit(dir), "control: still split");
  await assertSameAsGit(dir, "after changes");
  // A second split over the first (a new shared index), then more changes.
  await git(dir, ["update-index", "--split-index"]);
  await writeFiles(dir, { "d4/zz.txt": "z2\n", "d5/new.txt": "n\n" });
  await git(dir, ["add", "d4/zz.txt", "d5/new.txt"]);
  await git(dir, ["rm", "-q", "--cached", "new/a.txt"]);
  assert.ok(await isSplit(dir), "control: still split");
  await assertSameAsGit(dir, "after a second split");
});

Deno.test("readSplitIndex() merges a version-4 split index (prefix-compressed paths, empty ones among them)", async () => {
  const dir = await makeRepo();
  const files: Record<string, string> = {};
  for (let i = 0; i < 100; i++) files[`dir/sub/file${String(i).padStart(3, "0")}.txt`] = `${i}\n`;
  await writeFiles(dir, files);
  await commitAll(dir, "base");
  await git(dir, ["config", "splitIndex.maxPercentChange", "100"]);
  await git(dir, ["update-index", "--index-version", "4"]);
  await git(dir, ["update-index", "--split-index"]);
  await writeFiles(dir, { "dir/sub/file010.txt": "v4\n", "dir/sub/file050.txt": "v4\n" });
  await writeFiles(dir, { "dir/sub/new.txt": "n\n" });
  await git(dir, ["add", "dir/sub/file010.txt", "dir/sub/file050.txt", "dir/sub/new.txt"]);
  await git(dir, ["rm", "-q", "--cached", "dir/sub/file020.txt"]);
  const main = parseIndex(await Deno.readFile(`${dir}/.git/index`), { splitLink: true });
  assert.equal(main.version, 4, "control: version 4");
  assert.ok(main.splitLink !== undefined, "control: split");
  await assertSameAsGit(dir, "version 4");
});

Deno.test("readSplitIndex() merges the unmerged stages of a conflict in a split index", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "base\n", "b.txt": "b\n" });
  await commitAll(dir, "base");
  await git(dir, ["config", "core.splitIndex", "true"]);
  await git(dir, ["config", "splitIndex.maxPercentChange", "100"]);
  await git(dir, ["checkout", "-q", "-b", "other"]);
  await writeFiles(dir, { "a.txt": "other\n" });
  await commitAll(dir, "other");
  await git(dir, ["checkout", "-q", "main"]);
  await writeFiles(dir, { "a.txt": "main\n" });
  await commitAll(dir, "main");
  await git(dir, ["merge", "-q", "other"], { allowFail: true });
  assert.ok(await isSplit(dir), "control: git split the index");
  const want = await gitEntries(dir);
  assert.equal(want.filter((r) => r.includes(" a.txt ")).length, 3, "control: three stages");
  assert.deepEqual(await batonEntries(dir), want);
});

Deno.test("readSplitIndex(): a missing or different shared index is an error, never a partial index", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n", "b.txt": "b\n" });
  await commitAll(dir, "base");
  await git(dir, ["update-index", "--split-index"]);
  const main = parseIndex(await Deno.readFile(`${dir}/.git/index`), { splitLink: true });
  const shared = [...Deno.readDirSync(`${dir}/.git`)].find((e) =>
    e.name.startsWith("sharedindex.")
  );
  assert.ok(shared !== undefined, "control: git wrote a shared index");
  const path = `${dir}/.git/${shared.name}`;
  // Control: as git wrote it, it merges.
  assert.equal((await readSplitIndex(fs, `${dir}/.git`, main)).count, 2);
  // Another file under the name: git says "broken index".
  const bytes = await Deno.readFile(path);
  const other = bytes.slice();
  other[other.length - 1] = other[other.length - 1]! ^ 1;
  await Deno.writeFile(path, other);
  await assert.rejects(() => readSplitIndex(fs, `${dir}/.git`, main), GitIndexError);
  await Deno.remove(path);
  await assert.rejects(() => readSplitIndex(fs, `${dir}/.git`, main), GitUnsupportedError);
  // Without the option the split index is refused as before.
  assert.throws(
    () => parseIndex(new Uint8Array(Deno.readFileSync(`${dir}/.git/index`))),
    GitUnsupportedError,
  );
});

/** An EWAH bitmap: bit size, then 64-bit words given as [high, low] halves, then the RLW position. */
function ewah(words: [number, number][], bitSize = 0): Uint8Array {
  const out = new Uint8Array(8 + words.length * 8 + 4);
  const v = new DataView(out.buffer);
  v.setUint32(0, bitSize);
  v.setUint32(4, words.length);
  words.forEach(([high, low], i) => {
    v.setUint32(8 + i * 8, high >>> 0);
    v.setUint32(12 + i * 8, low >>> 0);
  });
  return out;
}

/** An RLW word: run bit, run length (in 64-bit words), literal words following. */
function rlw(run: 0 | 1, runLen: number, literals: number): [number, number] {
  return [(literals << 1) | (runLen >>> 31), ((runLen << 1) | run) >>> 0];
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

Deno.test("ewahBits(): runs of zeros and ones, literal words, positions past the shared index refused", () => {
  // One run of 64 zeros, then a run of 64 ones, then a literal with bits 0, 33 and 63.
  const b = ewah([rlw(0, 1, 0), rlw(1, 1, 1), [0x80000002, 1]]);
  const ones = Array.from({ length: 64 }, (_, k) => 64 + k);
  assert.deepEqual(ewahBits(b, 0, 192).bits, [...ones, 128, 161, 191]);
  assert.equal(ewahBits(b, 0, 192).end, b.length);
  assert.throws(() => ewahBits(b, 0, 191), GitIndexError, "bit 191 of 191 entries");
  assert.throws(() => ewahBits(b, 0, 100), GitIndexError, "a run of ones past the end");
  // A literal count running past the words, and a truncated bitmap.
  assert.throws(() => ewahBits(ewah([rlw(0, 0, 2), [0, 1]]), 0, 1000), GitIndexError);
  assert.throws(() => ewahBits(b.subarray(0, b.length - 1), 0, 1000), GitIndexError);
  assert.throws(() => ewahBits(new Uint8Array(6), 0, 1000), GitIndexError);
  // A huge run of zeros costs nothing and leaves later bits past the end.
  assert.throws(() => ewahBits(ewah([rlw(0, 0x7fffffff, 1), [0, 1]]), 0, 1000), GitIndexError);
});

Deno.test("parseSplitLink() and mergeSplitIndex(): each shape git stops on or never writes is an error", () => {
  const oid = new Uint8Array(20).fill(0xab);
  const none = ewah([]);
  const bits = (...pos: number[]) => {
    const low = pos.reduce((w, p) => w | (1 << p), 0);
    return ewah([rlw(0, 0, 1), [0, low]]);
  };
  const link = parseSplitLink(concat(oid, bits(2), bits(1)), 3);
  assert.deepEqual(link, { baseOid: "ab".repeat(20), deleted: [2], replaced: [1] });
  assert.deepEqual(parseSplitLink(oid, 3), {
    baseOid: "ab".repeat(20),
    deleted: null,
    replaced: null,
  });
  assert.throws(() => parseSplitLink(oid.subarray(0, 19), 3), GitIndexError, "too short");
  assert.throws(() => parseSplitLink(concat(oid, none, none, new Uint8Array(1)), 3), GitIndexError);
  assert.throws(() => parseSplitLink(concat(oid, none), 3), GitIndexError, "no replace bitmap");

  const shared = buildIndex([{ path: "a" }, { path: "b" }, { path: "c" }]);
  // Control: replacements keep their path and take the rest; additions are merged in order.
  const merged = mergeSplitIndex(
    buildIndex([{ path: "", size: 9, stage: 0 }, { path: "aa" }, { path: "d" }]),
    link,
    shared,
  );
  assert.deepEqual(merged.paths.toArray(), ["a", "aa", "b", "d"]);
  assert.equal(indexEntries(merged)[2]!.size, 9);
  const bad = (main: { path: string }[], l = link) => () =>
    mergeSplitIndex(buildIndex(main), l, shared);
  assert.throws(bad([{ path: "b" }]), GitIndexError, "a replacement with a path");
  assert.throws(bad([{ path: "" }, { path: "" }]), GitIndexError, "an addition without one");
  assert.throws(bad([]), GitIndexError, "more replacements than entries");
  assert.throws(
    bad([{ path: "" }, { path: "a" }]),
    GitUnsupportedError,
    "an addition of a kept path",
  );
  assert.throws(
    bad([{ path: "" }, { path: "z" }, { path: "y" }]),
    GitUnsupportedError,
    "out of order",
  );
  // Positions past the shared index: git stops ("exceeds base index size").
  const past = { baseOid: "ab".repeat(20), deleted: [], replaced: [3] };
  assert.throws(bad([{ path: "" }], past), GitIndexError, "a replacement past the end");
  const gonePast = { baseOid: "ab".repeat(20), deleted: [3], replaced: [] };
  assert.throws(bad([], gonePast), GitIndexError, "a deletion past the end");
  const sparse = { ...buildIndex([{ path: "" }]), extensions: ["sdir"] };
  assert.throws(() => mergeSplitIndex(sparse, link, shared), GitUnsupportedError, "sparse");
});
