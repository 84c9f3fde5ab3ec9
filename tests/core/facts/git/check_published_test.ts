/** Tests for checkPublished(): fast path, bounded walks, budgets and agreement with git on random DAGs. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import { checkPublished } from "../../../../core/facts/git/check_published.ts";
import type { CheckPublishedOptions } from "../../../../core/facts/git/check_published.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import type { RepoLocation } from "../../../../core/facts/types.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { fastImportHistory, gitRaw } from "../../../_helpers/git_fixtures.ts";

const fs = new TestFs();
const CLOCK: CheckPublishedOptions = { now: () => performance.now(), budgetMs: 60_000 };

async function repoAt(dir: string): Promise<RepoLocation> {
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  return repo;
}

async function setRemote(dir: string, name: string, oid: string): Promise<void> {
  await git(dir, ["update-ref", `refs/remotes/${name}`, oid]);
}

/** 2,001 linear commits (packed by fast-import); built once and shared by read-only tests. */
let shared: Promise<{ dir: string; ids: string[] }> | null = null;
function history(): Promise<{ dir: string; ids: string[] }> {
  shared ??= (async () => {
    const dir = await makeRepo();
    const ids = await fastImportHistory(dir, 2001);
    return { dir, ids };
  })();
  return shared;
}

Deno.test("checkPublished() answers yes without walking when HEAD equals a remote-tracking ref", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  const head = await commitAll(dir);
  await setRemote(dir, "origin/main", head);
  await git(dir, ["symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main"]);
  const r = await checkPublished(fs, await repoAt(dir), head, CLOCK);
  assert.deepEqual(r, {
    status: "yes",
    refs: ["refs/remotes/origin/main"],
    reason: "HEAD equals refs/remotes/origin/main",
    commitsWalked: 0,
  });
});

Deno.test("checkPublished() answers no for one unpushed commit on a 2,000-commit history", async () => {
  const { dir, ids } = await history();
  const repo = await repoAt(dir);
  const head = ids[2000]!;
  await setRemote(dir, "origin/main", ids[1999]!);
  const r = await checkPublished(fs, repo, head, CLOCK);
  assert.notEqual(r.status, "yes");
  assert.equal(r.status, "no");
  assert.deepEqual(r.refs, []);
  assert.match(r.reason, /^walked \d+ commits? within budget/);
  // The merge-base style walk stops once both sides meet instead of walking all history.
  assert.ok(r.commitsWalked <= 5, `walked ${r.commitsWalked}`);
  // Oracle: git agrees HEAD is not contained.
  assert.equal((await git(dir, ["for-each-ref", "--contains", head, "refs/remotes/"])).stdout, "");
});

Deno.test("checkPublished() walks 50 commits back to find HEAD in origin/main's history", async () => {
  const { dir, ids } = await history();
  await setRemote(dir, "origin/main", ids[1999]!);
  const r = await checkPublished(fs, await repoAt(dir), ids[1949]!, CLOCK);
  assert.equal(r.status, "yes");
  assert.deepEqual(r.refs, ["refs/remotes/origin/main"]);
  assert.match(
    r.reason,
    /^HEAD is in the history of refs\/remotes\/origin\/main \(walked \d+ commits?\)$/,
  );
  assert.ok(r.commitsWalked >= 50 && r.commitsWalked < 200, `walked ${r.commitsWalked}`);
});

Deno.test("checkPublished() answers no when there are no remote-tracking refs", async () => {
  const dir = await makeRepo();
  const head = await commitAll(dir);
  const r = await checkPublished(fs, await repoAt(dir), head, CLOCK);
  assert.deepEqual(r, {
    status: "no",
    refs: [],
    reason: "no remote-tracking refs",
    commitsWalked: 0,
  });
});

Deno.test("checkPublished() answers unknown when the injected clock says the budget ran out", async () => {
  const { dir, ids } = await history();
  await setRemote(dir, "origin/main", ids[1999]!);
  let t = 0;
  const r = await checkPublished(fs, await repoAt(dir), ids[1000]!, {
    now: () => (t += 100),
    budgetMs: 500,
  });
  assert.equal(r.status, "unknown");
  assert.match(r.reason, /^time budget ran out after \d+ commits?$/);
  // Positive control: with time to spare the same question is a yes.
  assert.equal((await checkPublished(fs, await repoAt(dir), ids[1000]!, CLOCK)).status, "yes");
});

