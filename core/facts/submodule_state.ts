/**
 * A populated submodule as `git status` sees it: modified when its checked-out
 * HEAD is not the commit the superproject's gitlink records (a HEAD that
 * resolves to nothing, an unborn branch, counts as that commit, as in
 * git), or when its own
 * work tree has tracked changes or untracked files (nested submodules
 * included); unpopulated (no valid `.git` inside) is clean, as in git. What
 * cannot be told (its HEAD or objects unreadable, the budget spent, an
 * `ignore` value git would stop on) is unknown with the reason. The ignore
 * settings git status reads (see submodule_ignore.ts) are applied: `all`
 * shows nothing, `dirty` only a moved HEAD, `untracked` no untracked files.
 * A submodule whose path is gone or replaced by a file is shown (as deleted
 * or a type change) unless `all` hides it; one replaced by a symbolic link
 * too, except that git stops with an error ("expected submodule path not
 * to be a symbolic link") where it would look inside (`none`, `untracked`):
 * unknown, never a guess. The submodule's own `status.showUntrackedFiles`
 * (git runs `git status` inside it without `-u`) decides whether its
 * untracked files count: `no` hides them. Where git stops at a submodule
 * for other reasons (its own config, or a `git status` inside that stops)
 * is submodule_stops.ts's; a stop found one level down is passed up.
 * @module
 */
import { FsNotFoundError, type ReadFs } from "../fs.ts";
import type { RepoLocation } from "./types.ts";
import { repoOrUnknownAtDir } from "./git/find_repo.ts";
import { readHead } from "./git/read_head.ts";
import { readRepoConfig, type RepoConfig } from "./git/read_repo_config.ts";
import { createObjectReader } from "./git/object_reader.ts";
import { parseCommit } from "./git/parse_commit.ts";
import { parseTree } from "./git/parse_tree.ts";
import { parseGitConfig, parseGitConfigPrefix } from "./git/parse_config.ts";
import {
  scanWorktree,
  SPLIT_SPARSE_STOP_REASON,
  type SubmoduleSeen,
  type SubmoduleState,
} from "./worktree/scan.ts";
import {
  SUBMODULE_IGNORE_INVALID_REASON,
  type SubmoduleIgnore,
  submoduleIgnore,
} from "./submodule_ignore.ts";
import {
  insideRefusal,
  ownConfigStops,
  SUBMODULE_CONFIG_STOP_REASON,
  SUBMODULE_DAMAGED_REASON,
  SUBMODULE_NESTED_STOP_REASON,
  SUBMODULE_REFUSED_REASON,
} from "./submodule_stops.ts";
import type { GitConfigEntry } from "./git/parse_config.ts";
import {
  GitConfigSyntaxError,
  GitCorruptError,
  GitLimitError,
  GitUnsupportedError,
} from "./git/errors.ts";
import { createAttributeLookup } from "./worktree/attributes.ts";
import { workTreeSetting } from "./git/work_tree_setting.ts";
import { convertAgainstIndex, LFS_REQUIRED_MISSING_REASON } from "./worktree/convert_to_git.ts";
import { withLfsProgram } from "./worktree/lfs_program.ts";
import { GitIndexError, INDEX_EXTENSION_UNKNOWN_CODE } from "./worktree/index_file.ts";
import { requireRegularFile } from "./git/read_git_file.ts";
import { GitmodulesBlobMissingError } from "./worktree/gitmodules_blob.ts";

/** Options of {@linkcode submoduleStates}. */
export interface SubmoduleStatesOptions {
  homeDir: string | null;
  xdgConfigHome: string | null;
  systemConfigPath?: string | null;
  /** The global config files in force (GIT_CONFIG_GLOBAL); absent: git's defaults. */
  globalConfigPaths?: string[];
  /** Entries from git's environment (GIT_CONFIG_COUNT): git passes them to submodules too. */
  environmentEntries?: GitConfigEntry[];
  expired: () => boolean;
  /** Largest file hashed inside a submodule. */
  maxHashBytes: number;
  /** The system attributes file git reads (null for none). @default {null} */
  systemAttributesFile?: string | null;
  /** Whether git would find Git LFS's program (lfs_program.ts). @default {found} */
  lfsProgram?: () => Promise<boolean>;
}

