/**
 * Whether git would read HEAD at all: git reads its whole config (system,
 * global, the repository's, every include) and checks the repository's
 * format before it resolves a ref, so where a file it reads is malformed or
 * refused, the format check stops (a `core.bare` that is no boolean, a
 * rejected `core.repositoryFormatVersion`, an `extensions.*` it does not
 * know) or the owner is refused, `git rev-parse HEAD` dies. The one decision
 * the facts collector (collect.ts) and every other reader of HEAD (evidence,
 * check-clean, the handoff commit, share) take, so none of them names a
 * HEAD or branch git would not.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { readRepoConfig, type RepoConfig } from "./read_repo_config.ts";
import { BARE_INVALID_REASON } from "./git_refusals.ts";
import { formatCheckReason } from "./format_check.ts";
import { configFileOptions, type GitEnvironment } from "./git_environment.ts";
import { OWNERSHIP_REASON, OWNERSHIP_VERSIONS_REASON, ownershipVerdict } from "./git_reach.ts";
import { GitOwnershipError, GitUnsupportedError } from "./errors.ts";
import { type HeadInfo, readHead } from "./read_head.ts";

/** Why no HEAD is reported where a config file git reads is malformed or refused. */
export const CONFIG_UNREAD_HEAD_REASON = "the config could not be read";

/**
 * Why git refuses the whole repository for its config (HEAD and the tree
 * alike), or null: a `core.bare` that is no boolean, or a value git's
 * format check rejects.
 */
export function repositoryConfigRefusal(config: RepoConfig): string | null {
  if (config.bare === null) return BARE_INVALID_REASON;
  if (config.formatProblem === null && config.formatCheckStop !== null) {
    return formatCheckReason(config.formatCheckStop);
  }
  return null;
}

/**
 * Why HEAD is not read from a config that did read, or null: the
 * repository refused ({@linkcode repositoryConfigRefusal}), or a format git
 * refuses or whose refs baton does not read (repository_format.ts).
 */
export function headConfigRefusal(config: RepoConfig): string | null {
  const whole = repositoryConfigRefusal(config);
  if (whole !== null) return whole;
  const format = config.formatProblem;
  return format !== null && !format.refsReadable ? format.reason : null;
}

/** Where git's config is read from, as the facts collector reads it. */
export interface HeadRefusalOptions {
  homeDir: string | null;
  xdgConfigHome: string | null;
  gitEnvironment: GitEnvironment;
}

/**
 * Why git would not read HEAD in `repo` (content-free), or null: its
 * config does not read, git refuses the repository's owner, or
 * {@linkcode headConfigRefusal}.
 */
export async function headRefusal(
  fs: ReadFs,
  repo: RepoLocation,
  options: HeadRefusalOptions,
): Promise<string | null> {
  const env = options.gitEnvironment;
  let config: RepoConfig;
  try {
    config = await readRepoConfig(fs, repo, {
      homeDir: options.homeDir,
      xdgConfigHome: options.xdgConfigHome,
      ...configFileOptions(env),
      pwd: env["PWD"] ?? null,
    });
  } catch {
    return CONFIG_UNREAD_HEAD_REASON;
  }
  // A repository GIT_DIR names is read without asking for its owner.
  if (!("GIT_DIR" in env)) {
    const owner = await ownershipVerdict(fs, repo, config.safeDirectories, {
      env,
      homeDir: options.homeDir,
    });
    if (owner === "refused") return OWNERSHIP_REASON;
    if (owner === "versions differ") return OWNERSHIP_VERSIONS_REASON;
  }
  return headConfigRefusal(config);
}

/**
 * HEAD as git reads it: {@linkcode readHead} where {@linkcode headRefusal}
 * finds nothing.
 * @throws {GitOwnershipError} Where git refuses the repository's owner.
 * @throws {GitUnsupportedError} `git_refuses_head`, with the reason, where git would not read HEAD.
 * @throws {GitCorruptError} When HEAD is missing or malformed.
 */
export async function readHeadAsGit(
  fs: ReadFs,
  repo: RepoLocation,
  options: HeadRefusalOptions,
): Promise<HeadInfo> {
  await assertGitReadsHead(fs, repo, options);
  return await readHead(fs, repo);
}

/**
 * Stops where {@linkcode headRefusal} finds a reason: commands that act on
 * HEAD as git would (check-clean, the handoff commit, share) refuse then,
 * each with the same error for the same refusal (the config read once).
 * @throws {GitOwnershipError} Where git refuses the repository's owner.
 * @throws {GitUnsupportedError} `git_refuses_head`, with the reason, for any other refusal.
 */
export async function assertGitReadsHead(
  fs: ReadFs,
  repo: RepoLocation,
  options: HeadRefusalOptions,
): Promise<void> {
  const refused = await headRefusal(fs, repo, options);
  if (refused === OWNERSHIP_REASON || refused === OWNERSHIP_VERSIONS_REASON) {
    throw new GitOwnershipError();
  }
  if (refused !== null) {
    throw new GitUnsupportedError(
      `git does not read this repository's HEAD: ${refused}`,
      "git_refuses_head",
    );
  }
}
