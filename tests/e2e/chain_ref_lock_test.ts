/**
 * The chain ref under git's lock protocol, on the real CLI with real git:
 * while `refs/baton/<branch>.lock` exists (a git process is updating the
 * ref), `baton push` and `baton pull` refuse with `ref_locked`, exit 4, and
 * leave the ref and the lock as they were; isomorphic-git's writeRef wrote
 * under it. Once the lock is gone the same commands update the ref, and git
 * reads the id baton wrote (the positive control).
 * @module
 */
import assert from "node:assert/strict";
import { git } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { type Machine, SHARE_ENV as ENV, withShareWorld } from "../_helpers/share_world.ts";

async function baton(m: Machine, args: string[]) {
  return await runBaton(args, { cwd: m.dir, env: { ...ENV, BATON_HOME: m.home } });
}

async function capsule(m: Machine, now: string): Promise<void> {
  const path = `${m.dir}/.git/draft.json`;
  await Deno.writeTextFile(path, JSON.stringify({ now }));
  const r = await baton(m, ["finalize", "--draft", path, "--json"]);
  assert.equal(r.code, 0, r.stderr);
}

/** The id git reads for `ref` in `dir`, or null when git finds none. */
async function refOid(dir: string, ref: string): Promise<string | null> {
  const r = await git(dir, ["rev-parse", "--verify", "--quiet", ref], { allowFail: true });
  return r.code === 0 ? r.stdout.trim() : null;
}

Deno.test("chain ref: push refuses while git holds refs/baton/main.lock, then writes it once the lock is gone", async () => {
  await withShareWorld("baton-ref-lock-", async ({ a, remote, root }) => {
    await capsule(a, "a capsule to share");
    const lock = `${a.dir}/.git/refs/baton/main.lock`;
    await Deno.mkdir(`${a.dir}/.git/refs/baton`, { recursive: true });
    await Deno.writeTextFile(lock, "");
    const held = await baton(a, ["push", "--json"]);
    assert.equal(held.code, 4, held.stderr);
    assert.equal(JSON.parse(held.stdout).error.code, "ref_locked");
    assert.match(held.stderr, /refs\/baton\/main\.lock exists/);
    // A refusal leaves everything as it was, and says so.
    assert.match(held.stderr, /the ref was not changed, and no capsule was copied\. Try again/);
    assert.equal(JSON.parse(held.stdout).error.data.copied, undefined);
    assert.equal(
      await refOid(a.dir, "refs/baton/main"),
      null,
      "the ref was written under the lock",
    );
    assert.equal(await Deno.readTextFile(lock), "", "the lock was touched");
    const onRemote = await git(root, ["ls-remote", remote, "refs/baton/main"]);
    assert.equal(onRemote.stdout.trim(), "", "something was pushed");

    // Positive control: without the lock the same push writes the ref, and git agrees.
    await Deno.remove(lock);
    const free = await baton(a, ["push", "--json"]);
    assert.equal(free.code, 0, free.stderr);
    const local = await refOid(a.dir, "refs/baton/main");
    assert.match(local ?? "", /^[0-9a-f]{40}$/);
    assert.equal(onRemoteOid(await git(root, ["ls-remote", remote, "refs/baton/main"])), local);
    await assert.rejects(Deno.lstat(lock), Deno.errors.NotFound);
  });
});

Deno.test("chain ref: pull refuses while git holds the lock and leaves the ref; pulls once it is gone", async () => {
  await withShareWorld("baton-ref-lock-pull-", async ({ a, b }) => {
    await capsule(a, "a capsule to share");
    assert.equal((await baton(a, ["push"])).code, 0);
    await capsule(b, "b's own capsule");
    assert.equal((await baton(b, ["push", "--json"])).code, 0, "b records and pushes first");
    await capsule(a, "a's second capsule");
    assert.equal((await baton(a, ["push"])).code, 0);
    const before = await refOid(b.dir, "refs/baton/main");
    const lock = `${b.dir}/.git/refs/baton/main.lock`;
    await Deno.writeTextFile(lock, "");
    const archived = async () =>
      (await Array.fromAsync(Deno.readDir(`${b.dir}/.baton/capsules`))).length;
    const filesBefore = await archived();
    const held = await baton(b, ["pull", "--json"]);
    assert.equal(held.code, 4, held.stderr);
    const error = JSON.parse(held.stdout).error;
    assert.equal(error.code, "ref_locked");
    assert.equal(await refOid(b.dir, "refs/baton/main"), before, "the ref moved under the lock");
    // The pull copied the remote's capsules before it moved the ref: a refused pull left a's
    // second capsule in b's archive (b's push took the first). Now it copies them only under the
    // ref's lock, once the ref is as it read it: a refused pull changes nothing.
    assert.equal(await archived(), filesBefore, "a refused pull copied capsules");
    assert.match(held.stderr, /the ref was not changed, and no capsule was copied/);
    assert.equal(error.data.copied, undefined);

    await Deno.remove(lock);
    const free = await baton(b, ["pull", "--json"]);
    assert.equal(free.code, 0, free.stderr);
    const after = await refOid(b.dir, "refs/baton/main");
    assert.notEqual(after, before, "positive control: the pull moves the ref");
    assert.equal(await archived(), filesBefore + 1, "positive control: the capsule is copied");
    const tracked = await refOid(b.dir, "refs/baton-remotes/origin/main");
    const merged = await git(b.dir, ["merge-base", "--is-ancestor", tracked!, after!], {
      allowFail: true,
    });
    assert.equal(merged.code, 0, "the remote's chain is in the new tip");
  });
});

