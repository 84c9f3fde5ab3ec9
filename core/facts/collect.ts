/**
 * Collects the facts of a repository without a git binary: location, remotes
 * (credentials stripped), HEAD, operation in progress, working-tree status,
 * the whole-tree state (every changed and untracked path, bounded), hashes of
 * changed files (bounded in count and size; a file over the size cap is
 * recorded by size and mtime), and whether HEAD is on a remote-tracking ref.
 * Everything runs under one deadline: what was not checked in time is named
 * as not checked. A part that cannot be read (damaged config, refs, index or
 * objects) is recorded in `unavailable` with a content-free reason and the
 * rest is still collected: this never throws for a damaged repository.
 * @module
 */
import { indexFileOf } from "./worktree/index_path.ts";
import { isBatonOwnPath, isBatonOwnTrackedPath } from "./baton_own_paths.ts";
import type { FileStat, ReadFs, WriteFs } from "../fs.ts";
import type { RepoLocation, WorktreeEntry } from "./types.ts";
import type {
  ChangedFileFact,
  Facts,
  PublishedFact,
  TreeState,
  UnavailablePart,
} from "../capsule/recorded_facts.ts";
import { isCodedError } from "../errors.ts";
import { GitUnsupportedError } from "./git/errors.ts";
import { escapeLossyPath, escapePathText, shownPath } from "./escape_path.ts";
import { hashFiles, MAX_HASH_BYTES } from "./hash_files.ts";
import { createObjectReader } from "./git/object_reader.ts";
import { findRepo } from "./git/find_repo.ts";
import { inProgressOperation } from "./git/in_progress_operation.ts";
import { parseCommit } from "./git/parse_commit.ts";
import { peelToCommit } from "./git/peel_commit.ts";
import { readHead } from "./git/read_head.ts";
import {
  CONFIG_UNREAD_HEAD_REASON,
  headConfigRefusal,
  repositoryConfigRefusal,
} from "./git/head_refusal.ts";
import { readRepoConfig } from "./git/read_repo_config.ts";
import { comparePaths } from "./worktree/compare_paths.ts";
import {
  collectScanGarbage,
  SCAN_PHASES,
  scanWorktree,
  type SubmoduleState,
} from "./worktree/scan.ts";
import { createAttributeLookup } from "./worktree/attributes.ts";
import { inSparseCone, parseSparseCone } from "./worktree/sparse_cone.ts";
import { readPatternFile } from "./git/read_git_file.ts";
import {
  convertAgainstIndex,
  ENCODING_VALUELESS_REASON,
  LFS_REQUIRED_MISSING_REASON,
  REQUIRED_FILTER_IDLE_REASON,
} from "./worktree/convert_to_git.ts";
import { lfsProgramMemo, withLfsProgram } from "./worktree/lfs_program.ts";
import {
  GITMODULES_UNPARSED_REASON,
  GITMODULES_UNREADABLE_REASON,
  SUBMODULE_STOPS,
  submoduleStates,
} from "./submodule_state.ts";
import { SUBMODULE_IGNORE_INVALID_REASON } from "./submodule_ignore.ts";
import { createListingCache, type ListingCache } from "./worktree/listing_cache.ts";
import {
  readCacheFile,
  readListingCache,
  writeCacheFile,
  writeListingCache,
} from "./worktree/listing_cache_file.ts";
import {
  MAX_VERIFIED_INDEX_RECORD_BYTES,
  parseVerifiedIndex,
  serializeVerifiedIndex,
  settled,
  VERIFIED_INDEX_NAME,
} from "./worktree/verified_index.ts";
import { notARepoFacts } from "./empty_facts.ts";
import {
  configFileOptions,
  envBool,
  environmentConfigProblem,
  type GitEnvironment,
  gitEnvironmentReason,
  systemAttributesFile,
} from "./git/git_environment.ts";
import { gitRepositoryReason, movingInEffect, OBJECT_VARIABLES } from "./git/moving_in_effect.ts";
import { systemJoin } from "./git/physical_path.ts";
import { workTreeSetting } from "./git/work_tree_setting.ts";
import { rejectedConfigKey, rejectedConfigReason } from "./git/rejected_config.ts";

/** Why nothing of the repository is reported where git's search stops below it. */
const CEILING_REASON =
  "GIT_CEILING_DIRECTORIES is set in the environment: git stops its search below this repository";

/**
 * Why the untracked list may not be git's: git's untracked cache, trusted by
 * directory stat data without the ctime (core.trustctime false or
 * core.checkStat minimal), misses a change in a directory whose mtime was
 * put back.
 */
export const UNTRACKED_CACHE_REASON =
  "git's untracked cache is trusted without ctime (core.trustctime false or core.checkStat minimal): git may miss files in a directory whose mtime was put back";

/** Why the work tree is unknown where the config names a file in another user's home. */
const OTHER_USER_PATH_REASON =
  "core.excludesFile, core.attributesFile, include.path or an includeIf gitdir: pattern names a ~user/ or %(prefix)/ path: git expands it from that user's home or its own install prefix, which baton does not look up";

/** Why facts are unavailable where only a search past a mount point finds the repository. */
const OBJECT_DIRECTORY_REASON =
  "GIT_OBJECT_DIRECTORY names no directory git can use: git finds no repository here";
const ACROSS_FS_REASON =
  "GIT_DISCOVERY_ACROSS_FILESYSTEM is set: git finds a repository past a file-system boundary that baton's own search stopped at";
