import assert from "node:assert/strict";
import { HOST_ENV_FILES, repositoryOffSwitch } from "../../../core/enforce/repo_off_switch.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { writeFiles } from "../../_helpers/git.ts";

const fs = new TestFs();

Deno.test("repositoryOffSwitch names a host env file from the folder up to the root that names the variable", async () => {
  await using t = await tempDir();
  const root = await Deno.realPath(t.path);
  await writeFiles(root, { "a/b/keep.txt": "x", ".gemini/settings.json": "{}" });
  // Controls: files that do not name it, and one outside the root.
  assert.equal(await repositoryOffSwitch(fs, root, `${root}/a/b`), null);
  for (const name of HOST_ENV_FILES) {
    await writeFiles(root, { [`a/${name}`]: "X=1\nBATON_ENFORCE=off\n" });
    assert.equal(await repositoryOffSwitch(fs, root, `${root}/a/b`), `a/${name}`);
    assert.equal(await repositoryOffSwitch(fs, root, root), null, "a/ is below the root");
    await Deno.remove(`${root}/a/${name}`);
  }
});
