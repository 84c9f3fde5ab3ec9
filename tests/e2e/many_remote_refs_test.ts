/**
 * A remote whose many branches (18,000 in the test) all sit at HEAD's commit, with long
 * names (a remote's branch names are whoever pushed them): the publication
 * fact named every one, so finalize wrote a latest.md over the 16 MiB baton
 * reads a capsule at, and load refused the capsule it had just written. The
 * answer now names at most 20 of them; the control is a remote of three
 * branches, all named.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";

/** A repository with one commit and `count` remote-tracking refs at it, `bytes` long each. */
async function repoWithRemoteRefs(count: number, bytes: number): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  const head = await commitAll(dir, "one");
  const lines = ["# pack-refs with: peeled fully-peeled sorted "];
  for (let i = 0; i < count; i++) {
    const id = String(i).padStart(6, "0");
    // Components of 190 bytes, as a loose ref's folders would hold them (a name is at most 1,024).
    const parts = Array.from(
      { length: Math.ceil(bytes / 191) },
      (_, k) => `${id}${k}`.padEnd(190, "x"),
    );
    lines.push(`${head} refs/remotes/origin/${parts.join("/")}`);
  }
  lines.sort();
  await Deno.writeTextFile(`${dir}/.git/packed-refs`, lines.join("\n") + "\n");
  return dir;
}

/** finalize, then load and show: the refs the capsule names and the publication line. */
async function capture(dir: string): Promise<{ refs: string[]; line: string }> {
  await finalizeDraft(dir, { now: "working" });
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  const line = load.stdout.split("\n").find((l) => l.startsWith("- Publication:")) ?? "";
  const show = await runBaton(["show", "latest", "--json"], { cwd: dir });
  assert.equal(show.code, 0, show.stderr);
  return { refs: JSON.parse(show.stdout).capsule.facts.published.refs, line };
}

Deno.test("a remote of 18,000 long branch names at HEAD leaves a capsule load can read, naming 20 of them", async () => {
  const dir = await repoWithRemoteRefs(18000, 950);
  const r = await capture(dir);
  assert.equal(r.refs.length, 20);
  assert.match(r.line, /is reachable from refs\/remotes\/origin\/000000/);
  const size = (await Deno.stat(`${dir}/.baton/latest.md`)).size;
  assert.ok(size < 1024 * 1024, `latest.md is ${size} bytes`);
});

Deno.test("control: a remote of three branches at HEAD is named whole", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "one");
  for (const b of ["main", "dev", "release"]) {
    await git(dir, ["update-ref", `refs/remotes/origin/${b}`, "HEAD"]);
  }
  const r = await capture(dir);
  assert.deepEqual(r.refs.toSorted(), [
    "refs/remotes/origin/dev",
    "refs/remotes/origin/main",
    "refs/remotes/origin/release",
  ]);
});
