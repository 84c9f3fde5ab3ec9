/**
 * The differential suite on `index.skipHash`: git 2.40+ (and
 * `feature.manyFiles` there) writes the index with a zero trailing checksum
 * and reads it back. The git here (2.39) writes a real checksum for that
 * setting and refuses a zero one, so it cannot be the oracle on such a file:
 * each shape is compared with `git status --porcelain=v2 -z -uall` on the
 * index git wrote, then the trailer is zeroed by hand and baton must give
 * the same answer from it (never "wrong checksum", never another status),
 * with and without its caches (the verified-index record is of the old
 * trailer). The index versions and extensions come from real git: v2, v3
 * (intent-to-add), v4, a split index, EOIE/IEOT, and one large enough to be
 * read in windows.
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import {
  assertAgreesWithGit,
  batonFacts,
  runShapeScript,
  type UserEnv,
} from "../../_helpers/git_oracle.ts";
import type { Facts } from "../../../core/capsule/recorded_facts.ts";

const EDITS = "echo z>b; git add b; echo w>a; touch u";

/** [name, script]: each ends with `b` staged, `a` edited and `u` untracked. */
const SHAPES: [string, string][] = [
  ["version 2", `echo x>a; echo y>b; c; ${EDITS}`],
  ["version 3 (intent-to-add)", `echo x>a; echo y>b; c; echo n>n; git add -N n; ${EDITS}`],
  ["version 4", `echo x>a; echo y>b; c; git update-index --index-version 4; ${EDITS}`],
  ["a split index", `echo x>a; echo y>b; c; git update-index --split-index; ${EDITS}`],
  [
    "EOIE and IEOT extensions",
    `echo x>a; echo y>b; c; git config index.recordEndOfIndexEntries true; git config index.recordOffsetTable true; git config index.threads 2; ${EDITS}`,
  ],
  [
    "an index over 1 MiB (read in windows)",
    `mkdir d; for i in $(seq 1 9000); do : >d/file-$i-${
      "x".repeat(80)
    }; done; echo x>a; echo y>b; c; ${EDITS}`,
  ],
];

/** What a comparison rests on: tracked changes, untracked list, what was left out. */
function answer(f: Facts) {
  return {
    tracked: f.changed_files.filter((c) => c.status !== "untracked").map((c) => [c.path, c.xy])
      .sort(),
    untracked: f.tree?.untracked,
    unchecked: f.tree?.unchecked,
    unavailable: f.unavailable,
  };
}

for (const [name, script] of SHAPES) {
  Deno.test(`index.skipHash: ${name} with its trailing checksum zeroed reads as the index git wrote`, async () => {
    const env: UserEnv = { home: (await tempDir("baton-home-")).path, xdg: null };
    const dir = await makeRepo("baton-skiphash-");
    await runShapeScript(dir, script, env);
    // The entries' mtimes are put in the past, so no run here finds one racy.
    for (const p of ["a", "b"]) await Deno.utime(`${dir}/${p}`, 1_600_000_000, 1_600_000_000);
    await runShapeScript(dir, "git update-index --refresh >/dev/null || true", env);
    for (const cache of [false, true]) {
      const real = await assertAgreesWithGit(env, dir, { label: name, cache });
      assert.deepEqual(
        [...real.git.tracked].filter(([p]) => p !== "n").sort(),
        [["a", ".M"], ["b", "M."]],
        "control: git's answer on the index it wrote",
      );
      const path = `${dir}/.git/index`;
      const bytes = await Deno.readFile(path);
      const kept = bytes.slice();
      bytes.fill(0, bytes.length - 20);
      await Deno.writeFile(path, bytes);
      try {
        const zeroed = answer(await batonFacts(env, dir, { cache }));
        assert.deepEqual(zeroed, answer(real.facts), `${name}: the zeroed trailer reads alike`);
      } finally {
        await Deno.writeFile(path, kept);
      }
    }
  });
}