/** Why a submodule replaced by a symbolic link is unknown where git would look inside it. */
export const SUBMODULE_SYMLINK_REASON =
  "a submodule's path is a symbolic link: git stops with an error and gives no status";

/** Why a submodule is unknown when its status.showUntrackedFiles is a value git stops on. */
export const SUBMODULE_UNTRACKED_MODE_REASON =
  "a submodule's status.showUntrackedFiles has a value git does not accept: git stops";

/**
 * Why every gitlink is unknown when the work tree's `.gitmodules` does not
 * parse: git status then stops ("bad config line") and gives no status at
 * all, populated submodule or not (collect.ts declines the whole tree).
 */
export const GITMODULES_UNPARSED_REASON =
  "the work tree's .gitmodules does not parse: git status stops on it";

/**
 * Why every gitlink is unknown when the work tree's `.gitmodules` is no
 * regular file (a FIFO: git's read of it blocks for good; a directory is read
 * as empty) or too large to read.
 */
export const GITMODULES_UNREADABLE_REASON =
  "the work tree's .gitmodules is not a regular file or too large: git status hangs or stops on it";

/**
 * Why the whole tree is unknown when a populated-looking submodule's `.git`
 * names no repository (its `.git/modules` directory removed, a git file
 * pointing nowhere): git status stops there ("not a git repository") and
 * gives no status, unless that submodule's ignore setting is `all` or `dirty`.
 */
export const SUBMODULE_GITDIR_BROKEN_REASON =
  "a submodule's .git names no repository git can read: git status stops on it";

/**
 * A submodule whose `.git` names its repository by bytes that are not UTF-8,
 * or by a name holding a backslash (a submodule named `a\\b`): git opens
 * them, baton cannot.
 */
const NOT_UTF8_GITDIR_REASON =
  "the submodule's .git names its repository by a path baton cannot open (not UTF-8, or holding a backslash)";

/** Why the whole tree is unknown when a submodule's repository format is one git refuses. */
export const SUBMODULE_FORMAT_REFUSED_REASON =
  "a submodule's repository format is one git refuses: git status stops on it";

/**
 * Why the whole tree is unknown when a submodule git looks inside has a
 * `core.worktree` naming no directory (an old absolute one, its superproject
 * moved): `git status` there cannot change into it and stops, and so does
 * the superproject's.
 */
export const SUBMODULE_WORKTREE_GONE_REASON =
  "a submodule's core.worktree names no directory: git status stops on it";

/**
 * Why a submodule is unknown when its `core.worktree` names another
 * directory than its path (an old absolute one, its superproject copied
 * elsewhere): `git status` there compares that directory, not this one.
 */
export const SUBMODULE_WORKTREE_OTHER_REASON =
  "a submodule's core.worktree names another directory than its path: git compares that one";

/**
 * Why the whole tree is unknown when a submodule git looks inside has
 * core.splitIndex on with a sparse index allowed: `git status` there
 * collapses the sparse index it reads, cannot split it ("cannot use split
 * index with a sparse index") and stops, and so does the superproject's.
 */
export const SUBMODULE_SPLIT_SPARSE_REASON =
  "a submodule git looks inside has core.splitIndex with a sparse index allowed: git status stops on it";

/**
 * The reasons a submodule is unknown for where git status stops altogether
 * (it looks inside and cannot: "failed in submodule", "not a git
 * repository"), each with its error code: collect.ts then states no tree.
 */
