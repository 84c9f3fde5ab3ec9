/**
 * Where the index git reads lives: GIT_INDEX_FILE's file where followed,
 * else `<git dir>/index`. Its own module so that the collector names the
 * path without loading the index reader, which stays lazy (its code is not
 * resident at the scan's peak). Pure.
 * @module
 */
import type { RepoLocation } from "../types.ts";

/**
 * The index file git reads for `repo`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { indexFileOf } from "./index_path.ts";
 * const repo = { workTree: "/w", gitDir: "/w/.git", commonDir: "/w/.git" };
 * assert.equal(indexFileOf(repo), "/w/.git/index");
 * assert.equal(indexFileOf({ ...repo, indexFile: "/w/other" }), "/w/other");
 * ```
 */
export function indexFileOf(repo: RepoLocation): string {
  return repo.indexFile ?? `${repo.gitDir}/index`;
}
