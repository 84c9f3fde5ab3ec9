import assert from "node:assert/strict";
import { outermostWorkTree } from "../../../../core/facts/git/outer_work_tree.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import { git, writeFiles } from "../../../_helpers/git.ts";

const fs = new TestFs();

Deno.test("outermostWorkTree climbs from a nested repository (a submodule, a clone inside a clone) to the outermost work tree", async () => {
  await using t = await tempDir();
  const base = await Deno.realPath(t.path);
  const outer = `${base}/outer`;
  const inner = `${outer}/vendor/lib`;
  await writeFiles(base, { "outer/a.txt": "a\n", "outer/vendor/lib/l.txt": "l\n" });
  // Control: outside git, nothing; one repository alone, its own top.
  assert.equal(await outermostWorkTree(fs, inner), null);
  await git(inner, ["init", "-q"]);
  assert.equal(await outermostWorkTree(fs, inner), inner);
  await git(outer, ["init", "-q"]);
  assert.equal(await outermostWorkTree(fs, inner), outer);
  assert.equal(await outermostWorkTree(fs, `${outer}/vendor`), outer);
  // A submodule (a .git file naming the superproject's modules directory) climbs the same way.
  const sub = `${base}/sub`;
  await writeFiles(base, { "sub/s.txt": "s\n" });
  await git(sub, ["init", "-q"]);
  await git(sub, ["add", "s.txt"]);
  await git(sub, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "s"]);
  await git(outer, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "mod"]);
  const st = await Deno.lstat(`${outer}/mod/.git`);
  assert.ok(st.isFile, "control: the submodule's .git is a file");
  assert.equal(await outermostWorkTree(fs, `${outer}/mod`), outer);
});

Deno.test("outermostWorkTree answers at the real path, from a folder reached through a symbolic link", async () => {
  await using t = await tempDir();
  const base = await Deno.realPath(t.path);
  await writeFiles(base, { "outer/in/x.txt": "x\n" });
  await git(`${base}/outer`, ["init", "-q"]);
  await git(`${base}/outer/in`, ["init", "-q"]);
  await Deno.symlink(`${base}/outer`, `${base}/link`);
  assert.equal(await outermostWorkTree(fs, `${base}/link/in`), `${base}/outer`);
});

Deno.test("outermostWorkTree does not climb past the nearest into a work tree at the home directory or above it (a person's dotfiles)", async () => {
  await using t = await tempDir();
  const base = await Deno.realPath(t.path);
  const home = `${base}/home`;
  await writeFiles(base, { "home/src/p/x.txt": "x\n" });
  await git(home, ["init", "-q"]);
  await git(`${home}/src/p`, ["init", "-q"]);
  // Control: without a home, the climb reaches the outer work tree.
  assert.equal(await outermostWorkTree(fs, `${home}/src/p`), home);
  assert.equal(await outermostWorkTree(fs, `${home}/src/p`, home), `${home}/src/p`);
  // The home's own repository, when it is the nearest, is still the answer.
  assert.equal(await outermostWorkTree(fs, `${home}/src`, home), home);
  // A work tree below home around the nested one still counts.
  await git(`${home}/src`, ["init", "-q"]);
  assert.equal(await outermostWorkTree(fs, `${home}/src/p`, home), `${home}/src`);
});
