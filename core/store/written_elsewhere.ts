/**
 * Whether a capsule was written for another repository than this one, from
 * the place its signed facts record. A capsule that records a commit was
 * written where that commit is (core/facts/git/commit_absent.ts: only a
 * definite absence counts). One that records none was written outside git,
 * in a repository before its first commit, or from a pasted answer whose
 * facts were never collected (`baton ingest`): only the last two can be this
 * repository's own, and only when written here, in this work tree (its
 * signed `repo_root` is this one's or, in a linked worktree, the main one's; a capsule that records no work tree
 * cannot be tied here). Otherwise a commit-less capsule this machine signed
 * anywhere (a scratch folder, another project's first session or paste),
 * copied into this repository, would count as trusted here.
 * I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { GitObjectReader, RepoLocation } from "../facts/types.ts";
import type { Facts } from "../capsule/recorded_facts.ts";
import { createObjectReader } from "../facts/git/object_reader.ts";

/** The part of a capsule's facts that says where it was written. */
export type RecordedPlace = Pick<Facts, "status" | "head" | "repo_root">;

/** The check `writtenElsewhere` returns: true when the capsule was not written here. */
export type WrittenElsewhere = (facts: RecordedPlace) => Promise<boolean>;

/**
 * A check of recorded places against `repo` (one object reader for all of
 * them); every answer is false when there is no repository.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writtenElsewhere } from "./written_elsewhere.ts";
 * const repo = { workTree: "/r", gitDir: "/r/.git", commonDir: "/r/.git" };
 * const elsewhere = writtenElsewhere({} as never, repo as never);
 * assert.equal(await elsewhere({ status: "not_a_repo", head: null, repo_root: null }), true);
 * assert.equal(await elsewhere({ status: "collected", head: null, repo_root: "/r" }), false);
 * assert.equal(await elsewhere({ status: "collected", head: null, repo_root: "/s" }), true);
 * ```
 */
export function writtenElsewhere(fs: ReadFs, repo: RepoLocation | null): WrittenElsewhere {
  const found = commitFound(fs, repo);
  return async (facts) => {
    if (repo === null) return false;
    if (facts.head !== null) {
      const here = await found(facts.head);
      if (here !== null) return !here;
      // Not found, and its absence proves nothing (a shallow clone, whose missing commits
      // may lie beyond the boundary; objects that could not be read): the commit cannot
      // say it was written here, so the work tree it records must, as for no commit.
      return facts.repo_root === null || !ownWorkTrees(repo).has(facts.repo_root);
    }
    // No commit recorded. Written outside git: not in this repository. Otherwise (a
    // repository before its first commit, or a paste ingested with its facts never
    // collected) by the work tree it records; one that records none (a paste ingested
    // before it was recorded, a repository that could not be read) cannot be tied here.
    if (facts.status === "not_a_repo") return true;
    return facts.repo_root === null || !ownWorkTrees(repo).has(facts.repo_root);
  };
}

/**
 * Whether a recorded commit is in `repo`'s objects: true when found, false when
 * definitely absent, null when its absence tells nothing (a shallow clone, an
 * object store that could not be read, an id not in a commit id's shape).
 */
function commitFound(
  fs: ReadFs,
  repo: RepoLocation | null,
): (head: string) => Promise<boolean | null> {
  let objects: GitObjectReader | null = null;
  let shallow: Promise<boolean> | null = null;
  return async (head) => {
    if (repo === null || !/^[0-9a-f]{40}$/.test(head)) return null;
    objects ??= createObjectReader(fs, repo);
    try {
      if ((await objects.read(head)) !== null) return true;
    } catch {
      return null;
    }
    shallow ??= fs.lstat(`${repo.commonDir}/shallow`).then((st) => st !== null, () => true);
    return (await shallow) ? null : false;
  };
}

/**
 * This repository's work trees a commit-less capsule may have been written in: the one baton
 * works in and, in a linked worktree, the main one (whose `.git` is the common git dir), where
 * a first session before the first commit wrote it.
 */
function ownWorkTrees(repo: RepoLocation): Set<string> {
  const own = new Set([repo.workTree]);
  const common = repo.commonDir.replace(/\/+$/, "");
  if (common !== repo.gitDir.replace(/\/+$/, "") && common.endsWith("/.git")) {
    own.add(common.slice(0, -"/.git".length));
  }
  return own;
}
