/**
 * dir_binding: a state file counts only in the directory it was written in:
 * a copy into another directory is foreign, a moved directory keeps it, and
 * doctor's list names exactly the files not bound there.
 */
import assert from "node:assert/strict";
import {
  BINDING_KEY,
  boundHere,
  dirBinding,
  foreignStateFiles,
  readStateFile,
} from "../../core/dir_binding.ts";
import { TestFs } from "../_helpers/fs.ts";
import { tempDir } from "../_helpers/temp.ts";

const fs = new TestFs();

Deno.test("dirBinding(): bound where written, not in a copy, kept across a move", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const made = `${root}/a/baton`;
  const copy = `${root}/b/baton`;
  await Deno.mkdir(made, { recursive: true });
  await Deno.mkdir(copy, { recursive: true });
  const here = await dirBinding(fs, made);
  assert.match(here ?? "", /^\d+:\d+$/);
  const doc = { [BINDING_KEY]: here, hosts: {} };
  assert.equal(boundHere(doc, await dirBinding(fs, made)), true, "control: where written");
  assert.equal(boundHere(doc, await dirBinding(fs, copy)), false, "a copy elsewhere");
  await Deno.rename(`${root}/a`, `${root}/moved`);
  assert.equal(boundHere(doc, await dirBinding(fs, `${root}/moved/baton`)), true, "moved");
  assert.equal(await dirBinding(fs, `${root}/none`), null);
  await Deno.symlink(copy, `${root}/link`);
  assert.equal(await dirBinding(fs, `${root}/link`), null, "a link is no directory");
});

Deno.test("foreignStateFiles(): names the unbound files, not the bound, missing or non-JSON ones", async () => {
  await using t = await tempDir();
  const dir = await Deno.realPath(t.path);
  const here = (await dirBinding(fs, dir))!;
  await Deno.writeTextFile(`${dir}/injected.json`, JSON.stringify({ [BINDING_KEY]: here }));
  await Deno.writeTextFile(`${dir}/config-cache.json`, JSON.stringify({ [BINDING_KEY]: "1:2" }));
  await Deno.writeTextFile(`${dir}/index.json`, JSON.stringify({ progress_chain: {} }));
  await Deno.writeTextFile(`${dir}/rules_blocks.json`, "not json");
  assert.deepEqual(await foreignStateFiles(fs, dir), ["config-cache.json", "index.json"]);
  await Deno.writeTextFile(`${dir}/config-cache.json`, JSON.stringify({ [BINDING_KEY]: here }));
  await Deno.remove(`${dir}/index.json`);
  assert.deepEqual(await foreignStateFiles(fs, dir), [], "control: all bound or absent");
});

Deno.test("readStateFile(): a regular file up to the bound, with its directory's binding; never a link, a directory or a larger file", async () => {
  await using t = await tempDir();
  const dir = await Deno.realPath(t.path);
  const path = `${dir}/head.json`;
  assert.equal(await readStateFile(fs, dir, path, 100), null, "missing");
  await Deno.writeTextFile(path, "0123456789");
  // Control: a regular file within the bound is read, with the binding of its directory.
  assert.deepEqual(await readStateFile(fs, dir, path, 10), {
    text: "0123456789",
    here: await dirBinding(fs, dir),
  });
  assert.equal(await readStateFile(fs, dir, path, 9), null, "larger than the bound");
  await Deno.writeTextFile(`${dir}/target.json`, "0123456789");
  await Deno.remove(path);
  await Deno.symlink(`${dir}/target.json`, path);
  assert.equal(await readStateFile(fs, dir, path, 100), null, "a link is never followed");
  await Deno.remove(path);
  await Deno.mkdir(path);
  assert.equal(await readStateFile(fs, dir, path, 100), null, "a directory");
});
