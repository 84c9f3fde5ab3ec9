/**
 * The directory-listing cache: when a stored listing is trusted (identity
 * unchanged, older than the racy margin, clock skew bounded), that a trusted
 * listing really stands in for readdir (a planted name shows up), that a
 * changed or racy directory is read again, and that scans with the cache
 * agree with `git status -uall` while files come and go.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { gitStatus, scanWithGit } from "../../../_helpers/worktree_status.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import type { DirEntry, FileStat, ReadFs } from "../../../../core/fs.ts";
import {
  createListingCache,
  type ListingCache,
  type ListingCacheData,
  MAX_CLOCK_SKEW_MS,
  parseListingCache,
  RACY_MARGIN_MS,
} from "../../../../core/facts/worktree/listing_cache.ts";
import {
  listingCachePath,
  readListingCache,
  writeListingCache,
} from "../../../../core/facts/worktree/listing_cache_file.ts";

const FILE = (name: string): DirEntry => ({
  name,
  isFile: true,
  isDirectory: false,
  isSymlink: false,
});

/** A fake fs with one directory; counts readDir calls. */
function oneDirFs(mtimeMs: number, ino: number, names: string[], ctimeMs = mtimeMs - 1000) {
  const calls = { readDir: 0 };
  const fs = {
    lstat: (_: string) =>
      Promise.resolve({ isDirectory: true, isFile: false, mtimeMs, ctimeMs, ino } as FileStat),
    readDir: (_: string) => {
      calls.readDir++;
      return Promise.resolve(names.map(FILE));
    },
  } as unknown as ReadFs;
  return { fs, calls };
}

function stored(
  mtimeMs: number,
  ino: number,
  names: string[],
  scanStartMs: number,
  ctimeMs = mtimeMs - 1000,
): ListingCacheData {
  return {
    workTree: "/repo",
    scanStartMs,
    writtenMs: scanStartMs + 100,
    dirs: new Map([["sub", {
      mtimeMs,
      ctimeMs,
      ino,
      names: names.join("/"),
      kinds: "f".repeat(names.length),
      omitted: 0,
    }]]),
  };
}

const HOUR = 3_600_000;
const NOW = 1_800_000_000_000;

async function listSub(cache: ListingCache): Promise<string[]> {
  return (await cache.readDir("/repo/sub")).map((e) => e.name);
}

Deno.test("createListingCache() serves a trusted listing without reading the directory", async () => {
  const { fs, calls } = oneDirFs(NOW - HOUR, 7, ["real.txt"]);
  const cache = createListingCache(fs, "/repo", {
    previous: stored(NOW - HOUR, 7, ["cached.txt"], NOW - 60_000),
    previousFileMtimeMs: NOW - 60_000 + 100,
    scanStartMs: NOW,
  });
  assert.deepEqual(await listSub(cache), ["cached.txt"]);
  assert.equal(calls.readDir, 0);
  assert.deepEqual(cache.stats(), { hits: 1, misses: 0 });
  assert.equal(cache.toStore(NOW + 10), null, "nothing new: nothing to store");
});

Deno.test("createListingCache() reads again when the mtime or the inode changed", async () => {
  for (const [mtime, ino] of [[NOW - HOUR + 1, 7], [NOW - HOUR, 8]] as const) {
    const { fs, calls } = oneDirFs(mtime, ino, ["real.txt"]);
    const cache = createListingCache(fs, "/repo", {
      previous: stored(NOW - HOUR, 7, ["cached.txt"], NOW - 60_000),
      previousFileMtimeMs: NOW - 60_000 + 100,
      scanStartMs: NOW,
    });
    assert.deepEqual(await listSub(cache), ["real.txt"]);
    assert.equal(calls.readDir, 1);
    const text = cache.toStore(NOW + 10);
    assert.ok(text !== null && text.includes("real.txt") && !text.includes("cached.txt"));
  }
});

Deno.test("createListingCache() never trusts a listing made within the racy margin", async () => {
  const listedAt = NOW - 60_000;
  const { fs, calls } = oneDirFs(listedAt - RACY_MARGIN_MS + 1, 7, ["real.txt"]);
  const cache = createListingCache(fs, "/repo", {
    previous: stored(listedAt - RACY_MARGIN_MS + 1, 7, ["cached.txt"], listedAt),
    previousFileMtimeMs: listedAt + 100,
    scanStartMs: NOW,
  });
  assert.deepEqual(await listSub(cache), ["real.txt"]);
  assert.equal(calls.readDir, 1);
});

