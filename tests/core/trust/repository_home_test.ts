import assert from "node:assert/strict";
import { personsHome } from "../../../core/trust/repository_home.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { writeFiles } from "../../_helpers/git.ts";

const fs = new TestFs();

Deno.test("personsHome leaves out a home a host file in a work tree around sets, and falls back to USERPROFILE", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  const env = (vars: Record<string, string>) => (n: string) => vars[n];
  // Control: a file that only mentions $HOME sets nothing; the person's HOME bounds the search.
  await writeFiles(root, { "sub/.env": "PATH=$HOME/bin\n" });
  assert.equal(await personsHome(fs, root, `${root}/sub`, env({ HOME: root })), root);
  assert.equal(await personsHome(fs, root, root, env({})), null, "no home set");
  await writeFiles(root, { ".env": `HOME=${root}\n` });
  assert.equal(await personsHome(fs, root, `${root}/sub`, env({ HOME: root })), null);
  assert.equal(
    await personsHome(fs, root, `${root}/sub`, env({ HOME: root, USERPROFILE: "/home/u" })),
    "/home/u",
  );
  // Outside the searched root nothing is read: the file at the root is past `outermost`.
  assert.equal(await personsHome(fs, `${root}/sub`, `${root}/sub`, env({ HOME: root })), root);
});
