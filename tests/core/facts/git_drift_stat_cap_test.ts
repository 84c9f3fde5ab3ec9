/**
 * Drift across two captures where a file over the hash cap was judged by
 * stat data alone (".?": its stat data moved, its size did not, its content
 * was not read). git reads such a file and may call it clean, so its
 * membership in the changed set on that side is not certain: drift's
 * "tracked changes" may not say "different" (a path "no longer changed" or
 * "newly changed") where git's status did not move. git (`git status
 * --porcelain=v2 -z -uall`, tests/_helpers/git_oracle.ts) is the oracle on
 * both sides; `git update-index --refresh` stands for any git command that
 * refreshes the index between the captures. Mtimes are set to whole seconds
 * in the past (no wall-clock dependence).
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";
import { checkDrift, type CurrentFile } from "../../../core/briefing/drift.ts";
import { hashFiles } from "../../../core/facts/hash_files.ts";
import { TestFs } from "../../_helpers/fs.ts";
import type { Facts } from "../../../core/capsule/recorded_facts.ts";

/** Past whole seconds: the index is written after both, so nothing is racy. */
const T1 = 1_600_000_000;
const T2 = T1 + 100;
/** The hash cap: big.bin (64 bytes) is over it, small.txt under it. */
const CAP = 16;

async function setUp(): Promise<{ dir: string; env: UserEnv }> {
  const dir = await makeRepo("baton-drift-cap-");
  await writeFiles(dir, { "big.bin": "b".repeat(63) + "\n", "small.txt": "s\n" });
  await Deno.utime(`${dir}/big.bin`, T1, T1);
  await commitAll(dir, "base");
  return { dir, env: { home: (await tempDir("baton-drift-cap-home-")).path, xdg: null } };
}

async function capture(env: UserEnv, dir: string, label: string): Promise<{
  facts: Facts;
  tracked: string;
}> {
  const a = await assertAgreesWithGit(env, dir, { maxHashBytes: CAP, label });
  return { facts: a.facts, tracked: [...a.git.tracked].map(([p, xy]) => `${xy} ${p}`).join() };
}

function trackedDrift(then: Facts, now: Facts) {
  return checkDrift(then, now, new Map()).find((d) => d.check === "tracked changes")!;
}

Deno.test("drift (stat-judged over the cap): a file only touched then and refreshed since is not 'no longer changed'", async () => {
  const { dir, env } = await setUp();
  await Deno.utime(`${dir}/big.bin`, T2, T2);
  const then = await capture(env, dir, "then");
  assert.deepEqual(then.facts.tree?.changed_xy, [".?"]);
  await git(dir, ["update-index", "-q", "--refresh"]);
  const now = await capture(env, dir, "now");
  assert.equal(then.tracked, now.tracked, "git's status did not move");
  assert.deepEqual(now.facts.tree?.changed, []);
  const drift = trackedDrift(then.facts, now.facts);
  assert.notEqual(drift.status, "different", drift.detail);
  assert.equal(drift.status, "unknown");
  assert.equal(drift.sets?.unsettled, 1);
});

Deno.test("drift (stat-judged over the cap): a file touched since a clean capture is not 'newly changed'", async () => {
  const { dir, env } = await setUp();
  const then = await capture(env, dir, "then");
  assert.deepEqual(then.facts.tree?.changed, []);
  await Deno.utime(`${dir}/big.bin`, T2, T2);
  const now = await capture(env, dir, "now");
  assert.deepEqual(now.facts.tree?.changed_xy, [".?"]);
  assert.equal(then.tracked, now.tracked, "git's status did not move");
  const drift = trackedDrift(then.facts, now.facts);
  assert.notEqual(drift.status, "different", drift.detail);
  assert.equal(drift.status, "unknown");
});

Deno.test("drift (stat-judged over the cap), controls: certain changes on either side stay 'different'", async () => {
  const { dir, env } = await setUp();
  // Then: big.bin touched (".?") and small.txt edited (read: ".M").
  await Deno.utime(`${dir}/big.bin`, T2, T2);
  await writeFiles(dir, { "small.txt": "edited\n" });
  const then = await capture(env, dir, "then");
  // Now: small.txt committed (git moved: certain), big.bin grown (a size change is certain: ".M").
  await git(dir, ["commit", "-qam", "small"]);
  await writeFiles(dir, { "big.bin": "c".repeat(80) + "\n" });
  const now = await capture(env, dir, "now");
  assert.notEqual(then.tracked, now.tracked, "git's status moved");
  const drift = trackedDrift(then.facts, now.facts);
  assert.equal(drift.status, "different", drift.detail);
  assert.deepEqual(drift.sets?.removed, ["small.txt"]);
});

