/**
 * parseIndex() against indexes git wrote (versions 2, 3 and 4), with
 * `git ls-files -s --debug` as the oracle, plus malformed-input errors.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, GIT_ENV, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import {
  GitIndexError,
  indexEntries,
  type IndexEntry,
  parseIndex,
  verifyIndexChecksum,
} from "../../../../core/facts/worktree/index_file.ts";
import { GitUnsupportedError } from "../../../../core/facts/git/errors.ts";

interface DebugEntry {
  mode: number;
  oid: string;
  stage: number;
  path: string;
  ctimeSec: number;
  ctimeNsec: number;
  mtimeSec: number;
  mtimeNsec: number;
  dev: number;
  ino: number;
  uid: number;
  gid: number;
  size: number;
}

/** `git ls-files -s --debug -z`, parsed. */
async function lsFilesDebug(dir: string): Promise<DebugEntry[]> {
  const out = (await git(dir, ["ls-files", "-s", "--debug", "-z"])).stdout;
  const entries: DebugEntry[] = [];
  let at = 0;
  while (at < out.length) {
    const tab = out.indexOf("\t", at);
    const nul = out.indexOf("\0", tab);
    const [mode, oid, stage] = out.slice(at, tab).split(" ");
    const path = out.slice(tab + 1, nul);
    let end = nul + 1;
    for (let k = 0; k < 5; k++) end = out.indexOf("\n", end) + 1;
    const nums = [...out.slice(nul + 1, end).matchAll(/\d+/g)].map((m) => Number(m[0]));
    const [ctimeSec, ctimeNsec, mtimeSec, mtimeNsec, dev, ino, uid, gid, size] = nums;
    entries.push({
      mode: parseInt(mode!, 8),
      oid: oid!,
      stage: Number(stage),
      path,
      ctimeSec: ctimeSec!,
      ctimeNsec: ctimeNsec!,
      mtimeSec: mtimeSec!,
      mtimeNsec: mtimeNsec!,
      dev: dev!,
      ino: ino!,
      uid: uid!,
      gid: gid!,
      size: size!,
    });
    at = end;
  }
  return entries;
}

function comparable(e: IndexEntry): DebugEntry {
  return {
    mode: e.mode,
    oid: e.oid,
    stage: e.stage,
    path: e.path,
    ctimeSec: e.ctimeSec,
    ctimeNsec: e.ctimeNsec,
    mtimeSec: e.mtimeSec,
    mtimeNsec: e.mtimeNsec,
    dev: e.dev,
    ino: e.ino,
    uid: e.uid,
    gid: e.gid,
    size: e.size,
  };
}

async function sampleRepo(): Promise<string> {
  const dir = await makeRepo("baton-index-");
  await writeFiles(dir, {
    "README.md": "# r\n",
    "src/a.ts": "a\n",
    "src/lib/b.ts": "b\n",
    "src/lib/c.ts": "c\n",
    "src/lib/deeper/d.ts": "d\n",
    "src/lib-other/e.ts": "e\n",
    "ünïcödé/名前.txt": "utf-8\n",
    "x y/z.txt": "space\n",
  });
  await Deno.symlink("README.md", `${dir}/link`);
  await Deno.chmod(`${dir}/src/a.ts`, 0o755);
  await commitAll(dir, "sample");
  return dir;
}

for (const version of [2, 3, 4]) {
  Deno.test(`parseIndex() reads every field of a version-${version} index like git ls-files --debug`, async () => {
    const dir = await sampleRepo();
    await git(dir, ["update-index", "--index-version", String(version)]);
    if (version === 3) {
      // git writes version 2 unless some entry needs the extended flags.
      await writeFiles(dir, { "intent.txt": "later\n" });
      await git(dir, ["add", "-N", "intent.txt"]);
    }
    const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
    assert.equal(index.version, version);
    assert.deepEqual(indexEntries(index).map(comparable), await lsFilesDebug(dir));
    assert.equal(indexEntries(index).find((e) => e.path === "link")?.mode, 0o120000);
    assert.equal(indexEntries(index).find((e) => e.path === "src/a.ts")?.mode, 0o100755);
  });
}

