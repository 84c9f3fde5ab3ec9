import assert from "node:assert/strict";
import { listChain } from "../../../commands/_adapters/share_list.ts";
import { git, makeRepo } from "../../_helpers/git.ts";

async function inGit(gitdir: string, args: string[], stdin?: string): Promise<string> {
  const r = await git(gitdir, ["--git-dir", gitdir, ...args], stdin === undefined ? {} : { stdin });
  return r.stdout.trim();
}

/** A commit whose capsules/ folder holds `n` small blobs, one big blob and a sub-folder. */
async function chain(gitdir: string, n: number): Promise<{ commit: string; big: string }> {
  const small = await inGit(gitdir, ["hash-object", "-w", "--stdin"], "a capsule\n");
  const big = await inGit(gitdir, ["hash-object", "-w", "--stdin"], "z".repeat(300_000));
  const deeper = await inGit(gitdir, ["mktree"], `100644 blob ${small}\tdeep.md\n`);
  const lines = Array.from(
    { length: n },
    (_, i) => `100644 blob ${small}\t20260101T000000Z-${String(i).padStart(8, "0")}.md\n`,
  );
  lines.push(`100644 blob ${big}\tbig.md\n`, `040000 tree ${deeper}\tsub\n`);
  const sub = await inGit(gitdir, ["mktree"], lines.join(""));
  const root = await inGit(gitdir, ["mktree"], `040000 tree ${sub}\tcapsules\n`);
  const commit = await inGit(gitdir, ["commit-tree", root, "-m", "x"]);
  return { commit, big };
}

Deno.test("listChain(): the root and capsules/ entries with git's sizes, never deeper; too_many past the bound; not_commit for a blob", async () => {
  const dir = await makeRepo();
  try {
    const gitdir = (await git(dir, ["rev-parse", "--absolute-git-dir"])).stdout.trim();
    const { commit, big } = await chain(gitdir, 3);
    const l = await listChain(gitdir, commit, 10);
    assert.equal(l.kind, "listed");
    if (l.kind !== "listed") return;
    assert.deepEqual(l.root.map((e) => [e.name, e.type, e.size]), [["capsules", "tree", null]]);
    assert.equal(l.capsules.length, 5);
    const b = l.capsules.find((e) => e.name === "big.md")!;
    assert.deepEqual([b.oid, b.size, b.mode], [big, 300_000, "100644"]);
    assert.equal(l.capsules.find((e) => e.name === "sub")!.type, "tree");
    assert.ok(!l.capsules.some((e) => e.name === "deep.md"), "sub-folders are not listed");
    assert.deepEqual(await listChain(gitdir, commit, 4), { kind: "too_many", listed: 4 });
    assert.deepEqual(await listChain(gitdir, big, 10), { kind: "not_commit" });
    assert.deepEqual(await listChain(gitdir, "--output=/tmp/x", 10), { kind: "not_commit" });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("listChain(): a name holding a line break and a tab that spell another record stays one entry, its whole name", async () => {
  const dir = await makeRepo();
  try {
    const gitdir = (await git(dir, ["rev-parse", "--absolute-git-dir"])).stdout.trim();
    const blob = await inGit(gitdir, ["hash-object", "-w", "--stdin"], "a capsule\n");
    const valid = "20260101T000000Z-0000000a.md";
    // What `ls-tree -l` without -z would print for a second, valid entry, after a line break.
    const forged = `x.md\n100644 blob ${blob}      10\t${valid}`;
    const sub = await inGit(gitdir, ["mktree", "-z"], `100644 blob ${blob}\t${forged}\0`);
    const root = await inGit(gitdir, ["mktree"], `040000 tree ${sub}\tcapsules\n`);
    const commit = await inGit(gitdir, ["commit-tree", root, "-m", "x"]);
    const l = await listChain(gitdir, commit, 10);
    assert.equal(l.kind, "listed");
    if (l.kind !== "listed") return;
    assert.deepEqual(l.capsules.map((e) => e.name), [forged]);
    // Control: the same entry under the valid name is listed under it.
    const plain = await inGit(gitdir, ["mktree", "-z"], `100644 blob ${blob}\t${valid}\0`);
    const root2 = await inGit(gitdir, ["mktree"], `040000 tree ${plain}\tcapsules\n`);
    const l2 = await listChain(gitdir, await inGit(gitdir, ["commit-tree", root2, "-m", "y"]), 10);
    assert.deepEqual(l2.kind === "listed" ? l2.capsules.map((e) => e.name) : l2, [valid]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
