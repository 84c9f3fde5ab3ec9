/**
 * The progress log on a real file system: append under the lock, re-sync,
 * other index.json keys kept, a malformed index backed up on rebuild and
 * CRITICAL on verify, no append to a tampered log, concurrent appends all
 * kept and chained.
 */
import { dirBinding } from "../../../core/dir_binding.ts";
import assert from "node:assert/strict";
import { TestFs } from "../../_helpers/fs.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import {
  appendProgress,
  progressPaths,
  rebuildProgressChain,
  verifyProgressLog,
} from "../../../core/progress/progress_store.ts";

const fs = new TestFs();

function lock() {
  return {
    token: crypto.randomUUID(),
    pid: Deno.pid,
    host: "test",
    now: () => Date.now(),
    sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
  };
}

async function withDir(fn: (root: string) => Promise<void>): Promise<void> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-progress-" }));
  try {
    await fn(root);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("append re-syncs the chain and keeps every other key of index.json", async () => {
  await withDir(async (root) => {
    const layout = batonLayout(root);
    const paths = await progressPaths(fs, layout);
    await Deno.mkdir(paths.stateDir, { recursive: true });
    await Deno.mkdir(layout.dir, { recursive: true });
    const dir = await dirBinding(fs, paths.stateDir);
    await Deno.writeTextFile(
      paths.index,
      JSON.stringify({ dir, other: { keep: [1, 2] }, z: true }),
    );
    const now = new Date("2026-12-01T10:00:00Z");
    await appendProgress(fs, layout, { text: "first" }, { now, lock: lock() });
    await appendProgress(fs, layout, { text: "gate forced\nsecond line", note: true }, {
      now,
      lock: lock(),
    });
    const index = JSON.parse(await Deno.readTextFile(paths.index));
    assert.deepEqual(index.other, { keep: [1, 2] });
    assert.equal(index.z, true);
    assert.equal(index.progress_chain.tail.length, 2);
    const log = await Deno.readTextFile(paths.log);
    assert.equal(
      log,
      "## 2026-12-01 10:00 UTC\n- first\n\n## 2026-12-01 10:00 UTC\n### NOTE: gate forced second line\n",
    );
    assert.equal((await verifyProgressLog(fs, layout)).status, "intact");
    await Deno.writeTextFile(paths.log, log.replace("first", "frist"));
    assert.equal((await verifyProgressLog(fs, layout)).status, "tampered");
    await assert.rejects(
      appendProgress(fs, layout, { text: "x" }, { now, lock: lock() }),
      (e: Error & { code?: string }) => e.code === "progress_tampered",
    );
  });
});

Deno.test("a malformed index.json is CRITICAL on verify, and rebuild backs it up before re-chaining", async () => {
  await withDir(async (root) => {
    const layout = batonLayout(root);
    const paths = await progressPaths(fs, layout);
    await Deno.mkdir(paths.stateDir, { recursive: true });
    await Deno.mkdir(layout.dir, { recursive: true });
    await Deno.writeTextFile(paths.log, "## 2026-12-01\n- a\n");
    assert.equal((await verifyProgressLog(fs, layout)).status, "unchained", "positive control");
    await Deno.writeTextFile(paths.index, "{ not json");
    const v = await verifyProgressLog(fs, layout);
    assert.equal(v.status, "tampered");
    assert.equal(v.problems[0]!.kind, "malformed_index");
    const dir = await dirBinding(fs, paths.stateDir);
    await Deno.writeTextFile(paths.index, JSON.stringify({ dir, progress_chain: { version: 1 } }));
    assert.equal((await verifyProgressLog(fs, layout)).problems[0]!.kind, "malformed_index");
    await Deno.writeTextFile(paths.index, "[1,2]");
    const r = await rebuildProgressChain(fs, layout, { now: new Date(), lock: lock() });
    assert.equal(r.backup, paths.backup);
    assert.equal(await Deno.readTextFile(paths.backup), "[1,2]");
    assert.equal((await verifyProgressLog(fs, layout)).status, "intact");
  });
});

Deno.test("an index not written in its directory (an archive, a copied .git) is absent: unchained, and rebuild drops its keys", async () => {
  await withDir(async (root) => {
    const layout = batonLayout(root);
    const paths = await progressPaths(fs, layout);
    await Deno.mkdir(layout.dir, { recursive: true });
    await Deno.writeTextFile(paths.log, "## 2026-12-01\n- a\n");
    await rebuildProgressChain(fs, layout, { now: new Date(0), lock: lock() });
    assert.equal((await verifyProgressLog(fs, layout)).status, "intact", "control: bound here");
    const doc = JSON.parse(await Deno.readTextFile(paths.index));
    for (const dir of ["1:2", undefined]) {
      await Deno.writeTextFile(paths.index, JSON.stringify({ ...doc, dir, planted: true }));
      assert.equal((await verifyProgressLog(fs, layout)).status, "unchained", String(dir));
    }
    await rebuildProgressChain(fs, layout, { now: new Date(0), lock: lock() });
    const fresh = JSON.parse(await Deno.readTextFile(paths.index));
    assert.equal(fresh.planted, undefined, "nothing of the foreign index is kept");
    assert.equal(fresh.dir, await dirBinding(fs, paths.stateDir));
  });
});

Deno.test("concurrent appends are all kept, in some order, and the chain covers them", async () => {
  await withDir(async (root) => {
    const layout = batonLayout(root);
    const now = new Date("2026-12-01T10:00:00Z");
    await Promise.all(
      Array.from(
        { length: 8 },
        (_, i) => appendProgress(fs, layout, { text: `writer ${i}` }, { now, lock: lock() }),
      ),
    );
    const log = await Deno.readTextFile((await progressPaths(fs, layout)).log);
    for (let i = 0; i < 8; i++) assert.ok(log.includes(`- writer ${i}\n`), `writer ${i}`);
    const v = await verifyProgressLog(fs, layout);
    assert.equal(v.status, "intact");
    assert.equal(v.chained, 8);
  });
});