function onRemoteOid(r: { stdout: string }): string | null {
  const oid = r.stdout.trim().split(/\s+/)[0];
  return oid === undefined || oid === "" ? null : oid;
}

Deno.test("chain ref: a branch under the name of one shared before (feature, then feature/x) is refused as a ref conflict, not an internal error; shared once the old ref is gone (control)", async () => {
  await withShareWorld("baton-ref-conflict-", async ({ a }) => {
    await capsule(a, "a capsule to share");
    await git(a.dir, ["update-ref", "refs/baton/feature", "HEAD"]);
    await git(a.dir, ["checkout", "-q", "-b", "feature/x"]);
    const conflict = await baton(a, ["push", "--json"]);
    assert.equal(conflict.code, 5, conflict.stderr);
    assert.equal(JSON.parse(conflict.stdout).error.code, "ref_conflict");
    assert.match(conflict.stderr, /refs\/baton\/feature is a ref of its own here/);
    assert.equal(await refOid(a.dir, "refs/baton/feature/x"), null);
    // Packed, as git pack-refs leaves it: the same.
    await git(a.dir, ["pack-refs", "--all"]);
    const packed = await baton(a, ["push", "--json"]);
    assert.equal(JSON.parse(packed.stdout).error?.code, "ref_conflict", packed.stderr);

    await git(a.dir, ["update-ref", "-d", "refs/baton/feature"]);
    const free = await baton(a, ["push", "--json"]);
    assert.equal(free.code, 0, free.stderr);
    assert.match(await refOid(a.dir, "refs/baton/feature/x") ?? "", /^[0-9a-f]{40}$/);
  });
});

Deno.test("chain ref: a branch with a component ending in .lock (a.lock/b) is refused as git refuses it, so refs/baton/a.lock never becomes a folder that holds branch a's lock for good; a.b/c is shared (control)", async () => {
  await withShareWorld("baton-ref-lockname-", async ({ a, remote, root }) => {
    await capsule(a, "a capsule to share");
    const refused = await baton(a, ["push", "--branch", "a.lock/b", "--json"]);
    assert.equal(refused.code, 2, refused.stderr);
    assert.equal(JSON.parse(refused.stdout).error.code, "usage");
    await assert.rejects(Deno.lstat(`${a.dir}/.git/refs/baton/a.lock`), Deno.errors.NotFound);
    // Branch a, shared after: its lock is free, and git reads the ref baton wrote.
    const after = await baton(a, ["push", "--branch", "a", "--json"]);
    assert.equal(after.code, 0, after.stderr);
    assert.match(await refOid(a.dir, "refs/baton/a") ?? "", /^[0-9a-f]{40}$/);

    // Control: a name git accepts (a component ending in a dot-word other than .lock) is shared.
    const fine = await baton(a, ["push", "--branch", "a.b/c", "--json"]);
    assert.equal(fine.code, 0, fine.stderr);
    assert.equal(
      onRemoteOid(await git(root, ["ls-remote", remote, "refs/baton/a.b/c"])),
      await refOid(a.dir, "refs/baton/a.b/c"),
    );
  });
});

Deno.test("chain ref: a branch whose name holds refs shared before under it (feature/x, packed, then feature) is refused as a ref conflict; git keeps no ref beside them", async () => {
  await withShareWorld("baton-ref-conflict-packed-", async ({ a }) => {
    await capsule(a, "a capsule to share");
    await git(a.dir, ["update-ref", "refs/baton/feature/x", "HEAD"]);
    await git(a.dir, ["update-ref", "refs/baton/feature-2", "HEAD"]);
    await git(a.dir, ["checkout", "-q", "-b", "feature"]);
    // Loose: a folder of refs where the ref's file belongs; the ref in it is named.
    const loose = await baton(a, ["push", "--json"]);
    assert.equal(JSON.parse(loose.stdout).error?.code, "ref_conflict", loose.stderr);
    assert.match(loose.stderr, /git update-ref -d refs\/baton\/feature\/x once/);
    // Packed, as git pack-refs leaves it: no folder is left, and git still refuses the ref.
    await git(a.dir, ["pack-refs", "--all"]);
    const conflict = await baton(a, ["push", "--json"]);
    assert.equal(conflict.code, 5, conflict.stdout + conflict.stderr);
    assert.equal(JSON.parse(conflict.stdout).error.code, "ref_conflict");
    assert.match(conflict.stderr, /git update-ref -d refs\/baton\/feature\/x once/);
    await assert.rejects(Deno.lstat(`${a.dir}/.git/refs/baton/feature`), Deno.errors.NotFound);

    // Control: once git no longer holds feature/x, feature is shared.
    await git(a.dir, ["update-ref", "-d", "refs/baton/feature/x"]);
    const free = await baton(a, ["push", "--json"]);
    assert.equal(free.code, 0, free.stderr);
    const shared = await refOid(a.dir, "refs/baton/feature");
    assert.match(shared ?? "", /^[0-9a-f]{40}$/);
    // Control: the ref itself packed (and feature-2 beside it) is no conflict; the next push
    // updates it.
    await git(a.dir, ["pack-refs", "--all"]);
    await capsule(a, "a second capsule");
    const again = await baton(a, ["push", "--json"]);
    assert.equal(again.code, 0, again.stderr);
    assert.notEqual(await refOid(a.dir, "refs/baton/feature"), shared);
  });
});
