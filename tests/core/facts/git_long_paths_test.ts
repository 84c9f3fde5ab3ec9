/**
 * The differential suite on paths the system cannot name whole: git names a
 * file by its path from the work tree's top, baton by its absolute path, and
 * lstat and opendir fail past 4,096 bytes (ENAMETOOLONG). Where the path
 * from the top fits and the absolute one does not, git compares and lists
 * what baton cannot reach: baton names the tracked file unchecked and says
 * its untracked list is not whole. Where even the path from the top does
 * not fit, git prints the error and says nothing of the file; baton names it
 * unchecked. Either way the rest of the tree is compared
 * (tests/_helpers/git_oracle.ts).
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

/**
 * Bash defining `$rel`, a directory path of `dirBytes` bytes from the top
 * (components of 200 bytes, the last one shorter), and `go`, which makes it
 * and enters it one component at a time (no single call names it whole).
 */
function longDir(dirBytes: number): string {
  const full = Math.floor((dirBytes + 1) / 201);
  const last = dirBytes - full * 201;
  const parts = [...Array.from({ length: full }, (_, i) => `${"a".repeat(199)}${i % 10}`)];
  if (last > 0) parts.push("b".repeat(last));
  return [
    `rel='${parts.join("/")}'`,
    `go(){ for p in ${parts.join(" ")}; do mkdir -p $p; cd $p; done; }`,
  ].join("\n");
}

/** The blob of "x\n" staged at `$rel/f` without git opening the file. */
const STAGE =
  'b=$(echo x | git hash-object -w --stdin); git update-index --add --cacheinfo "100644,$b,$rel/f"';

async function shape(script: string): Promise<{ env: UserEnv; dir: string }> {
  const env: UserEnv = { home: (await tempDir("baton-home-")).path, xdg: null };
  const dir = await makeRepo("baton-long-");
  await runShapeScript(dir, script, env);
  return { env, dir };
}

Deno.test("an untracked file whose path from the top git opens (4,090 bytes) and whose absolute path is past 4,096: git lists it, baton says its untracked list is not whole", async () => {
  const { env, dir } = await shape(`${longDir(4088)}\necho t>top; c; (go; echo x>f); echo u>short`);
  const r = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  assert.equal(r.git.untracked.length, 2, "control: git lists the file");
  assert.equal(r.git.untracked.find((p) => p !== "short")?.length, 4090);
  assert.deepEqual(r.facts.tree?.untracked, ["short"], "control: baton lists what it reaches");
  assert.equal(r.facts.tree?.untracked_complete, false, "baton cannot list it");
  assert.deepEqual(r.unchecked, []);
});

Deno.test("a tracked file whose path from the top git opens and whose absolute path is past 4,096, edited: git says .M, baton names it unchecked and compares the rest", async () => {
  const { env, dir } = await shape(
    `${longDir(4088)}\n(go; echo x>f); ${STAGE}; echo t>top; c; (go; echo changed>f); echo e>top`,
  );
  const r = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  const long = [...r.git.tracked.keys()].find((p) => p.length > 4000);
  assert.equal(r.git.tracked.get(long!), ".M", "control: git compares it");
  assert.equal(r.git.tracked.get("top"), ".M");
  assert.deepEqual(r.unchecked, [long], "that one path is unchecked, the tree is compared");
  assert.match(r.facts.tree?.reason ?? "", /longer than the system names/);
});

Deno.test("a tracked file whose path from the top is past 4,096 bytes, edited or deleted: git says nothing of it (its lstat fails), baton names it unchecked and compares the rest", async () => {
  for (const change of ["echo changed>f", "rm f"]) {
    const { env, dir } = await shape(
      `${longDir(4300)}\n(go; echo x>f); ${STAGE}; echo t>top; c; (go; ${change}); echo e>top`,
    );
    const r = await assertAgreesWithGit(env, dir, { allowUnknown: true, label: change });
    assert.deepEqual([...r.git.tracked], [["top", ".M"]], "control: git names only top");
    assert.equal(r.unchecked.length, 1);
    assert.ok(r.unchecked[0]!.length > 4096);
  }
});