export const SUBMODULE_STOPS: readonly (readonly [string, string])[] = [
  [SUBMODULE_GITDIR_BROKEN_REASON, "git_submodule_gitdir_broken"],
  [SUBMODULE_SYMLINK_REASON, "git_submodule_symlink"],
  [SUBMODULE_UNTRACKED_MODE_REASON, "git_submodule_untracked_mode"],
  [SUBMODULE_FORMAT_REFUSED_REASON, "git_submodule_format_refused"],
  [SUBMODULE_CONFIG_STOP_REASON, "git_submodule_config_stop"],
  [SUBMODULE_REFUSED_REASON, "git_submodule_refused"],
  [SUBMODULE_DAMAGED_REASON, "git_submodule_damaged"],
  [SUBMODULE_NESTED_STOP_REASON, "git_submodule_nested_stop"],
  [SUBMODULE_WORKTREE_GONE_REASON, "git_submodule_worktree_gone"],
  [SUBMODULE_SPLIT_SPARSE_REASON, "git_submodule_split_sparse"],
];

/**
 * The reasons a submodule's own scan names where `git status` run inside
 * it stops, and with it the superproject's (collect.ts's checks for its
 * own tree, one level down).
 */
const STOPS_INSIDE: ReadonlySet<string> = new Set([
  ...SUBMODULE_STOPS.map(([reason]) => reason),
  GITMODULES_UNPARSED_REASON,
  GITMODULES_UNREADABLE_REASON,
  SUBMODULE_IGNORE_INVALID_REASON,
  LFS_REQUIRED_MISSING_REASON,
]);

/** Deepest nesting of submodules followed. */
const MAX_DEPTH = 8;

