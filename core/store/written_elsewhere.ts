/**
 * Whether a capsule was written for another repository than this one, from
 * the place its signed facts record. It counts as this repository's only when
 * that place is tied to this project: the work tree it records is one of this
 * repository's, or one of the remote URLs it records names the project one of
 * this repository's remotes names, or is this work tree (own_places.ts,
 * place_identity.ts). A recorded commit found in this repository's objects is
 * no tie: anyone who can get a branch, a pull request's head or a shared
 * chain commit fetched makes it present, and with it another project's
 * signed capsule, copied here. A recorded commit definitely absent
 * (core/facts/git/commit_absent.ts) still says another repository whatever
 * the place says; an absence that proves nothing (a shallow clone, objects
 * that could not be read) leaves the place to decide, as it decides for a
 * capsule that records no commit (a repository before its first commit, a
 * paste `baton ingest` wrote). One written outside git is never this
 * repository's. Otherwise a capsule this machine signed in another project
 * (a scratch folder, a first session, a repository whose commits were
 * fetched here) would count as trusted here.
 * I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { GitObjectReader, RepoLocation } from "../facts/types.ts";
import type { Facts } from "../capsule/recorded_facts.ts";
import { commitAbsence } from "../facts/git/commit_absent.ts";
import { isAbsolutePath } from "../path.ts";
import { nearWorkTrees, ownPlaces } from "./own_places.ts";
import { pathIdentity, remoteIdentity } from "./place_identity.ts";

/** The part of a capsule's facts that says where it was written (`remotes` absent: none recorded). */
export type RecordedPlace =
  & Pick<Facts, "status" | "head" | "repo_root">
  & Partial<Pick<Facts, "remotes">>;

/** The check `writtenElsewhere` returns: true when the capsule was not written here. */
export type WrittenElsewhere = (facts: RecordedPlace) => Promise<boolean>;

/** The most recorded remotes looked at (a real clone has a handful). */
const MAX_RECORDED_REMOTES = 64;

/** Options of {@linkcode writtenElsewhere}. */
export interface WrittenElsewhereOptions {
  /** The object reader to ask about recorded commits. @default {one of its own} */
  objects?: GitObjectReader;
}

/**
 * A check of recorded places against `repo` (one object reader and one read
 * of its places for all of them); every answer is false when there is no
 * repository.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writtenElsewhere } from "./written_elsewhere.ts";
 * const elsewhere = writtenElsewhere({} as never, { workTree: "/r", gitDir: "/r/.git", commonDir: "/r/.git" });
 * assert.equal(await elsewhere({ status: "not_a_repo", head: null, repo_root: null }), true);
 * assert.equal(await elsewhere({ status: "collected", head: null, repo_root: "/r" }), false);
 * ```
 */
export function writtenElsewhere(
  fs: ReadFs,
  repo: RepoLocation | null,
  options: WrittenElsewhereOptions = {},
): WrittenElsewhere {
  const absent = commitAbsence(fs, repo, options);
  const near = repo === null ? new Set<string>() : nearWorkTrees(repo);
  let places: Promise<Set<string>> | null = null;
  return async (facts) => {
    if (repo === null) return false;
    if (facts.status === "not_a_repo") return true;
    if (await absent(facts.head)) return true;
    const recorded = recordedPlaces(facts);
    if (recorded.some((p) => near.has(p))) return false;
    if (recorded.length === 0) return true;
    places ??= ownPlaces(fs, repo);
    const own = await places;
    return !recorded.some((p) => own.has(p));
  };
}

/**
 * The identities a capsule's facts record: its work tree, then its remotes
 * (a relative local remote resolved against that work tree). Fields not in
 * their shape are passed over: they tie nothing.
 */
function recordedPlaces(facts: RecordedPlace): string[] {
  const root = typeof facts.repo_root === "string" && isAbsolutePath(facts.repo_root)
    ? facts.repo_root
    : null;
  const out = root === null ? [] : [pathIdentity(root)];
  const remotes = Array.isArray(facts.remotes) ? facts.remotes : [];
  for (const r of remotes.slice(0, MAX_RECORDED_REMOTES)) {
    const url: unknown = (r as { url?: unknown } | null)?.url;
    if (typeof url !== "string") continue;
    const id = remoteIdentity(url, root);
    if (id !== null) out.push(id);
  }
  return out;
}
