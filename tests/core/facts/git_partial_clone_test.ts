/**
 * A partial clone (`--filter=blob:none`) whose index holds a `.gitattributes`
 * the work tree lacks (checked out with `--no-checkout`, then `git reset`):
 * its blob is not in the clone. git fetches it from the promisor remote when
 * it compares a file, applies its rules (`*.txt text` makes a CRLF copy of
 * an LF file clean) and stops where it cannot fetch. baton took the missing
 * blob for no attributes file and called the file modified (`.M`), a status
 * git does not give; it now names those files unchecked, with the reason.
 * Controls: once git has fetched the blob, baton agrees with git on every
 * path; in a full clone of the same shape, baton agrees from the start.
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import {
  assertAgreesWithGit,
  batonFacts,
  runShapeScript,
  type UserEnv,
} from "../../_helpers/git_oracle.ts";

/** The origin (committed LF files under `*.txt text`) and a clone of it made by `clone`. */
async function cloneShape(clone: string): Promise<{ env: UserEnv; dir: string }> {
  const env: UserEnv = { home: (await tempDir("baton-partial-home-")).path, xdg: null };
  const origin = await makeRepo("baton-partial-origin-");
  await runShapeScript(
    origin,
    [
      "git config --global protocol.file.allow always; git config uploadpack.allowFilter true",
      "printf '*.txt text\\n' >.gitattributes; printf 'a\\nb\\n' >f.txt; echo q >other; c",
      `${clone} file://$PWD $HOME/cl; cd $HOME/cl; git config gc.auto 0; git reset -q`,
      "printf 'a\\r\\nb\\r\\n' >f.txt; echo q >other; echo n >new",
    ].join("\n"),
    env,
  );
  return { env, dir: `${env.home}/cl` };
}

Deno.test("partial clone: an index .gitattributes whose blob is missing leaves the files it may convert unchecked, never .M", async () => {
  const { env, dir } = await cloneShape("git clone -q --no-checkout --filter=blob:none");
  // baton first: the blob is not in the clone yet.
  const before = await batonFacts(env, dir);
  const xy = new Map(before.changed_files.map((f) => [f.path, f.xy]));
  assert.equal(xy.get("f.txt"), undefined, "f.txt is not called changed");
  assert.ok(before.tree!.unchecked.includes("f.txt"), "f.txt is named unchecked");
  assert.match(before.tree!.reason, /\.gitattributes is in no object store read/);
  assert.equal(xy.get(".gitattributes"), ".D", "what needs no attributes is still compared");
  assert.equal(xy.get("new"), "??");
  // git fetches the blob and applies it: f.txt is clean to git.
  const r = await assertAgreesWithGit(env, dir, { label: "after git fetched the blob" });
  assert.equal(r.git.tracked.get("f.txt"), undefined, "control: git calls f.txt clean");
  assert.equal(r.git.tracked.get(".gitattributes"), ".D");
});

Deno.test("control: a full clone of the same shape agrees with git from the start", async () => {
  const { env, dir } = await cloneShape("git clone -q --no-checkout");
  const r = await assertAgreesWithGit(env, dir, { label: "full clone" });
  assert.equal(r.git.tracked.get("f.txt"), undefined);
  assert.deepEqual(r.unchecked, []);
});

/**
 * The same partial clone with a submodule whose `.gitmodules` says
 * `ignore = all`: the index holds `.gitmodules`, the work tree does not
 * (`--no-checkout`), and its blob is not in the clone. git fetches it and
 * hides the submodule's edit; baton read the missing blob as no settings and
 * called the submodule modified. It now names the gitlink unchecked.
 */
async function submoduleShape(clone: string): Promise<{ env: UserEnv; dir: string }> {
  const env: UserEnv = { home: (await tempDir("baton-partial-sub-home-")).path, xdg: null };
  const origin = await makeRepo("baton-partial-sub-origin-");
  await runShapeScript(
    origin,
    [
      "git config --global protocol.file.allow always; git config uploadpack.allowFilter true",
      "mkdir $HOME/sub; (cd $HOME/sub; git init -q; echo s >s.txt; c)",
      "git submodule add -q $HOME/sub lib; git config -f .gitmodules submodule.lib.ignore all; c",
      `${clone} file://$PWD $HOME/cl; cd $HOME/cl; git config gc.auto 0; git reset -q`,
      "rmdir lib 2>/dev/null || true; git clone -q $HOME/sub lib; echo edit >lib/s.txt",
    ].join("\n"),
    env,
  );
  return { env, dir: `${env.home}/cl` };
}

Deno.test("partial clone: a .gitmodules blob that is missing leaves its gitlinks unchecked, never .M", async () => {
  const { env, dir } = await submoduleShape("git clone -q --no-checkout --filter=blob:none");
  const before = await batonFacts(env, dir);
  const xy = new Map(before.changed_files.map((f) => [f.path, f.xy]));
  assert.equal(xy.get("lib"), undefined, "lib is not called changed");
  assert.ok(before.tree!.unchecked.includes("lib"), "lib is named unchecked");
  assert.match(before.tree!.reason, /\.gitmodules git reads is a blob in no object store read/);
  assert.equal(xy.get(".gitmodules"), ".D", "what needs no submodule settings is still compared");
  // git fetches the blob and applies ignore=all: lib is hidden.
  const r = await assertAgreesWithGit(env, dir, { label: "after git fetched .gitmodules" });
  assert.equal(r.git.tracked.get("lib"), undefined, "control: git hides the submodule");
});

Deno.test("control: a full clone with the same submodule agrees with git from the start", async () => {
  const { env, dir } = await submoduleShape("git clone -q --no-checkout");
  const r = await assertAgreesWithGit(env, dir, { label: "full clone with a submodule" });
  assert.equal(r.git.tracked.get("lib"), undefined);
  assert.deepEqual(r.unchecked, []);
});