/** The `submoduleState` callback of scanWorktree for the superproject `repo`. */
export function submoduleStates(
  fs: ReadFs,
  repo: RepoLocation,
  options: SubmoduleStatesOptions,
  depth = 0,
  untrackedShown = true,
): (
  path: string,
  oid: string,
  seen?: SubmoduleSeen,
  indexBlob?: (path: string) => Promise<Uint8Array | null>,
  unmerged?: (path: string) => boolean,
) => Promise<SubmoduleState> {
  let settings: Promise<IgnoreSettings> | null = null;
  return async (path, oid, seen = "directory", indexBlob, unmerged) => {
    // Set once git would run `git status` inside: damage met from there stops git.
    let inside = false;
    try {
      // git reads .gitmodules for any gitlink, and stops on one that does not parse;
      // one in conflict in the index it does not read at all.
      settings ??= ignoreSettings(
        fs,
        repo,
        options,
        indexBlob ?? null,
        unmerged?.(".gitmodules") === true,
      );
      const { config, gitmodules, why } = await settings;
      if (gitmodules === null) return { unknown: why ?? GITMODULES_UNPARSED_REASON };
      if (seen !== "directory") {
        const ignore = submoduleIgnore(config, gitmodules, path, untrackedShown);
        if (typeof ignore === "object") return ignore;
        if (ignore === "all") return "clean";
        if (seen === "symlink" && (ignore === "none" || ignore === "untracked")) {
          return { unknown: SUBMODULE_SYMLINK_REASON };
        }
        return "modified";
      }
      // git reads the ignore setting first, for an unpopulated submodule too.
      const ignore: SubmoduleIgnore | { unknown: string } = submoduleIgnore(
        config,
        gitmodules,
        path,
        untrackedShown,
      );
      if (typeof ignore === "object") return ignore;
      const found = await repoOrUnknownAtDir(fs, `${repo.workTree}/${path}`);
      // git opens a gitdir's bytes; one that is not UTF-8 baton cannot.
      if (found === "unknown") {
        return ignore === "all" ? "clean" : { unknown: NOT_UTF8_GITDIR_REASON };
      }
      const sub = found;
      // A `.git` that names no repository (moved or damaged) is not an
      // unpopulated submodule: git stops with "not a git repository".
      const broken = sub === null && (await fs.lstat(`${repo.workTree}/${path}/.git`)) !== null;
      if (sub === null && !broken) return "unpopulated";
      // git opens a populated submodule's repository whatever its ignore setting.
      if (sub !== null && await ownConfigStops(fs, sub)) {
        return { unknown: SUBMODULE_CONFIG_STOP_REASON };
      }
      if (ignore === "all") return "clean";
      if (sub === null) {
        // git stops there ("not a git repository") unless ignore=dirty, where it
        // only fails to resolve the submodule's HEAD and shows nothing.
        return {
          unknown: ignore === "dirty"
            ? "the submodule's .git names no repository git can read"
            : SUBMODULE_GITDIR_BROKEN_REASON,
        };
      }
      if (depth >= MAX_DEPTH) return { unknown: "submodules nested too deep" };
      const head = await readHead(fs, sub);
      // git takes a HEAD it cannot resolve (an unborn branch) as the recorded
      // commit (ce_compare_gitlink): only what `git status` inside finds shows.
      const moved = head.oid !== null && head.oid !== oid;
      if (ignore === "dirty") return moved ? "modified" : "clean";
      // git runs `git status` inside whether or not the HEAD moved: what stops
      // it there stops it either way.
      inside = true;
      const own = await submoduleConfig(fs, sub, options);
      const refused = refusedConfig(own) ??
        (await insideRefusal(fs, sub, own) ? SUBMODULE_REFUSED_REASON : null);
      if (refused !== null) return { unknown: refused };
      // `git status` there compares the directory its core.worktree names.
      const place = await workTreeSetting(fs, sub, own.workTreeSetting);
      if (place === "missing") return { unknown: SUBMODULE_WORKTREE_GONE_REASON };
      if (place === "other") return { unknown: SUBMODULE_WORKTREE_OTHER_REASON };
      const state = await dirty(fs, sub, own, head.oid, options, depth, ignore !== "untracked");
      if (typeof state === "object" && STOPS_INSIDE.has(state.unknown)) return state;
      return moved ? "modified" : state;
    } catch (e) {
      // An index with a required extension git does not know git refuses
      // too ("index file corrupt"), unlike what baton alone does not read.
      const damage = e instanceof GitCorruptError || e instanceof GitConfigSyntaxError ||
        e instanceof GitIndexError ||
        (e instanceof GitUnsupportedError && e.code === INDEX_EXTENSION_UNKNOWN_CODE);
      if (inside && damage) {
        return { unknown: SUBMODULE_DAMAGED_REASON };
      }
      // `git status` inside cannot split the sparse index it collapsed, and stops.
      if (inside && e instanceof GitUnsupportedError && e.message === SPLIT_SPARSE_STOP_REASON) {
        return { unknown: SUBMODULE_SPLIT_SPARSE_REASON };
      }
      return { unknown: "submodule could not be read" };
    }
  };
}

/** The submodule's own configuration cascade, as `git status` run inside it reads it. */
function submoduleConfig(fs: ReadFs, sub: RepoLocation, options: SubmoduleStatesOptions) {
  return readRepoConfig(fs, sub, {
    homeDir: options.homeDir,
    xdgConfigHome: options.xdgConfigHome,
    ...(options.systemConfigPath === undefined
      ? {}
      : { systemConfigPath: options.systemConfigPath }),
    ...(options.globalConfigPaths === undefined
      ? {}
      : { globalConfigPaths: options.globalConfigPaths }),
    ...(options.environmentEntries === undefined
      ? {}
      : { environmentEntries: options.environmentEntries }),
  });
}

/**
 * Why git status stops at a submodule whose configuration `git status` run
 * inside it refuses (its own status.showUntrackedFiles, its cascade, -c and
 * GIT_CONFIG_COUNT included; a repository format git refuses), or null.
 */
function refusedConfig(config: RepoConfig): string | null {
  if (config.untrackedFiles === null) return SUBMODULE_UNTRACKED_MODE_REASON;
  if (config.formatProblem !== null && !config.formatProblem.refsReadable) {
    return SUBMODULE_FORMAT_REFUSED_REASON;
  }
  return null;
}

