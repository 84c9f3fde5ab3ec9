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
import { type Agreement, assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";
import {
  cacheShapes,
  changeAgain,
  type RandomRepo,
  randomRepo,
} from "../../_helpers/random_repo.ts";
import { checkDrift } from "../../../core/briefing/drift.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { TestFs } from "../../_helpers/fs.ts";
import type { DirEntry } from "../../../core/fs.ts";

/** A TestFs that counts the directories it lists. */
class CountingFs extends TestFs {
  listed = 0;
  override readDir(path: string, limit?: number): Promise<DirEntry[]> {
    this.listed++;
    return super.readDir(path, limit);
  }
}

// 33, 74 and 608 each caught a disagreement of the second stream: a
// .gitmodules git stops on, text=input on a racy entry, and a split index
// git stops on where a sparse index is allowed; 1082 a sparse index git wrote out of path order;
// 9002 a gone file git pairs as a work-tree rename with a conflicted file (no .D shown);
// 15002 a sparse directory whose name became a link to a directory (git expands it);
// 48155 and 48240 drift calling a file over a 4-byte hash cap, judged changed by stat
// data alone then and clean now, "no longer changed" where git's status did not move;
// 208 (the conversion stream) an expanded $Id$ over CRLF the index's blob holds, under autocrlf;
// 90285 (the layout stream) core.splitIndex where a sparse index is allowed, which git stops on;
// 71 and 240 (the conversion stream) an includeIf glob whose stars are glued to a name, one
// star to git's wildmatch (facts105);
// 52 (the combination stream) a submodule with core.splitIndex and a sparse index, and 203 one
// whose index holds a required extension git does not know, where git stops ('failed in
// submodule'); 226 a staged name that is not UTF-8 left skip-worktree by a cone sparse
// checkout, which baton neither showed nor named unchecked (facts106).
const FIXED_SEEDS = [
  1,
  2,
  3,
  4,
  5,
  6,
  7,
  8,
  33,
  52,
  71,
  74,
  203,
  208,
  226,
  240,
  608,
  1082,
  9002,
  15002,
  48155,
  48240,
  90285,
];

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
        ...cap(repo),
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

/** The hash cap the seed chose, as the oracle's option. */
function cap(repo: RandomRepo): { maxHashBytes?: number } {
  return repo.maxHashBytes === undefined ? {} : { maxHashBytes: repo.maxHashBytes };
}

/** git's sets with the paths either capture left unchecked taken out. */
function gitSets(
  a: Agreement,
  skip: (p: string) => boolean,
): { tracked: string; untracked: string } {
  const tracked = [...a.git.tracked].filter(([p]) => !skip(p)).map(([p, xy]) => `${xy} ${p}`);
  const untracked = a.git.untracked.filter((p) => !skip(p));
  return { tracked: tracked.sort().join("\n"), untracked: [...untracked].sort().join("\n") };
}

for (const seed of seeds()) {
  Deno.test(`random repository ${seed}: drift says match only where git's status did not move`, async () => {
    await using home = await tempDir("baton-random-home-");
    const env: UserEnv = { home: home.path, xdg: null };
    const repo = await randomRepo(seed);
    const opts = {
      allowUnknown: true,
      allowNoTree: true,
      label: `seed ${seed} then`,
      ...cap(repo),
    };
    try {
      const then = await assertAgreesWithGit(env, repo.dir, opts);
      await changeAgain(repo, seed);
      const now = await assertAgreesWithGit(env, repo.dir, { ...opts, label: `seed ${seed} now` });
      if (then.facts.tree === undefined || now.facts.tree === undefined) return;
      const unchecked = [...then.unchecked, ...now.unchecked].map((p) => p.replace(/\/$/, ""));
      const skip = (p: string) => unchecked.some((u) => p === u || p.startsWith(`${u}/`));
      const [g1, g2] = [gitSets(then, skip), gitSets(now, skip)];
      const drift = checkDrift(then.facts, now.facts, new Map());
      const status = (name: string) => drift.find((d) => d.check === name)?.status;
      if (Deno.env.get("BATON_RANDOM_VERBOSE") === "1") {
        const moved = [g1.tracked !== g2.tracked, g1.untracked !== g2.untracked];
        console.log(
          seed,
          "git moved",
          moved,
          "drift",
          status("tracked changes"),
          status("untracked files"),
        );
      }
      if (g1.tracked !== g2.tracked) assert.notEqual(status("tracked changes"), "match");
      if (g1.untracked !== g2.untracked) assert.notEqual(status("untracked files"), "match");
      if (unchecked.length === 0) {
        // The reverse: where git's sets did not move, drift finds no difference.
        if (g1.tracked === g2.tracked) assert.notEqual(status("tracked changes"), "different");
        if (g1.untracked === g2.untracked) assert.notEqual(status("untracked files"), "different");
      }
    } catch (e) {
      throw new Error(`seed ${seed} drift disagrees; steps:\n${repo.steps.join("\n")}`, {
        cause: e,
      });
    }
  });
}

// The listing cache is exercised on fewer seeds by default: each waits out
// the cache's racy margin once. With the ctime left out of the cache's
// check (as on a file system whose ctime does not move), seeds 2 and 5 fail;
// with every listing trusted however recent, seed 7 did (its second round
// changes directories the collection before listed within the same second,
// so on a slow machine it may not reach that shape). 3056 lists a name that
// is not UTF-8 (lossily) where baton names its tracked path unchecked: the
// oracle drops it as it drops git's. 90067 staged a rename between two identical
// sources whose candidate slots git ordered otherwise than by path (not the cache's doing).
// 90229 a file named with U+FFFD itself beside a tracked name that is not UTF-8 (gone).
// 91162 a staged empty blob gone from the work tree beside an emptied conflicted
// file: git's exact rename pass pairs them (its MD shown M.; not the cache's doing).
const CACHE_SEEDS = [1, 2, 3, 4, 5, 7, 3056, 90067, 90229, 91162];

/** The listing cache trusts a directory only once its ctime is this far behind the scan that listed it. */
const SETTLE_MS = 3_200;

for (const seed of Deno.env.get("BATON_RANDOM_SEEDS") ? seeds() : CACHE_SEEDS) {
  Deno.test(`random repository ${seed}: collected through the listing cache, baton agrees with git`, async () => {
    await using home = await tempDir("baton-random-home-");
    const env: UserEnv = { home: home.path, xdg: null };
    const repo = await randomRepo(seed);
    const opts = { allowUnknown: true, allowNoTree: true, cache: true, ...cap(repo) };
    try {
      // Production collects long after most directories last changed: the
      // first collection's listings become trusted only past the racy margin
      // (a wait, not a race: a slower machine only widens it).
      await new Promise((done) => setTimeout(done, SETTLE_MS));
      const counts: number[] = [];
      let scanned = true;
      const collect = async (label: string) => {
        const fs = new CountingFs();
        const a = await assertAgreesWithGit(env, repo.dir, {
          ...opts,
          fs,
          label: `seed ${seed} ${label}`,
        });
        counts.push(fs.listed);
        if (counts.length <= 2 && a.facts.tree === undefined) scanned = false;
      };
      await collect("first");
      // Unchanged, the second collection lists (almost) nothing: the cache is in use.
      await collect("unchanged");
      await changeAgain(repo, seed);
      await cacheShapes(repo, seed);
      await collect("cached");
      await cacheShapes(repo, seed + 7_919);
      await collect("cached again");
      if (Deno.env.get("BATON_RANDOM_VERBOSE") === "1") console.log(seed, "listed", counts);
      // (Where no tree was scanned, as where git stops, nothing was listed.)
      if (scanned) {
        assert.ok(counts[1]! < counts[0]!, `seed ${seed}: the cache was not used (${counts})`);
      }
    } catch (e) {
      throw new Error(
        `seed ${seed} disagrees through the cache; steps:\n${repo.steps.join("\n")}`,
        {
          cause: e,
        },
      );
    }
  });
}