for (const version of [2, 3, 4]) {
  Deno.test(`parseIndex() reads a version-${version} index of 1,300 entries (several read chunks, prefixes shared across their edges) like git ls-files --debug`, async () => {
    const dir = await makeRepo("baton-index-chunks-");
    const oid = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
    // Names sharing long prefixes (version 4 strips them from the entry before),
    // an intent-to-add entry after the first chunk (extended flags: version 3).
    const lines: string[] = [];
    for (let i = 0; i < 1300; i++) {
      const name = `dir-${String(i % 7)}/sub-${String(i % 3)}/file-${
        String(i).padStart(5, "0")
      }.txt`;
      lines.push(`100644 ${oid}\t${name}`);
    }
    await git(dir, ["update-index", "--add", "--index-info"], { stdin: `${lines.join("\n")}\n` });
    if (version === 3) {
      await writeFiles(dir, { "dir-3/zz-intent.txt": "later\n" });
      await git(dir, ["add", "-N", "dir-3/zz-intent.txt"]);
    }
    await git(dir, ["update-index", "--index-version", String(version)]);
    const index = parseIndex(await Deno.readFile(`${dir}/.git/index`), { consumeBytes: true });
    assert.equal(index.version, version);
    const want = await lsFilesDebug(dir);
    assert.equal(want.length, version === 3 ? 1301 : 1300);
    assert.deepEqual(indexEntries(index).map(comparable), want);
  });
}

for (const version of [2, 3, 4]) {
  Deno.test(`parseIndex() keeps a path's and a cache-tree name's leading U+FEFF, as git ls-files shows it (version ${version})`, async () => {
    const dir = await makeRepo("baton-index-bom-");
    const oid = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
    // The mark opens the first path of the index (git's byte order), a directory's
    // name and sits inside a name; the last path (U+FF5A sorts after it) is the control.
    for (const name of ["\uFEFFa.txt", "\uFEFFdir/b.txt", "\uFEFFc\uFEFF.txt", "\uFF5A.txt"]) {
      await git(dir, ["update-index", "--add", "--cacheinfo", `100644,${oid},${name}`]);
    }
    await git(dir, ["write-tree"]);
    if (version === 3) await git(dir, ["update-index", "--skip-worktree", "\uFF5A.txt"]);
    await git(dir, ["update-index", "--index-version", String(version)]);
    // git's own list, each line after its mode (so no line begins with the mark).
    const want = (await git(dir, ["ls-files", "-s", "-z"])).stdout.split("\0")
      .filter((l) => l !== "").map((l) => l.slice(l.indexOf("\t") + 1));
    assert.deepEqual(want, ["\uFEFFa.txt", "\uFEFFc\uFEFF.txt", "\uFEFFdir/b.txt", "\uFF5A.txt"]);
    const bytes = await Deno.readFile(`${dir}/.git/index`);
    for (const consumeBytes of [false, true]) {
      const index = parseIndex(bytes.slice(), { consumeBytes });
      assert.equal(index.version, version);
      assert.deepEqual(index.paths.toArray(), want);
      assert.deepEqual(index.cacheTree?.map((n) => n.path), ["", "\uFEFFdir/"]);
    }
  });
}

Deno.test("parseIndex() reads stat words with the top bit set as unsigned 32-bit values", async () => {
  const dir = await sampleRepo();
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first entry starts after the 12-byte header: ino is word 5, uid 7, size 9.
  view.setUint32(12 + 5 * 4, 0xfffffffe);
  view.setUint32(12 + 7 * 4, 0x7fffffff);
  view.setUint32(12 + 9 * 4, 0x80000001);
  const first = indexEntries(parseIndex(bytes))[0]!;
  assert.deepEqual([first.ino, first.uid, first.size], [0xfffffffe, 0x7fffffff, 0x80000001]);
});