async function dirty(
  fs: ReadFs,
  sub: RepoLocation,
  config: RepoConfig,
  headOid: string | null,
  options: SubmoduleStatesOptions,
  depth: number,
  untracked: boolean,
): Promise<SubmoduleState> {
  // One baton does not read (SHA-256 ids) is not parsed as SHA-1; git reads it.
  if (config.formatProblem !== null) {
    return { unknown: "the submodule's repository format is one baton does not read" };
  }
  // "no" in the submodule's own status.showUntrackedFiles hides its untracked files.
  if (config.untrackedFiles === "no") untracked = false;
  const objects = createObjectReader(fs, sub);
  // On an unborn branch git status inside compares the index with no tree.
  const commit = headOid === null ? null : await objects.read(headOid);
  // git status inside stops on a HEAD commit it cannot read ("bad object HEAD").
  if (headOid !== null && (commit === null || commit.type !== "commit")) {
    return { unknown: SUBMODULE_DAMAGED_REASON };
  }
  const attrs = createAttributeLookup(fs, sub.workTree, sub.commonDir, {
    globalFile: config.attributesFile,
    systemFile: options.systemAttributesFile ?? null,
    ignoreCase: config.ignoreCase,
  });
  const status = await scanWorktree(fs, sub, {
    headTreeOid: commit === null ? null : parseCommit(commit.data).tree,
    objects,
    excludesFile: config.excludesFile,
    fileMode: config.fileMode,
    trustCtime: config.trustCtime,
    checkStat: config.checkStat,
    ignoreCase: config.ignoreCase,
    symlinks: config.symlinks,
    sparseCheckout: config.sparseCheckout,
    sparseIndex: config.sparseIndex,
    splitIndex: config.splitIndex,
    maxUntracked: 1,
    untracked,
    expired: options.expired,
    maxHashBytes: options.maxHashBytes,
    submoduleState: submoduleStates(fs, sub, options, depth + 1, untracked),
    convertToGit: async (path, data, rawIsIndexed, indexBlob) => {
      const a = await attrs.get(path, indexBlob);
      const found = options.lfsProgram ?? (() => Promise.resolve(true));
      const conf = await withLfsProgram(config, a, found);
      return convertAgainstIndex(data, a, conf, rawIsIndexed, () => indexBlob(path));
    },
  });
  // git status inside stops before it lists anything: a stop beats a change.
  if ([...status.uncheckedBy.other.keys()].some((r) => STOPS_INSIDE.has(r))) {
    return { unknown: SUBMODULE_NESTED_STOP_REASON };
  }
  if (status.entries.length > 0 || status.untracked.length > 0) return "modified";
  if (status.unchecked.length > 0 || status.oversized.length > 0 || status.badNames.length > 0) {
    return { unknown: "part of the submodule's work tree was not compared" };
  }
  return "clean";
}

/** The superproject's configuration cascade and its `.gitmodules`, as entries. */
interface IgnoreSettings {
  config: GitConfigEntry[];
  /** Null when the work tree's `.gitmodules` does not parse or cannot be read as git would. */
  gitmodules: GitConfigEntry[] | null;
  /** Why `gitmodules` is null. */
  why?: string;
}