Deno.test("checkPublished() answers unknown when the commit cap is reached", async () => {
  const { dir, ids } = await history();
  await setRemote(dir, "origin/main", ids[1999]!);
  const r = await checkPublished(fs, await repoAt(dir), ids[10]!, { ...CLOCK, maxCommits: 100 });
  assert.equal(r.status, "unknown");
  assert.match(r.reason, /^commit cap of 100 reached after \d+ commits?$/);
});

Deno.test("checkPublished() answers no for a disjoint history only after exhausting it", async () => {
  const { dir, ids } = await history();
  const repo = await repoAt(dir);
  await setRemote(dir, "origin/main", ids[1999]!);
  const orphan = await gitRaw(dir, [
    "commit-tree",
    "-m",
    "orphan",
    "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
  ], new Uint8Array());
  const head = new TextDecoder().decode(orphan).trim();
  const r = await checkPublished(fs, repo, head, CLOCK);
  assert.equal(r.status, "no");
  assert.ok(r.commitsWalked >= 2000, `walked ${r.commitsWalked}`);
});

Deno.test("checkPublished() answers unknown when remote history cannot be read", async () => {
  const dir = await makeRepo();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    await writeFiles(dir, { "a.txt": `${i}\n` });
    ids.push(await commitAll(dir, `c${i}`));
  }
  await setRemote(dir, "origin/main", ids[4]!);
  await git(dir, ["checkout", "-q", "--orphan", "other"]);
  const head = await commitAll(dir, "orphan");
  const repo = await repoAt(dir);
  // Positive control: with every object present the answer is a sound no.
  assert.equal((await checkPublished(fs, repo, head, CLOCK)).status, "no");
  await Deno.remove(`${dir}/.git/objects/${ids[2]!.slice(0, 2)}/${ids[2]!.slice(2)}`);
  const r = await checkPublished(fs, repo, head, CLOCK);
  assert.equal(r.status, "unknown");
  assert.match(r.reason, /could not be read/);
});

Deno.test("checkPublished() is not fooled by commit timestamps that run backwards", async () => {
  const dir = await makeRepo();
  const ids = await fastImportHistory(dir, 300, { time: (i) => 1800000000 - i * 3600 });
  const repo = await repoAt(dir);
  await setRemote(dir, "origin/main", ids[298]!);
  assert.equal((await checkPublished(fs, repo, ids[200]!, CLOCK)).status, "yes");
  assert.equal((await checkPublished(fs, repo, ids[299]!, CLOCK)).status, "no");
});

/** A small seeded PRNG so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes a random DAG of `n` commits in two fast-import runs; `between` gets the first half's ids. */
async function randomDag(
  dir: string,
  n: number,
  seed: number,
  between: (firstHalf: string[]) => Promise<void>,
): Promise<Map<number, string>> {
  const rand = rng(seed);
  const stream = (from: number, to: number): Uint8Array => {
    const parts: string[] = [];
    for (let i = from; i <= to; i++) {
      const first = i > 1 && rand() < 0.9 ? 1 + Math.floor(rand() * (i - 1)) : 0;
      const merge = first > 0 && rand() < 0.2 ? 1 + Math.floor(rand() * (i - 1)) : 0;
      const time = 1700000000 + i * 60 + Math.floor((rand() - 0.5) * 86400 * 30);
      parts.push(
        `commit refs/heads/dag\nmark :${i}\ncommitter T <t@e> ${time} +0000\ndata 2\nc\n` +
          (first > 0 ? `from :${first}\n` : "") +
          (merge > 0 && merge !== first ? `merge :${merge}\n` : "") +
          `M 100644 inline f\ndata ${String(i).length + 1}\n${i}\n\n`,
      );
    }
    return new TextEncoder().encode(parts.join(""));
  };
  const marks = `${dir}/.marks`;
  const half = Math.floor(n / 2);
  const readMarks = async (): Promise<Map<number, string>> => {
    const ids = new Map<number, string>();
    for (const line of (await Deno.readTextFile(marks)).trim().split("\n")) {
      const [mark, oid] = line.split(" ");
      ids.set(Number(mark!.slice(1)), oid!);
    }
    return ids;
  };
  await gitRaw(dir, ["fast-import", "--quiet", `--export-marks=${marks}`], stream(1, half));
  await between([...(await readMarks()).values()]);
  await gitRaw(
    dir,
    ["fast-import", "--quiet", "--force", `--import-marks=${marks}`, `--export-marks=${marks}`],
    stream(half + 1, n),
  );
  return await readMarks();
}

