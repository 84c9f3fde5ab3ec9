import assert from "node:assert/strict";
import {
  HEAD_RECORD_FILE,
  parseHeadRecord,
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

Deno.test("writeHeadRecord() then readHeadRecord() gives the record back; nothing written: null", async () => {
  const dir = (await tempDir()).path;
  const fs = new TestFs();
  const layout = batonLayout(dir);
  assert.equal(await readHeadRecord(fs, layout), null);
  await writeHeadRecord(fs, layout, REC);
  assert.deepEqual(await readHeadRecord(fs, layout), REC);
  await writeHeadRecord(fs, layout, { ...REC, id: "sha256:" + "c".repeat(64) });
  assert.equal((await readHeadRecord(fs, layout))?.id, "sha256:" + "c".repeat(64));
});

Deno.test("readHeadRecord() ignores a record not bound to its directory, and a link in its place", async () => {
  const dir = (await tempDir()).path;
  const fs = new TestFs();
  const layout = batonLayout(dir);
  await Deno.mkdir(layout.state, { recursive: true });
  const path = `${layout.state}/${HEAD_RECORD_FILE}`;
  const here = await dirBinding(fs, layout.state);
  await Deno.writeTextFile(path, JSON.stringify({ dir: here, ...REC }));
  assert.deepEqual(await readHeadRecord(fs, layout), REC, "control: bound here");
  await Deno.writeTextFile(path, JSON.stringify({ dir: "1:2", ...REC }));
  assert.equal(await readHeadRecord(fs, layout), null, "written elsewhere");
  await Deno.writeTextFile(path, JSON.stringify(REC));
  assert.equal(await readHeadRecord(fs, layout), null, "no binding");
  await Deno.remove(path);
  await Deno.writeTextFile(`${dir}/elsewhere.json`, JSON.stringify({ dir: here, ...REC }));
  await Deno.symlink(`${dir}/elsewhere.json`, path);
  assert.equal(await readHeadRecord(fs, layout), null, "a link is not read");
});

Deno.test("parseHeadRecord() checks every field by shape", () => {
  assert.deepEqual(parseHeadRecord(JSON.stringify(REC)), REC);
  for (
    const bad of [
      { ...REC, id: "sha256:AB" },
      { ...REC, fingerprint: "x" },
      { ...REC, created_at: "yesterday\n" },
      { ...REC, created_at: 5 },
      [REC],
    ]
  ) {
    assert.equal(parseHeadRecord(JSON.stringify(bad)), null, JSON.stringify(bad));
  }
  assert.equal(parseHeadRecord("{oops"), null);
});