async function ignoreSettings(
  fs: ReadFs,
  repo: RepoLocation,
  options: SubmoduleStatesOptions,
  indexBlob: ((path: string) => Promise<Uint8Array | null>) | null,
  gitmodulesUnmerged: boolean,
): Promise<IgnoreSettings> {
  const config = await readRepoConfig(fs, repo, {
    homeDir: options.homeDir,
    xdgConfigHome: options.xdgConfigHome,
    ...(options.systemConfigPath === undefined
      ? {}
      : { systemConfigPath: options.systemConfigPath }),
    ...(options.globalConfigPaths === undefined
      ? {}
      : { globalConfigPaths: options.globalConfigPaths }),
    ...(options.environmentEntries === undefined
      ? {}
      : { environmentEntries: options.environmentEntries }),
  });
  let gitmodules: GitConfigEntry[] | null = [];
  if (gitmodulesUnmerged) return { config: [...config.config.entries], gitmodules };
  try {
    const found = await gitmodulesBytes(fs, repo, indexBlob);
    if (found !== null && found.blob && startsWithBom(found.bytes)) {
      // git skips a byte-order mark only in a file: a blob's is a bad line 1,
      // which git reports and goes on from with no setting of it read.
      gitmodules = [];
    } else if (found !== null && found.blob) {
      // A blob's syntax error git reports and goes on from, with the settings before it.
      gitmodules = parseGitConfigPrefix(new TextDecoder().decode(found.bytes)).entries;
    } else if (found !== null) {
      gitmodules = parseGitConfig(new TextDecoder().decode(found.bytes)).entries;
    }
  } catch (e) {
    if (e instanceof GitmodulesBlobMissingError) {
      return { config: [...config.config.entries], gitmodules: null, why: e.message };
    }
    // Unreadable (git warns and goes on): only the configuration's settings count.
    if (e instanceof GitConfigSyntaxError) gitmodules = null;
    if (e instanceof GitCorruptError || e instanceof GitLimitError) {
      return {
        config: [...config.config.entries],
        gitmodules: null,
        why: GITMODULES_UNREADABLE_REASON,
      };
    }
  }
  return { config: [...config.config.entries], gitmodules };
}

/** The largest .gitmodules read (a larger one is a typed error, never read). */
const MAX_GITMODULES_BYTES = 64 * 1024 * 1024;

/**
 * The `.gitmodules` git reads (submodule-config's config_from_gitmodules):
 * the work tree's file when there is one (a dangling link or a directory
 * counts, and reads as none), else the index's blob, else HEAD's; null when
 * there is none.
 */
/** Whether `bytes` open with UTF-8's byte-order mark. */
function startsWithBom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** The `.gitmodules` git reads: the work tree's file, else the index's or HEAD's blob (`blob`). */
async function gitmodulesBytes(
  fs: ReadFs,
  repo: RepoLocation,
  indexBlob: ((path: string) => Promise<Uint8Array | null>) | null,
): Promise<{ bytes: Uint8Array; blob: boolean } | null> {
  const inBlob = (bytes: Uint8Array | null) => bytes === null ? null : { bytes, blob: true };
  const path = `${repo.workTree}/.gitmodules`;
  try {
    // A FIFO or a device there would block the open or never end.
    const st = await fs.stat(path);
    // A directory git opens and reads as empty (its read fails at once): no setting.
    if (st?.isDirectory === true) return null;
    if (st !== null) requireRegularFile(st, MAX_GITMODULES_BYTES);
    return { bytes: await fs.readFile(path), blob: false };
  } catch (e) {
    if (!(e instanceof FsNotFoundError)) throw e;
  }
  // git asks whether the file exists with lstat: a link to nowhere is the work tree's file,
  // which git reads as nothing, never falling back to the index's or HEAD's settings.
  if (await fs.lstat(path) !== null) return null;
  const staged = indexBlob === null ? null : await indexBlob(".gitmodules");
  if (staged !== null) return inBlob(staged);
  const head = await readHead(fs, repo);
  if (head.oid === null) return null;
  const objects = createObjectReader(fs, repo);
  const commit = await objects.read(head.oid);
  if (commit === null || commit.type !== "commit") return null;
  const tree = await objects.read(parseCommit(commit.data).tree);
  if (tree === null || tree.type !== "tree") return null;
  const entry = parseTree(tree.data).find((e) => e.name === ".gitmodules" && e.type === "blob");
  if (entry === undefined) return null;
  const blob = await objects.read(entry.oid);
  // HEAD names a .gitmodules whose blob is not here: not the same as none.
  if (blob === null) throw new GitmodulesBlobMissingError();
  return inBlob(blob.type === "blob" ? blob.data : null);
}