/** Runs random containment queries and compares with `git for-each-ref --contains`. */
async function compareWithGit(
  dir: string,
  ids: Map<number, string>,
  seed: number,
  extra: Partial<CheckPublishedOptions> = {},
): Promise<{ yes: number; no: number }> {
  const rand = rng(seed);
  const repo = await repoAt(dir);
  let yes = 0;
  let no = 0;
  for (let q = 0; q < 40; q++) {
    const old =
      (await git(dir, ["for-each-ref", "--format=delete %(refname)", "refs/remotes/"])).stdout;
    if (old !== "") await git(dir, ["update-ref", "--stdin"], { stdin: old });
    const tipCount = 1 + Math.floor(rand() * 3);
    const tips: string[] = [];
    for (let t = 0; t < tipCount; t++) {
      tips.push(ids.get(1 + Math.floor(rand() * ids.size))!);
      await setRemote(dir, `r${t}/main`, tips[t]!);
    }
    // Half the queries take HEAD from a tip's history so "yes" answers are common too.
    let head = ids.get(1 + Math.floor(rand() * ids.size))!;
    if (rand() < 0.5) {
      const history = (await git(dir, ["rev-list", tips[0]!])).stdout.trim().split("\n");
      head = history[Math.floor(rand() * history.length)]!;
    }
    const contains = (await git(dir, [
      "for-each-ref",
      "--contains",
      head,
      "--format=%(refname)",
      "refs/remotes/",
    ])).stdout.trim();
    const r = await checkPublished(fs, repo, head, { ...CLOCK, ...extra });
    assert.equal(r.status, contains === "" ? "no" : "yes", `query ${q}: ${r.reason}`);
    for (const ref of r.refs) {
      assert.ok(contains.split("\n").includes(ref), `${ref} must contain HEAD`);
    }
    if (r.status === "yes") yes++;
    else no++;
  }
  assert.ok(yes > 0 && no > 0, `both answers exercised (yes ${yes}, no ${no})`);
  return { yes, no };
}

Deno.test("checkPublished() agrees with git on a random DAG with merges and skewed clocks", async () => {
  const dir = await makeRepo();
  const ids = await randomDag(dir, 300, 42, () => Promise.resolve());
  await compareWithGit(dir, ids, 7);
});

Deno.test("checkPublished() agrees with git when a commit-graph covers only older commits", async () => {
  const dir = await makeRepo();
  const ids = await randomDag(dir, 300, 43, async (firstHalf) => {
    await git(dir, ["commit-graph", "write", "--stdin-commits"], { stdin: firstHalf.join("\n") });
  });
  assert.ok((await Deno.stat(`${dir}/.git/objects/info/commit-graph`)).isFile);
  await compareWithGit(dir, ids, 8);
  // A split chain with a second layer for the newer half.
  await git(dir, ["commit-graph", "write", "--stdin-commits", "--split=no-merge"], {
    stdin: [...ids.values()].join("\n"),
  });
  assert.ok((await Deno.stat(`${dir}/.git/objects/info/commit-graphs/commit-graph-chain`)).isFile);
  await compareWithGit(dir, ids, 9);
  await compareWithGit(dir, ids, 9, { useCommitGraph: false });
});

Deno.test("checkPublished() uses commit-graph generations to skip an old remote branch", async () => {
  const dir = await makeRepo();
  const ids = await fastImportHistory(dir, 2001);
  const repo = await repoAt(dir);
  await setRemote(dir, "origin/main", ids[1999]!);
  await setRemote(dir, "origin/old", ids[300]!);
  // Without a graph the sound walk must go down to origin/old to rule it out.
  const slow = await checkPublished(fs, repo, ids[2000]!, CLOCK);
  assert.equal(slow.status, "no");
  assert.ok(slow.commitsWalked > 1500, `walked ${slow.commitsWalked}`);
  await git(dir, ["commit-graph", "write", "--reachable"]);
  const fast = await checkPublished(fs, repo, ids[2000]!, CLOCK);
  assert.equal(fast.status, "no");
  assert.ok(fast.commitsWalked < 10, `walked ${fast.commitsWalked}`);
  assert.match(fast.reason, /commit-graph generation numbers pruned 2\)$/);
  assert.equal((await checkPublished(fs, repo, ids[1000]!, CLOCK)).status, "yes");
  assert.equal(
    (await checkPublished(fs, repo, ids[2000]!, { ...CLOCK, useCommitGraph: false })).commitsWalked,
    slow.commitsWalked,
  );
});

