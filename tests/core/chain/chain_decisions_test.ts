import assert from "node:assert/strict";
import { readRecentDecisions } from "../../../core/chain/chain_decisions.ts";
import { finalizeDraft } from "../../../core/workflow/finalize.ts";
import { readLatest } from "../../../core/store/capsule_store.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { commitAll, writeFiles } from "../../_helpers/git.ts";
import { testContext, withRepo } from "../../_helpers/temp_fs.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { runBaton } from "../../_helpers/cli.ts";

/** A real file system that counts the archive files it reads. */
class CountingFs extends TestFs {
  reads = 0;
  override async readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
    if (path.includes("/.baton/capsules/")) this.reads++;
    return await super.readRange(path, offset, length);
  }
}

Deno.test("readRecentDecisions(): the budget is asked before each archive file, not only before each link, so many files sharing an id's prefix cannot hold it", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const enc = new TextEncoder();
    const at = (t: string) => testContext(dir, { now: () => new Date(t) });
    const first = await finalizeDraft(
      at("2026-06-01T10:00:00.000Z"),
      enc.encode('{"decisions":[{"id":"db","text":"use sqlite"}]}'),
    );
    await finalizeDraft(at("2026-06-01T11:00:00.000Z"), enc.encode('{"now":"second"}'));
    const id8 = first.capsule.id.slice(7, 15);
    // Files a commit brought, named like the previous capsule, read first (newest first).
    for (let i = 0; i < 6; i++) {
      await Deno.writeTextFile(
        `${dir}/.baton/capsules/2099010${i}T000000Z-${id8}.md`,
        `not a capsule ${"x".repeat(1000)}\n`,
      );
    }
    const layout = batonLayout(dir);
    const latest = (await readLatest(new TestFs(), layout))!.capsule;
    // Control: with time, the files are passed over and the decision is found.
    const whole = await readRecentDecisions(new TestFs(), layout, latest);
    assert.equal(whole.complete, true);
    assert.ok(whole.views.some((v) => v.text === "use sqlite"), "positive control");
    // The budget runs out after its first question: no archive file is read after that.
    let asked = 0;
    const fs = new CountingFs();
    const cut = await readRecentDecisions(fs, layout, latest, { expired: () => asked++ > 0 });
    assert.equal(fs.reads, 0, `${fs.reads} archive file(s) read after the budget ran out`);
    assert.equal(cut.complete, false);
  });
});

/** A real file system that counts reads of the rotation tombstone. */
class TombstoneCountingFs extends TestFs {
  reads = 0;
  override async readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
    if (path.endsWith("/.baton/tombstone.json")) this.reads++;
    return await super.readRange(path, offset, length);
  }
}

Deno.test("readRecentDecisions(): the rotation tombstone is read only inside the budget (a commit can make it 16 MiB)", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const enc = new TextEncoder();
    const at = (t: string) => testContext(dir, { now: () => new Date(t) });
    await finalizeDraft(
      at("2026-06-01T10:00:00.000Z"),
      enc.encode('{"decisions":[{"id":"db","text":"use sqlite"}]}'),
    );
    await finalizeDraft(at("2026-06-01T11:00:00.000Z"), enc.encode('{"now":"second"}'));
    // The real CLI prunes the first capsule behind a tombstone: latest's previous link
    // now leads to it.
    const rotated = await runBaton(["rotate", "--keep", "1", "--write"], { cwd: dir });
    assert.equal(rotated.code, 0, rotated.stderr);
    const layout = batonLayout(dir);
    const latest = (await readLatest(new TestFs(), layout))!.capsule;
    // Control: with time, the tombstone is read and its decision counts.
    const whole = new TombstoneCountingFs();
    const all = await readRecentDecisions(whole, layout, latest);
    assert.equal(whole.reads > 0, true, "positive control: the tombstone is read");
    assert.ok(all.views.some((v) => v.text === "use sqlite"), "positive control");
    // The budget runs out after the link's own question: the tombstone is not read.
    let asked = 0;
    const fs = new TombstoneCountingFs();
    const cut = await readRecentDecisions(fs, layout, latest, { expired: () => asked++ > 0 });
    assert.equal(fs.reads, 0, "the tombstone was read after the budget ran out");
    assert.equal(cut.complete, false, "a read the budget stopped is partial");
  });
});