Deno.test("drift (stat-judged over the cap): a staged rename only touched then and refreshed since is not 'different'", async () => {
  const { dir, env } = await setUp();
  await git(dir, ["mv", "big.bin", "moved.bin"]);
  await Deno.utime(`${dir}/moved.bin`, T2, T2);
  const then = await capture(env, dir, "then");
  assert.deepEqual(then.facts.tree?.changed_xy, ["R? big.bin"]);
  await git(dir, ["update-index", "-q", "--refresh"]);
  const now = await capture(env, dir, "now");
  assert.deepEqual(now.facts.tree?.changed_xy, ["R. big.bin"]);
  assert.equal(then.tracked, now.tracked, "git's status did not move");
  const drift = trackedDrift(then.facts, now.facts);
  assert.notEqual(drift.status, "different", drift.detail);
  assert.equal(drift.status, "unknown");
});

Deno.test("drift (stat-judged over the cap), control: a stat-judged staged rename committed since stays 'different'", async () => {
  const { dir, env } = await setUp();
  await git(dir, ["mv", "big.bin", "moved.bin"]);
  await Deno.utime(`${dir}/moved.bin`, T2, T2);
  const then = await capture(env, dir, "then");
  assert.deepEqual(then.facts.tree?.changed_xy, ["R? big.bin"]);
  await git(dir, ["commit", "-qm", "moved"]);
  const now = await capture(env, dir, "now");
  assert.notEqual(then.tracked, now.tracked, "git's status moved");
  const drift = trackedDrift(then.facts, now.facts);
  assert.equal(drift.status, "different", drift.detail);
  assert.deepEqual(drift.sets?.removed, ["moved.bin"]);
});

Deno.test("drift (stat-judged over the cap): a staged rename judged by stat data on both sides, its content changed between, is a match only as weak as for '.?'", async () => {
  const { dir, env } = await setUp();
  await git(dir, ["mv", "big.bin", "moved.bin"]);
  await Deno.utime(`${dir}/moved.bin`, T2, T2);
  const then = await capture(env, dir, "then");
  assert.deepEqual(then.facts.tree?.changed_xy, ["R? big.bin"]);
  // The same size, other bytes, the stat data moved again: git reads it (RM), baton judges it.
  await writeFiles(dir, { "moved.bin": "c".repeat(63) + "\n" });
  await Deno.utime(`${dir}/moved.bin`, T2 + 50, T2 + 50);
  const now = await capture(env, dir, "now");
  assert.deepEqual(now.facts.tree?.changed_xy, ["R? big.bin"]);
  assert.notEqual(then.tracked, now.tracked, "git's status moved");
  // Both sides judged by stat data: a match said to be weaker, as for ".?" (git moved R. -> RM).
  const drift = trackedDrift(then.facts, now.facts);
  assert.match(drift.detail, /status of 1 path\(s\) over the hash cap compared by stat data/);
});

Deno.test("drift of a recorded file over the cap: touched since (git's blob the same) is unknown, not 'different'; grown (git's blob moved) is 'different'", async () => {
  // Found on a real tree (a 9 MB typescript.js over the default cap, every
  // file touched between capture and load): "different: size or mtime
  // changed" where git's view of the file had not moved.
  const { dir, env } = await setUp();
  await writeFiles(dir, { "big.bin": "c".repeat(63) + "\n" });
  await Deno.utime(`${dir}/big.bin`, T2, T2);
  const then = await capture(env, dir, "then");
  const recorded = then.facts.changed_files.find((f) => f.path === "big.bin")!;
  assert.equal(recorded.hash_skipped, "too_large");
  const blob = async () => (await git(dir, ["hash-object", "big.bin"])).stdout.trim();
  const fileCheck = async () => {
    const [h] = await hashFiles(new TestFs(), dir, ["big.bin"], { maxBytes: CAP });
    assert.equal(h?.kind, "skipped");
    const cur: CurrentFile = { kind: "stat", size: h!.size!, mtimeMs: h!.mtimeMs };
    return checkDrift(then.facts, then.facts, new Map([["big.bin", cur]]))
      .find((d) => d.check === "file big.bin")!;
  };
  const before = await blob();
  await Deno.utime(`${dir}/big.bin`, T2 + 50, T2 + 50);
  assert.equal(await blob(), before, "control: git's blob did not move");
  const touched = await fileCheck();
  assert.equal(touched.status, "unknown", touched.detail);
  assert.match(touched.detail, /content not compared/);
  // Control: grown, git's blob moved and the size says so.
  await writeFiles(dir, { "big.bin": "c".repeat(80) + "\n" });
  assert.notEqual(await blob(), before, "control: git's blob moved");
  assert.equal((await fileCheck()).status, "different");
});
