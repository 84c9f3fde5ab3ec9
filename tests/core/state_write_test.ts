/**
 * openStateDir(), appendBounded(), moveInside(): writes under baton's
 * private state stay inside it — a state directory that is a link, a
 * folder inside it that leads out, and a log that is a link are refused or
 * replaced, never written through; the log keeps only its newest bytes.
 */
import assert from "node:assert/strict";
import { appendBounded, moveInside, openStateDir, writeBoundJson } from "../../core/state_write.ts";
import { BINDING_KEY, boundHere, dirBinding } from "../../core/dir_binding.ts";
import { TestFs } from "../_helpers/fs.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("openStateDir(): makes the folder and refuses a state directory or sub-folder that is a link", async () => {
  await using dir = await tempDir("baton-state-write-");
  const fs = new TestFs();
  const root = await Deno.realPath(dir.path);
  assert.equal(await openStateDir(fs, `${root}/a/baton`, `${root}/a/baton/x`), `${root}/a/baton`);
  await Deno.mkdir(`${root}/elsewhere`);
  await Deno.mkdir(`${root}/b`);
  await Deno.symlink(`${root}/elsewhere`, `${root}/b/baton`);
  await assert.rejects(openStateDir(fs, `${root}/b/baton`));
  await Deno.symlink(`${root}/elsewhere`, `${root}/a/baton/out`);
  await assert.rejects(openStateDir(fs, `${root}/a/baton`, `${root}/a/baton/out`));
});

Deno.test("appendBounded(): appends, keeps the newest whole lines, and replaces a link rather than following it", async () => {
  await using dir = await tempDir("baton-state-write-");
  const fs = new TestFs();
  const within = await openStateDir(fs, `${await Deno.realPath(dir.path)}/s`);
  const log = `${within}/log`;
  for (let i = 0; i < 50; i++) await appendBounded(fs, log, `line ${i}\n`, within, 64);
  const text = await Deno.readTextFile(log);
  assert.ok(text.length <= 64 + 10, text);
  assert.ok(text.endsWith("line 49\n") && text.startsWith("line "), text);
  await Deno.writeTextFile(`${dir.path}/victim`, "keep");
  await Deno.remove(log);
  await Deno.symlink(`${dir.path}/victim`, log);
  await appendBounded(fs, log, "x\n", within, 64);
  assert.equal(await Deno.readTextFile(`${dir.path}/victim`), "keep");
});

Deno.test("moveInside(): moves into a real folder inside; a folder that leads out is refused", async () => {
  await using dir = await tempDir("baton-state-write-");
  const fs = new TestFs();
  const within = await openStateDir(fs, `${await Deno.realPath(dir.path)}/s`);
  await Deno.writeTextFile(`${within}/a`, "a");
  await moveInside(fs, `${within}/a`, `${within}/q`, "a1", within);
  assert.equal(await Deno.readTextFile(`${within}/q/a1`), "a");
  await Deno.mkdir(`${dir.path}/out`);
  await Deno.symlink(`${dir.path}/out`, `${within}/q2`);
  await assert.rejects(moveInside(fs, `${within}/q/a1`, `${within}/q2`, "a2", within));
  assert.deepEqual([...Deno.readDirSync(`${dir.path}/out`)], []);
});

Deno.test("writeBoundJson(): writes the document around the directory's binding, pretty or compact, and replaces a link rather than following it", async () => {
  await using dir = await tempDir("baton-state-write-");
  const fs = new TestFs();
  const root = await Deno.realPath(dir.path);
  const state = `${root}/s`;
  const doc = (here: string) => ({ version: 1, [BINDING_KEY]: here, hosts: { a: 1 } });
  assert.equal(await writeBoundJson(fs, state, `${state}/x.json`, doc), true);
  const here = (await dirBinding(fs, state))!;
  const text = await Deno.readTextFile(`${state}/x.json`);
  assert.equal(text, JSON.stringify(doc(here), null, 2) + "\n");
  assert.equal(boundHere(JSON.parse(text), here), true, "bound where written");
  assert.equal(
    await writeBoundJson(fs, state, `${state}/y.json`, doc, { pretty: false, durable: false }),
    true,
  );
  assert.equal(await Deno.readTextFile(`${state}/y.json`), JSON.stringify(doc(here)) + "\n");
  // A link in the state directory is replaced, its target kept.
  await Deno.writeTextFile(`${root}/victim`, "keep");
  await Deno.symlink(`${root}/victim`, `${state}/z.json`);
  await writeBoundJson(fs, state, `${state}/z.json`, doc);
  assert.equal(await Deno.readTextFile(`${root}/victim`), "keep");
  assert.equal((await Deno.lstat(`${state}/z.json`)).isFile, true);
  // A state directory that is a link: refused, nothing written there.
  await Deno.mkdir(`${root}/elsewhere`);
  await Deno.symlink(`${root}/elsewhere`, `${root}/l`);
  await assert.rejects(writeBoundJson(fs, `${root}/l`, `${root}/l/x.json`, doc));
  assert.deepEqual([...Deno.readDirSync(`${root}/elsewhere`)], []);
  // Given the directory's real path, a directory that is not there is no binding: false.
  assert.equal(
    await writeBoundJson(fs, `${root}/none`, `${root}/none/x.json`, doc, { within: root }),
    false,
  );
});