import {
  ceilingStopsSearchOnDisk,
  OWNERSHIP_REASON,
  OWNERSHIP_VERSIONS_REASON,
  ownershipVerdict,
  parentsRewritten,
  REPLACE_REFS_REASON,
  replaceRefsApply,
} from "./git/git_reach.ts";
import {
  BARE_REASON,
  bareWithoutWorkTree,
  EXCLUDE_DIR_REASON,
  excludeFileIsDirectory,
  INSIDE_GIT_DIR_REASON,
  SHALLOW_INVALID_REASON,
  shallowFileInvalid,
  startedInsideGitDir,
  UNTRACKED_MODE_REASON,
} from "./git/git_refusals.ts";

/** Options of {@linkcode collectFacts}. */
export interface CollectFactsOptions {
  now: () => Date;
  /** The repository when the caller already found it (null: not a repository). */
  repo?: RepoLocation | null;
  homeDir?: string | null;
  xdgConfigHome?: string | null;
  /**
   * git's variables set in the environment (git/git_environment.ts): the
   * config-file ones are applied to the cascade; a moving one that names
   * another repository makes every part unavailable, one that names another
   * work tree, index or object store the work tree (git/moving_in_effect.ts).
   * @default {{}}
   */
  gitEnvironment?: GitEnvironment;
  /** The system git config file; null for none. @default {"/etc/gitconfig"} */
  systemConfigPath?: string | null;
  /**
   * The system attributes file; null for none. @default {"/etc/gitattributes",
   * or none with GIT_ATTR_NOSYSTEM set true in `gitEnvironment`}
   */
  systemAttributesPath?: string | null;
  /** Most changed files listed and hashed. @default {200} */
  maxFiles?: number;
  /** Largest file hashed; larger ones are recorded by size and mtime. @default {8 MiB} */
  maxHashBytes?: number;
  /**
   * Time (ms since the epoch, on `now`'s clock) after which the scan stops
   * and names what it did not check. @default {no deadline}
   */
  deadlineMs?: number | null;
  /** Most paths kept in each list of the whole-tree state. @default {500} */
  maxTreePaths?: number;
  /**
   * Directories larger than this (lstat size; ext4 spends about 22 bytes a
   * name) are not listed for untracked files: one listing cannot be cut
   * short by the deadline. @default {1 MiB with a deadline, else no limit}
   */
  maxDirBytes?: number;
  /** Time budget for the publication check. @default {400} */
  publishBudgetMs?: number;
  /** Most untracked files walked. @default {10000} */
  maxUntracked?: number;
  /**
   * Keeps the untracked walk's directory-listing cache in the git directory
   * through this fs (see worktree/listing_cache.ts); without it every
   * directory is read. @default {null}
   */
  cacheFs?: WriteFs | null;
  /**
   * Told as each phase ends, in the order of {@linkcode FACTS_PHASES}; a
   * phase that does not run (no index, no HEAD) is left out. The facts
   * bench measures where the time and memory go with it. @default {nothing}
   */
  onPhase?: (phase: FactsPhase) => void;
  /**
   * Told, once the work-tree scan has run, whether the index may hold a
   * `.gitattributes` the work tree lacks (see worktree/scan.ts's
   * `attributesMayBeMissing`); not called when the scan did not run. Load
   * re-checks its recorded files before the scan and reads the index for
   * attributes only when this says so. @default {nothing}
   */
  onIndexAttributes?: (mayBeMissing: boolean) => void;
  /**
   * The scan's closing collection (from FULL_GC_PATHS paths) is V8's
   * memory-reducing one (worktree/scan.ts collectScanGarbage): for a caller
   * whose own work after the collection is the run's peak of memory (load
   * without a deadline), at the cost of a few ms. @default {false}
   */
  reduceMemoryAfterScan?: boolean;
}

/** The phases of {@linkcode collectFacts}, in the order they end. */
export const FACTS_PHASES = [
  "repository found",
  "config read",
  "HEAD read",
  ...SCAN_PHASES,
  "changed files hashed",
  "publication",
  "operation",
] as const;

/** One of {@linkcode FACTS_PHASES}. */
export type FactsPhase = typeof FACTS_PHASES[number];

function statusOf(e: WorktreeEntry): ChangedFileFact["status"] {
  const codes = e.x + e.y;
  if (codes.includes("U")) return "unmerged";
  if (e.x === "R" || e.y === "R") return "renamed";
  if (codes.includes("T")) return "typechange";
  if (e.y === "D" || (e.x === "D" && e.y === ".")) return "deleted";
  if (e.x === "A") return "added";
  return "modified";
}

function bump(skipped: Record<string, number>, key: string): void {
  skipped[key] = (skipped[key] ?? 0) + 1;
}

/** Largest index whose checksum is verified under a deadline (2 MiB, about 25,000 entries). */
const MAX_VERIFIED_INDEX_BYTES = 2 * 1024 * 1024;

/** A content-free reason for an error while reading part of a repository. */
export function unreadableReason(e: unknown): string {
  // Coded errors of the git readers carry content-free messages by contract.
  return isCodedError(e) ? e.message : "it could not be read";
}

/** Keeps the first `max` paths of a sorted list, escaped. */
function bounded(
  paths: readonly string[],
  max: number,
  lossy: ReadonlySet<string> = new Set(),
): string[] {
  return paths.slice(0, max).map((p) => lossy.has(p) ? escapeLossyPath(p) : escapePathText(p));
}

/**
 * Listed names the runtime decoded lossily: they hold U+FFFD and lstat
 * cannot find them (a real U+FFFD in a name is found).
 */
async function lossyNames(
  fs: ReadFs,
  root: string,
  paths: readonly string[],
): Promise<Set<string>> {
  const suspects = paths.filter((p) => p.includes("\uFFFD"));
  if (suspects.length === 0) return new Set();
  const stats = await fs.lstatMany(suspects.map((p) => `${root}/${p}`));
  return new Set(suspects.filter((_, i) => stats[i] === null));
}