Deno.test("checkPublished() with HEAD newer than the commit-graph prunes every commit in the graph, and still finds a newer remote ref holding HEAD", async () => {
  const dir = await makeRepo();
  const stream = (ref: string, from: string | null, n: number, t0: number) => {
    let out = "";
    for (let i = 0; i < n; i++) {
      out += `commit ${ref}\ncommitter B <b@e.invalid> ${t0 + i} +0000\ndata 2\nc\n` +
        (i === 0 && from !== null ? `from ${from}\n` : "") +
        `M 100644 inline f.txt\ndata ${String(i).length + 1}\n${i}\n\n`;
    }
    return out;
  };
  await git(dir, ["fast-import", "--quiet"], { stdin: stream("refs/heads/main", null, 50, 1e9) });
  await git(dir, ["fast-import", "--quiet"], {
    stdin: stream("refs/remotes/origin/main", "refs/heads/main^0", 400, 3e9),
  });
  await git(dir, ["commit-graph", "write", "--reachable"]);
  await git(dir, ["fast-import", "--quiet"], {
    stdin: stream("refs/heads/main", "refs/heads/main^0", 300, 2e9),
  });
  const head = (await git(dir, ["rev-parse", "refs/heads/main"])).stdout.trim();
  const repo = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const withGraph = await checkPublished(new TestFs(), repo, head, {
    now: () => 0,
    budgetMs: 1e9,
  });
  assert.equal(withGraph.status, "no");
  assert.match(withGraph.reason, /generation numbers pruned/);
  const without = await checkPublished(new TestFs(), repo, head, {
    now: () => 0,
    budgetMs: 1e9,
    useCommitGraph: false,
  });
  assert.equal(without.status, "no", "control: the same answer by a full walk");
  assert.ok(withGraph.commitsWalked < without.commitsWalked, "pruning read fewer commits");
  // A remote ref newer than the graph that contains HEAD is still found.
  await git(dir, ["fast-import", "--quiet"], {
    stdin: stream("refs/remotes/origin/ahead", "refs/heads/main^0", 5, 4e9),
  });
  const found = await checkPublished(new TestFs(), repo, head, { now: () => 0, budgetMs: 1e9 });
  assert.equal(found.status, "yes");
  assert.deepEqual(found.refs, ["refs/remotes/origin/ahead"]);
});

Deno.test("checkPublished() never answers yes on a symbolic ref under refs/remotes naming a local branch, which git for-each-ref --contains counts", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  const first = await commitAll(dir);
  await writeFiles(dir, { "a.txt": "b\n" });
  const second = await commitAll(dir);
  await git(dir, ["branch", "old", first]);
  const repo = await repoAt(dir);
  const gitSays = async (head: string) =>
    (await git(dir, ["for-each-ref", "--contains", head, "--format=%(refname)", "refs/remotes"]))
      .stdout.trim().split("\n").filter((l) => l !== "");
  // Control (both sides): a symbolic ref to a remote-tracking ref behind HEAD adds nothing.
  await setRemote(dir, "origin/main", first);
  await git(dir, ["symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main"]);
  assert.deepEqual(await gitSays(second), []);
  assert.equal((await checkPublished(fs, repo, second, CLOCK)).status, "no");
  // Pointed at the local branch main (which holds HEAD, pushed nowhere): git counts it, and
  // 'published: yes' would say the commit is on a remote; baton says it cannot tell.
  await git(dir, ["symbolic-ref", "refs/remotes/origin/HEAD", "refs/heads/main"]);
  assert.deepEqual(await gitSays(second), ["refs/remotes/origin/HEAD"]);
  const local = await checkPublished(fs, repo, second, CLOCK);
  assert.equal(local.status, "unknown");
  assert.deepEqual(local.refs, []);
  assert.match(local.reason, /origin\/HEAD, a symbolic ref naming a ref outside refs\/remotes/);
  // The same in a walk: HEAD behind main, origin/main gone.
  await git(dir, ["update-ref", "-d", "refs/remotes/origin/main"]);
  assert.deepEqual(await gitSays(first), ["refs/remotes/origin/HEAD"]);
  assert.equal((await checkPublished(fs, repo, first, CLOCK)).status, "unknown");
  // A remote-tracking ref of its own holding HEAD: yes, named by it (at HEAD, and by a walk).
  await setRemote(dir, "origin/main", first);
  assert.deepEqual(await gitSays(first), ["refs/remotes/origin/HEAD", "refs/remotes/origin/main"]);
  const equal = await checkPublished(fs, repo, first, CLOCK);
  assert.equal(equal.status, "yes");
  assert.deepEqual(equal.refs, ["refs/remotes/origin/main"]);
  await writeFiles(dir, { "a.txt": "c\n" });
  await commitAll(dir);
  await setRemote(dir, "origin/main", second);
  const walked = await checkPublished(fs, repo, first, CLOCK);
  assert.equal(walked.status, "yes");
  assert.deepEqual(walked.refs, ["refs/remotes/origin/main"]);
  // Pointed at a local branch that does not hold HEAD: no, for both.
  await git(dir, ["update-ref", "-d", "refs/remotes/origin/main"]);
  await git(dir, ["symbolic-ref", "refs/remotes/origin/HEAD", "refs/heads/old"]);
  assert.deepEqual(await gitSays(second), []);
  assert.equal((await checkPublished(fs, repo, second, CLOCK)).status, "no");
});

