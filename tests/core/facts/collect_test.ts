/**
 * Budgets of fact collection, in real repositories: a deadline leaves what
 * was not checked named as unchecked (never clean), a file over the hash cap
 * is recorded by size and mtime and compared that way, a directory too large
 * to list in time is skipped and named. Each has its unbudgeted control.
 * The phases the bench measures are told in order, each once.
 * @module
 */
import assert from "node:assert/strict";
import { collectFacts, FACTS_PHASES, type FactsPhase } from "../../../core/facts/collect.ts";
import { checkDrift, type CurrentFile } from "../../../core/briefing/drift.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { FULL_GC_PATHS, REDUCING_GC } from "../../../core/facts/worktree/scan.ts";

const fs = new TestFs();

async function withRepo(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await makeRepo();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a spent deadline leaves tracked paths unchecked and the untracked walk partial, never clean", async () => {
  await withRepo(async (dir) => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`d/f${i}.txt`] = `${i}\n`;
    await writeFiles(dir, files);
    await commitAll(dir);
    await writeFiles(dir, { "d/f3.txt": "changed\n", "new.txt": "n\n" });
    const now = () => new Date();
    const full = await collectFacts(fs, dir, { now });
    assert.equal(full.tree?.status, "complete", "control: no deadline, whole tree");
    assert.deepEqual(full.tree?.changed, ["d/f3.txt"]);
    assert.deepEqual(full.tree?.untracked, ["new.txt"]);
    const spent = await collectFacts(fs, dir, { now, deadlineMs: Date.now() - 1 });
    assert.equal(spent.tree?.status, "partial");
    assert.match(spent.tree!.reason, /time budget ran out/);
    assert.equal(spent.tree?.unchecked_total, 30, "every tracked path named unchecked");
    assert.equal(spent.tree?.untracked_complete, false);
    // The comparison of the two is unknown, never match.
    const drift = checkDrift(full, spent, new Map());
    const t = drift.find((d) => d.check === "tracked changes")!;
    assert.equal(t.status, "unknown");
    assert.match(t.detail, /not re-checked now: time budget ran out/);
    const u = drift.find((d) => d.check === "untracked files")!;
    assert.equal(u.status, "unknown");
    // Positive control: the full scan against itself matches.
    assert.equal(
      checkDrift(full, full, new Map()).find((d) => d.check === "tracked changes")!.status,
      "match",
    );
  });
});

Deno.test("a changed file over the hash cap is recorded by size and mtime and compared that way, said to be weaker", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "big.bin": "a".repeat(5000), "small.txt": "s\n" });
    await commitAll(dir);
    // Same size, new content and mtime: stat data changed, content needs a hash. The mtime is
    // set to a fixed time long before the commit, rather than left to how much time passed
    // since it (or to a clock).
    await writeFiles(dir, { "big.bin": "b".repeat(5000) });
    await Deno.utime(`${dir}/big.bin`, 1_600_000_000, 1_600_000_000);
    const now = () => new Date();
    const hashed = await collectFacts(fs, dir, { now });
    assert.equal(hashed.changed_files[0]?.status, "modified", "control: hashed under the cap");
    const capped = await collectFacts(fs, dir, { now, maxHashBytes: 1024 });
    const big = capped.changed_files.find((f) => f.path === "big.bin")!;
    assert.equal(big.status, "stat_changed");
    assert.equal(big.hash_skipped, "too_large");
    assert.equal(big.size, 5000);
    assert.equal(typeof big.mtime_ms, "number");
    assert.match(capped.tree!.reason, /weaker: 1 file\(s\) over the 1024-byte hash cap/);
    const same: CurrentFile = { kind: "stat", size: 5000, mtimeMs: big.mtime_ms! };
    const check = (cur: CurrentFile) =>
      checkDrift(capped, capped, new Map([["big.bin", cur]])).find((d) =>
        d.check === "file big.bin"
      )!;
    // Not a content comparison: never "match", and worded as what it is.
    assert.equal(check(same).status, "unknown");
    assert.equal(check(same).detail, "unchanged by size and mtime; content not compared");
    assert.match(check(same).compared, /size and mtime \(weaker/);
    // A new mtime alone is no change of content: not "different" (git_drift_stat_cap_test.ts).
    assert.equal(check({ ...same, mtimeMs: big.mtime_ms! + 1000 }).status, "unknown");
    assert.equal(check({ ...same, size: 5001 }).status, "different");
    assert.equal(check({ kind: "absent" }).status, "missing");
  });
});

