/**
 * Whether a capsule was written for another repository than this one, from
 * the place its signed facts record. A capsule that records a commit was
 * written where that commit is (core/facts/git/commit_absent.ts: only a
 * definite absence counts). One that records none was written outside git,
 * in a repository before its first commit, or from a pasted answer whose
 * facts were never collected (`baton ingest`): only the last two can be this
 * repository's own, and only when written here, in this work tree (its
 * signed `repo_root` is this one's; a capsule that records no work tree
 * cannot be tied here). Otherwise a commit-less capsule this machine signed
 * anywhere (a scratch folder, another project's first session or paste),
 * copied into this repository, would count as trusted here.
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
    // No commit recorded. Written outside git: not in this repository. Otherwise (a
    // repository before its first commit, or a paste ingested with its facts never
    // collected) by the work tree it records; one that records none (a paste ingested
    // before it was recorded, a repository that could not be read) cannot be tied here.
    if (facts.status === "not_a_repo") return Promise.resolve(true);
    return Promise.resolve(facts.repo_root === null || facts.repo_root !== repo.workTree);
  };
}
