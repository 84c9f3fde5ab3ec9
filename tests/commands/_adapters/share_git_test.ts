import assert from "node:assert/strict";
import { isAncestor, readChainBlob, setChainRef } from "../../../commands/_adapters/share_git.ts";
import { ChainRefMovedError } from "../../../core/share/ref_lock.ts";
import { git, makeRepo } from "../../_helpers/git.ts";

async function hashObject(dir: string, bytes: Uint8Array): Promise<string> {
  const child = new Deno.Command("git", {
    args: ["-C", dir, "hash-object", "-w", "--stdin"],
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(bytes);
  await w.close();
  const out = await child.output();
  return new TextDecoder().decode(out.stdout).trim();
}

// The size is checked before this is called, from git's listing (share_list_test.ts); the
// length check here is the last guard.
Deno.test("readChainBlob(): a blob over the bound is refused; one within it is read", async () => {
  const dir = await makeRepo();
  const gitdir = (await git(dir, ["rev-parse", "--absolute-git-dir"])).stdout.trim();
  const small = await hashObject(dir, new TextEncoder().encode("a capsule\n"));
  const large = await hashObject(dir, new Uint8Array(2 * 1024 * 1024));
  const read = await readChainBlob(gitdir, small, 1024 * 1024);
  assert.equal(new TextDecoder().decode(read!), "a capsule\n", "positive control");
  assert.equal(await readChainBlob(gitdir, large, 1024 * 1024), null);
});

Deno.test("isAncestor(): git's answer: a commit and its ancestors yes; a descendant, an unrelated commit, a missing or malformed id no", async () => {
  const dir = await makeRepo();
  const gitdir = (await git(dir, ["rev-parse", "--absolute-git-dir"])).stdout.trim();
  const tree = (await git(dir, ["mktree"], { stdin: "" })).stdout.trim();
  const commit = async (message: string, ...parents: string[]) =>
    (await git(dir, ["commit-tree", tree, ...parents.flatMap((p) => ["-p", p]), "-m", message]))
      .stdout.trim();
  const a = await commit("a");
  const b = await commit("b", a);
  const c = await commit("c", b);
  const other = await commit("other");
  assert.equal(await isAncestor(gitdir, a, c), true);
  assert.equal(await isAncestor(gitdir, c, c), true);
  assert.equal(await isAncestor(gitdir, c, a), false);
  assert.equal(await isAncestor(gitdir, other, c), false);
  assert.equal(await isAncestor(gitdir, "0".repeat(40), c), false);
  assert.equal(await isAncestor(gitdir, "--all", c), false);
});

Deno.test("setChainRef(): a ref that no longer names the id read before is left, and the lock removed; the expected one is updated", async () => {
  const dir = await makeRepo();
  try {
    const gitdir = (await git(dir, ["rev-parse", "--absolute-git-dir"])).stdout.trim();
    const tree = (await git(dir, ["mktree"], { stdin: "" })).stdout.trim();
    const a = (await git(dir, ["commit-tree", tree, "-m", "a"])).stdout.trim();
    const b = (await git(dir, ["commit-tree", tree, "-m", "b"])).stdout.trim();
    const c = (await git(dir, ["commit-tree", tree, "-m", "c"])).stdout.trim();
    await setChainRef(gitdir, "refs/baton/main", a, null);
    const read = async () => (await git(dir, ["rev-parse", "refs/baton/main"])).stdout.trim();
    assert.equal(await read(), a, "positive control: an absent ref is created");
    // Another process moved it to b (packed, as git pack-refs leaves it): baton read a.
    await git(dir, ["update-ref", "refs/baton/main", b, a]);
    await git(dir, ["pack-refs", "--all"]);
    await assert.rejects(setChainRef(gitdir, "refs/baton/main", c, a), ChainRefMovedError);
    assert.equal(await read(), b);
    await assert.rejects(Deno.lstat(`${gitdir}/refs/baton/main.lock`), Deno.errors.NotFound);
    await assert.rejects(setChainRef(gitdir, "refs/baton/main", c, null), ChainRefMovedError);
    await setChainRef(gitdir, "refs/baton/main", c, b);
    assert.equal(
      await read(),
      c,
      "positive control: the packed ref is updated from the id it names",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
