/**
 * Where git status stops at a populated submodule, beyond the shapes
 * submodule_state.ts names itself (checked against git 2.39):
 *
 * - whatever the submodule's `ignore` setting, `all` included, git opens its
 *   repository to read its HEAD (repo_submodule_init), and reads its own
 *   config file as its repository-format check reads it: a syntax error
 *   ("bad config line"), a `core.bare` that is no boolean, a
 *   `core.repositoryFormatVersion` that is no number or a `core.worktree`
 *   without a value stops git;
 * - where git looks inside (`none`, `untracked`; whether or not the HEAD
 *   moved) it runs `git status` there, which stops as the superproject's
 *   would: a config value git rejects (git/rejected_config.ts), what the
 *   format check reads in its `config.worktree` (`extensions.worktreeConfig`
 *   on) and dies on, `core.bare` true, an exclude file that is a directory, a shallow file git cannot
 *   read, a repository git cannot read (its index, HEAD commit or root tree
 *   damaged), core.splitIndex with a sparse index allowed (worktree/scan.ts
 *   names it; submodule_state.ts passes it up), or a stop of its own at one
 *   of its submodules ("failed in submodule").
 *
 * Each is a reason submodule_state.ts lists among the stops, on which
 * collect.ts states no tree.
 * @module
 */
import { FsNotFoundError, type ReadFs } from "../fs.ts";
import type { RepoLocation } from "./types.ts";
import { requireRegularFile } from "./git/read_git_file.ts";
import { parseGitConfig } from "./git/parse_config.ts";
import { rejectedConfigKey } from "./git/rejected_config.ts";
import { formatCheckStop } from "./git/format_check.ts";
import { GitConfigSyntaxError } from "./git/errors.ts";
import {
  bareWithoutWorkTree,
  excludeFileIsDirectory,
  shallowFileInvalid,
} from "./git/git_refusals.ts";
import type { RepoConfig } from "./git/read_repo_config.ts";

/** Why the tree is unknown when a populated submodule's own config file stops git as it opens the submodule. */
export const SUBMODULE_CONFIG_STOP_REASON =
  "a submodule's own config file is one git cannot read (a syntax error, or a core or extensions value its check of the repository rejects): git status stops on it";

/** Why the tree is unknown when git status run inside a submodule refuses its configuration or files. */
export const SUBMODULE_REFUSED_REASON =
  "git status inside a submodule refuses it (a config value git rejects, core.bare, an exclude file that is a directory or a shallow file git cannot read): git stops on it";

/** Why the tree is unknown when a submodule git looks inside cannot be read (git stops there). */
export const SUBMODULE_DAMAGED_REASON =
  "a submodule git looks inside is damaged (its config, index, HEAD commit or root tree cannot be read): git status stops on it";

/** Why the tree is unknown when git status run inside a submodule stops at something of its own. */
export const SUBMODULE_NESTED_STOP_REASON =
  "git status inside a submodule stops (at one of its own submodules or its .gitmodules): git stops on it";

/** The largest submodule config file read (a larger one is a typed error, never read). */
const MAX_CONFIG_BYTES = 64 * 1024 * 1024;

/**
 * Whether git stops reading the submodule's own config file as it opens the
 * submodule (read_repository_format: that file alone, no includes).
 */
export async function ownConfigStops(fs: ReadFs, sub: RepoLocation): Promise<boolean> {
  const path = `${sub.commonDir}/config`;
  let bytes: Uint8Array;
  try {
    const st = await fs.stat(path);
    if (st === null) return false;
    requireRegularFile(st, MAX_CONFIG_BYTES);
    bytes = await fs.readFile(path);
  } catch (e) {
    if (e instanceof FsNotFoundError) return false;
    throw e;
  }
  let config;
  try {
    config = parseGitConfig(new TextDecoder().decode(bytes));
  } catch (e) {
    if (e instanceof GitConfigSyntaxError) return true;
    throw e;
  }
  return formatCheckStop(config) !== null;
}

/**
 * Whether `git status` run inside the submodule refuses it where the
 * superproject's collection would refuse its own tree (collect.ts): a
 * config value git rejects, what its format check dies on (its
 * `config.worktree` read too, which opening the submodule does not read),
 * `core.bare` true, an exclude file that is a directory, a shallow file git
 * stops on.
 */
export async function insideRefusal(
  fs: ReadFs,
  sub: RepoLocation,
  own: RepoConfig,
): Promise<boolean> {
  return rejectedConfigKey(own.config) !== null ||
    own.formatCheckStop !== null ||
    bareWithoutWorkTree(own.bare, {}) ||
    await excludeFileIsDirectory(fs, sub, own.excludesFile) ||
    await shallowFileInvalid(fs, sub, own.objectFormat === "sha256" ? 64 : 40);
}