Deno.test("createListingCache() trusts nothing when the cache file's clock disagrees too much", async () => {
  const { fs, calls } = oneDirFs(NOW - HOUR, 7, ["real.txt"]);
  const cache = createListingCache(fs, "/repo", {
    previous: stored(NOW - HOUR, 7, ["cached.txt"], NOW - 60_000),
    previousFileMtimeMs: NOW - 60_000 + 100 + MAX_CLOCK_SKEW_MS + 1,
    scanStartMs: NOW,
  });
  assert.deepEqual(await listSub(cache), ["real.txt"]);
  assert.equal(calls.readDir, 1);
});

Deno.test("createListingCache() ties the racy margin to the file system's clock", async () => {
  // The file system runs 4 s behind the system clock: a directory changed
  // 3 s (file-system time) before the listing looks 7 s old on the system
  // clock, yet must not be trusted any more than without the skew.
  const skew = -4000;
  const listedAt = NOW - 60_000;
  const mtime = listedAt + skew - RACY_MARGIN_MS + 500;
  const { fs, calls } = oneDirFs(mtime, 7, ["real.txt"]);
  const cache = createListingCache(fs, "/repo", {
    previous: stored(mtime, 7, ["cached.txt"], listedAt),
    previousFileMtimeMs: listedAt + 100 + skew,
    scanStartMs: NOW,
  });
  assert.deepEqual(await listSub(cache), ["real.txt"]);
  assert.equal(calls.readDir, 1);
});

Deno.test("parseListingCache() refuses damaged or foreign caches", () => {
  const good = {
    format: "baton-listing-cache-3",
    work_tree: "/repo",
    scan_start_ms: 1,
    written_ms: 2,
    dirs: { sub: [5, 4000, 7, "a/b", "fd", 0] },
  };
  assert.ok(parseListingCache(JSON.stringify(good), "/repo") !== null, "positive control");
  for (const names of ["..a/b.", "a/...", ".a/b"]) {
    const ok = { ...good, dirs: { sub: [5, 4000, 7, names, "fd", 0] } };
    assert.ok(parseListingCache(JSON.stringify(ok), "/repo") !== null, names);
  }
  const empty = { ...good, dirs: { sub: [5, 4000, 7, "", "", 0] } };
  assert.ok(parseListingCache(JSON.stringify(empty), "/repo") !== null, "an empty directory");
  const bad: unknown[] = [
    { ...good, format: "other" },
    { ...good, scan_start_ms: "1" },
    { ...good, dirs: { sub: [5, 4000, 7, "a/b", "f", 0] } },
    { ...good, dirs: { sub: [5.5, 4000, 7, "a", "f", 0] } },
    { ...good, dirs: { sub: [5, 7, "a", "f"] } },
    { ...good, dirs: { sub: [5, 4000, 7, "a/../b", "fdf", 0] } },
    { ...good, dirs: { sub: [5, 4000, 7, "a//b", "fdf", 0] } },
    { ...good, dirs: { sub: [5, 4000, 7, "./b", "fd", 0] } },
    { ...good, dirs: { sub: [5, 4000, 7, "a/..", "fd", 0] } },
    { ...good, dirs: { sub: [5, 4000, 7, "a/", "fd", 0] } },
    { ...good, dirs: { sub: [5, 4000, 7, "", "f", 0] } },
    { ...good, dirs: { sub: [5, 4000, 7, "a/b", "fx", 0] } },
    { ...good, dirs: { sub: [5, 4000, 7, "a/b", "fd", -1] } },
    { ...good, dirs: { sub: [5, 4000, 7, "a/b", "fd", 0.5] } },
    { ...good, dirs: { sub: [5, 4000, 7, "a/b", "fd"] } },
    { ...good, dirs: [] },
    [],
  ];
  for (const b of bad) assert.equal(parseListingCache(JSON.stringify(b), "/repo"), null);
  assert.equal(parseListingCache(JSON.stringify(good), "/elsewhere"), null);
  assert.equal(parseListingCache("\u0000", "/repo"), null);
});

// --- real repositories, with git status as the oracle ---------------------

/**
 * Sets every directory's mtime to `ms` (which moves their ctimes to now),
 * then waits past the next whole second: ctimes come in whole seconds, and
 * a listing is trusted only once its ctime's second is over.
 */
