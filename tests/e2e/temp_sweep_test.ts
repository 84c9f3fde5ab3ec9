/**
 * Temp files are removed only by their writer, or once their writer is gone:
 * a writer sweeping `.baton` under the lock leaves the temp file of a live
 * writer alone (it holds the file's advisory lock until its rename) and
 * removes one nobody holds, even when both are old. baton runs without the
 * permission to read /proc, so the advisory lock is what tells them apart.
 */
import assert from "node:assert/strict";
import { processIdentity } from "../../commands/_adapters/process_identity.ts";
import { tempName } from "../../core/store/temp_name.ts";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

Deno.test("the sweep keeps a live writer's temp file and removes a dead writer's", async () => {
  const me = processIdentity();
  const dir = await makeRepo("baton-sweep-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    assert.equal((await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" })).code, 0);
    const live = tempName(".gitignore", me, "0123456789abcdef");
    const dead = tempName("latest.md", { pid: 2 ** 30, started: me.started }, "fedcba9876543210");
    await Deno.writeTextFile(`${dir}/.baton/${live}`, "in progress");
    await Deno.writeTextFile(`${dir}/.baton/capsules/${dead}`, "left by a killed writer");
    const old = new Date(Date.now() - 60_000);
    await Deno.utime(`${dir}/.baton/${live}`, old, old);
    await Deno.utime(`${dir}/.baton/capsules/${dead}`, old, old);
    // The live writer: this process, holding its temp file's advisory lock.
    const held = await Deno.open(`${dir}/.baton/${live}`, { read: true, write: true });
    try {
      assert.ok(await held.tryLock(true));
      const r = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(await Deno.readTextFile(`${dir}/.baton/${live}`), "in progress");
      assert.equal(await Deno.lstat(`${dir}/.baton/capsules/${dead}`).catch(() => null), null);
    } finally {
      held.close();
    }
    // Control: once its writer lets go, the next sweep removes it too.
    assert.equal((await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" })).code, 0);
    assert.equal(await Deno.lstat(`${dir}/.baton/${live}`).catch(() => null), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