Deno.test("parseIndex() reads the same entries from bytes off a 4-byte boundary (read byte by byte) as from aligned bytes (read as words)", async () => {
  const dir = await sampleRepo();
  for (const version of [2, 3]) {
    await git(dir, ["update-index", "--index-version", String(version)]);
    if (version === 3) {
      await writeFiles(dir, { "intent.txt": "later\n" });
      await git(dir, ["add", "-N", "intent.txt"]);
    }
    const bytes = await Deno.readFile(`${dir}/.git/index`);
    // Words with the top bit set: a swap that sign-extended would show them.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    view.setUint32(12 + 5 * 4, 0xfffffffe);
    view.setUint32(12 + 9 * 4, 0x80000001);
    for (const shift of [1, 2, 3]) {
      const moved = new Uint8Array(bytes.length + shift).subarray(shift);
      moved.set(bytes);
      const aligned = parseIndex(bytes);
      const unaligned = parseIndex(moved);
      assert.deepEqual(indexEntries(unaligned), indexEntries(aligned), `v${version} +${shift}`);
      assert.deepEqual([...unaligned.stat], [...aligned.stat]);
      assert.deepEqual([...unaligned.fields], [...aligned.fields]);
    }
    const first = indexEntries(parseIndex(bytes))[0]!;
    assert.deepEqual([first.ino, first.size], [0xfffffffe, 0x80000001]);
    const expected = (await lsFilesDebug(dir)).map((e) => [e.path, e.oid, e.mode]);
    assert.deepEqual(indexEntries(parseIndex(bytes)).map((e) => [e.path, e.oid, e.mode]), expected);
  }
});

Deno.test("parseIndex({ consumeBytes }) gathers the paths over the file's bytes and reads what a parse of a copy reads", async () => {
  const dir = await sampleRepo();
  for (const version of [2, 3, 4]) {
    await git(dir, ["update-index", "--index-version", String(version)]);
    if (version === 3) {
      await writeFiles(dir, { "intent.txt": "later\n" });
      await git(dir, ["add", "-N", "intent.txt"]);
    }
    const bytes = await Deno.readFile(`${dir}/.git/index`);
    const copy = bytes.slice();
    const kept = parseIndex(copy);
    const consumed = parseIndex(bytes, { consumeBytes: true });
    assert.deepEqual(indexEntries(consumed), indexEntries(kept), `v${version}`);
    assert.deepEqual(consumed.cacheTree, kept.cacheTree);
    assert.deepEqual(consumed.extensions, kept.extensions);
    assert.equal(consumed.checksum, kept.checksum);
    // The copy parsed without consumeBytes is untouched; the consumed bytes keep their trailer.
    assert.deepEqual(copy, await Deno.readFile(`${dir}/.git/index`));
    assert.equal(await verifyIndexChecksum(copy), true);
    assert.deepEqual(bytes.subarray(-20), copy.subarray(-20));
    if (version !== 4) assert.notDeepEqual(bytes, copy, "the paths were gathered in place");
  }
  // A path with no NUL before the trailer fails the same way either way.
  await git(dir, ["update-index", "--index-version", "2"]);
  const broken = await Deno.readFile(`${dir}/.git/index`);
  broken.fill(0x61, 12 + 62, broken.length - 20);
  const plain = assertIndexError(broken.slice(), "bounds");
  let caught: unknown;
  try {
    parseIndex(broken.slice(), { consumeBytes: true });
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof GitIndexError);
  assert.deepEqual([caught.message, caught.data], [plain.message, plain.data]);
});

