/**
 * gateStores(): every opted-in store with deny records at or above the
 * call's folder and an edit's target, nearest first, through links; none
 * when nothing opted in.
 */
import assert from "node:assert/strict";
import { gateStores, startsOf } from "../../commands/_gate_stores.ts";
import { fakeIo } from "../_helpers/io.ts";
import { tempDir } from "../_helpers/temp.ts";

async function store(root: string, denies: boolean): Promise<void> {
  await Deno.mkdir(`${root}/.git`, { recursive: true });
  await Deno.mkdir(`${root}/.baton`, { recursive: true });
  await Deno.writeTextFile(`${root}/.baton/config.yaml`, "enforce: deny\n");
  if (denies) await Deno.mkdir(`${root}/.baton/enforce/denies`, { recursive: true });
}

Deno.test("gateStores(): outer and nested stores, through a link and from an edit's target", async () => {
  await using dir = await tempDir("baton-gate-stores-");
  const outer = await Deno.realPath(dir.path);
  await store(outer, true);
  await store(`${outer}/vendor/lib`, true);
  await store(`${outer}/other`, false);
  await Deno.symlink(outer, `${outer}.link`);
  const io = fakeIo({ cwd: outer });
  try {
    assert.deepEqual(await gateStores(io, [`${outer}/vendor/lib`]), [
      `${outer}/vendor/lib/.baton`,
      `${outer}/.baton`,
    ]);
    assert.deepEqual(await gateStores(io, [`${outer}.link/vendor`]), [`${outer}/.baton`]);
    // A store without deny records is skipped (the outer one still counts).
    assert.deepEqual(await gateStores(io, [`${outer}/other`]), [`${outer}/.baton`]);
    // The target of an edit, in a folder that does not exist yet.
    assert.deepEqual(
      await gateStores(io, startsOf("/", { file_path: `${outer}/new/dir/file.ts` })),
      [`${outer}/.baton`],
    );
    assert.deepEqual(startsOf("/w", { path: "a/b.txt" }), ["/w", "/w/a"]);
    // Control: nothing opted in above the temp folder's parent.
    assert.deepEqual(await gateStores(io, [`${outer}/..`]), []);
  } finally {
    await Deno.remove(`${outer}.link`);
  }
});
