/**
 * includeGitDirSpellings(): the git directory as git spells it for includeIf
 * "gitdir:" — through $PWD for a .git directory at the top $PWD names, the
 * real path for a .git file — on real directories and links.
 * @module
 */
import assert from "node:assert/strict";
import { includeGitDirSpellings } from "../../../../core/facts/git/include_gitdir.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";

Deno.test("includeGitDirSpellings() spells a .git directory through $PWD only where $PWD names the top", async () => {
  await using t = await tempDir();
  const top = `${t.path}/real`;
  await Deno.mkdir(`${top}/.git`, { recursive: true });
  await Deno.mkdir(`${top}/sub`);
  await Deno.symlink(top, `${t.path}/link`);
  const fs = new TestFs();
  const repo = { workTree: top, gitDir: `${top}/.git`, commonDir: `${top}/.git` };
  const at = async (pwd: string | null) => (await includeGitDirSpellings(fs, repo, pwd)).absolute;
  assert.equal(await at(`${t.path}/link`), `${t.path}/link/.git`);
  assert.equal(await at(`${t.path}/link/`), `${t.path}/link/.git`, "no second slash");
  // Controls: no $PWD, one naming another directory, nothing, a relative one.
  assert.equal(await at(null), `${top}/.git`);
  assert.equal(await at(`${t.path}/link/sub`), `${top}/.git`);
  assert.equal(await at(`${t.path}/none`), `${top}/.git`);
  assert.equal(await at("link"), `${top}/.git`);
  assert.equal((await includeGitDirSpellings(fs, repo, null)).real, `${top}/.git`);
});

Deno.test("includeGitDirSpellings() spells a directory a .git file names by its real path", async () => {
  await using t = await tempDir();
  await Deno.mkdir(`${t.path}/store/g`, { recursive: true });
  await Deno.mkdir(`${t.path}/wt`);
  await Deno.symlink(`${t.path}/store`, `${t.path}/slink`);
  await Deno.writeTextFile(`${t.path}/wt/.git`, `gitdir: ${t.path}/slink/g\n`);
  const fs = new TestFs();
  const repo = {
    workTree: `${t.path}/wt`,
    gitDir: `${t.path}/slink/g`,
    commonDir: `${t.path}/slink/g`,
  };
  const s = await includeGitDirSpellings(fs, repo, `${t.path}/wt`);
  assert.deepEqual(s, { absolute: `${t.path}/store/g`, real: `${t.path}/store/g` });
});