async function backdateDirs(root: string, ms: number): Promise<void> {
  const when = new Date(ms);
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(dir)) {
      if (e.isDirectory && e.name !== ".git") await walk(`${dir}/${e.name}`);
    }
    await Deno.utime(dir, when, when);
  };
  await walk(root);
  await new Promise((r) => setTimeout(r, 1010 - (Date.now() % 1000)));
}

/** One scan through the cache stored in the repository, storing the result. */
async function cachedScan(dir: string) {
  const fs = new TestFs();
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const { data, fileMtimeMs } = await readListingCache(fs, repo);
  const cache = createListingCache(fs, dir, {
    previous: data,
    previousFileMtimeMs: fileMtimeMs,
    scanStartMs: Date.now(),
    racyMarginMs: 0,
  });
  const status = await scanWithGit(dir, { readDir: (p, known) => cache.readDir(p, known) });
  const text = cache.toStore(Date.now());
  if (text !== null) assert.ok(await writeListingCache(fs, repo, text, Date.now()));
  assert.deepEqual(status.untracked, (await gitStatus(dir)).untracked, "agrees with git");
  return { untracked: status.untracked, stats: cache.stats() };
}

Deno.test("scans through the listing cache agree with git while files come and go", async () => {
  const dir = await makeRepo("baton-listing-");
  await writeFiles(dir, {
    ".gitignore": "*.log\n",
    "a/one.txt": "1",
    "a/b/two.txt": "2",
    "c/three.txt": "3",
  });
  await commitAll(dir, "base");
  await writeFiles(dir, { "c/new.txt": "n", "c/skip.log": "x" });
  await backdateDirs(dir, Date.now() - 3_600_000);

  const first = await cachedScan(dir);
  assert.deepEqual(first.untracked, ["c/new.txt"]);
  assert.equal(first.stats.hits, 0);

  const second = await cachedScan(dir);
  assert.equal(second.stats.misses, 0, "every directory came from the cache");
  assert.ok(second.stats.hits >= 4);

  // Adding, deleting and ignoring change directory mtimes: those are re-read.
  await writeFiles(dir, { "a/b/added.txt": "+", "d/e/deep.txt": "+" });
  await Deno.remove(`${dir}/c/new.txt`);
  const third = await cachedScan(dir);
  assert.deepEqual(third.untracked, ["a/b/added.txt", "d/e/deep.txt"]);
  assert.ok(third.stats.misses >= 3 && third.stats.hits >= 1, JSON.stringify(third.stats));

  // An ignore rule changed in place (no directory mtime moves): the verdict
  // is recomputed from the cached names, so the change still shows.
  await backdateDirs(dir, Date.now() - 3_600_000);
  await cachedScan(dir);
  await Deno.writeTextFile(`${dir}/.gitignore`, "*.log\ndeep.txt\n");
  await backdateDirs(dir, Date.now() - 3_600_000);
  const fourth = await cachedScan(dir);
  assert.deepEqual(fourth.untracked, ["a/b/added.txt"]);
});

