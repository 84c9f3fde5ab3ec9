/**
 * scanWorktree() gives the memory it freed back through the fs
 * (ReadFs.releaseFreedMemory) on a big scan, and leaves a small one alone,
 * and takes the index columns' buffers from the fs where it offers backed
 * ones (ReadFs.newBackedBuffer); either way its answer is git's. Its hot
 * per-entry loop runs in a function of its own, so V8 optimizes that loop
 * and not the whole long scan (compiler memory at the scan's peak).
 * @module
 */
import assert from "node:assert/strict";
import { git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { batonView, gitStatus } from "../../../_helpers/worktree_status.ts";
import {
  collectScanGarbage,
  FULL_GC_PATHS,
  REDUCING_GC,
  scanWorktree,
} from "../../../../core/facts/worktree/scan.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { catFileReader } from "../../../_helpers/worktree_objects.ts";
import { BATON_RUNTIME_FLAGS } from "../../../_helpers/cli.ts";

/** A TestFs that counts the calls to give memory back. */
class ReleaseCountingFs extends TestFs {
  releases = 0;
  releaseFreedMemory(): void {
    this.releases++;
  }
}

async function scanCounting(dir: string, closingCollection?: boolean) {
  const fs = new ReleaseCountingFs();
  const objects = catFileReader(dir);
  try {
    const status = await scanWorktree(
      fs,
      { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` },
      {
        headTreeOid: null,
        objects,
        ...(closingCollection === undefined ? {} : { closingCollection }),
      },
    );
    return { status, releases: fs.releases };
  } finally {
    await objects.close();
  }
}

Deno.test("a scan of FULL_GC_PATHS tracked paths gives freed memory back before its untracked walk and at its end", async () => {
  const dir = await makeRepo("baton-wt-release-");
  // That many index entries of one blob, in 100 directories, none in the
  // work tree (each is still lstat-ed, and found gone), plus one untracked file.
  const blob = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
  const lines: string[] = [];
  for (let i = 0; i < FULL_GC_PATHS; i++) lines.push(`100644 ${blob}\td${i % 100}/f${i}.txt`);
  await git(dir, ["update-index", "--index-info"], { stdin: `${lines.join("\n")}\n` });
  await writeFiles(dir, { "new.txt": "new\n" });
  const { status, releases } = await scanCounting(dir);
  assert.equal(releases, 2);
  assert.equal(status.lstatCount >= FULL_GC_PATHS, true);
  assert.deepEqual(batonView(status), await gitStatus(dir));
});

Deno.test("a scan told closingCollection: false leaves its closing collection to the caller (collectScanGarbage)", async () => {
  const dir = await makeRepo("baton-wt-release-");
  const blob = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
  const lines: string[] = [];
  for (let i = 0; i < FULL_GC_PATHS; i++) lines.push(`100644 ${blob}\td${i % 100}/f${i}.txt`);
  await git(dir, ["update-index", "--index-info"], { stdin: `${lines.join("\n")}\n` });
  await writeFiles(dir, { "new.txt": "new\n" });
  // Only the release before the untracked walk; the closing one is the caller's.
  const { status, releases } = await scanCounting(dir, false);
  assert.equal(releases, 1);
  assert.deepEqual(batonView(status), await gitStatus(dir));
  const fs = new ReleaseCountingFs();
  collectScanGarbage(fs, status.lstatCount, status.untracked.length);
  assert.equal(fs.releases, 1);
  // Below the bound nothing is asked; at it (tracked and untracked together), once.
  collectScanGarbage(fs, FULL_GC_PATHS - 2, 1);
  assert.equal(fs.releases, 1);
  collectScanGarbage(fs, FULL_GC_PATHS - 1, 1);
  assert.equal(fs.releases, 2);
});

Deno.test("collectScanGarbage() runs V8's memory-reducing collection when asked, an ordinary one otherwise, and none below the bound", () => {
  const g = globalThis as { gc?: unknown };
  const saved = g.gc;
  const calls: unknown[][] = [];
  g.gc = (...args: unknown[]) => calls.push(args);
  try {
    const fs = new ReleaseCountingFs();
    collectScanGarbage(fs, FULL_GC_PATHS, 0, true);
    collectScanGarbage(fs, FULL_GC_PATHS, 0);
    collectScanGarbage(fs, FULL_GC_PATHS - 1, 0, true);
    assert.deepEqual(calls, [[REDUCING_GC], []]);
    assert.deepEqual(REDUCING_GC, { type: "major", execution: "sync", flavor: "last-resort" });
    assert.equal(fs.releases, 2);
  } finally {
    g.gc = saved;
  }
});

Deno.test("a scan of a few paths does not ask to give memory back", async () => {
  const dir = await makeRepo("baton-wt-release-");
  await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n" });
  await git(dir, ["add", "-A"]);
  await writeFiles(dir, { "new.txt": "new\n" });
  const { status, releases } = await scanCounting(dir);
  assert.equal(releases, 0);
  assert.deepEqual(batonView(status), await gitStatus(dir));
});

/** A TestFs that hands out the buffers it is asked for and records their sizes. */
class BackedBufferFs extends TestFs {
  sizes: number[] = [];
  newBackedBuffer(bytes: number): Uint8Array {
    this.sizes.push(bytes);
    return new Uint8Array(bytes);
  }
}

Deno.test("a scan asks the fs for the index columns' buffers (backed up front) and answers as git does", async () => {
  const dir = await makeRepo("baton-wt-backed-");
  await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n", "d/e/c.txt": "c\n" });
  await git(dir, ["add", "-A"]);
  await writeFiles(dir, { "a.txt": "changed\n", "new.txt": "new\n" });
  const fs = new BackedBufferFs();
  const objects = catFileReader(dir);
  try {
    const status = await scanWorktree(
      fs,
      { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` },
      { headTreeOid: null, objects },
    );
    // fields, stat data and blob ids of the 3 entries.
    assert.deepEqual(fs.sizes, [3 * 12, 3 * 36, 3 * 20]);
    assert.deepEqual(batonView(status), await gitStatus(dir));
  } finally {
    await objects.close();
  }
  // Control: an fs without the method scans the same.
  const plain = await scanCounting(dir);
  assert.deepEqual(batonView(plain.status), await gitStatus(dir));
});

