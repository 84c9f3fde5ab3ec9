/**
 * Whether a capsule was written for another repository than this one, from
 * the place its signed facts record. A capsule that records a commit was
 * written where that commit is (core/facts/git/commit_absent.ts: only a
 * definite absence counts). One that records none was written outside git,
 * or in a repository before its first commit: only the second can be this
 * repository's own, and only when it was written here, in this work tree
 * (its signed `repo_root` is this one's). Otherwise a commit-less capsule this
 * machine signed anywhere (a scratch folder, another project's first
 * session), copied into this repository, would count as trusted here.
 * I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { RepoLocation } from "../facts/types.ts";
import type { Facts } from "../capsule/recorded_facts.ts";
import { commitAbsence } from "../facts/git/commit_absent.ts";

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
 * const elsewhere = writtenElsewhere({} as never, { workTree: "/r" } as never);
 * assert.equal(await elsewhere({ status: "not_a_repo", head: null, repo_root: null }), true);
 * assert.equal(await elsewhere({ status: "collected", head: null, repo_root: "/r" }), false);
 * assert.equal(await elsewhere({ status: "collected", head: null, repo_root: "/s" }), true);
 * ```
 */
export function writtenElsewhere(fs: ReadFs, repo: RepoLocation | null): WrittenElsewhere {
  const absent = commitAbsence(fs, repo);
  return (facts) => {
    if (repo === null) return Promise.resolve(false);
    if (facts.head !== null) return absent(facts.head);
    // No commit recorded. Written outside git: not in this repository.
    if (facts.status === "not_a_repo") return Promise.resolve(true);
    // Facts never collected (an ingested paste) name the work tree it was ingested in; one
    // ingested before they did, or outside git, names none and is judged as before.
    if (facts.status !== "collected" && facts.repo_root === null) return Promise.resolve(false);
    return Promise.resolve(facts.repo_root === null || !ownWorkTrees(repo).has(facts.repo_root));
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
