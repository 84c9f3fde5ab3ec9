/**
 * A latest.md signed by a trusted teammate from another fork of the chain: it and this clone's
 * newest capsule both continue the same older one, and nothing continues it. A commit can put it
 * there (or a pull into a clone whose latest.md was missing). load warns that it leaves out this
 * clone's newest, but the next capsule (a capture hook's, or finalize's) was written on top of
 * it: this clone's newest left the chain's line, and from then on nothing said so. Now the new
 * capsule continues this clone's newest, carries its meaning, and the teammate's capsule is kept
 * in the archive, said in one line; when the archive lost this clone's newest too, nothing is
 * written (the hook and finalize say why), as on a stranger's capsule. Control: a teammate's capsule that continues this clone's
 * newest is continued, with no such line. Two clones, two homes, one bare remote, real git, the
 * real CLI.
 * @module
 */
import assert from "node:assert/strict";
import {
  batonOn as baton,
  currentOn as current,
  finalizeOn as capsule,
  type Machine,
  trustOn,
  withShareWorld,
} from "../_helpers/share_world.ts";

/** Alice's first; B pulls it and writes on top; Alice's second forks from her first. */
async function forked(a: Machine, b: Machine) {
  await trustOn(a, b, "alice");
  await capsule(a, "alice's first");
  assert.equal((await baton(a, ["push"])).code, 0);
  assert.equal((await baton(b, ["pull"])).code, 0);
  const mine = await capsule(b, "my newest, on top of alice's first");
  const fork = await capsule(a, "alice's second, on her first");
  // A commit (or a pull with latest.md missing) puts alice's fork at B's latest.md.
  await Deno.copyFile(`${a.dir}/.baton/latest.md`, `${b.dir}/.baton/latest.md`);
  return { mine, fork };
}

const hookPayload = (m: Machine) => JSON.stringify({ cwd: m.dir, hook_event_name: "PreCompact" });
const KEPT = /held capsule ([0-9a-f]{12}), which a key this machine trusts signed/;

Deno.test("a capture hook on a teammate's capsule from another fork continues this clone's newest and keeps the teammate's in the archive", async () => {
  await withShareWorld("baton-fork-hook-", async ({ a, b }) => {
    const { mine, fork } = await forked(a, b);
    const h = await baton(b, ["hook", "pre-compact", "--host", "codex", "--json"], hookPayload(b));
    assert.equal(h.code, 0, h.stderr);
    const out = JSON.parse(h.stdout);
    assert.equal(out.action, "written");
    const now = await current(b);
    assert.equal(now.previous, mine.id, "this clone's newest was left out of the chain");
    assert.equal(now.now, "my newest, on top of alice's first", "the meaning was not mine");
    assert.equal(out.warning.match(KEPT)?.[1], fork.id.slice(7, 19), "the kept capsule unsaid");
    const kept = await baton(b, ["show", fork.id.slice(7, 19), "--json"]);
    assert.equal(kept.code, 0, kept.stderr);
    assert.equal(JSON.parse(kept.stdout).capsule.meaning.now, "alice's second, on her first");
  });
});

Deno.test("finalize on a teammate's capsule from another fork continues this clone's newest and says the teammate's is kept", async () => {
  await withShareWorld("baton-fork-finalize-", async ({ a, b }) => {
    const { mine, fork } = await forked(a, b);
    const r = await baton(b, ["finalize", "--draft", "-", "--json"], '{"now":"next"}');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).previous, mine.id);
    assert.equal(r.stderr.match(KEPT)?.[1], fork.id.slice(7, 19));
    assert.equal(JSON.parse(r.stdout).fork_kept, fork.id);
    assert.ok((await Deno.lstat(`${b.dir}/.baton/capsules/${fork.name}`)).isFile);
  });
});

Deno.test("ingest on a teammate's capsule from another fork continues this clone's newest and says the teammate's is kept", async () => {
  await withShareWorld("baton-fork-ingest-", async ({ a, b }) => {
    const { mine, fork } = await forked(a, b);
    const r = await baton(b, ["ingest", "-", "--json"], '{"now":"pasted"}');
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.previous, mine.id);
    assert.equal(r.stderr.match(KEPT)?.[1], fork.id.slice(7, 19), "ingest said nothing");
    assert.equal(out.fork_kept, fork.id);
    const text = await baton(b, ["ingest", "-"], '{"now":"pasted again"}');
    assert.equal(text.code, 0, text.stderr);
    assert.doesNotMatch(text.stderr, KEPT, "a line on a capsule that continues mine");
  });
});

Deno.test("finalize --over-rollback on a teammate's capsule from another fork goes on top of it, as its help says", async () => {
  await withShareWorld("baton-fork-over-", async ({ a, b }) => {
    const { fork } = await forked(a, b);
    const r = await baton(b, ["finalize", "--draft", "-", "--json", "--over-rollback"], "{}");
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).previous, fork.id);
    assert.equal(JSON.parse(r.stdout).fork_kept, undefined);
    assert.doesNotMatch(r.stderr, KEPT);
  });
});

Deno.test("on a teammate's capsule from another fork with this clone's newest gone from the archive, the hook writes nothing and finalize refuses, each saying why", async () => {
  await withShareWorld("baton-fork-lost-", async ({ a, b }) => {
    const { mine, fork } = await forked(a, b);
    // The same commit deleted this clone's newest from the archive.
    await Deno.remove(`${b.dir}/.baton/capsules/${mine.name}`);
    const h = await baton(b, ["hook", "pre-compact", "--host", "codex", "--json"], hookPayload(b));
    assert.equal(h.code, 0, h.stderr);
    const out = JSON.parse(h.stdout);
    assert.equal(out.action, "rolled_back", "a capsule was written on top, dropping my newest");
    assert.match(out.warning, /from another fork, does not continue the newest capsule/);
    const r = await baton(b, ["finalize", "--draft", "-", "--json"], '{"now":"next"}');
    assert.notEqual(r.code, 0, "finalize wrote on top");
    assert.equal(JSON.parse(r.stdout).error.code, "rolled_back");
    assert.match(r.stderr, new RegExp(`does not continue ${mine.id.slice(7, 19)}`));
    assert.equal((await current(b)).now, "alice's second, on her first", "latest.md moved");
    void fork;
  });
});

Deno.test("a teammate's capsule that continues this clone's newest is continued, with no line (control)", async () => {
  await withShareWorld("baton-fork-continues-", async ({ a, b }) => {
    await trustOn(a, b, "alice");
    await trustOn(b, a, "alice");
    const mine = await capsule(b, "mine");
    assert.equal((await baton(b, ["push"])).code, 0);
    assert.equal((await baton(a, ["pull"])).code, 0);
    const hers = await capsule(a, "alice's, on top of mine");
    assert.equal((await baton(a, ["push"])).code, 0);
    assert.equal((await baton(b, ["pull"])).code, 0);
    await Deno.copyFile(`${a.dir}/.baton/latest.md`, `${b.dir}/.baton/latest.md`);
    const h = await baton(b, ["hook", "pre-compact", "--host", "codex", "--json"], hookPayload(b));
    assert.equal(h.code, 0, h.stderr);
    assert.equal(JSON.parse(h.stdout).action, "written");
    assert.doesNotMatch(h.stdout + h.stderr, KEPT);
    const now = await current(b);
    assert.equal(now.previous, hers.id);
    assert.equal(now.now, "alice's, on top of mine");
    assert.notEqual(hers.id, mine.id);
  });
});
