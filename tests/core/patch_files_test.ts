/** patchFiles(): every file an apply_patch envelope names, once, in order, up to a bound. */
import assert from "node:assert/strict";
import { patchFiles } from "../../core/patch_files.ts";

Deno.test("patchFiles() lists added, updated, deleted and moved-to files once, and only header lines", () => {
  const p = [
    "*** Begin Patch",
    "*** Add File: n.ts",
    "+*** Update File: not-a-header.ts",
    "*** Update File: a.ts",
    "*** Move to: dir/b.ts",
    "*** Delete File: c.ts",
    "*** Update File: a.ts",
    "*** End Patch",
  ].join("\n");
  assert.deepEqual(patchFiles(p), ["n.ts", "a.ts", "dir/b.ts", "c.ts"]);
  assert.deepEqual(patchFiles(p, 2), ["n.ts", "a.ts"]);
  assert.deepEqual(patchFiles("*** Update File: \n"), [], "an empty name is none");
  assert.deepEqual(patchFiles("no patch here"), []);
});
