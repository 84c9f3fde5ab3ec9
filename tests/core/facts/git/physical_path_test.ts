/**
 * physicalPath and systemJoin against a real file system: a `..` after a
 * link climbs from its target, as the system resolves it.
 * @module
 */
import assert from "node:assert/strict";
import {
  physicalPath,
  systemAbsolute,
  systemJoin,
} from "../../../../core/facts/git/physical_path.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";

Deno.test("physicalPath: a .. after a link climbs from the link's target; without a link (or a ..) it is the lexical join", async () => {
  await using tmp = await tempDir();
  const t = tmp.path;
  await Deno.mkdir(`${t}/w/d`, { recursive: true });
  await Deno.mkdir(`${t}/far/x`, { recursive: true });
  await Deno.symlink(`${t}/far/x`, `${t}/w/lnk`);
  const fs = new TestFs();
  assert.equal(await physicalPath(fs, `${t}/w`, "lnk/../store"), `${t}/far/store`);
  assert.equal(await physicalPath(fs, "/", `${t}/w/lnk/../store`), `${t}/far/store`);
  // The base itself through the link.
  assert.equal(await physicalPath(fs, `${t}/w/lnk`, "../y"), `${t}/far/y`);
  // Controls: a plain directory, and no `..` at all (no I/O).
  assert.equal(await physicalPath(fs, `${t}/w`, "d/../store"), `${t}/w/store`);
  assert.equal(await physicalPath(fs, `${t}/w`, "lnk/./store"), `${t}/w/lnk/store`);
  // A missing step: a name after it is kept; a .. after it fails, as the system does.
  assert.equal(await physicalPath(fs, `${t}/w`, "none/a"), `${t}/w/none/a`);
  assert.equal(await physicalPath(fs, `${t}/w`, "lnk/../none/b"), `${t}/far/none/b`);
  assert.equal(await physicalPath(fs, `${t}/w`, "none/../a"), null);
});

Deno.test("systemJoin: lexical without a .. step, kept as written with one", () => {
  assert.equal(systemJoin("/w", "a/./b"), "/w/a/b");
  assert.equal(systemJoin("/w", "lnk/../b"), "/w/lnk/../b");
  assert.equal(systemJoin("/w", "/x/../b"), "/x/../b");
  assert.equal(systemJoin("/w", "/x/b"), "/x/b");
});

Deno.test("on a POSIX base a drive-like path is relative and leading slashes are one; a Windows base keeps its drives", async () => {
  const fs = new TestFs();
  assert.equal(await physicalPath(fs, "/w", "C:/x"), "/w/C:/x");
  assert.equal(await physicalPath(fs, "/w", "C:x"), "/w/C:x");
  assert.equal(await physicalPath(fs, "/w", "//srv/share/x"), "/srv/share/x");
  assert.equal(systemJoin("/w", "C:/x"), "/w/C:/x");
  assert.equal(systemJoin("/w", "C:/x/../y"), "/w/C:/x/../y");
  assert.equal(systemAbsolute("/w", "C:/x"), false);
  assert.equal(systemAbsolute("/w", "/x"), true);
  // Controls: a Windows base reads them as drives.
  assert.equal(await physicalPath(fs, "D:/w", "C:/x"), "C:/x");
  assert.equal(systemJoin("D:/w", "C:/x"), "C:/x");
  assert.equal(systemAbsolute("D:/w", "C:/x"), true);
});
