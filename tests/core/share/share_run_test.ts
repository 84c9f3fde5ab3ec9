import assert from "node:assert/strict";
import { reviveLatest } from "../../../core/share/share_run.ts";
import type { ShareEnv } from "../../../core/share/chain_git.ts";
import { finalizeDraft } from "../../../core/workflow/finalize.ts";
import { commitAll, writeFiles } from "../../_helpers/git.ts";
import { testContext, withRepo } from "../../_helpers/temp_fs.ts";
import { TestFs } from "../../_helpers/fs.ts";

/** A real file system that counts the bytes its reads hand back. */
class CountingFs extends TestFs {
  bytes = 0;
  override async readFile(path: string): Promise<Uint8Array> {
    const b = await super.readFile(path);
    this.bytes += b.length;
    return b;
  }
  override async readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
    const b = await super.readRange(path, offset, length);
    this.bytes += b.length;
    return b;
  }
}

Deno.test("reviveLatest(): an archive file past the capsule bound (a commit can bring gigabytes of zeros in a few KiB) is not read", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const made = await finalizeDraft(testContext(dir), new TextEncoder().encode('{"now":"x"}'));
    await Deno.remove(`${dir}/.baton/latest.md`);
    const f = await Deno.open(`${dir}/.baton/capsules/20990101T000000Z-deadbeef.md`, {
      write: true,
      create: true,
    });
    await f.truncate(64 * 1024 * 1024);
    f.close();
    const fs = new CountingFs();
    const env: ShareEnv = {
      fs,
      cwd: dir,
      now: () => new Date("2026-06-01T12:00:00.000Z"),
      git: {} as ShareEnv["git"],
      keys: {
        signingKey: () => Promise.resolve({ ok: false, reason: "none" }),
        trustedKeys: () => Promise.resolve({ keys: new Map(), problem: null }),
      },
      safeLine: (t) => t,
    };
    const r = await reviveLatest(env);
    assert.deepEqual([r.action, r.id], ["archive", made.capsule.id], "positive control");
    assert.ok(fs.bytes < 1024 * 1024, `${fs.bytes} bytes read`);
  });
});