/** An entry's XY; "?" for a work-tree half judged by stat data alone (over the hash cap). */
function entryXy(e: WorktreeEntry, unhashed: ReadonlySet<string>): string {
  return unhashed.has(e.path) && e.y === "." ? `${e.x}?` : e.x + e.y;
}

/** Collects facts for the repository containing `cwd`. Never throws for a damaged repository. */
export async function collectFacts(
  fs: ReadFs,
  cwd: string,
  options: CollectFactsOptions,
): Promise<Facts> {
  const capturedAt = options.now().toISOString();
  let repo: RepoLocation | null;
  const gitEnv = options.gitEnvironment ?? {};
  const acrossFilesystems = "GIT_DISCOVERY_ACROSS_FILESYSTEM" in gitEnv &&
    envBool(gitEnv["GIT_DISCOVERY_ACROSS_FILESYSTEM"]!) === true;
  // git's search asks GIT_OBJECT_DIRECTORY (from where it started), not each
  // candidate's objects/, whether a directory is a git directory.
  const objectEnv = gitEnv["GIT_OBJECT_DIRECTORY"];
  const objectDirectory = objectEnv === undefined || objectEnv === ""
    ? null
    : systemJoin(cwd, objectEnv);
  try {
    repo = options.repo !== undefined
      ? options.repo
      : await findRepo(fs, cwd, { acrossFilesystems, objectDirectory });
  } catch (e) {
    return unavailableFacts(capturedAt, [{ part: "repository", reason: unreadableReason(e) }]);
  }
  if (repo === null) {
    // git reads the repository GIT_DIR names without searching, and with
    // GIT_DISCOVERY_ACROSS_FILESYSTEM it searches past a mount point.
    if ("GIT_DIR" in gitEnv) {
      return unavailableFacts(capturedAt, [{
        part: "repository",
        reason: gitRepositoryReason(["GIT_DIR"]),
      }]);
    }
    if (
      objectDirectory !== null && options.repo === undefined &&
      await findRepo(fs, cwd, { acrossFilesystems }).catch(() => null) !== null
    ) {
      return unavailableFacts(capturedAt, [{
        part: "repository",
        reason: OBJECT_DIRECTORY_REASON,
      }]);
    }
    if (
      acrossFilesystems && options.repo === null &&
      await findRepo(fs, cwd, { acrossFilesystems }).catch(() => null) !== null
    ) {
      return unavailableFacts(capturedAt, [{ part: "repository", reason: ACROSS_FS_REASON }]);
    }
    return notARepoFacts(capturedAt);
  }
  const phase = options.onPhase ?? (() => {});
  phase("repository found");
  const deadline = options.deadlineMs ?? null;
  const expired = deadline === null ? () => false : () => options.now().getTime() >= deadline;
  const notes: string[] = [];
  const unavailable: UnavailablePart[] = [];
  let config: Awaited<ReturnType<typeof readRepoConfig>> | null = null;
  try {
    config = await readRepoConfig(fs, repo, {
      homeDir: options.homeDir ?? null,
      xdgConfigHome: options.xdgConfigHome ?? null,
      ...(options.systemConfigPath === undefined
        ? {}
        : { systemConfigPath: options.systemConfigPath }),
      ...configFileOptions(options.gitEnvironment ?? {}),
      pwd: options.gitEnvironment?.["PWD"] ?? null,
    });
  } catch (e) {
    unavailable.push({ part: "config", reason: unreadableReason(e) });
    // git reads its config before it resolves HEAD: where a file it reads is
    // malformed or refused, `git rev-parse HEAD` dies, so no HEAD is reported.
    unavailable.push({ part: "head", reason: CONFIG_UNREAD_HEAD_REASON });
  }
  if (config !== null && config.unreadableUserFiles > 0) {
    notes.push(
      `${config.unreadableUserFiles} system or global git config file(s) could not be read and were left out`,
    );
  }
  if (config !== null && config.unevaluatedIncludes > 0) {
    notes.push(
      `${config.unevaluatedIncludes} includeIf section(s) of a kind baton cannot evaluate were not included`,
    );
  }
  const effect = await movingInEffect(
    fs,
    cwd,
    repo,
    gitEnv,
    (config?.workTreeSetting ?? null) !== null,
  );
  if (effect.repository.length > 0) {
    // Every fact of the repository found would be another repository's than git's.
    return unavailableFacts(capturedAt, [{
      part: "repository",
      reason: gitRepositoryReason(effect.repository),
    }]);
  }
  // GIT_OBJECT_DIRECTORY and GIT_ALTERNATE_OBJECT_DIRECTORIES, where baton can
  // tell which stores git reads: every object is read from those, as git reads it.
  const stores = effect.objectStores;
  const moving = stores === null
    ? effect.worktree
    : effect.worktree.filter((name) => !OBJECT_VARIABLES.includes(name));
  if (stores !== null && stores.directory !== null) {
    repo = { ...repo, objectDirectory: stores.directory };
  }
  if (stores !== null && stores.alternates.length > 0) {
    repo = { ...repo, alternateObjectDirectories: stores.alternates };
  }
  // GIT_INDEX_FILE naming another index: git compares with that one, so does baton.
  if (effect.indexFile !== null) repo = { ...repo, indexFile: effect.indexFile };
  const environmentProblem = environmentConfigProblem(options.gitEnvironment ?? {});
  const formatProblem = config?.formatProblem ?? null;
  // A GIT_CEILING_DIRECTORIES that stops git's search below the repository, and git's
  // refusal of a repository for its owner (asked while finding it, before its format or
  // any config is read), hide everything, HEAD included: git reads no repository. A
  // repository named by GIT_DIR is not searched for, and git does not ask.
  const named = "GIT_DIR" in gitEnv;
  const ceilingStops = !named && await ceilingStopsSearchOnDisk(fs, cwd, repo.workTree, gitEnv);
  const owner = named ? "accepted" : await ownershipVerdict(
    fs,
    repo,
    config?.safeDirectories ?? [],
    { env: gitEnv, homeDir: options.homeDir ?? null },
  );
  const hiddenReason = ceilingStops
    ? CEILING_REASON
    : owner === "refused"
    ? OWNERSHIP_REASON
    : owner === "versions differ"
    ? OWNERSHIP_VERSIONS_REASON
    : config === null
    ? null
    : repositoryConfigRefusal(config);
  const refusedWhole = hiddenReason !== null;
  // A config value git rejects: git status stops (git/rejected_config.ts).
  const rejectedKey = config === null ? null : rejectedConfigKey(config.config);
  if (hiddenReason !== null) {
    unavailable.push({ part: "config", reason: hiddenReason });
    unavailable.push({ part: "head", reason: hiddenReason });
    unavailable.push({ part: "worktree", reason: hiddenReason });
  } else if (formatProblem !== null) {
    // A format git refuses or baton does not read: neither HEAD nor the tree is guessed.
    const headRefused = headConfigRefusal(config!);
    if (headRefused !== null) unavailable.push({ part: "head", reason: headRefused });
    unavailable.push({ part: "worktree", reason: formatProblem.reason });
  } else if (moving.length > 0) {
    unavailable.push({ part: "worktree", reason: gitEnvironmentReason(moving) });
  } else if (environmentProblem !== null) {
    unavailable.push({ part: "worktree", reason: environmentProblem });
  } else if (
    config !== null &&
    await replaceRefsApply(fs, repo, config.config, options.gitEnvironment ?? {})
  ) {
    unavailable.push({ part: "worktree", reason: REPLACE_REFS_REASON });
  } else if (await startedInsideGitDir(fs, cwd, repo)) {
    unavailable.push({ part: "worktree", reason: INSIDE_GIT_DIR_REASON });
  } else if (
    config !== null && await excludeFileIsDirectory(fs, repo, config.excludesFile)
  ) {
    unavailable.push({ part: "worktree", reason: EXCLUDE_DIR_REASON });
  } else if (
    config !== null &&
    await shallowFileInvalid(
      fs,
      repo,
      config.objectFormat === "sha256" ? 64 : 40,
      // git reads the variable's file in place of its own (from the work tree's top).
      gitEnv["GIT_SHALLOW_FILE"] === undefined
        ? null
        : systemJoin(repo.workTree, gitEnv["GIT_SHALLOW_FILE"]),
    )
  ) {
    unavailable.push({ part: "worktree", reason: SHALLOW_INVALID_REASON });
  } else if (config !== null && bareWithoutWorkTree(config.bare, gitEnv)) {
    unavailable.push({ part: "worktree", reason: BARE_REASON });
  } else if (config !== null && config.untrackedFiles === null) {
    unavailable.push({ part: "worktree", reason: UNTRACKED_MODE_REASON });
  } else if (config !== null && config.otherUserPath) {
    unavailable.push({ part: "worktree", reason: OTHER_USER_PATH_REASON });
  } else if (rejectedKey !== null) {
    unavailable.push({ part: "worktree", reason: rejectedConfigReason(rejectedKey) });
  } else if (
    config !== null && await workTreeSetting(fs, repo, config.workTreeSetting) !== "same"
  ) {
    // git would compare another directory: what baton would list here is not git's answer.
    unavailable.push({
      part: "worktree",
      reason: "core.worktree names another work tree than the one baton found",
    });
  }
  phase("config read");
  let head: Awaited<ReturnType<typeof readHead>> | null = null;
  try {
    head = config !== null && !refusedWhole && headConfigRefusal(config) === null
      ? await readHead(fs, repo)
      : null;
  } catch (e) {
    unavailable.push({ part: "head", reason: unreadableReason(e) });
  }
  const objects = createObjectReader(fs, repo);
  let headTree: string | null = null;
  let headTreeKnown = head !== null;
  // HEAD's commit: where HEAD names an annotated tag, the commit it tags
  // (git's HEAD^{commit}, what its status compares and --contains starts from).
  let headCommit = head?.oid ?? null;
  if (head !== null && head.oid !== null) {
    try {
      // A HEAD that names an annotated tag: git peels it to the commit it tags.
      const peeled = await peelToCommit(objects, head.oid);
      if (peeled !== null) {
        headTree = parseCommit(peeled.object.data).tree;
        headCommit = peeled.oid;
      } else {
        notes.push("HEAD commit object could not be read");
        headTreeKnown = false;
      }
    } catch (e) {
      notes.push("HEAD commit object could not be read");
      headTreeKnown = false;
      unavailable.push({ part: "worktree", reason: unreadableReason(e) });
    }
  }
  phase("HEAD read");
  const maxFiles = options.maxFiles ?? 200;
  const maxTree = options.maxTreePaths ?? 500;
  const maxHashBytes = options.maxHashBytes ?? MAX_HASH_BYTES;
  let entries: WorktreeEntry[] = [];
  // Whether the index may hold a `.gitattributes` the work tree lacks (the stored form's fallback).
  let attributesInIndex = true;
  let oversized: string[] = [];
  // Staged files over the hash cap whose work-tree half was judged by stat data: listed once,
  // as their entry, with "?" for that half.
  let stagedUnhashed: Set<string> = new Set();
  let lossy: Set<string> = new Set();
  let untracked: string[] = [];
  let untrackedTruncated = false;
  let tree: TreeState | null = null;
  // Whether git would find git-lfs: asked once, only when an LFS file is converted.
  const lfsProgram = lfsProgramMemo(fs, gitEnv);
  if (headTreeKnown && config !== null && !unavailable.some((u) => u.part === "worktree")) {
    try {
      const indexSize = (await fs.lstat(indexFileOf(repo)))?.size ?? 0;
      const verifyChecksum = deadline === null || indexSize <= MAX_VERIFIED_INDEX_BYTES;
      const wt = await scanTree(fs, repo, {
        lfsProgram,
        verifyChecksum,
        headTree,
        objects,
        config,
        systemAttributesFile: options.systemAttributesPath !== undefined
          ? options.systemAttributesPath
          : systemAttributesFile(options.gitEnvironment ?? {}),
        maxUntracked: options.maxUntracked ?? 10_000,
        // git asks it of nested repositories too, from the top of the work
        // tree (it has moved there by then): a relative one is read from there.
        objectDirectory: gitEnv["GIT_OBJECT_DIRECTORY"] === undefined
          ? null
          : systemJoin(repo.workTree, gitEnv["GIT_OBJECT_DIRECTORY"]),
        // The caches in <git dir>/baton/ stand for <git dir>/index: none for another one.
        cacheFs: repo.indexFile === undefined ? options.cacheFs ?? null : null,
        now: options.now,
        expired,
        maxHashBytes,
        maxDirBytes: options.maxDirBytes ?? (deadline === null ? Infinity : 1024 * 1024),
        onPhase: phase,
        reduceMemory: options.reduceMemoryAfterScan ?? false,
        submoduleState: submoduleStates(fs, repo, {
          lfsProgram,
          homeDir: options.homeDir ?? null,
          xdgConfigHome: options.xdgConfigHome ?? null,
          ...(options.systemConfigPath === undefined
            ? {}
            : { systemConfigPath: options.systemConfigPath }),
          ...configFileOptions(options.gitEnvironment ?? {}),
          expired,
          maxHashBytes,
          systemAttributesFile: options.systemAttributesPath !== undefined
            ? options.systemAttributesPath
            : systemAttributesFile(options.gitEnvironment ?? {}),
        }),
      });
      // git status stops on a .gitmodules that does not parse when the index has a gitlink.
      if (wt.uncheckedBy.other.has(GITMODULES_UNPARSED_REASON)) {
        throw new GitUnsupportedError(GITMODULES_UNPARSED_REASON, "git_gitmodules_unparsed");
      }
      if (wt.uncheckedBy.other.has(GITMODULES_UNREADABLE_REASON)) {
        throw new GitUnsupportedError(GITMODULES_UNREADABLE_REASON, "git_gitmodules_unreadable");
      }
      // git stops where a required lfs filter's program is not found (lfs_program.ts).
      if (wt.uncheckedBy.other.has(LFS_REQUIRED_MISSING_REASON)) {
        throw new GitUnsupportedError(LFS_REQUIRED_MISSING_REASON, "git_lfs_required_missing");
      }
      // git stops where a required filter runs no command (an empty process or clean).
      if (wt.uncheckedBy.other.has(REQUIRED_FILTER_IDLE_REASON)) {
        throw new GitUnsupportedError(REQUIRED_FILTER_IDLE_REASON, "git_filter_required_idle");
      }
      // git stops on a file whose working-tree-encoding has no value.
      if (wt.uncheckedBy.other.has(ENCODING_VALUELESS_REASON)) {
        throw new GitUnsupportedError(ENCODING_VALUELESS_REASON, "git_encoding_valueless");
      }
      // git stops at a submodule it would look inside and cannot (submodule_state.ts).
      for (const [reason, code] of SUBMODULE_STOPS) {
        if (wt.uncheckedBy.other.has(reason)) throw new GitUnsupportedError(reason, code);
      }
      // git stops at a gitlink whose configured ignore value it does not take.
      if (wt.uncheckedBy.other.has(SUBMODULE_IGNORE_INVALID_REASON)) {
        throw new GitUnsupportedError(
          SUBMODULE_IGNORE_INVALID_REASON,
          "git_submodule_ignore_invalid",
        );
      }
      if (wt.indexChecksum === "unverified") {
        notes.push("index checksum not verified: the index is too large for the budget");
      }
      // What baton writes in .baton/ never counts as a change; the rest there is content.
      const own = isBatonOwnPath;
      // A committed file baton writes only once is content when it changes.
      entries = wt.entries.filter((e) => !isBatonOwnTrackedPath(e.path, e.x !== "A"));
      attributesInIndex = wt.attributesMayBeMissing;
      options.onIndexAttributes?.(attributesInIndex);
      const entryPaths = new Set(entries.map((e) => e.path));
      stagedUnhashed = new Set(wt.oversized.filter((p) => entryPaths.has(p)));
      oversized = wt.oversized.filter((p) => !isBatonOwnTrackedPath(p, true) && !entryPaths.has(p));
      untracked = wt.untracked.filter((p) => !own(p));
      lossy = await lossyNames(fs, repo.workTree, untracked);
      // git trusts its untracked cache by each directory's stat data; without
      // the ctime, a directory whose mtime was put back hides what changed in it.
      const cacheUnsure = wt.untrackedCache && config.untrackedCache &&
        (!config.trustCtime || config.checkStat === "minimal");
      untrackedTruncated = wt.untrackedTruncated;
      const reasons: string[] = [];
      if (wt.uncheckedBy.time > 0 || wt.untrackedExpired) reasons.push("time budget ran out");
      for (const [why, n] of wt.uncheckedBy.other) {
        reasons.push(`${n} path(s) not compared: ${why}`);
      }

      if (wt.badNames.length > 0) {
        reasons.push(`${wt.badNames.length} name(s) not valid UTF-8, not openable here`);
      }
      if (wt.untrackedSkippedDirs.length > 0) {
        reasons.push(
          `${wt.untrackedSkippedDirs.length} directory(ies) too large to list within the budget (${
            wt.untrackedSkippedDirs.slice(0, 3).map((d) => shownPath(escapePathText(d))).join(", ")
          })`,
        );
      }
      if (
        wt.untrackedTruncated && !wt.untrackedExpired && wt.untrackedSkippedDirs.length === 0
      ) reasons.push("untracked cap reached");
      if (cacheUnsure) reasons.push(UNTRACKED_CACHE_REASON);
      if (wt.untrackedUnknownRepoDirs.length > 0) {
        reasons.push(
          `${wt.untrackedUnknownRepoDirs.length} untracked directory(ies) whose .git names a git directory by a path baton cannot open (not UTF-8, or holding a backslash), not listed: git may take each for a nested repository`,
        );
      }
      if (wt.untrackedLossyIgnored > 0) {
        reasons.push(
          `${wt.untrackedLossyIgnored} name(s) not valid UTF-8 matched an ignore rule or read as a tracked name not valid UTF-8: git matches their bytes, which this runtime cannot read`,
        );
      }
      // A file over the hash cap whose stat data changed counts as changed,
      // by stat data alone: the reason says so even when the sets are whole.
      const judgedByStat = oversized.length + stagedUnhashed.size;
      const weaker = judgedByStat === 0 ? [] : [
        `weaker: ${judgedByStat} file(s) over the ${
          sizeWords(maxHashBytes)
        } hash cap judged changed from stat data alone`,
      ];
      const changedPaths = [...entries.map((e) => e.path), ...oversized].sort(comparePaths);
      const codes = new Map<string, string>(oversized.map((p) => [p, ".?"]));
      for (const e of entries) {
        const xy = entryXy(e, stagedUnhashed);
        codes.set(e.path, e.origPath === undefined ? xy : `${xy} ${escapePathText(e.origPath)}`);
      }
      tree = {
        status: reasons.length === 0 ? "complete" : "partial",
        reason: [...reasons, ...weaker].join("; "),
        changed: bounded(changedPaths, maxTree),
        changed_total: changedPaths.length,
        untracked: bounded(untracked, maxTree, lossy),
        untracked_total: untracked.length,
        untracked_complete: !wt.untrackedTruncated && !cacheUnsure &&
          wt.untrackedLossyIgnored === 0 && wt.untrackedUnknownRepoDirs.length === 0,
        // Names that are not valid UTF-8 come escaped from the scan already.
        unchecked: [...wt.badNames, ...bounded(wt.unchecked.filter((p) => !own(p)), maxTree)]
          .slice(0, maxTree),
        unchecked_total: wt.badNames.length + wt.unchecked.filter((p) => !own(p)).length,
        changed_xy: changedPaths.slice(0, maxTree).map((p) => codes.get(p) ?? ""),
        // git does not count the executable bit: drift must not either.
        ...(config.fileMode ? {} : { file_mode: false as const }),
        // A plain file at a symlink entry is a symlink to git: drift must take it so too.
        ...(config.symlinks ? {} : { symlinks: false as const }),
      };
    } catch (e) {
      unavailable.push({ part: "worktree", reason: unreadableReason(e) });
    }
  } else if (!unavailable.some((u) => u.part === "worktree")) {
    unavailable.push({
      part: "worktree",
      reason: config === null ? "the config could not be read" : "HEAD could not be read",
    });
  }
  const skipped: Record<string, number> = {};
  const all: ChangedFileFact[] = [
    ...entries.map((e): ChangedFileFact => ({
      path: escapePathText(e.path),
      status: statusOf(e),
      xy: entryXy(e, stagedUnhashed),
      orig_path: e.origPath === undefined ? null : escapePathText(e.origPath),
      kind: e.kind,
      sha256: null,
      size: null,
      hash_skipped: null,
    })),
    // Stat data changed, content over the hash cap: recorded by size and mtime.
    ...oversized.map((p): ChangedFileFact => ({
      path: escapePathText(p),
      status: "stat_changed",
      xy: ".?",
      orig_path: null,
      kind: "file",
      sha256: null,
      size: null,
      hash_skipped: null,
    })),
    ...untracked.map((p): ChangedFileFact => ({
      path: lossy.has(p) ? escapeLossyPath(p) : escapePathText(p),
      status: "untracked",
      xy: "??",
      orig_path: null,
      kind: "file",
      sha256: null,
      size: null,
      hash_skipped: null,
    })),
  ];
  const listed = all.slice(0, maxFiles);
  if (all.length > maxFiles) skipped.over_count = all.length - maxFiles;
  const raw = [...entries.map((e) => e.path), ...oversized, ...untracked];
  const toHashIdx = listed.map((_, i) => i).filter((i) =>
    listed[i]!.kind !== "submodule" && !listed[i]!.path.endsWith("/")
  );
  // Loaded only now, past the scan: their code is not resident at its peak.
  const { createStoredForm } = await import("./stored_form.ts");
  const hashes = await hashFiles(fs, repo.workTree, toHashIdx.map((i) => raw[i]!), {
    maxBytes: maxHashBytes,
    expired,
    // What git would store for each file, so drift can compare git's view of it.
    ...(config === null ? {} : {
      storedForm: createStoredForm(
        fs,
        repo,
        config,
        options.systemAttributesPath !== undefined
          ? options.systemAttributesPath
          : systemAttributesFile(options.gitEnvironment ?? {}),
        { attributesInIndex, lfsProgram },
      ),
    }),
  });
  phase("changed files hashed");
  let badListed = 0;
  toHashIdx.forEach((i, k) => {
    const f = listed[i]!;
    const h = hashes[k]!;
    if (h.kind === "file" || h.kind === "symlink") {
      f.sha256 = h.sha256;
      f.size = h.size;
      if (h.kind === "symlink") f.kind = "symlink";
      // The bit is recorded only where git counts it (core.fileMode), and not
      // for a plain file git takes for a symlink (core.symlinks=false).
      else if (h.executable !== null && config?.fileMode !== false && f.kind === "file") {
        f.executable = h.executable;
      }
      if (h.kind === "file" && f.kind === "file" && h.stored !== undefined) {
        f.stored_sha256 = "sha256" in h.stored ? h.stored.sha256 : null;
      }
    } else if (h.kind === "absent" && raw[i]!.includes("\uFFFD") && f.status !== "deleted") {
      // Listed by the directory walk but not openable: its name is not valid
      // UTF-8 (the runtime shows it with U+FFFD and cannot name it back).
      f.hash_skipped = "unreadable";
      badListed++;
      bump(skipped, "unreadable");
    } else if (h.kind === "absent") {
      f.hash_skipped = "deleted";
    } else if (h.kind === "skipped") {
      f.hash_skipped = h.reason;
      f.size = h.size;
      if (h.reason === "too_large") f.mtime_ms = h.mtimeMs;
      bump(skipped, h.reason);
    }
  });
  if (badListed > 0) {
    notes.push(
      `${badListed} listed name(s) are not valid UTF-8: shown with U+FFFD, their bytes cannot be read by this runtime`,
    );
  }
  for (const f of listed) {
    if (f.kind === "submodule") {
      f.hash_skipped = "submodule";
      bump(skipped, "submodule");
    } else if (f.path.endsWith("/")) {
      f.hash_skipped = "not_regular";
      bump(skipped, "not_regular");
    }
  }
  let published: PublishedFact;
  if (head === null) {
    published = { status: "unknown", refs: [], reason: "HEAD could not be read" };
  } else if (head.oid === null) {
    published = { status: "no", refs: [], reason: "no commits yet" };
  } else {
    // Loaded only now, past the scan: its code is not resident at its peak.
    const { checkPublished } = await import("./git/check_published.ts");
    try {
      const p = await checkPublished(fs, repo, headCommit ?? head.oid, {
        // The reader that peeled HEAD: its commit is read once, and no second reader lists packs.
        reader: objects,
        now: () => options.now().getTime(),
        parentsRewritten: () =>
          parentsRewritten(fs, repo, config?.config ?? null, options.gitEnvironment ?? {}),
        budgetMs: Math.max(
          0,
          Math.min(
            options.publishBudgetMs ?? 400,
            deadline === null ? Infinity : deadline - options.now().getTime(),
          ),
        ),
      });
      published = { status: p.status, refs: [...p.refs], reason: p.reason };
    } catch {
      published = { status: "unknown", refs: [], reason: "history could not be read" };
    }
  }
  phase("publication");
  let operation: string | null = null;
  try {
    operation = refusedWhole ? null : await inProgressOperation(fs, repo);
  } catch {
    notes.push("operation in progress could not be read");
  }
  phase("operation");
  const facts: Facts = {
    status: "collected",
    captured_at: capturedAt,
    repo_root: repo.workTree,
    // A repository git refuses for its owner: its config is no more git's than its HEAD.
    remotes: config === null || refusedWhole
      ? []
      : config.remotes.map((r) => ({ name: r.name, url: r.url ?? "" })),
    branch: head?.branch ?? null,
    detached: head?.detached ?? false,
    // As git status names it (`# branch.oid`): a tag HEAD names is its id, not its commit's.
    head: head?.oid ?? null,
    has_commits: head?.hasCommits ?? false,
    operation,
    // Dirty only for a change baton saw; with none seen, clean only when
    // nothing went unchecked (a path not compared, a file over the hash cap
    // judged by stat data alone, an untracked walk cut short).
    dirty: tree === null
      ? null
      : entries.length + untracked.length > 0
      ? true
      : tree.unchecked_total > 0 || oversized.length > 0 || stagedUnhashed.size > 0 ||
          !tree.untracked_complete
      ? null
      : false,
    changed_files: listed,
    changed_count: entries.length + oversized.length + untracked.length,
    untracked_count: untracked.length,
    untracked_truncated: untrackedTruncated,
    skipped,
    published,
    notes,
  };
  if (tree !== null) facts.tree = tree;
  if (unavailable.length > 0) facts.unavailable = unavailable;
  return facts;
}

