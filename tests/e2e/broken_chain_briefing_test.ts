/**
 * The archive and the rotation tombstone travel in commits. A commit that
 * deletes the tombstone, puts an older signed one back in its place, or
 * deletes an archived capsule breaks the chain the briefing reads its
 * decisions from: the decisions the older capsules made vanished behind the
 * note a size-limited read prints ("from the 2 most recent capsules"), as if
 * nothing were wrong. The briefing now says that the chain breaks there.
 * Real repository and commits, the real CLI; the control is the intact
 * rotated chain, every decision shown and no such line.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";

/** Six handoffs, each with a decision, rotated twice (keep 4, then keep 2) and committed. */
async function rotatedChain(): Promise<{ dir: string; olderTombstone: string }> {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "one");
  for (let i = 0; i < 6; i++) {
    await finalizeDraft(dir, {
      now: `step ${i}`,
      decisions: [{ id: `d${i}`, text: `decision number ${i}`, why: "w" }],
    });
  }
  assert.equal((await runBaton(["rotate", "--keep", "4", "--write"], { cwd: dir })).code, 0);
  const olderTombstone = await Deno.readTextFile(`${dir}/.baton/tombstone.json`);
  assert.equal((await runBaton(["rotate", "--keep", "2", "--write"], { cwd: dir })).code, 0);
  await commitAll(dir, "handoffs");
  return { dir, olderTombstone };
}

const BREAKS = /The chain breaks after the 2 most recent capsule\(s\)/;

async function briefing(dir: string): Promise<string> {
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  return load.stdout;
}

Deno.test("control: the intact rotated chain shows every decision and no break", async () => {
  const { dir } = await rotatedChain();
  const out = await briefing(dir);
  for (let i = 0; i < 6; i++) assert.match(out, new RegExp(`d${i}: decision number ${i}`));
  assert.doesNotMatch(out, BREAKS);
  assert.doesNotMatch(out, /most recent capsules/);
});

Deno.test("a commit that deletes the tombstone, or puts an older signed one back, is said to break the chain", async () => {
  for (const how of ["deleted", "replaced"]) {
    const { dir, olderTombstone } = await rotatedChain();
    if (how === "deleted") await git(dir, ["rm", "-q", ".baton/tombstone.json"]);
    else await writeFiles(dir, { ".baton/tombstone.json": olderTombstone });
    await commitAll(dir, "an innocent-looking change");
    const out = await briefing(dir);
    assert.match(out, /d5: decision number 5/, how);
    assert.doesNotMatch(out, /d2: decision number 2/, how);
    assert.match(out, BREAKS, how);
  }
});

Deno.test("a commit that deletes an archived capsule in the middle of the chain is said to break it", async () => {
  const { dir } = await rotatedChain();
  const names = [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name).sort();
  // Kept: the two newest; the older of them is the one the chain reads second.
  await git(dir, ["rm", "-q", `.baton/capsules/${names.at(-2)}`]);
  await commitAll(dir, "an innocent-looking change");
  const out = await briefing(dir);
  assert.match(
    out,
    /The chain breaks after the 1 most recent capsule\(s\)/,
  );
});
