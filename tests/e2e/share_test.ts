/**
 * Sharing the chain through git, end to end with real git: a round trip
 * between two clones through a bare remote, a concurrent push from two
 * clones (nothing lost, the fork reported), the work tree, index, HEAD and
 * branches untouched, revive from the archive and from the shared ref
 * (idempotent), and trust following the reader's keys.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { removeAfterTests } from "../_helpers/temp.ts";
import { runBaton } from "../_helpers/cli.ts";
import { type Machine, makeShareWorld, SHARE_ENV as ENV } from "../_helpers/share_world.ts";

async function baton(m: Machine, args: string[]) {
  const r = await runBaton(args, { cwd: m.dir, env: { ...ENV, BATON_HOME: m.home } });
  return r;
}

/** A run that must exit 0; its stderr and stdout are the message when it does not. */
function assertRan(r: { code: number; stdout: string; stderr: string }): void {
  assert.equal(r.code, 0, `${r.stderr}\n${r.stdout}`);
}

async function capsule(m: Machine, now: string, extra: Record<string, unknown> = {}) {
  const path = `${m.dir}/.git/draft.json`;
  await Deno.writeTextFile(path, JSON.stringify({ now, ...extra }));
  const r = await baton(m, ["finalize", "--draft", path, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).id as string;
}

async function archive(m: Machine): Promise<string[]> {
  try {
    const names: string[] = [];
    for await (const e of Deno.readDir(`${m.dir}/.baton/capsules`)) names.push(e.name);
    return names.sort();
  } catch {
    return [];
  }
}

/** Everything git itself would show about the checkout, besides .baton/. */
async function gitState(dir: string): Promise<string> {
  const status = (await git(dir, ["status", "--porcelain=v2", "--branch", "--untracked-files=all"]))
    .stdout.split("\n").filter((l) => !l.includes(".baton/")).join("\n");
  const head = await Deno.readTextFile(`${dir}/.git/HEAD`);
  const index = await Deno.readFile(`${dir}/.git/index`).catch(() => new Uint8Array());
  const heads = (await git(dir, ["for-each-ref", "refs/heads", "refs/remotes"])).stdout;
  const digest = await crypto.subtle.digest("SHA-256", index);
  return [status, head, heads, btoa(String.fromCharCode(...new Uint8Array(digest)))].join("\n--\n");
}

Deno.test("share: push and pull round trip through a bare remote, git state untouched", async () => {
  const { root, a, b, remote } = await makeShareWorld("baton-share-");
  try {
    const id1 = await capsule(a, "first capsule from A");
    await Deno.writeTextFile(`${a.dir}/README.md`, "hello, edited but not staged\n");
    const before = await gitState(a.dir);
    const push = await baton(a, ["push", "--json"]);
    assert.equal(push.code, 0, push.stderr);
    const pj = JSON.parse(push.stdout);
    assert.equal(pj.pushed, "pushed");
    assert.equal(pj.ref, "refs/baton/main");
    assert.equal(pj.capsules, 1);
    assert.equal(await gitState(a.dir), before, "push changed the checkout's git state");
    const onRemote = (await git(root, ["ls-remote", remote, "refs/baton/main"])).stdout;
    assert.match(onRemote, /refs\/baton\/main/);
    // The ref is an ordinary commit whose tree holds the capsule.
    const tree =
      (await git(root, ["--git-dir", remote, "ls-tree", "-r", "--name-only", "refs/baton/main"]))
        .stdout;
    assert.equal(tree.trim(), `capsules/${(await archive(a))[0]}`);

    const again = JSON.parse((await baton(a, ["push", "--json"])).stdout);
    assert.equal(again.pushed, "up_to_date");

    const bBefore = await gitState(b.dir);
    const pull = await baton(b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.equal(JSON.parse(pull.stdout).merged.imported, 1);
    assert.deepEqual(await archive(b), await archive(a));
    assert.equal(await gitState(b.dir), bBefore, "pull changed the checkout's git state");

    // B continues the chain and pushes; A pulls it back.
    const revive = JSON.parse((await baton(b, ["revive", "--json"])).stdout);
    assert.deepEqual([revive.action, revive.id], ["archive", id1]);
    const id2 = await capsule(b, "B continues");
    assertRan(await baton(b, ["push"]));
    const back = JSON.parse((await baton(a, ["pull", "--json"])).stdout);
    assert.equal(back.merged.imported, 1);
    assert.equal(back.merged.ref_update, "fast_forward");
    assert.deepEqual(back.forks, []);
    assert.deepEqual(await archive(a), await archive(b));
    const show = JSON.parse((await baton(a, ["list", "--json"])).stdout);
    assert.deepEqual(show.capsules.map((c: { id: string }) => c.id), [id2, id1]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("share: two clones pushing at once lose nothing and the fork is reported", async () => {
  const { root, a, b } = await makeShareWorld("baton-share-");
  try {
    await capsule(a, "common start");
    assertRan(await baton(a, ["push"]));
    assertRan(await baton(b, ["pull"]));
    assert.equal((await baton(b, ["revive"])).code, 0);
    await capsule(a, "A goes one way");
    await capsule(b, "B goes another");
    const [pa, pb] = await Promise.all([
      baton(a, ["push", "--json"]),
      baton(b, ["push", "--json"]),
    ]);
    assert.equal(pa.code, 0, pa.stderr);
    assert.equal(pb.code, 0, pb.stderr);
    const reports = [JSON.parse(pa.stdout), JSON.parse(pb.stdout)];
    // At least one of them found the remote ahead and merged (both may, if they raced twice).
    const merged = reports.filter((r) => r.merged !== null);
    assert.ok(merged.length >= 1, "neither push merged");
    assert.ok(merged.some((r) => r.forks.length === 1), "the fork was not reported");
    assertRan(await baton(a, ["pull"]));
    assertRan(await baton(b, ["pull"]));
    const all = await archive(a);
    assert.equal(all.length, 3);
    assert.deepEqual(await archive(b), all);
    const text = (await baton(a, ["pull"])).stdout;
    assert.match(text, /fork after [0-9a-f]{12}: [0-9a-f]{12}, [0-9a-f]{12}/);
    const remoteTree = (await git(root, [
      "--git-dir",
      `${root}/remote.git`,
      "ls-tree",
      "-r",
      "--name-only",
      "refs/baton/main",
    ])).stdout.trim().split("\n").map((p) => p.replace("capsules/", "")).sort();
    assert.deepEqual(remoteTree, all);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("share: an archive file that came with a commit is not published by push and cannot put terminal controls into the fork line", async () => {
  const { root, a } = await makeShareWorld("baton-share-");
  try {
    await capsule(a, "the real start");
    // Two more chain starts as a commit could bring them into .baton/capsules: one whose id is
    // a terminal escape (window title, clear screen), one of a capsule id's shape (the control).
    const block = (json: string) => `# forged\n\n\`\`\`json baton-capsule\n${json}\n\`\`\`\n`;
    const dir = `${a.dir}/.baton/capsules`;
    await Deno.writeTextFile(
      `${dir}/20260101T000000.000Z-deadbeef.md`,
      block('{"id":"\\u001b]0;PWN\\u0007\\u001b[2J","previous":null}'),
    );
    const shaped = `sha256:${"ab".repeat(32)}`;
    await Deno.writeTextFile(
      `${dir}/20260101T000001.000Z-abababab.md`,
      block(JSON.stringify({ id: shaped, previous: null })),
    );
    const push = await baton(a, ["push", "--json"]);
    assert.equal(push.code, 0, push.stderr);
    // Neither forged file is a capsule: push publishes only the real one on the remote.
    assert.equal(JSON.parse(push.stdout).recorded, 1);
    const remoteTree = (await git(root, [
      "--git-dir",
      `${root}/remote.git`,
      "ls-tree",
      "-r",
      "--name-only",
      "refs/baton/main",
    ])).stdout.trim().split("\n");
    assert.equal(remoteTree.length, 1, remoteTree.join(","));
    assert.doesNotMatch(remoteTree[0]!, /deadbeef|abababab/);
    const pull = await baton(a, ["pull"]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.ok(!pull.stdout.includes("\u001b"), "no escape reaches the terminal");
    assert.ok(!pull.stdout.includes("PWN"), "the forged id is not a link");
    // Control: the file of a capsule id's shape is still a link (children in id order).
    assert.match(pull.stdout, /fork two chain starts: [0-9a-f]{12}, [0-9a-f]{12} \(/);
    assert.match(pull.stdout, /abababababab/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("share: revive restores from the archive, else from the shared ref, and is idempotent", async () => {
  const { root, a, b } = await makeShareWorld("baton-share-");
  try {
    const id = await capsule(a, "to be revived");
    const latest = await Deno.readTextFile(`${a.dir}/.baton/latest.md`);
    await Deno.remove(`${a.dir}/.baton/latest.md`);
    const r1 = JSON.parse((await baton(a, ["revive", "--json"])).stdout);
    assert.deepEqual([r1.action, r1.id], ["archive", id]);
    assert.equal(await Deno.readTextFile(`${a.dir}/.baton/latest.md`), latest);
    const r2 = JSON.parse((await baton(a, ["revive", "--json"])).stdout);
    assert.equal(r2.action, "present");
    assert.equal(await Deno.readTextFile(`${a.dir}/.baton/latest.md`), latest);

    // From the shared ref: B fetched it, then lost its archive.
    assertRan(await baton(a, ["push"]));
    assertRan(await baton(b, ["pull"]));
    await Deno.remove(`${b.dir}/.baton`, { recursive: true });
    const before = await gitState(b.dir);
    const r3 = JSON.parse((await baton(b, ["revive", "--json"])).stdout);
    assert.deepEqual([r3.action, r3.id, r3.imported], ["shared_ref", id, 1]);
    assert.equal(await Deno.readTextFile(`${b.dir}/.baton/latest.md`), latest);
    assert.equal(await gitState(b.dir), before);
    // Nothing staged or committed.
    assert.equal((await git(b.dir, ["diff", "--cached", "--name-only"])).stdout, "");
    const r4 = JSON.parse((await baton(b, ["revive", "--json"])).stdout);
    assert.equal(r4.action, "present");

    // Nothing anywhere: says so.
    const empty = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-share-empty-" }));
    try {
      await git(empty, ["init", "-q", "-b", "main"]);
      const r5 = await runBaton(["revive", "--json"], { cwd: empty, env: { BATON_HOME: a.home } });
      assert.equal(JSON.parse(r5.stdout).action, "nothing");
    } finally {
      await Deno.remove(empty, { recursive: true });
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("share: a pulled capsule keeps its signature; verified only under a key the reader trusts", async () => {
  const { root, a, b } = await makeShareWorld("baton-share-");
  try {
    const ev = JSON.parse((await baton(a, ["evidence", "--json", "--", "true"])).stdout).id;
    await capsule(a, "A checked it", { verified_facts: [{ text: "true succeeds", evidence: ev }] });
    assertRan(await baton(a, ["push"]));
    assertRan(await baton(b, ["pull"]));
    assert.equal((await baton(b, ["revive"])).code, 0);
    const stranger = await baton(b, ["load"]);
    assert.match(stranger.stdout, /- \[claimed\] true succeeds/);
    assert.doesNotMatch(stranger.stdout, /\[verified\] true succeeds/);
    // Positive control: once B trusts A's key, the same capsule keeps verified.
    const key = (await baton(a, ["trust", "show-key"])).stdout.trim();
    const add = await baton(b, ["trust", "add", key, "--name", "alice"]);
    assert.equal(add.code, 0, add.stderr);
    const trusted = await baton(b, ["load"]);
    assert.match(trusted.stdout, /- \[verified\] true succeeds/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("share: pull into a clone without latest.md makes a trusted pulled head current, and says revive is needed for an untrusted one", async () => {
  const { root, a, b } = await makeShareWorld("baton-share-");
  try {
    const id = await capsule(a, "from A");
    assertRan(await baton(a, ["push"]));
    // B does not trust A's key: nothing becomes current, and pull says so plainly.
    const untrusted = await baton(b, ["pull"]);
    assert.equal(untrusted.code, 0, untrusted.stderr);
    assert.match(untrusted.stdout, /run baton revive/);
    assert.equal(await Deno.stat(`${b.dir}/.baton/latest.md`).catch(() => null), null);
    const v = await baton(b, ["verify"]);
    assert.equal(v.code, 0, v.stdout);
    assert.doesNotMatch(v.stdout, /TAMPERED/);
    // Once B trusts A's key, a pull makes the pulled head current.
    const key = (await baton(a, ["trust", "show-key"])).stdout.trim();
    assert.equal((await baton(b, ["trust", "add", key, "--name", "alice"])).code, 0);
    const trusted = JSON.parse((await baton(b, ["pull", "--json"])).stdout);
    assert.deepEqual(trusted.current, { action: "made_current", id, elsewhere: false });
    const load = await baton(b, ["load"]);
    assert.match(load.stdout, /from A/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("share: push and pull name a remote the repository does not have, and go on once it exists", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  assert.equal((await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" })).code, 0);
  const push = await runBaton(["push"], { cwd: dir });
  assert.equal(push.code, 6);
  assert.equal(
    push.stderr,
    'baton: Cannot push: this repository has no remote named "origin" (add one with git remote add origin URL, or name another: baton push REMOTE)\n',
  );
  const pull = await runBaton(["pull", "upstream"], { cwd: dir });
  assert.match(pull.stderr, /no remote named "upstream"/);
  // Control: with the remote there, the same push goes through.
  const bare = `${dir}-remote.git`;
  await git(dir, ["init", "-q", "--bare", bare]);
  removeAfterTests(bare);
  await git(dir, ["remote", "add", "origin", bare]);
  const ok = await runBaton(["push"], { cwd: dir });
  assert.equal(ok.code, 0, ok.stderr);
});

Deno.test("share: revive --force replaces a damaged latest.md, keeping it aside, and keeps a valid one", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: '{"now":"kept"}',
  });
  const id = JSON.parse(fin.stdout).id;
  const valid = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  // Control: a valid latest.md stays, with or without --force.
  const kept = await runBaton(["revive", "--force", "--json"], { cwd: dir });
  assert.equal(JSON.parse(kept.stdout).action, "present");
  assert.equal(await Deno.readTextFile(`${dir}/.baton/latest.md`), valid);
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, valid.slice(0, 200));
  const plain = await runBaton(["revive", "--json"], { cwd: dir });
  assert.equal(JSON.parse(plain.stdout).action, "present", "without --force nothing is replaced");
  const forced = await runBaton(["revive", "--force"], { cwd: dir });
  assert.equal(forced.code, 0, forced.stderr);
  assert.match(
    forced.stdout,
    /^moved the invalid latest\.md aside to \.baton\/latest\.md\.invalid-\d{8}T\d+Z\n/,
  );
  assert.match(
    forced.stdout,
    new RegExp(`restored latest.md from the archive: ${id.slice(7, 19)}`),
  );
  assert.equal(await Deno.readTextFile(`${dir}/.baton/latest.md`), valid);
  const aside = [...Deno.readDirSync(`${dir}/.baton`)].filter((e) =>
    e.name.startsWith("latest.md.invalid-")
  );
  assert.equal(aside.length, 1);
  assert.equal(await Deno.readTextFile(`${dir}/.baton/${aside[0]!.name}`), valid.slice(0, 200));
});

Deno.test("share: an upstream remote name in the clone's config that git would read as an option runs nothing", async () => {
  const { root, b } = await makeShareWorld("baton-share-");
  try {
    const marker = `${root}/ran`;
    const option = `--upload-pack=touch ${marker};`;
    // Control: handed to git fetch as an argument, this name runs its command.
    await git(b.dir, ["fetch", "-q", option, "origin"], { allowFail: true });
    assert.ok(await Deno.lstat(marker).then(() => true, () => false), "control: git ran it");
    await Deno.remove(marker);
    await git(b.dir, ["config", "branch.main.remote", option]);
    const pull = await baton(b, ["pull", "--json"]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.equal(JSON.parse(pull.stdout).remote, "origin");
    assert.equal(await Deno.lstat(marker).then(() => true, () => false), false);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