Deno.test("a trusted cached listing really replaces readdir, and a racy one does not", async () => {
  const dir = await makeRepo("baton-listing-");
  await writeFiles(dir, { "sub/real.txt": "r" });
  await commitAll(dir, "base");
  await backdateDirs(dir, Date.now() - 3_600_000);
  await cachedScan(dir);
  // Plant a name in the stored listing of sub/: served from the cache, the
  // phantom appears as untracked (the positive control of the mechanism).
  const path = listingCachePath({ workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` });
  const original = JSON.parse(await Deno.readTextFile(path));
  const planted = structuredClone(original);
  planted.dirs.sub[3] += "/phantom.txt";
  planted.dirs.sub[4] += "f";
  // Planted with the file's mtime put back: the cache is trusted through that mtime's distance
  // from the time it records (at most 5 s), and a loaded machine can take longer than that
  // between the scan that wrote it and this write.
  const { mtime: written } = await Deno.stat(path);
  await Deno.writeTextFile(path, JSON.stringify(planted));
  await Deno.utime(path, written!, written!);
  const fs = new TestFs();
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const scanWith = async () => {
    const { data, fileMtimeMs } = await readListingCache(fs, repo);
    const cache = createListingCache(fs, dir, {
      previous: data,
      previousFileMtimeMs: fileMtimeMs,
      scanStartMs: Date.now(),
      racyMarginMs: 0,
    });
    return (await scanWithGit(dir, { readDir: (p, k) => cache.readDir(p, k) })).untracked;
  };
  assert.deepEqual(await scanWith(), ["sub/phantom.txt"]);
  // The same planted cache, but sub/ changed a moment ago: it is re-read.
  await writeFiles(dir, { "sub/real.txt": "r2" });
  const now = new Date();
  await Deno.utime(`${dir}/sub`, now, now);
  assert.deepEqual(await scanWith(), []);
});

Deno.test("writeListingCache() sweeps temp files a killed writer left, and only stale ones", async () => {
  const dir = await makeRepo("baton-listing-");
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  await Deno.mkdir(`${dir}/.git/baton`, { recursive: true });
  const stale = `${dir}/.git/baton/.listing-cache.json.123.1.tmp`;
  const fresh = `${dir}/.git/baton/.listing-cache.json.456.1.tmp`;
  await Deno.writeTextFile(stale, "partial");
  await Deno.writeTextFile(fresh, "in flight");
  const old = new Date(Date.now() - 3_600_000);
  await Deno.utime(stale, old, old);
  assert.ok(await writeListingCache(new TestFs(), repo, "{}", Date.now()));
  const names = [...Deno.readDirSync(`${dir}/.git/baton`)].map((e) => e.name).sort();
  assert.deepEqual(names, [".listing-cache.json.456.1.tmp", "listing-cache.json"]);
});

Deno.test("createListingCache() reads again when only the ctime moved (an mtime put back by touch -d or tar)", async () => {
  const { fs, calls } = oneDirFs(NOW - HOUR, 7, ["real.txt"], NOW - 30_000);
  const cache = createListingCache(fs, "/repo", {
    previous: stored(NOW - HOUR, 7, ["cached.txt"], NOW - 60_000, NOW - HOUR - 1000),
    previousFileMtimeMs: NOW - 60_000 + 100,
    scanStartMs: NOW,
  });
  assert.deepEqual(await listSub(cache), ["real.txt"]);
  assert.equal(calls.readDir, 1);
});

Deno.test("a directory whose mtime was put back after a file was added is read again (real file system)", async () => {
  const dir = await makeRepo("baton-listing-");
  await writeFiles(dir, { "sub/real.txt": "r" });
  await commitAll(dir, "base");
  await backdateDirs(dir, Date.now() - 3_600_000);
  await cachedScan(dir);
  assert.equal((await cachedScan(dir)).stats.misses, 0, "positive control: served from the cache");
  const { mtime } = await Deno.stat(`${dir}/sub`);
  await Deno.writeTextFile(`${dir}/sub/new.txt`, "n");
  await Deno.utime(`${dir}/sub`, mtime!, mtime!); // the mtime is back; the ctime is not
  assert.deepEqual((await cachedScan(dir)).untracked, ["sub/new.txt"]);
});

/**
 * parseListingCache() of a text, and of the same value written with spaces:
 * the spaced text is never in the written form, so it is always read by
 * JSON.parse, the oracle for the fast reading of the compact one.
 */
function assertSameAsJson(value: unknown, workTree: string): void {
  const compact = JSON.stringify(value);
  const spaced = JSON.stringify(value, null, 1);
  assert.deepEqual(
    parseListingCache(compact, workTree),
    parseListingCache(spaced, workTree),
    compact.slice(0, 300),
  );
}

Deno.test("parseListingCache() reads the form toStore writes as JSON.parse does, and anything else too", () => {
  const piece = fc.constantFrom(
    "a",
    "b.txt",
    ".",
    "..",
    "",
    "/",
    '"',
    "\\",
    "\n",
    " ",
    "\u00e9",
    "\u{1F600}",
    "x/y",
  );
  const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(""));
  const kinds = fc.array(fc.constantFrom("f", "d", "l", "o", "x"), { maxLength: 5 }).map((k) =>
    k.join("")
  );
  const int = fc.oneof(
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom(1796431910846, 2 ** 53 - 1, 2 ** 53, -(2 ** 53) - 2, 0.5, -0, 1e21),
  );
  const listing = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(int, int, fc.oneof(int, fc.constant(null)), text, kinds, int),
    },
    { weight: 1, arbitrary: fc.array(fc.oneof(int, text), { maxLength: 6 }) },
  );
  const dirs = fc.dictionary(text, listing, { maxKeys: 5 });
  const cache = fc.record({
    format: fc.constantFrom("baton-listing-cache-3", "baton-listing-cache-1"),
    work_tree: fc.constantFrom("/repo", "/re po", '/re"po', "/other"),
    scan_start_ms: int,
    written_ms: int,
    dirs,
  });
  fc.assert(
    fc.property(cache, fc.constantFrom("/repo", "/re po", '/re"po'), (value, workTree) => {
      assertSameAsJson(value, workTree);
      // Another key order, and an extra key: the same data to JSON.parse.
      const { format, ...rest } = value;
      assertSameAsJson({ ...rest, format }, workTree);
      assertSameAsJson({ ...value, extra: 1 }, workTree);
    }),
    { numRuns: 400 },
  );
  // Positive control: a cache in the written form is read, names and all.
  const written = {
    format: "baton-listing-cache-3",
    work_tree: "/repo",
    scan_start_ms: 1796431910846,
    written_ms: 1796431912244,
    dirs: { "": [-3, 4000, null, "a.txt/src", "fd", 0], src: [5, 0, 7, "", "", 3] },
  };
  const read = parseListingCache(JSON.stringify(written), "/repo");
  assert.deepEqual(read?.dirs.get(""), {
    mtimeMs: -3,
    ctimeMs: 4000,
    ino: null,
    names: "a.txt/src",
    kinds: "fd",
    omitted: 0,
  });
  assert.equal(read?.dirs.get("src")?.omitted, 3);
  assert.equal(read?.dirs.size, 2);
});

Deno.test("parseListingCache() decides texts JSON.stringify never writes as JSON.parse does", () => {
  const head =
    '{"format":"baton-listing-cache-3","work_tree":"/repo","scan_start_ms":1,"written_ms":2,"dirs":{';
  const one = '"s":[5,4000,7,"a/b","fd",0]';
  const cases: [string, boolean][] = [
    [head + one + "}}", true],
    [head + "}}", true],
    [head + one + "," + one + "}}", true], // a key twice: the last wins
    [head + '"s":[5,4000,7,"a/../b","fdf",0],' + one + "}}", true], // only the last is read
    [head + one + "}} ", true], // trailing space
    [head + one + "}}x", false],
    [head + one + "}", false],
    [head + one + ",}}", false],
    [head + '"s":[05,4000,7,"a/b","fd",0]}}', false], // a leading zero is not JSON
    [head + '"s":[5.0,4000,7,"a/b","fd",0]}}', true], // 5.0 is the integer 5
    [head + '"s":[5e0,4000,7,"a/b","fd",0]}}', true],
    [head + '"s":[5,4000,7,"a\/b","fd",0]}}', true], // an escaped slash is a slash
    [head + '"s":[5,4000,7,"a/b","fd",0,1]}}', false],
    [head + '"s":[5,4000,7,"a/b","fd",-1]}}', false], // a negative count of omitted names
    [head + '"s":[5,4000,7,"a/b","fd"]}}', false], // the form before omitted names
    [head + '"s":[5,4000,nul,"a/b","fd",0]}}', false],
    [head + '"s":[5,4000,9007199254740993,"a/b","fd",0]}}', false],
    [head.replace("/repo", "/other") + one + "}}", false],
  ];
  for (const [text, accepted] of cases) {
    const got = parseListingCache(text, "/repo");
    assert.equal(got !== null, accepted, text);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: refused
    }
    if (json !== null) {
      assert.deepEqual(got, parseListingCache(JSON.stringify(json, null, 1), "/repo"), text);
    }
  }
  // The two spellings of one key read the same.
  assert.deepEqual(
    parseListingCache(head + one + "}}", "/repo")?.dirs.get("s"),
    parseListingCache(head + one + "," + one + "}}", "/repo")?.dirs.get("s"),
  );
});

/** The real file system as this user, with the modes of some directories reported as set (a controlled input). */
class ModesFs extends TestFs {
  constructor(private readonly modes: Map<string, number>, private readonly uid: number | null) {
    super();
  }
  override async lstat(path: string): Promise<FileStat | null> {
    const st = await super.lstat(path);
    const mode = this.modes.get(path);
    return st === null || mode === undefined ? st : { ...st, mode: 0o040000 | mode };
  }
  processUid(): number | null {
    return this.uid;
  }
}

Deno.test("createListingCache() keeps no listing of a directory its permission bits do not let this user read (read only through root's override), and keeps those its owner or anyone may read", async () => {
  const dir = await makeRepo("baton-listing-modes-");
  await writeFiles(dir, { "v/g": "g", "w/h": "h", "x/k": "k" });
  await Deno.chmod(`${dir}/x`, 0o700);
  const uid = Deno.uid();
  // v as a mode-000 directory this process read anyway (root's override, as a privileged run does).
  const fs = new ModesFs(new Map([[`${dir}/v`, 0o000]]), uid);
  const far = Date.now() + 3_600_000;
  const listAll = async (cache: ListingCache) => {
    const out: string[] = [];
    for (const d of ["", "/v", "/w", "/x"]) {
      for (const e of await cache.readDir(`${dir}${d}`)) out.push(`${d}/${e.name}`);
    }
    return out.filter((p) => !p.startsWith("/.git")).sort();
  };
  const first = createListingCache(fs, dir, {
    previous: null,
    previousFileMtimeMs: null,
    scanStartMs: far,
  });
  assert.deepEqual(await listAll(first), ["/v", "/v/g", "/w", "/w/h", "/x", "/x/k"]);
  const text = first.toStore(far);
  assert.ok(text !== null);
  const again = (forUid: number | null) =>
    createListingCache(new ModesFs(new Map([[`${dir}/v`, 0o000]]), forUid), dir, {
      previous: parseListingCache(text, dir),
      previousFileMtimeMs: far,
      scanStartMs: far + 1,
      racyMarginMs: 0,
    });
  const second = again(uid);
  assert.deepEqual(await listAll(second), ["/v", "/v/g", "/w", "/w/h", "/x", "/x/k"]);
  // The top, w (anyone may read it) and x (0700, this user's) come from the cache; v is read again.
  assert.deepEqual(second.stats(), { hits: 3, misses: 1 });
  // Control: without a user id to judge by, every listing is kept, as before.
  const unjudged = createListingCache(new ModesFs(new Map(), null), dir, {
    previous: null,
    previousFileMtimeMs: null,
    scanStartMs: far,
  });
  await listAll(unjudged);
  const kept = parseListingCache(unjudged.toStore(far)!, dir)!;
  assert.ok(kept.dirs.has("v") && kept.dirs.has("x"));
});

Deno.test("createListingCache() judges a directory's bits as the kernel does: its owner by the owner's bits alone (0075), another user by the group's and anyone's (0705)", async () => {
  const dir = await makeRepo("baton-listing-classes-");
  try {
    await writeFiles(dir, { "o/g": "g", "p/h": "h", "w/k": "k" });
    const uid = Deno.uid() ?? 1000;
    // o: this user's, closed to its owner though anyone may read it (read only through an
    // override); p: another user's (as reported) whose group, perhaps this user's, may not.
    const modes = new Map([[`${dir}/o`, 0o075], [`${dir}/p`, 0o705]]);
    class Owned extends ModesFs {
      override async lstat(path: string): Promise<FileStat | null> {
        const st = await super.lstat(path);
        return st !== null && path === `${dir}/p` ? { ...st, uid: uid + 1 } : st;
      }
    }
    const far = Date.now() + 3_600_000;
    const first = createListingCache(new Owned(modes, uid), dir, {
      previous: null,
      previousFileMtimeMs: null,
      scanStartMs: far,
    });
    for (const d of ["", "/o", "/p", "/w"]) await first.readDir(`${dir}${d}`);
    const kept = parseListingCache(first.toStore(far)!, dir)!;
    // Control: the top and w (0755 as made) are kept.
    assert.ok(kept.dirs.has("") && kept.dirs.has("w"), [...kept.dirs.keys()].join(","));
    assert.equal(kept.dirs.has("o"), false, "o kept");
    assert.equal(kept.dirs.has("p"), false, "p kept");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// --- compact listings of all-tracked directories, git as the oracle -------

/**
 * One scan the way collect.ts runs it: cached listings in their stored
 * (possibly compact) form, all-tracked directories marked, the cache stored.
 */
async function compactScan(dir: string, options: { excludesFile?: string } = {}) {
  const fs = new TestFs();
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const { data, fileMtimeMs } = await readListingCache(fs, repo);
  const cache = createListingCache(fs, dir, {
    previous: data,
    previousFileMtimeMs: fileMtimeMs,
    scanStartMs: Date.now(),
    racyMarginMs: 0,
  });
  const status = await scanWithGit(dir, {
    readDir: (p, known, whole) => cache.readListing(p, known, whole),
    onAllTracked: (p) => cache.markAllTracked(p),
    ...(options.excludesFile === undefined ? {} : { excludesFile: options.excludesFile }),
  });
  const text = cache.toStore(Date.now());
  if (text !== null) assert.ok(await writeListingCache(fs, repo, text, Date.now()));
  assert.deepEqual(status.untracked, (await gitStatus(dir)).untracked, "agrees with git");
  return { untracked: status.untracked, stats: cache.stats() };
}

/** The stored cache's count of names left out, per directory. */
async function omittedOf(dir: string): Promise<Record<string, number>> {
  const path = listingCachePath({ workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` });
  const stored = JSON.parse(await Deno.readTextFile(path)) as { dirs: Record<string, unknown[]> };
  return Object.fromEntries(Object.entries(stored.dirs).map(([k, v]) => [k, v[5] as number]));
}

Deno.test("compact listings: all-tracked directories keep only their subdirectories, and names the index drops (git rm --cached) are listed again as git lists them", async () => {
  const dir = await makeRepo("baton-compact-");
  try {
    await writeFiles(dir, {
      ".gitignore": "*.log\n",
      "a/one.txt": "1",
      "a/two.txt": "2",
      "a/b/three.txt": "3",
      "a/b/c/four.txt": "4",
      "d/five.txt": "5",
    });
    await commitAll(dir, "base");
    await writeFiles(dir, { "d/new.txt": "n", "d/skip.log": "x" });
    await backdateDirs(dir, Date.now() - 3_600_000);
    assert.deepEqual((await compactScan(dir)).untracked, ["d/new.txt"]);
    // Control: the all-tracked directories are stored compact, d (untracked names) whole.
    const omitted = await omittedOf(dir);
    assert.deepEqual([omitted["a"], omitted["a/b"], omitted["a/b/c"], omitted["d"]], [2, 1, 1, 0]);
    assert.equal((await compactScan(dir)).stats.misses, 0, "every directory from the cache");

    // Only the index changes: no directory's mtime moves.
    await git(dir, ["rm", "-q", "--cached", "a/two.txt"]);
    assert.deepEqual((await compactScan(dir)).untracked, ["a/two.txt", "d/new.txt"]);
    await git(dir, ["rm", "-q", "-r", "--cached", "a/b"]);
    assert.deepEqual((await compactScan(dir)).untracked, [
      "a/b/c/four.txt",
      "a/b/three.txt",
      "a/two.txt",
      "d/new.txt",
    ]);
    await git(dir, ["add", "a"]);
    assert.deepEqual((await compactScan(dir)).untracked, ["d/new.txt"]);
    // The whole listing read again is kept whole while a name is untracked, compact once all are tracked.
    await git(dir, ["rm", "-q", "--cached", "a/one.txt"]);
    await compactScan(dir);
    assert.equal((await omittedOf(dir))["a"], 0);
    await git(dir, ["add", "a/one.txt"]);
    await compactScan(dir);
    assert.equal((await omittedOf(dir))["a"], 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compact listings: ignore files edited in place (same size, mtime put back), info/exclude and core.excludesFile still decide as git does", async () => {
  const dir = await makeRepo("baton-compact-");
  try {
    await writeFiles(dir, {
      ".gitignore": "*.log\n",
      "a/.gitignore": "#none\n",
      "a/t.txt": "t",
      "a/sub/kept.txt": "k",
      "a/gen/kept.txt": "k",
      "excludes": "",
    });
    await commitAll(dir, "base");
    await writeFiles(dir, { "a/sub/u.txt": "u", "a/gen/out.txt": "o" });
    await backdateDirs(dir, Date.now() - 3_600_000);
    const excludesFile = `${dir}/excludes`;
    await git(dir, ["config", "core.excludesFile", excludesFile]);
    const scan = () => compactScan(dir, { excludesFile });
    assert.deepEqual((await scan()).untracked, ["a/gen/out.txt", "a/sub/u.txt"]);
    assert.ok((await omittedOf(dir))["a"]! > 0, "control: a is stored compact");
    assert.equal((await scan()).stats.misses, 0);

    /** Rewrites a file with same-size text and puts its mtime back (a racy edit). */
    const editInPlace = async (rel: string, text: string) => {
      const before = await Deno.lstat(`${dir}/${rel}`);
      assert.equal(new TextEncoder().encode(text).length, before.size);
      await Deno.writeTextFile(`${dir}/${rel}`, text);
      await Deno.utime(`${dir}/${rel}`, before.atime!, before.mtime!);
    };
    // The compact directory's own .gitignore.
    await editInPlace("a/.gitignore", "/gen/\n");
    assert.deepEqual((await scan()).untracked, ["a/sub/u.txt"]);
    await editInPlace("a/.gitignore", "#none\n");
    // An ancestor's .gitignore.
    await editInPlace(".gitignore", "*sub/\n");
    assert.deepEqual((await scan()).untracked, ["a/gen/out.txt"]);
    await editInPlace(".gitignore", "*.log\n");
    assert.deepEqual((await scan()).untracked, ["a/gen/out.txt", "a/sub/u.txt"]);
    // info/exclude and core.excludesFile.
    await Deno.writeTextFile(`${dir}/.git/info/exclude`, "a/gen/\n");
    assert.deepEqual((await scan()).untracked, ["a/sub/u.txt"]);
    await Deno.writeTextFile(`${dir}/.git/info/exclude`, "");
    await Deno.writeTextFile(excludesFile, "sub\n");
    assert.deepEqual((await scan()).untracked, ["a/gen/out.txt"]);
    assert.equal((await scan()).stats.misses, 0, "none of these moved a directory");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compact listings: a directory replaced by a file and a nested repository appearing inside all-tracked directories are seen as git sees them", async () => {
  const dir = await makeRepo("baton-compact-");
  try {
    await writeFiles(dir, { "a/t.txt": "t", "a/b/x.txt": "x", "a/c/y.txt": "y" });
    await commitAll(dir, "base");
    await backdateDirs(dir, Date.now() - 3_600_000);
    await compactScan(dir);
    assert.equal((await omittedOf(dir))["a"], 1, "control: a is stored compact");
    // a/c replaced by a file of the same name.
    await Deno.remove(`${dir}/a/c`, { recursive: true });
    await Deno.writeTextFile(`${dir}/a/c`, "now a file");
    assert.deepEqual((await compactScan(dir)).untracked, ["a/c"]);
    // A nested repository inside a compact directory (its own untracked directory).
    await writeFiles(dir, { "a/b/inner/f.txt": "f" });
    await git(`${dir}/a/b/inner`, ["init", "-q"]);
    assert.deepEqual((await compactScan(dir)).untracked, ["a/b/inner/", "a/c"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compact listings: a truncated or reshaped cache, or one in the older form, is not used and is written again; the scan still agrees with git", async () => {
  const dir = await makeRepo("baton-compact-");
  try {
    await writeFiles(dir, { "a/t.txt": "t", "a/b/x.txt": "x" });
    await commitAll(dir, "base");
    await writeFiles(dir, { "a/b/u.txt": "u" });
    await backdateDirs(dir, Date.now() - 3_600_000);
    await compactScan(dir);
    const path = listingCachePath({
      workTree: dir,
      gitDir: `${dir}/.git`,
      commonDir: `${dir}/.git`,
    });
    const good = await Deno.readTextFile(path);
    const stored = JSON.parse(good);
    const older = {
      ...stored,
      format: "baton-listing-cache-2",
      dirs: {} as Record<string, unknown>,
    };
    for (const [k, v] of Object.entries(stored.dirs as Record<string, unknown[]>)) {
      older.dirs[k] = v.slice(0, 5);
    }
    // A negative count of omitted names (it would make a/b, which holds
    // an untracked name, pass for all tracked).
    const negative = structuredClone(stored);
    negative.dirs["a/b"][5] = -1;
    // Each stamped with the times of now, so only its shape keeps it from use.
    const fresh = (o: { scan_start_ms: number; written_ms: number }) => {
      o.scan_start_ms = o.written_ms = Date.now();
      return JSON.stringify(o);
    };
    const variants: [string, () => string][] = [
      ["truncated", () => good.slice(0, good.length - 7)],
      ["older form", () => fresh(older)],
      ["negative count", () => fresh(negative)],
    ];
    for (const [what, make] of variants) {
      const bad = make();
      await Deno.writeTextFile(path, bad);
      const run = await compactScan(dir);
      assert.deepEqual(run.untracked, ["a/b/u.txt"], what);
      assert.equal(run.stats.hits, 0, `${what}: nothing taken from it`);
      assert.notEqual(await Deno.readTextFile(path), bad, `${what}: written again`);
    }
    // Control: the good cache, stamped the same way, is used.
    await Deno.writeTextFile(path, fresh(structuredClone(stored)));
    const run = await compactScan(dir);
    assert.ok(run.stats.hits > 0 && run.stats.misses === 0, JSON.stringify(run.stats));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
