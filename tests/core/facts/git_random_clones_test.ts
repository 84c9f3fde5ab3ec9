/**
 * The differential hunt's clone stream (tests/_helpers/random_clones.ts):
 * partial, shallow, sparse, shared and separate-git-dir clones with replace
 * refs, grafts, git's environment variables, worktree config, ignoreStat, a
 * stale untracked cache and fsmonitor bits, then the usual edits. Each is
 * compared path by path with `git status --porcelain=v2 -z -uall` (baton
 * asked first: git may fetch what a partial clone lacks), and its
 * publication fact with `git for-each-ref --contains HEAD refs/remotes`.
 * The seed list below always runs; `BATON_RANDOM_SEEDS=N` (or `A-B`) runs
 * more, as the other streams do.
 * @module
 */
import assert from "node:assert/strict";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";
import { assertPublishedAgrees } from "../../_helpers/published_oracle.ts";
import { randomClone } from "../../_helpers/random_clones.ts";

// Chosen so that every shape the stream draws is met: 6 tree:0, grafts, worktree config, a
// submodule, the promisor remote gone; 7 --no-checkout, --separate-git-dir, core.ignoreStat,
// a stale untracked cache; 9 GIT_ALTERNATE_OBJECT_DIRECTORIES; 13 --sparse, fsmonitor bits,
// GIT_OBJECT_DIRECTORY; 14 --shared with GIT_INDEX_FILE; 23 a replace ref; 29 and 38 --depth.
const FIXED_SEEDS = [6, 7, 9, 13, 14, 21, 22, 23, 28, 29, 37, 38, 40];

function seeds(): number[] {
  const spec = Deno.env.get("BATON_RANDOM_SEEDS");
  if (spec === undefined || spec === "") return FIXED_SEEDS;
  const m = /^(\d+)(?:-(\d+))?$/.exec(spec);
  assert.ok(m !== null, "BATON_RANDOM_SEEDS is N or A-B");
  const [a, b] = m[2] === undefined ? [1, Number(m[1])] : [Number(m[1]), Number(m[2])];
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

for (const seed of seeds()) {
  Deno.test(`random clone ${seed}: baton's facts agree with git status and for-each-ref --contains`, async () => {
    const repo = await randomClone(seed);
    const env: UserEnv = { home: repo.home, xdg: null, vars: repo.vars };
    try {
      const a = await assertAgreesWithGit(env, repo.dir, {
        allowUnknown: true,
        allowNoTree: true,
        batonFirst: true,
        label: `clone seed ${seed}`,
      });
      const p = await assertPublishedAgrees(env, repo.dir, {
        facts: a.facts,
        label: `clone seed ${seed}`,
      });
      if (Deno.env.get("BATON_RANDOM_VERBOSE") === "1") {
        const changed = [...a.git.tracked].map(([f, xy]) => `${xy} ${f}`).join(" | ");
        console.log(
          seed,
          changed,
          "unchecked:",
          a.unchecked.join(","),
          a.facts.tree?.reason ?? a.facts.unavailable?.[0]?.reason ?? "",
          "published:",
          p.git,
          p.baton.status,
        );
      }
    } catch (e) {
      throw new Error(`clone seed ${seed} disagrees; steps:\n${repo.steps.join("\n")}`, {
        cause: e,
      });
    }
  });
}
