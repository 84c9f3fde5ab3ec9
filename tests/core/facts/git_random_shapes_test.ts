/**
 * The differential hunt: random repositories (tests/_helpers/random_repo.ts)
 * mixing every shape at once, each compared path by path with
 * `git status --porcelain=v2 -z -uall` (tests/_helpers/git_oracle.ts): a
 * path baton calls changed or clean must be so for git, and its untracked
 * list must be git's; only paths baton names unchecked may differ. The seed
 * list below always runs; `BATON_RANDOM_SEEDS=N` (or `A-B`) runs more for
 * exploration, and a failure names its seed and the steps that built it.
 * @module
 */
import assert from "node:assert/strict";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";
import { randomRepo } from "../../_helpers/random_repo.ts";
import { tempDir } from "../../_helpers/temp.ts";

const FIXED_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

function seeds(): number[] {
  const spec = Deno.env.get("BATON_RANDOM_SEEDS");
  if (spec === undefined || spec === "") return FIXED_SEEDS;
  const m = /^(\d+)(?:-(\d+))?$/.exec(spec);
  assert.ok(m !== null, "BATON_RANDOM_SEEDS is N or A-B");
  const [a, b] = m[2] === undefined ? [1, Number(m[1])] : [Number(m[1]), Number(m[2])];
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

for (const seed of seeds()) {
  Deno.test(`random repository ${seed}: baton's facts agree with git status`, async () => {
    await using home = await tempDir("baton-random-home-");
    const env: UserEnv = { home: home.path, xdg: null };
    const repo = await randomRepo(seed);
    try {
      const a = await assertAgreesWithGit(env, repo.dir, {
        allowUnknown: true,
        allowNoTree: true,
        label: `seed ${seed}`,
      });
      if (Deno.env.get("BATON_RANDOM_VERBOSE") === "1") {
        const changed = [...a.git.tracked].map(([p, xy]) => `${xy} ${p}`).join(" | ");
        console.log(seed, changed, "unchecked:", a.unchecked.join(","), a.facts.tree?.reason ?? "");
      }
    } catch (e) {
      throw new Error(`seed ${seed} disagrees; steps:\n${repo.steps.join("\n")}`, { cause: e });
    }
  });
}