/** The functions V8 optimized in one run of tests/_helpers/scan_probe.ts in `dir`, with baton's run-time flags. */
async function optimizedInProbe(dir: string): Promise<{ names: Set<string>; stdout: string }> {
  const flags = BATON_RUNTIME_FLAGS.map((f) =>
    f.startsWith("--v8-flags=") ? `${f},--trace-opt` : f
  );
  const probe = new URL("../../../_helpers/scan_probe.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...flags, "--allow-all", probe],
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  assert.equal(out.success, true, new TextDecoder().decode(out.stderr));
  const names = new Set<string>();
  for (const m of stdout.matchAll(/compiling method \S+ <JSFunction (\S+) /g)) names.add(m[1]!);
  return { names, stdout };
}

Deno.test("a big scan has V8 optimize its per-entry lstat loop, not the whole of scanWorktree", async () => {
  const dir = await makeRepo("baton-wt-tiering-");
  // 20k index entries of one blob in 200 directories, none in the work
  // tree: every one is gathered for the lstat (and found gone).
  const n = 20_000;
  const blob = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`100644 ${blob}\td${i % 200}/f${i}.txt`);
  await git(dir, ["update-index", "--index-info"], { stdin: `${lines.join("\n")}\n` });
  const { names, stdout } = await optimizedInProbe(dir);
  assert.match(stdout, new RegExp(`entries ${n}\\b`));
  assert.equal(names.has("scanWorktree"), false, [...names].join(" "));
  // Control: the trace is there, and the loop ran hot enough to be optimized.
  assert.equal(names.has("nextLstatChunk"), true, [...names].join(" "));
});

Deno.test("V8 with baton's run-time flags takes REDUCING_GC: the heap it leaves committed is smaller than an ordinary collection's", async () => {
  // A child grows the heap with garbage, collects it (the scan's closing
  // collection), then collects again, ordinarily or with REDUCING_GC.
  const script = (second: string) =>
    `let keep = [];
    for (let i = 0; i < 200000; i++) keep.push({ a: i, b: "x" + i, c: [i] });
    keep = null;
    globalThis.gc();
    ${second};
    console.log(Deno.memoryUsage().heapTotal);`;
  const heapAfter = async (second: string): Promise<number> => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["eval", ...BATON_RUNTIME_FLAGS, script(second)],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.success, true, new TextDecoder().decode(out.stderr));
    return Number(new TextDecoder().decode(out.stdout).trim());
  };
  const ordinary = await heapAfter("globalThis.gc()");
  const reducing = await heapAfter(`globalThis.gc(${JSON.stringify(REDUCING_GC)})`);
  assert.ok(
    reducing < ordinary - 1024 * 1024,
    `memory-reducing ${reducing} B, ordinary ${ordinary} B of heap committed`,
  );
});