/** Facts of a repository that could not even be located (a `.git` file naming nothing). */
export function unavailableFacts(capturedAt: string, parts: UnavailablePart[]): Facts {
  return {
    ...notARepoFacts(capturedAt, "unavailable"),
    published: { status: "unknown", refs: [], reason: "repository unreadable" },
    unavailable: parts,
  };
}

function sizeWords(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes}-byte`;
}

interface ScanTreeOptions {
  submoduleState: (path: string, oid: string) => Promise<SubmoduleState>;
  /** Whether git would find Git LFS's program (asked once, when an LFS file is converted). */
  lfsProgram: () => Promise<boolean>;
  headTree: string | null;
  objects: ReturnType<typeof createObjectReader>;
  config: Awaited<ReturnType<typeof readRepoConfig>>;
  systemAttributesFile: string | null;
  maxUntracked: number;
  objectDirectory: string | null;
  cacheFs: WriteFs | null;
  now: () => Date;
  expired: () => boolean;
  maxHashBytes: number;
  maxDirBytes: number;
  verifyChecksum: boolean;
  onPhase: (phase: FactsPhase) => void;
  reduceMemory: boolean;
}

async function scanTree(fs: ReadFs, repo: RepoLocation, o: ScanTreeOptions) {
  // The stored listings are read when the untracked walk first lists a
  // directory, not before the index: held beside the index and its parse,
  // they raised the process's peak memory. The scan's start is taken now.
  const scanStartMs = o.now().getTime();
  let listing: ListingCache | null = null;
  const cacheFs = o.cacheFs;
  const listingCache = async (): Promise<ListingCache> => {
    if (listing !== null) return listing;
    const stored = await readListingCache(cacheFs!, repo);
    listing = createListingCache(fs, repo.workTree, {
      previous: stored.data,
      previousFileMtimeMs: stored.fileMtimeMs,
      scanStartMs,
    });
    return listing;
  };
  // In a cone-mode sparse checkout git reads no index .gitattributes outside the cone.
  const cone = o.config.sparseCone
    ? await readPatternFile(fs, `${repo.gitDir}/info/sparse-checkout`)
    : null;
  const parsedCone = cone === null ? null : parseSparseCone(cone);
  const attrs = createAttributeLookup(fs, repo.workTree, repo.commonDir, {
    globalFile: o.config.attributesFile,
    systemFile: o.systemAttributesFile,
    ignoreCase: o.config.ignoreCase,
    ...(parsedCone === null ? {} : {
      indexFileAllowed: (path: string) => inSparseCone(parsedCone, path),
    }),
  });
  const config = o.config;
  // What an earlier scan verified of this index (a small file): its
  // checksum is not hashed again while the file is the same.
  const stored = cacheFs === null
    ? null
    : await readCacheFile(cacheFs, repo, VERIFIED_INDEX_NAME, MAX_VERIFIED_INDEX_RECORD_BYTES);
  const verifiedIndex = stored === null ? null : parseVerifiedIndex(stored.text);
  const wt = await scanWorktree(fs, repo, {
    // Run below, once the index, its paths and the listing cache are garbage.
    closingCollection: false,
    headTreeOid: o.headTree,
    objects: o.objects,
    excludesFile: config.excludesFile,
    objectDirectory: o.objectDirectory,
    fileMode: config.fileMode,
    trustCtime: config.trustCtime,
    checkStat: config.checkStat,
    ignoreCase: config.ignoreCase,
    symlinks: config.symlinks,
    renames: config.renames,
    sparseCheckout: config.sparseCheckout,
    sparseIndex: config.sparseIndex,
    splitIndex: config.splitIndex,
    submoduleState: o.submoduleState,
    convertToGit: async (path, data, rawIsIndexed, indexBlob) => {
      const a = await attrs.get(path, indexBlob);
      const conf = await withLfsProgram(config, a, o.lfsProgram);
      return convertAgainstIndex(data, a, conf, rawIsIndexed, () => indexBlob(path));
    },
    renameText: async (path, indexBlob) => {
      // `diff` set is text, unset (or `binary`) is binary; a driver's name is
      // what its diff.<driver>.binary says, else the content (git's userdiff).
      const diff = (await attrs.get(path, indexBlob)).get("diff");
      if (diff === true || diff === false || diff === undefined) return diff ?? null;
      const binary = config.diffBinary?.get(diff);
      return binary === undefined ? null : binary === null ? "either" : !binary;
    },
    maxUntracked: o.maxUntracked,
    // A damaged index that still parses must not pass for a clean tree; a
    // large one is hashed only when there is no deadline (the caller notes it).
    verifyChecksum: o.verifyChecksum,
    verifiedIndex,
    onPhase: o.onPhase,
    expired: o.expired,
    maxHashBytes: o.maxHashBytes,
    ...(o.maxDirBytes === Infinity ? {} : { maxDirBytes: o.maxDirBytes }),
    ...(cacheFs === null ? {} : {
      readDir: async (path: string, known?: FileStat | null, whole?: boolean) =>
        (await listingCache()).readListing(path, known, whole),
      // Only after a listing was read, so the cache exists by then.
      onAllTracked: (path: string) => listing?.markAllTracked(path),
    }),
  });
  if (
    cacheFs !== null && wt.indexChecksum === "verified" && wt.verifiedIndex !== null &&
    settled(wt.verifiedIndex, scanStartMs)
  ) {
    // A record that cannot be written only costs a hash next run.
    await writeCacheFile(
      cacheFs,
      repo,
      VERIFIED_INDEX_NAME,
      serializeVerifiedIndex(wt.verifiedIndex),
      o.now().getTime(),
    );
  }
  const toStore = (listing as ListingCache | null)?.toStore(o.now().getTime()) ?? null;
  if (o.cacheFs !== null && toStore !== null) {
    try {
      await writeListingCache(o.cacheFs, repo, toStore, o.now().getTime());
    } catch {
      // A cache that cannot be written only costs time next run.
    }
  }
  // Within the scan its index, paths, directory tree and listings were still
  // referenced; here they are garbage, and so is the listing cache's text.
  // At 50k files a collection here rather than at the scan's end leaves the
  // heap 4.6 MB smaller (9.5 -> 4.9 MB used) for the rest of the run.
  listing = null;
  collectScanGarbage(fs, wt.lstatCount, wt.untracked.length, o.reduceMemory);
  return wt;
}
