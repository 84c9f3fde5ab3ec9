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
import { assertAgreesWithGit, gitAs, type UserEnv } from "../../_helpers/git_oracle.ts";
import type { Facts } from "../../../core/capsule/recorded_facts.ts";
import { assertPublishedAgrees } from "../../_helpers/published_oracle.ts";
import { type RandomClone, randomClone } from "../../_helpers/random_clones.ts";

// Chosen so that every shape the stream draws is met: 6 tree:0, grafts, worktree config, a
// submodule, the promisor remote gone; 7 --no-checkout, --separate-git-dir, core.ignoreStat,
// a stale untracked cache; 9 GIT_ALTERNATE_OBJECT_DIRECTORIES; 13 --sparse, fsmonitor bits,
// GIT_OBJECT_DIRECTORY; 14 --shared with GIT_INDEX_FILE; 23 a replace ref; 29 and 38 --depth;
// 363 and 436 git stopping on a blob baton cannot read (pastBlobStop's two cases).
const FIXED_SEEDS = [6, 7, 9, 13, 14, 21, 22, 23, 28, 29, 37, 38, 40, 363, 436];

/**
 * The oracle's exception (the lead's decision): where git stops on what
 * lies in a blob baton cannot read, baton names the paths it affects
 * unchecked and states the rest. Exactly two such stops are let past,
 * each only where baton's reason is that blob: with the promisor remote
 * gone git cannot fetch the index's `.gitattributes` or `.gitmodules`
 * (seeds 363, 505): the remote is put back so that git fetches; with a
 * submodule's path turned into a symlink git stops where `.gitmodules`
 * (fetched by git, not read by baton) lets it look inside (seed 436): that
 * submodule's `ignore` is set to `all` in the clone's config (the stream's
 * submodule is named by its path) so git does not. baton's facts,
 * collected first, are then compared with git's status.
 */
async function pastBlobStop(
  repo: RandomClone,
  env: UserEnv,
  stop: { stderr: string; facts: Facts },
): Promise<boolean> {
  const tree = stop.facts.tree;
  if (
    tree === undefined ||
    !/\.git(attributes|modules)\b.* in no object store read/.test(tree.reason ?? "")
  ) {
    return false;
  }
  if (
    repo.promisorGone !== undefined &&
    /could not fetch [0-9a-f]+ from promisor remote/.test(stop.stderr)
  ) {
    await gitAs(env, repo.dir, ["config", "remote.origin.url", repo.promisorGone]);
    return true;
  }
  const link = /^error: expected submodule path '([^']+)' not to be a symbolic link$/m.exec(
    stop.stderr,
  );
  if (link !== null && tree.unchecked.includes(link[1]!)) {
    await gitAs(env, repo.dir, ["config", `submodule.${link[1]}.ignore`, "all"]);
    return true;
  }
  return false;
}

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
        pastStop: (stop) => pastBlobStop(repo, env, stop),
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
