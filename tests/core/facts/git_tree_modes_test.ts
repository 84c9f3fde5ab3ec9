/**
 * The differential suite for tree entries whose mode is not one git writes
 * today: `100664` (git's first weeks, and trees reused unchanged since),
 * `100775`, `100600`, zero-padded `0100644` and `040000`, a directory as
 * `40755`. git reads every tree mode through canon_mode, so a HEAD entry
 * stored as `100664` and its index entry `100644` are the same and nothing
 * is staged. Each shape is built with real git (the odd tree written with
 * `hash-object --literally`, committed, checked out with `reset --hard`),
 * then the index is changed elsewhere so the HEAD walk cannot take the
 * cache-tree's shortcut, and compared path by path with `git status
 * --porcelain=v2 -z -uall` (tests/_helpers/git_oracle.ts). Nothing may be
 * left unchecked; each shape also stages a real change both must show.
 * @module
 */
import assert from "node:assert/strict";
import { git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";

/** One raw tree entry: the mode bytes exactly as stored. */
type RawEntry = [mode: string, name: string, oid: string];

/** Writes a tree object with `entries` as given (modes verbatim, caller's order) and returns its id. */
async function writeRawTree(dir: string, entries: RawEntry[]): Promise<string> {
  const parts: number[] = [];
  for (const [mode, name, oid] of entries) {
    parts.push(...new TextEncoder().encode(`${mode} ${name}\0`));
    for (let i = 0; i < 40; i += 2) parts.push(parseInt(oid.slice(i, i + 2), 16));
  }
  const file = `${dir}/.git/raw-tree`;
  await Deno.writeFile(file, new Uint8Array(parts));
  const oid = (await git(dir, ["hash-object", "-t", "tree", "-w", "--literally", file])).stdout
    .trim();
  await Deno.remove(file);
  return oid;
}

async function blob(dir: string, text: string): Promise<string> {
  return (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: text })).stdout.trim();
}

/** Commits `tree` on top of nothing and checks it out (index and files from it). */
async function checkOut(dir: string, tree: string): Promise<void> {
  const commit = (await git(dir, ["commit-tree", "-m", "old modes", tree])).stdout.trim();
  await git(dir, ["reset", "-q", "--hard", commit]);
}

async function userEnv(): Promise<UserEnv> {
  return { home: (await tempDir("baton-modes-home-")).path, xdg: null };
}

const SHAPES: { name: string; root: (b: Record<string, string>, sub: string) => RawEntry[] }[] = [
  {
    name: "a 100664 file at the root (git's first weeks)",
    root: (b) => [["100664", "a", b.a!], ["100644", "b", b.b!]],
  },
  {
    name: "a 100775 and a 100600 file (owner's execute bit decides)",
    root: (b) => [["100775", "a", b.a!], ["100600", "b", b.b!]],
  },
  {
    name: "zero-padded modes: 0100644 file, 040000 directory",
    root: (b, sub) => [["0100644", "a", b.a!], ["100644", "b", b.b!], ["040000", "d", sub]],
  },
  {
    name: "a directory stored as 40755",
    root: (b, sub) => [["100644", "a", b.a!], ["100644", "b", b.b!], ["40755", "d", sub]],
  },
];

for (const shape of SHAPES) {
  Deno.test(`agrees (tree modes): ${shape.name}`, async () => {
    const env = await userEnv();
    const dir = await makeRepo("baton-modes-");
    const blobs = { a: await blob(dir, "alpha\n"), b: await blob(dir, "beta\n") };
    const sub = await writeRawTree(dir, [["100664", "f", await blob(dir, "in d\n")]]);
    await checkOut(dir, await writeRawTree(dir, shape.root(blobs, sub)));
    // A staged change beside them (the positive control) drops the cache-tree's
    // root, so the HEAD walk compares every entry.
    await writeFiles(dir, { "n.txt": "new\n" });
    await git(dir, ["add", "n.txt"]);
    const { git: view } = await assertAgreesWithGit(env, dir, { label: shape.name });
    assert.deepEqual([...view.tracked], [["n.txt", "A."]]);
  });
}

Deno.test("agrees (tree modes): an execute bit really changed under a 100664 tree is staged for both", async () => {
  const env = await userEnv();
  const dir = await makeRepo("baton-modes-");
  const blobs = { a: await blob(dir, "alpha\n"), b: await blob(dir, "beta\n") };
  await checkOut(
    dir,
    await writeRawTree(dir, [["100664", "a", blobs.a], ["100644", "b", blobs.b]]),
  );
  await git(dir, ["update-index", "--chmod=+x", "a"]);
  const { git: view } = await assertAgreesWithGit(env, dir, { label: "chmod" });
  // Staged 100644 -> 100755, and the file on disk (0644) differs from the index's bit.
  assert.deepEqual([...view.tracked], [["a", "MM"]]);
});
