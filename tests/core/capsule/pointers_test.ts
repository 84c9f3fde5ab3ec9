import assert from "node:assert/strict";
import { checkPointers, normalizePointer } from "../../../core/capsule/pointers.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("normalizePointer() refuses absolute paths, escapes and junk", () => {
  assert.deepEqual(normalizePointer("/etc/passwd"), { reason: "absolute" });
  assert.deepEqual(normalizePointer("C:\\Windows"), { reason: "absolute" });
  assert.deepEqual(normalizePointer("~/x"), { reason: "absolute" });
  assert.deepEqual(normalizePointer("a/../../b"), { reason: "escapes_repository" });
  assert.deepEqual(normalizePointer("a\u0000b"), { reason: "invalid" });
  assert.deepEqual(normalizePointer(".git/config"), { reason: "invalid" });
  assert.equal(normalizePointer("a/./b/../c.ts"), "a/c.ts");
});

Deno.test("checkPointers() drops symlinks that lead outside the repository and keeps the rest", async () => {
  const root = (await tempDir()).path;
  const outside = (await tempDir()).path;
  await Deno.mkdir(`${root}/src`);
  await Deno.writeTextFile(`${root}/src/a.ts`, "x");
  await Deno.writeTextFile(`${outside}/secret.txt`, "x");
  await Deno.symlink(outside, `${root}/out`);
  await Deno.symlink(`${root}/src`, `${root}/in`);
  const r = await checkPointers(new TestFs(), root, [
    "src/a.ts",
    "out/secret.txt",
    "in/a.ts",
    "../x",
    "not/yet/there.ts",
    "src/a.ts",
  ]);
  assert.deepEqual(r.kept, ["src/a.ts", "in/a.ts", "not/yet/there.ts"]);
  assert.deepEqual(r.dropped, [{ index: 1, reason: "symlink_outside" }, {
    index: 3,
    reason: "escapes_repository",
  }]);
});
