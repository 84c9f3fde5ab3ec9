import assert from "node:assert/strict";
import {
  HEAD_RECORD_FILE,
  parseHeadRecords,
  readHeadRecord,
  writeHeadRecord,
} from "../../../core/store/head_record.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { dirBinding } from "../../../core/dir_binding.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const ID = "sha256:" + "a".repeat(64);
const FP = "sha256:" + "b".repeat(64);
const REC = { id: ID, created_at: "2026-01-02T03:04:05.678Z", fingerprint: FP };

/** A fresh state directory: its layout, the record file's path and the directory's binding. */
async function stateFile() {
  const dir = (await tempDir()).path;
  const fs = new TestFs();
  const layout = batonLayout(dir);
  await Deno.mkdir(layout.state, { recursive: true });
  const path = `${layout.state}/${HEAD_RECORD_FILE}`;
  return { dir, fs, layout, path, here: await dirBinding(fs, layout.state) };
}

Deno.test("writeHeadRecord() then readHeadRecord() gives each branch's record back; nothing written: null", async () => {
  const dir = (await tempDir()).path;
  const fs = new TestFs();
  const layout = batonLayout(dir);
  assert.equal(await readHeadRecord(fs, layout, "main"), null);
  await writeHeadRecord(fs, layout, "main", REC);
  assert.deepEqual(await readHeadRecord(fs, layout, "main"), REC);
  const other = { ...REC, id: "sha256:" + "c".repeat(64), created_at: "2026-01-03T00:00:00Z" };
  await writeHeadRecord(fs, layout, "feature", other);
  await writeHeadRecord(fs, layout, null, { ...REC, id: "sha256:" + "d".repeat(64) });
  assert.deepEqual(await readHeadRecord(fs, layout, "main"), REC, "another branch's kept");
  assert.deepEqual(await readHeadRecord(fs, layout, "feature"), other);
  assert.equal((await readHeadRecord(fs, layout, null))?.id, "sha256:" + "d".repeat(64));
  assert.equal(await readHeadRecord(fs, layout, "__proto__"), null);
});

Deno.test("readHeadRecord() ignores a record not bound to its directory, and a link in its place", async () => {
  const { dir, fs, layout, path, here } = await stateFile();
  const heads = { main: REC };
  await Deno.writeTextFile(path, JSON.stringify({ dir: here, heads }));
  assert.deepEqual(await readHeadRecord(fs, layout, "main"), REC, "control: bound here");
  await Deno.writeTextFile(path, JSON.stringify({ dir: "1:2", heads }));
  assert.equal(await readHeadRecord(fs, layout, "main"), null, "written elsewhere");
  await Deno.writeTextFile(path, JSON.stringify({ heads }));
  assert.equal(await readHeadRecord(fs, layout, "main"), null, "no binding");
  await Deno.remove(path);
  await Deno.writeTextFile(`${dir}/elsewhere.json`, JSON.stringify({ dir: here, heads }));
  await Deno.symlink(`${dir}/elsewhere.json`, path);
  assert.equal(await readHeadRecord(fs, layout, "main"), null, "a link is not read");
});

Deno.test("a record keyed by a branch's name (written before) is read for that name only, and replaced", async () => {
  const { fs, layout, path, here } = await stateFile();
  const redacted = "fix/password=[REDACTED:env_secret]";
  const old = { ...REC, id: "sha256:" + "e".repeat(64) };
  await Deno.writeTextFile(
    path,
    JSON.stringify({ dir: here, heads: { main: REC, [redacted]: old } }),
  );
  assert.deepEqual(await readHeadRecord(fs, layout, "main"), REC, "control: a plain name");
  // Keyed by a redacted name: no record of the branch git names, nor of any other.
  assert.equal(await readHeadRecord(fs, layout, "fix/password=hunter2hunter2"), null);
  const next = { ...REC, id: "sha256:" + "f".repeat(64), created_at: "2026-02-01T00:00:00Z" };
  await writeHeadRecord(fs, layout, "main", next);
  assert.deepEqual(await readHeadRecord(fs, layout, "main"), next);
  const keys = Object.keys(JSON.parse(await Deno.readTextFile(path)).heads);
  assert.ok(!keys.includes("main"), "the old key is replaced by the digest");
  await writeHeadRecord(fs, layout, "fix/password=hunter2hunter2", old);
  assert.deepEqual(await readHeadRecord(fs, layout, "fix/password=hunter2hunter2"), old);
  assert.ok(!(await Deno.readTextFile(path)).includes("hunter2"), "git's name is not written");
});

Deno.test("parseHeadRecords() checks every field by shape", () => {
  const parse = (heads: unknown) => parseHeadRecords(JSON.stringify({ heads }));
  assert.deepEqual(parse({ main: REC }).get("main"), REC);
  for (
    const bad of [
      { ...REC, id: "sha256:AB" },
      { ...REC, fingerprint: "x" },
      { ...REC, created_at: "yesterday\n" },
      { ...REC, created_at: 5 },
      [REC],
      null,
    ]
  ) {
    assert.equal(parse({ main: bad }).size, 0, JSON.stringify(bad));
  }
  assert.equal(parse([REC]).size, 0);
  assert.equal(parseHeadRecords("{oops").size, 0);
});
