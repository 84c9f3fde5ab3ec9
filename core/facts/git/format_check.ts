/**
 * What git's check of a repository's format dies on (setup.c's
 * check_repo_format, run on the repository's own config file alone, its
 * includes not followed, whatever the format version): a
 * `core.repositoryFormatVersion` that is no number; a `core.bare`,
 * `extensions.preciousObjects` or `extensions.worktreeConfig` that is no
 * boolean; a `core.worktree`, `extensions.partialClone` or
 * `extensions.objectFormat` without a value; an object format git does not
 * know. git then refuses the repository and gives no status, at the top and
 * in a submodule it opens (checked against git 2.39). Where
 * `extensions.worktreeConfig` is on, the check reads `config.worktree` too,
 * for `core.bare` and `core.worktree` alone ({@linkcode worktreeConfigStop});
 * git opening a submodule reads only its common config file. Pure.
 * @module
 */
import type { GitConfig } from "./parse_config.ts";
import { getConfigEntries, parseConfigBool } from "./config_lookup.ts";
import { parseGitNumber } from "./git_number.ts";

const INT_MAX = 2n ** 31n - 1n;

/** Each checked key, as git names it, and whether git accepts an entry's value. */
const CHECKS: readonly [string, (value: string | null) => boolean][] = [
  ["core.repositoryFormatVersion", (v) => v !== null && parseGitNumber(v, INT_MAX) !== null],
  ["core.bare", (v) => parseConfigBool(v) !== null],
  ["core.worktree", (v) => v !== null],
  ["extensions.preciousObjects", (v) => parseConfigBool(v) !== null],
  ["extensions.worktreeConfig", (v) => parseConfigBool(v) !== null],
  ["extensions.partialClone", (v) => v !== null],
  ["extensions.objectFormat", (v) => v === "sha1" || v === "sha256"],
];

/**
 * The first key of the repository's own config file whose entry git's
 * format check dies on (every entry is checked, not only the last), or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * const at = (t: string) => formatCheckStop(parseGitConfig(t));
 * assert.equal(at("[core]\n\tbare = false\n\trepositoryformatversion = 0\n"), null);
 * assert.equal(at("[core]\n\tworktree\n"), "core.worktree");
 * assert.equal(at("[extensions]\n\tpreciousObjects = maybe\n"), "extensions.preciousObjects");
 * assert.equal(at("[extensions]\n\tobjectFormat = sha256\n"), null);
 * ```
 */
export function formatCheckStop(own: GitConfig): string | null {
  for (const [key, accepts] of CHECKS) {
    if (getConfigEntries(own, key).some((e) => !accepts(e.value))) return key;
  }
  return null;
}

/** The keys git's format check reads from `config.worktree`, and whether it accepts a value. */
const WORKTREE_CHECKS: readonly [string, (value: string | null) => boolean][] = [
  ["core.bare", (v) => parseConfigBool(v) !== null],
  ["core.worktree", (v) => v !== null],
];

/**
 * The first key of the work tree's own `config.worktree` (its includes
 * left out) whose entry git's format check dies on, or null: with
 * `extensions.worktreeConfig` on, git reads that file's `core.bare` (a
 * boolean) and `core.worktree` (a value) as it checks the repository, and
 * nothing else of it there. The caller reads the file only where git does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * const at = (t: string) => worktreeConfigStop(parseGitConfig(t));
 * assert.equal(at("[core]\n\tworktree\n"), "core.worktree");
 * assert.equal(at("[core]\n\tbare = maybe\n"), "core.bare");
 * assert.equal(at("[core]\n\trepositoryFormatVersion = x\n"), null);
 * ```
 */
export function worktreeConfigStop(own: GitConfig): string | null {
  for (const [key, accepts] of WORKTREE_CHECKS) {
    if (getConfigEntries(own, key).some((e) => !accepts(e.value))) return key;
  }
  return null;
}

/** Why nothing of a repository is stated where its format check stops git (names the key, never the value). */
export function formatCheckReason(key: string): string {
  return `the repository's own config sets ${key} to a value (or none) git's check of the repository rejects: git refuses to read it`;
}
