/**
 * What HEAD points at: the current branch (possibly unborn), or a detached
 * commit. HEAD lives in the git dir; branches live in the common dir.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { GitCorruptError } from "./errors.ts";
import { resolveRef } from "./resolve_ref.ts";

/** The state of HEAD. */
export interface HeadInfo {
  /** Short branch name ("main") when HEAD is symbolic; the full ref name if it points outside refs/heads/; null when detached. */
  branch: string | null;
  /** Full ref HEAD points at ("refs/heads/main"), or null when detached. */
  ref: string | null;
  /** True when HEAD holds an object id directly. */
  detached: boolean;
  /** The commit HEAD resolves to, or null on an unborn branch. */
  oid: string | null;
  /** False on an unborn branch (a fresh repository or `git checkout --orphan`). */
  hasCommits: boolean;
}

/**
 * Reads HEAD.
 *
 * @param fs Read capability.
 * @param repo Repository location.
 * @returns Branch, detachment and the commit id.
 * @throws {GitUnsupportedError} For reftable repositories (never guesses).
 * @throws {GitCorruptError} When HEAD is missing or malformed.
 *
 * @example
 * ```ts ignore
 * const head = await readHead(fs, repo);
 * // { branch: "main", ref: "refs/heads/main", detached: false, oid: "...", hasCommits: true }
 * ```
 */
export async function readHead(fs: ReadFs, repo: RepoLocation): Promise<HeadInfo> {
  const head = await resolveRef(fs, repo, "HEAD");
  if (head === null) {
    throw new GitCorruptError("Cannot read HEAD: the file is missing", "git_head_invalid");
  }
  if (!head.symbolic) {
    return { branch: null, ref: null, detached: true, oid: head.oid, hasCommits: true };
  }
  const branch = head.target.startsWith("refs/heads/")
    ? head.target.slice("refs/heads/".length)
    : head.target;
  return {
    branch,
    ref: head.target,
    detached: false,
    oid: head.oid,
    hasCommits: head.oid !== null,
  };
}