Deno.test("checkPublished() stops at a shallow commit as git does: its parents, present after a deepening clone and a shallow fetch, are not walked to a yes git does not give", async () => {
  const src = await makeRepo();
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    await writeFiles(src, { "a.txt": `${i}\n` });
    ids.push(await commitAll(src, `c${i}`));
  }
  const cl = `${src}/.git/cl`;
  await git(src, ["clone", "-q", "--depth", "2", `file://${src}`, cl]);
  const repo = await repoAt(cl);
  const head = ids[2]!;
  const gitSays = async () =>
    (await git(cl, ["for-each-ref", "--contains", head, "--format=%(refname)", "refs/remotes"]))
      .stdout.trim().split("\n").filter((l) => l !== "");
  // Control: origin moves on by one commit, fetched with depth 2; git walks it to HEAD.
  await writeFiles(src, { "a.txt": "3\n" });
  ids.push(await commitAll(src, "c3"));
  await git(cl, ["fetch", "-q", "--depth", "2"]);
  assert.ok((await gitSays()).includes("refs/remotes/origin/main"));
  const found = await checkPublished(fs, repo, head, CLOCK);
  assert.equal(found.status, "yes");
  // One more, fetched with depth 1: origin/main's commit is shallow now, and git stops there
  // although its parent (once HEAD's child, now HEAD's) is present. baton may not say yes.
  await writeFiles(src, { "a.txt": "4\n" });
  ids.push(await commitAll(src, "c4"));
  await git(cl, ["fetch", "-q", "--depth", "1"]);
  assert.deepEqual(await gitSays(), []);
  assert.equal((await git(cl, ["cat-file", "-t", ids[3]!])).stdout.trim(), "commit");
  const cut = await checkPublished(fs, repo, head, CLOCK);
  assert.equal(cut.status, "unknown");
  assert.match(cut.reason, /shallow/);
});

Deno.test("checkPublished() peels a remote-tracking ref from its own object, not from a packed-refs peel line", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  const other = await commitAll(dir, "other");
  await git(dir, ["checkout", "-q", "--orphan", "side"]);
  await writeFiles(dir, { "b.txt": "b\n" });
  const head = await commitAll(dir, "head");
  const contains = async () =>
    (await git(dir, ["for-each-ref", "--contains", head, "--format=%(refname)", "refs/remotes/"]))
      .stdout;
  // A peel line under a commit's ref (git writes one only under a tag's): git ignores it.
  await Deno.writeTextFile(
    `${dir}/.git/packed-refs`,
    `# pack-refs with: peeled fully-peeled sorted \n${other} refs/remotes/origin/main\n^${head}\n`,
  );
  assert.equal(await contains(), "");
  const forged = await checkPublished(fs, await repoAt(dir), head, CLOCK);
  assert.equal(forged.status, "no", JSON.stringify(forged));
  // Control: an annotated tag of HEAD under refs/remotes, packed with its true peel line.
  await git(dir, ["tag", "-a", "-m", "t", "t1", head]);
  const tag = (await git(dir, ["rev-parse", "t1"])).stdout.trim();
  await git(dir, ["update-ref", "refs/remotes/origin/tagged", tag]);
  await git(dir, ["pack-refs", "--all"]);
  assert.match(await Deno.readTextFile(`${dir}/.git/packed-refs`), new RegExp(`\\^${head}`));
  assert.equal(await contains(), "refs/remotes/origin/tagged\n");
  const tagged = await checkPublished(fs, await repoAt(dir), head, CLOCK);
  assert.equal(tagged.status, "yes", JSON.stringify(tagged));
  assert.deepEqual(tagged.refs, ["refs/remotes/origin/tagged"]);
});