Deno.test("a file over the hash cap that is racily clean (stat data equal, index written in its second) is not compared, neither clean nor changed", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "big.bin": "a".repeat(5000) });
    await commitAll(dir);
    const t = Math.floor(Date.now() / 1000) - 100;
    // The mtimes are set; a ctime cannot be: the entry keeps the one git add saw and the rewrite
    // leaves a new one, in another second whenever a second boundary falls between them (on a
    // loaded machine, every time). The repository's config takes the ctime out of the stat
    // data, for git and baton alike (tests/core/facts/git_stat_shapes_test.ts), so the shape
    // does not depend on how fast the steps run.
    await git(dir, ["config", "core.trustctime", "false"]);
    await writeFiles(dir, { "big.bin": "b".repeat(4999) + "a" });
    await Deno.utime(`${dir}/big.bin`, t + 0.2, t + 0.2);
    await git(dir, ["add", "big.bin"]);
    // The same size, the same mtime: only a hash tells the two apart.
    await writeFiles(dir, { "big.bin": "c".repeat(4999) + "a" });
    await Deno.utime(`${dir}/big.bin`, t + 0.2, t + 0.2);
    const now = () => new Date();
    await Deno.utime(`${dir}/.git/index`, t + 0.7, t + 0.7);
    const racy = await collectFacts(fs, dir, { now, maxHashBytes: 1024 });
    assert.deepEqual(racy.tree?.unchecked, ["big.bin"]);
    assert.match(
      racy.tree!.reason,
      /1 path\(s\) not compared: over the hash cap and modified in the second/,
    );
    assert.equal(racy.tree?.status, "partial");
    // Its index half is read: staged, and listed as such with no work-tree claim.
    assert.deepEqual(racy.tree?.changed, ["big.bin"]);
    assert.deepEqual(racy.tree?.changed_xy, ["M."]);
    // Control: under the cap git's rule hashes it and finds the edit.
    const hashed = await collectFacts(fs, dir, { now });
    assert.deepEqual(hashed.tree?.changed_xy, ["MM"]);
    // Control: an index written a second later makes the stat data trusted, as git does.
    await Deno.utime(`${dir}/.git/index`, t + 1.7, t + 1.7);
    const settled = await collectFacts(fs, dir, { now, maxHashBytes: 1024 });
    assert.deepEqual(settled.tree?.unchecked, []);
    assert.deepEqual(settled.tree?.changed_xy, ["M."]);
    // Drift: a path whose work tree went uncompared has no status to compare.
    const status = (then: typeof racy, is: typeof racy) =>
      checkDrift(then, is, new Map()).find((d) => d.check === "tracked changes")!.status;
    assert.equal(status(settled, racy), "unknown");
    assert.equal(status(racy, settled), "unknown");
    assert.equal(status(settled, settled), "match", "control: both read the same");
    // An index half that differs is certain even beside an uncompared work tree.
    await git(dir, ["reset", "-q"]);
    await Deno.utime(`${dir}/.git/index`, t + 1.7, t + 1.7);
    const unstaged = await collectFacts(fs, dir, { now, maxHashBytes: 1024 });
    assert.deepEqual(unstaged.tree?.changed_xy, [".?"], "control: the reset left it changed");
    assert.equal(status(unstaged, racy), "different");
    assert.equal(status(racy, unstaged), "different");
  });
});

Deno.test("under a deadline a directory too large to list in time is skipped and named", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await Deno.mkdir(`${dir}/many`);
    for (let i = 0; i < 300; i++) await Deno.writeTextFile(`${dir}/many/file-${i}.txt`, "");
    const now = () => new Date();
    const dirSize = (await Deno.lstat(`${dir}/many`)).size;
    const listed = await collectFacts(fs, dir, { now, deadlineMs: Date.now() + 60_000 });
    assert.equal(listed.untracked_count, 300, "control: under the default bound it is listed");
    const skipped = await collectFacts(fs, dir, {
      now,
      deadlineMs: Date.now() + 60_000,
      maxDirBytes: Math.max(1, dirSize - 1),
    });
    assert.equal(skipped.untracked_count, 0);
    assert.equal(skipped.tree?.untracked_complete, false);
    assert.match(skipped.tree!.reason, /too large to list within the budget \(many\/\)/);
  });
});