Deno.test("parseIndex({ releaseBytes }) frees the file's bytes and reads what a parse of a copy reads", async () => {
  const dir = await sampleRepo();
  // A name that is not UTF-8 (Latin-1 "lat\xe9.t") is found over the path
  // bytes before they go.
  const blob = (await git(dir, ["rev-parse", "HEAD:README.md"])).stdout.trim();
  const line = [...new TextEncoder().encode(`100644 ${blob}\tlat`), 0xe9, 0x2e, 0x74, 0];
  const child = new Deno.Command("git", {
    args: ["update-index", "--add", "-z", "--index-info"],
    cwd: dir,
    env: GIT_ENV,
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new Uint8Array(line));
  await writer.close();
  assert.ok((await child.status).success);
  for (const version of [2, 3, 4]) {
    await git(dir, ["update-index", "--index-version", String(version)]);
    const bytes = await Deno.readFile(`${dir}/.git/index`);
    const kept = parseIndex(bytes.slice());
    for (const consumeBytes of [false, true]) {
      const whole = bytes.slice();
      const released = parseIndex(whole, { consumeBytes, releaseBytes: true });
      assert.equal(whole.length, 0, `v${version}: the bytes are freed (detached)`);
      assert.deepEqual(indexEntries(released), indexEntries(kept), `v${version}`);
      assert.deepEqual(released.invalidNames, kept.invalidNames);
      assert.equal(released.invalidNames?.size, 1);
      assert.deepEqual(released.cacheTree, kept.cacheTree);
      assert.equal(released.checksum, kept.checksum);
    }
    // Control: without the option the caller's bytes stay readable.
    const mine = bytes.slice();
    parseIndex(mine, { consumeBytes: true });
    assert.equal(mine.length, bytes.length);
    assert.deepEqual(mine.subarray(-20), bytes.subarray(-20));
    // Part of a larger buffer is never freed: others may read the rest.
    const shared = new Uint8Array(bytes.length + 8);
    shared.set(bytes);
    const part = shared.subarray(0, bytes.length);
    assert.deepEqual(indexEntries(parseIndex(part, { releaseBytes: true })), indexEntries(kept));
    assert.equal(part.length, bytes.length);
  }
});

Deno.test("parseIndex({ newBuffer }) fills the columns in the buffers it is given and reads what a plain parse reads", async () => {
  const dir = await sampleRepo();
  for (const version of [2, 3, 4]) {
    await git(dir, ["update-index", "--index-version", String(version)]);
    const bytes = await Deno.readFile(`${dir}/.git/index`);
    const kept = parseIndex(bytes.slice());
    const given: Uint8Array[] = [];
    const index = parseIndex(bytes.slice(), {
      newBuffer: (n) => {
        const buf = new Uint8Array(n);
        given.push(buf);
        return buf;
      },
    });
    assert.deepEqual(indexEntries(index), indexEntries(kept), `v${version}`);
    assert.deepEqual(given.map((b) => b.length), [
      kept.count * 12,
      kept.count * 36,
      kept.count * 20,
    ]);
    assert.deepEqual([index.fields.buffer, index.stat.buffer, index.oidBytes.buffer], [
      given[0]!.buffer,
      given[1]!.buffer,
      given[2]!.buffer,
    ]);
  }
  // A buffer that is part of another, or of another size, is refused: a
  // column must be a whole buffer of its own (a scan detaches it).
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  assert.throws(() => parseIndex(bytes.slice(), { newBuffer: (n) => new Uint8Array(n + 8) }));
  assert.throws(() =>
    parseIndex(bytes.slice(), { newBuffer: (n) => new Uint8Array(n + 8).subarray(8) })
  );
});

Deno.test("parseIndex() reads the cache-tree: the root names HEAD's tree, subtrees their own", async () => {
  const dir = await sampleRepo();
  const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
  assert.ok(index.cacheTree !== null);
  const root = index.cacheTree[0]!;
  assert.equal(root.path, "");
  assert.equal(root.entryCount, indexEntries(index).length);
  assert.equal(root.oid, (await git(dir, ["rev-parse", "HEAD^{tree}"])).stdout.trim());
  for (const node of index.cacheTree.slice(1)) {
    const expected = (await git(dir, ["rev-parse", `HEAD:${node.path.slice(0, -1)}`])).stdout
      .trim();
    assert.equal(node.oid, expected, node.path);
  }
  assert.deepEqual(
    index.cacheTree.map((n) => n.path).sort(),
    ["", "src/", "src/lib-other/", "src/lib/", "src/lib/deeper/", "x y/", "ünïcödé/"].sort(),
  );
});

Deno.test("parseIndex() marks invalidated cache-tree nodes with -1 and no oid", async () => {
  const dir = await sampleRepo();
  await Deno.writeTextFile(`${dir}/src/lib/b.ts`, "changed\n");
  await git(dir, ["add", "src/lib/b.ts"]);
  const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
  const byPath = new Map(index.cacheTree!.map((n) => [n.path, n]));
  for (const p of ["", "src/", "src/lib/"]) {
    assert.equal(byPath.get(p)?.entryCount, -1, p);
    assert.equal(byPath.get(p)?.oid, null, p);
  }
  assert.ok((byPath.get("src/lib/deeper/")?.entryCount ?? -1) >= 0);
});

Deno.test("parseIndex() reads assume-unchanged, skip-worktree and intent-to-add flags", async () => {
  const dir = await sampleRepo();
  await git(dir, ["update-index", "--assume-unchanged", "README.md"]);
  await git(dir, ["update-index", "--skip-worktree", "src/lib/c.ts"]);
  await writeFiles(dir, { "later.txt": "x\n" });
  await git(dir, ["add", "-N", "later.txt"]);
  const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
  assert.equal(index.version, 3);
  const flags = (p: string) => {
    const e = indexEntries(index).find((x) => x.path === p)!;
    return [e.assumeValid, e.skipWorktree, e.intentToAdd];
  };
  assert.deepEqual(flags("README.md"), [true, false, false]);
  assert.deepEqual(flags("src/lib/c.ts"), [false, true, false]);
  assert.deepEqual(flags("later.txt"), [false, false, true]);
  assert.deepEqual(flags("src/a.ts"), [false, false, false]);
});

Deno.test("parseIndex() reads unmerged stages of a conflicted path", async () => {
  const dir = await makeRepo("baton-index-");
  await writeFiles(dir, { "f.txt": "base\n" });
  await commitAll(dir, "base");
  await git(dir, ["checkout", "-q", "-b", "other"]);
  await Deno.writeTextFile(`${dir}/f.txt`, "other\n");
  await commitAll(dir, "other");
  await git(dir, ["checkout", "-q", "main"]);
  await Deno.writeTextFile(`${dir}/f.txt`, "main\n");
  await commitAll(dir, "main");
  await git(dir, ["merge", "-q", "other"], { allowFail: true });
  const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
  assert.deepEqual(indexEntries(index).map((e) => [e.path, e.stage]), [["f.txt", 1], ["f.txt", 2], [
    "f.txt",
    3,
  ]]);
});

for (const version of [2, 4]) {
  Deno.test(`parseIndex() reads paths longer than the 12-bit length field (version ${version})`, async () => {
    const dir = await makeRepo("baton-index-");
    const long = `${"d".repeat(200)}/`.repeat(25) + "file.txt";
    const oid = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x" })).stdout.trim();
    await git(dir, ["update-index", "--add", "--cacheinfo", `100644,${oid},${long}`]);
    await git(dir, ["update-index", "--add", "--cacheinfo", `100644,${oid},${long}2`]);
    await git(dir, ["update-index", "--add", "--cacheinfo", `100644,${oid},short`]);
    await git(dir, ["update-index", "--index-version", String(version)]);
    const index = parseIndex(await Deno.readFile(`${dir}/.git/index`));
    assert.deepEqual(indexEntries(index).map((e) => e.path), [long, `${long}2`, "short"]);
  });
}

Deno.test("verifyIndexChecksum() accepts git's index and rejects a flipped byte", async () => {
  const dir = await sampleRepo();
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  assert.equal(await verifyIndexChecksum(bytes), true);
  const bad = bytes.slice();
  bad[20] = bad[20]! ^ 1;
  assert.equal(await verifyIndexChecksum(bad), false);
});

function assertIndexError(bytes: Uint8Array, reason: string): GitIndexError {
  let caught: unknown;
  try {
    parseIndex(bytes);
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof GitIndexError, `expected GitIndexError for ${reason}`);
  assert.ok(caught instanceof SyntaxError);
  assert.equal(caught.code, "git_index_invalid");
  assert.equal(caught.exitCode, 2);
  assert.equal(caught.data.reason, reason);
  return caught;
}

Deno.test("parseIndex() rejects a wrong signature, an unknown version and a short file", async () => {
  const dir = await sampleRepo();
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  const sig = bytes.slice();
  sig[0] = 0x58;
  assertIndexError(sig, "signature");
  const version = bytes.slice();
  version[7] = 5;
  assertIndexError(version, "version");
  assertIndexError(bytes.slice(0, 10), "too_short");
  const count = bytes.slice();
  count[8] = 0x7f;
  assertIndexError(count, "count");
});

Deno.test("parseIndex() rejects truncated entries and overlong extensions without echoing paths", async () => {
  const dir = await makeRepo("baton-index-");
  await writeFiles(dir, { "secret-token-abc123.txt": "x\n", "b.txt": "y\n" });
  await commitAll(dir, "c");
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  // Cut the last entry's path short of its NUL, then a non-zero "checksum".
  const entriesEnd = bytes.length - 20 - treeExtensionLength(bytes);
  const cut = new Uint8Array(entriesEnd - 4 + 20).fill(0x41);
  cut.set(bytes.subarray(0, entriesEnd - 4));
  const err = assertIndexError(cut, "bounds");
  assert.ok(!err.message.includes("secret"), "the message must not quote index content");
  // Extension whose declared size runs past the end.
  const index = parseIndex(bytes);
  assert.ok(index.extensions.includes("TREE"));
  const extAt = bytes.length - 20 - treeExtensionLength(bytes);
  const over = bytes.slice();
  new DataView(over.buffer).setUint32(extAt + 4, 0x7fffffff);
  assertIndexError(over, "bounds");
});

Deno.test("parseIndex() reports a split index and unknown required extensions as unsupported", async () => {
  const dir = await makeRepo("baton-index-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "c");
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  const extAt = bytes.length - 20 - treeExtensionLength(bytes);
  const unknown = bytes.slice();
  unknown[extAt] = 0x78; // "xREE": lower-case first letter means required
  assert.throws(
    () => parseIndex(unknown),
    (e: unknown) =>
      e instanceof GitUnsupportedError && e.code === "git_index_extension_unsupported",
  );
  // A real split index written by git.
  await git(dir, ["update-index", "--split-index"]);
  assert.throws(
    () => parseIndex(Deno.readFileSync(`${dir}/.git/index`)),
    (e: unknown) => e instanceof GitUnsupportedError && e.code === "git_split_index_unsupported",
  );
});

/** Byte length of the TREE extension block (header included) at the end of an index. */
function treeExtensionLength(bytes: Uint8Array): number {
  const text = new TextDecoder("latin1").decode(bytes);
  const at = text.lastIndexOf("TREE");
  return bytes.length - 20 - at;
}

Deno.test("parseIndex() skips unknown optional extensions", async () => {
  const dir = await sampleRepo();
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  const body = bytes.subarray(0, bytes.length - 20);
  const ext = new Uint8Array(8 + 3);
  ext.set([0x5a, 0x5a, 0x5a, 0x5a, 0, 0, 0, 3, 1, 2, 3]); // "ZZZZ", 3 bytes
  const withExt = new Uint8Array(body.length + ext.length + 20);
  withExt.set(body);
  withExt.set(ext, body.length);
  const index = parseIndex(withExt);
  assert.deepEqual(index.extensions.slice(-1), ["ZZZZ"]);
  assert.equal(indexEntries(index).length, parseIndex(bytes).count);
});
