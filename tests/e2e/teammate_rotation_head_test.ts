/**
 * A trusted teammate's `baton rotate` pruned the capsule this clone last made current: her
 * commit carries her latest.md (which continues that capsule through the pruned ones), her
 * signed tombstone recording them, and the deletion of their archive files. latest.md's links
 * then stop at a pruned capsule, and the fork rule read that as a teammate's capsule from another
 * fork with this clone's newest lost: every capture hook wrote nothing and finalize refused
 * (rolled_back), saying the teammate's capsule does not continue this clone's newest, which it
 * does. The links are now followed through the pruned records of a tombstone a trusted key
 * signed. Controls: the same with the tombstone's signature broken (anyone can write one) still
 * refuses; without a rotation the capsule continues hers. Two clones, two homes, one bare
 * remote, real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import {
  batonOn as baton,
  finalizeOn as capsule,
  type Machine,
  trustOn,
  withShareWorld,
} from "../_helpers/share_world.ts";

async function names(dir: string): Promise<Set<string>> {
  const out = new Set<string>();
  for await (const e of Deno.readDir(`${dir}/.baton/capsules`)) out.add(e.name);
  return out;
}

/**
 * B's capsule, then alice's two on top of it; alice rotates (keeping `keep`) and B gets what her
 * commit carries: her latest.md, her tombstone, her archive (pruned files deleted).
 */
async function rotated(a: Machine, b: Machine, keep: number | null) {
  await trustOn(a, b, "peer");
  await trustOn(b, a, "peer");
  const mine = await capsule(b, "mine");
  assert.equal((await baton(b, ["push"])).code, 0);
  assert.equal((await baton(a, ["pull"])).code, 0);
  await capsule(a, "alice's first, on mine");
  const hers = await capsule(a, "alice's second");
  if (keep !== null) {
    const r = await baton(a, ["rotate", "--keep", String(keep), "--write"]);
    assert.equal(r.code, 0, r.stderr);
  }
  const theirs = await names(a.dir);
  for (const n of await names(b.dir)) {
    if (!theirs.has(n)) await Deno.remove(`${b.dir}/.baton/capsules/${n}`);
  }
  for (const n of theirs) {
    await Deno.copyFile(`${a.dir}/.baton/capsules/${n}`, `${b.dir}/.baton/capsules/${n}`);
  }
  await Deno.copyFile(`${a.dir}/.baton/latest.md`, `${b.dir}/.baton/latest.md`);
  if (keep !== null) {
    await Deno.copyFile(`${a.dir}/.baton/tombstone.json`, `${b.dir}/.baton/tombstone.json`);
  }
  return { mine, hers };
}

const hookPayload = (m: Machine) => JSON.stringify({ cwd: m.dir, hook_event_name: "PreCompact" });

async function previousOfLatest(b: Machine): Promise<string | null> {
  const r = await baton(b, ["show", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).capsule.previous;
}

Deno.test("a teammate's rotation that pruned this clone's newest: the hook and finalize continue her capsule", async () => {
  await withShareWorld("baton-rot-head-", async ({ a, b }) => {
    const { mine, hers } = await rotated(a, b, 1);
    assert.ok(!(await names(b.dir)).has(mine.name), "the setup kept my newest");
    const load = await baton(b, ["load", "--json"]);
    assert.equal(load.code, 0, load.stderr);
    assert.deepEqual(JSON.parse(load.stdout).integrity, { status: "ok" }, "load: left out");
    const h = await baton(b, ["hook", "pre-compact", "--host", "codex", "--json"], hookPayload(b));
    assert.equal(h.code, 0, h.stderr);
    const out = JSON.parse(h.stdout);
    assert.equal(out.action, "written", `the hook wrote nothing: ${out.warning}`);
    assert.equal(await previousOfLatest(b), hers.id);
    const r = await baton(b, ["finalize", "--draft", "-", "--json"], '{"now":"next"}');
    assert.equal(r.code, 0, r.stderr);
  });
});

Deno.test("a tombstone whose signature does not hold joins nothing: the hook still writes nothing (control)", async () => {
  await withShareWorld("baton-rot-forged-", async ({ a, b }) => {
    const { hers } = await rotated(a, b, 1);
    const path = `${b.dir}/.baton/tombstone.json`;
    const doc = JSON.parse(await Deno.readTextFile(path));
    delete doc.signature;
    await Deno.writeTextFile(path, JSON.stringify(doc, null, 2) + "\n");
    const load = await baton(b, ["load", "--json"]);
    assert.equal(JSON.parse(load.stdout).integrity.status, "behind_archive", load.stderr);
    const h = await baton(b, ["hook", "pre-compact", "--host", "codex", "--json"], hookPayload(b));
    assert.equal(h.code, 0, h.stderr);
    assert.equal(JSON.parse(h.stdout).action, "rolled_back");
    const r = await baton(b, ["finalize", "--draft", "-", "--json"], '{"now":"next"}');
    assert.notEqual(r.code, 0, "finalize wrote on top");
    assert.equal(JSON.parse(r.stdout).error.code, "rolled_back");
    void hers;
  });
});

Deno.test("with no rotation the hook continues the teammate's capsule (control)", async () => {
  await withShareWorld("baton-rot-none-", async ({ a, b }) => {
    const { hers } = await rotated(a, b, null);
    const h = await baton(b, ["hook", "pre-compact", "--host", "codex", "--json"], hookPayload(b));
    assert.equal(h.code, 0, h.stderr);
    assert.equal(JSON.parse(h.stdout).action, "written");
    assert.equal(await previousOfLatest(b), hers.id);
  });
});
