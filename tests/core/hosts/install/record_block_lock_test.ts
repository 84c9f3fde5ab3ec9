import assert from "node:assert/strict";
import { recordBlock } from "../../../../core/hosts/install/apply_plan.ts";
import { parseLedger } from "../../../../core/hosts/install/block_ledger.ts";
import type { LockOptions } from "../../../../core/store/lock.ts";
import type { FileStat } from "../../../../core/fs.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";

const H1 = "1".repeat(64);
const H2 = "2".repeat(64);

function lockOptions(onWait: () => void): LockOptions {
  return {
    token: crypto.randomUUID(),
    pid: Deno.pid,
    host: "test-host",
    started: null,
    processAlive: () => true,
    now: () => Date.now(),
    sleep: (ms) => {
      onWait();
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}

/**
 * A file system on which the first look at the record runs `between` and waits for what it
 * returns: the other install's whole update, or the moment it waits for the lock.
 */
class InterleavingFs extends TestFs {
  #done = false;
  constructor(private readonly record: string, private readonly between: () => Promise<void>) {
    super();
  }
  override async stat(path: string): Promise<FileStat | null> {
    const st = await super.stat(path);
    if (path === this.record && !this.#done) {
      this.#done = true;
      await this.between();
    }
    return st;
  }
}

Deno.test("recordBlock(): two installs updating the rules-block record at once both keep their entry", async () => {
  await using t = await tempDir("baton-rbl-");
  const dir = await Deno.realPath(t.path);
  const record = `${dir}/rules_blocks.json`;
  let other: Promise<void> | null = null;
  const a = new InterleavingFs(record, async () => {
    // Install B runs between A's read of the record and A's write: wholly (no lock), or up
    // to waiting for the lock A holds.
    let waiting!: () => void;
    const blocked = new Promise<void>((resolve) => waiting = resolve);
    other = recordBlock(
      new TestFs(),
      { path: record, key: "b.md", sha256: H2 },
      lockOptions(() => waiting()),
    );
    await Promise.race([other, blocked]);
  });
  await recordBlock(a, { path: record, key: "a.md", sha256: H1 }, lockOptions(() => {}));
  await other;
  const entries = parseLedger(await Deno.readTextFile(record));
  assert.deepEqual(entries, { "a.md": H1, "b.md": H2 });
  // The lock is not left behind.
  const left = [...Deno.readDirSync(dir)].map((e) => e.name);
  assert.equal(left.some((n) => n.includes(".lock")), false, left.join(" "));
});

Deno.test("recordBlock(): one after the other, both entries are kept (control)", async () => {
  await using t = await tempDir("baton-rbl-");
  const dir = await Deno.realPath(t.path);
  const record = `${dir}/rules_blocks.json`;
  const fs = new TestFs();
  await recordBlock(fs, { path: record, key: "a.md", sha256: H1 }, lockOptions(() => {}));
  await recordBlock(fs, { path: record, key: "b.md", sha256: H2 }, lockOptions(() => {}));
  assert.deepEqual(parseLedger(await Deno.readTextFile(record)), { "a.md": H1, "b.md": H2 });
});