Deno.test("the phases of a collection are told in order, each once; none outside a repository", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n" });
    await commitAll(dir);
    await writeFiles(dir, { "a.txt": "changed\n" });
    const told: FactsPhase[] = [];
    const facts = await collectFacts(fs, dir, {
      now: () => new Date(),
      onPhase: (p) => told.push(p),
    });
    assert.deepEqual(facts.tree?.changed, ["a.txt"], "the scan ran");
    assert.deepEqual(told, [...FACTS_PHASES]);
    await using outside = await tempDir();
    const none: FactsPhase[] = [];
    const nothing = await collectFacts(fs, outside.path, {
      now: () => new Date(),
      onPhase: (p) => none.push(p),
      repo: null,
    });
    assert.equal(nothing.status, "not_a_repo");
    assert.deepEqual(none, []);
  });
});

/** A TestFs that logs the cache files it writes and its calls to give memory back, in order. */
class OrderLoggingFs extends TestFs {
  log: string[] = [];
  releaseFreedMemory(): void {
    this.log.push("release");
  }
  override writeFileAtomic(...args: Parameters<TestFs["writeFileAtomic"]>) {
    this.log.push(`write ${args[0].slice(args[0].lastIndexOf("/") + 1)}`);
    return super.writeFileAtomic(...args);
  }
}

Deno.test("a big collection gives the scan's memory back after the listing cache is stored, when the scan's index and listings are garbage", async () => {
  await withRepo(async (dir) => {
    // FULL_GC_PATHS index entries of one blob, none in the work tree, and an untracked file.
    const blob = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
    const lines: string[] = [];
    for (let i = 0; i < FULL_GC_PATHS; i++) lines.push(`100644 ${blob}\td${i % 100}/f${i}.txt`);
    await git(dir, ["update-index", "--index-info"], { stdin: `${lines.join("\n")}\n` });
    await writeFiles(dir, { "new.txt": "new\n" });
    const logging = new OrderLoggingFs();
    const facts = await collectFacts(logging, dir, { now: () => new Date(), cacheFs: logging });
    assert.equal(facts.tree?.untracked.includes("new.txt"), true, "the scan ran");
    const stored = logging.log.indexOf("write listing-cache.json");
    assert.equal(stored >= 0, true, `the listing cache is stored: ${logging.log.join(", ")}`);
    // Once before the untracked walk (the scan's own), once after the cache is stored.
    assert.deepEqual(logging.log.filter((e) => e === "release").length, 2);
    assert.equal(logging.log.lastIndexOf("release") > stored, true, logging.log.join(", "));
  });
});

Deno.test("a big collection told reduceMemoryAfterScan closes with V8's memory-reducing collection, and with an ordinary one otherwise", async () => {
  await withRepo(async (dir) => {
    const blob = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
    const lines: string[] = [];
    for (let i = 0; i < FULL_GC_PATHS; i++) lines.push(`100644 ${blob}\td${i % 100}/f${i}.txt`);
    await git(dir, ["update-index", "--index-info"], { stdin: `${lines.join("\n")}\n` });
    const g = globalThis as { gc?: unknown };
    const saved = g.gc;
    const calls: unknown[][] = [];
    g.gc = (...args: unknown[]) => calls.push(args);
    try {
      await collectFacts(fs, dir, { now: () => new Date(), reduceMemoryAfterScan: true });
      // The closing collection reduces; any before it (the one before the untracked walk) are ordinary.
      assert.deepEqual(calls.at(-1), [REDUCING_GC]);
      assert.ok(calls.slice(0, -1).every((a) => a.length === 0), JSON.stringify(calls));
      calls.length = 0;
      // Positive control: by default the closing collection is an ordinary one.
      await collectFacts(fs, dir, { now: () => new Date() });
      assert.ok(calls.length > 0 && calls.every((a) => a.length === 0), JSON.stringify(calls));
    } finally {
      g.gc = saved;
    }
  });
});
