/**
 * Whether a capsule's recorded commit is absent from this repository's
 * objects: the sign that a capsule (signed here or not) was written for
 * another repository, or at commits never fetched here. Only a definite
 * absence counts; a corrupt object store, a read over the reader's bounds
 * or a shallow clone cannot tell. I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { GitObjectReader, RepoLocation } from "../types.ts";
import { createObjectReader } from "./object_reader.ts";

/** Options of {@linkcode commitAbsence}. */
export interface CommitAbsenceOptions {
  /**
   * The object reader to ask (one the caller shares with its other reads of
   * the same repository). @default {one of its own, made on the first ask}
   */
  objects?: GitObjectReader;
}

/**
 * A check of recorded commits against `repo`'s objects (one reader for all
 * of them); every answer is false when there is no repository.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commitAbsence } from "./commit_absent.ts";
 * const absent = commitAbsence({} as never, null);
 * assert.equal(await absent("0".repeat(40)), false);
 * ```
 */
export function commitAbsence(
  fs: ReadFs,
  repo: RepoLocation | null,
  options: CommitAbsenceOptions = {},
): (head: string | null) => Promise<boolean> {
  // Made on the first commit asked about (most callers never ask), or the caller's.
  let objects: GitObjectReader | null = null;
  // A shallow clone lacks every commit beyond its boundary: absence there
  // tells nothing of where a capsule was written.
  let shallow: Promise<boolean> | null = null;
  return async (head) => {
    if (repo === null || head === null || !/^[0-9a-f]{40}$/.test(head)) return false;
    shallow ??= fs.lstat(`${repo.commonDir}/shallow`).then((st) => st !== null, () => true);
    if (await shallow) return false;
    objects ??= options.objects ?? createObjectReader(fs, repo);
    try {
      return (await objects.read(head)) === null;
    } catch {
      // Corrupt, or over the reader's bounds: cannot tell.
      return false;
    }
  };
}
