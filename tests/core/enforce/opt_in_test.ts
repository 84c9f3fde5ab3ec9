/**
 * optInState(): an opt-in counts only in the directory it was made in: a
 * copy of the record (what an archive or a copied folder brings) is foreign,
 * the old unbound form is foreign, a renamed directory keeps it.
 */
import assert from "node:assert/strict";
import { bindingOf, optInState, optInText } from "../../../core/enforce/opt_in.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const fs = new TestFs();

Deno.test("optInState(): on where made, foreign in a copy or in the old form, off with none", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const made = `${root}/a/enforce`;
  await Deno.mkdir(made, { recursive: true });
  assert.equal(await optInState(fs, made, `${made}/opt-in`), "off");
  const here = bindingOf((await fs.lstat(made))!);
  await Deno.writeTextFile(`${made}/opt-in`, optInText(new Date(0), here));
  assert.equal(await optInState(fs, made, `${made}/opt-in`), "on", "control: where it was made");
  // A copy of the folder: the same record in a new directory.
  const copy = `${root}/b/enforce`;
  await Deno.mkdir(copy, { recursive: true });
  await Deno.copyFile(`${made}/opt-in`, `${copy}/opt-in`);
  assert.equal(await optInState(fs, copy, `${copy}/opt-in`), "foreign");
  // Moved within the file system: the same directory, still on.
  await Deno.rename(`${root}/a`, `${root}/moved`);
  assert.equal(await optInState(fs, `${root}/moved/enforce`, `${root}/moved/enforce/opt-in`), "on");
  // The form written before the binding, anything unreadable, and a link are foreign.
  for (const text of ["deny 1970-01-01T00:00:00.000Z\n", "deny\n", "x".repeat(300)]) {
    await Deno.writeTextFile(`${copy}/opt-in`, text);
    assert.equal(await optInState(fs, copy, `${copy}/opt-in`), "foreign", text.slice(0, 20));
  }
  await Deno.remove(`${copy}/opt-in`);
  await Deno.symlink(`${root}/moved/enforce/opt-in`, `${copy}/opt-in`);
  assert.equal(await optInState(fs, copy, `${copy}/opt-in`), "foreign");
});
