/**
 * Edge-free config reading: git's cascade (system, global XDG then
 * ~/.gitconfig, the repository, config.worktree), with `include.path` and
 * `includeIf` (gitdir, gitdir/i, onbranch) followed, merged in git's
 * precedence order and reduced to the facts baton needs. Every path comes
 * from the caller; nothing here reads the environment.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import {
  getConfigBool,
  getConfigEntries,
  getConfigValue,
  listConfigSubsections,
  parseConfigBool,
} from "./config_lookup.ts";
import { type GitConfig, type GitConfigEntry, parseGitConfig } from "./parse_config.ts";
import { stripUrlCredentials } from "./strip_url_credentials.ts";
import { rewriteUrl } from "./url_rewrite.ts";
import { parentDir } from "../../path.ts";
import { readOptionalText } from "./_read_optional.ts";
import { GitConfigSyntaxError, GitConfigUnreadableError } from "./errors.ts";
import {
  includeIfKnown,
  includeIfMatches,
  includeIfUnexpandable,
  isHasconfigRemoteUrl,
  isUnexpandablePath,
} from "./_include_if.ts";
import { includeGitDirSpellings } from "./include_gitdir.ts";
import { physicalPath, systemJoin } from "./physical_path.ts";
import { type FormatProblem, repositoryFormatProblem } from "./repository_format.ts";
import { formatCheckStop, worktreeConfigStop } from "./format_check.ts";
import { filterRunsCommand, isGitLfsDriver } from "./lfs_command.ts";
import { statusRenames } from "./status_renames.ts";

/** Options for {@linkcode readRepoConfig}. */
export interface ReadRepoConfigOptions {
  /** Home directory, for `~/` in paths and the default excludes file; null when unknown. @default null */
  homeDir?: string | null;
  /** `$XDG_CONFIG_HOME`; when null the default is `<homeDir>/.config`. @default null */
  xdgConfigHome?: string | null;
  /**
   * Global config files read before the repository's own (lowest precedence
   * first). Missing files are skipped.
   * @default {defaultGlobalConfigPaths(homeDir, xdgConfigHome)}
   */
  globalConfigPaths?: readonly string[];
  /** The system config file, read first; null for none. @default {"/etc/gitconfig"} */
  systemConfigPath?: string | null;
  /** Entries git takes from its environment (GIT_CONFIG_COUNT), read last. @default {[]} */
  environmentEntries?: readonly GitConfigEntry[];
  /** `$PWD`, through which git spells a `.git` directory for includeIf "gitdir:" (include_gitdir.ts). @default null */
  pwd?: string | null;
}

/** A configured remote. */
export interface RemoteInfo {
  /** Remote name ("origin"). */
  name: string;
  /** First `remote.<name>.url` as git uses it (`url.<base>.insteadOf` applied), credentials stripped; null when unset. */
  url: string | null;
}

/** The config facts baton uses. */
export interface RepoConfig {
  /** Remotes in order of first appearance, URLs without credentials. */
  remotes: RemoteInfo[];
  /**
   * The global excludes file: core.excludesFile with `~/` expanded, relative
   * paths resolved against the work tree; when unset, git's default
   * `$XDG_CONFIG_HOME/git/ignore` or `~/.config/git/ignore`. Null when it
   * cannot be determined. The file may not exist.
   */
  excludesFile: string | null;
  /** core.fileMode (default true). */
  fileMode: boolean;
  /** core.trustctime (default true): whether a file's ctime counts in its stat data. */
  trustCtime: boolean;
  /**
   * Whether git uses an untracked cache the index holds: core.untrackedCache
   * is anything but false ("keep", true or unset).
   */
  untrackedCache: boolean;
  /**
   * core.checkStat: "minimal" leaves ctime, owner and inode out of the stat
   * data compared. git takes the last entry that says "default" or
   * "minimal" (any case) and passes over other values.
   */
  checkStat: "default" | "minimal";
  /**
   * Rename detection in status: status.renames, else diff.renames (default
   * true; "copies" or "copy", any case, counts as on), and status.renameLimit, else
   * diff.renameLimit (default 1000).
   */
  renames: { renames: boolean; renameLimit: number; copies: boolean };
  /** core.ignoreCase (default false; git sets it on case-insensitive file systems). */
  ignoreCase: boolean;
  /** core.symlinks (default true): false means symlinks are checked out as plain files. */
  symlinks: boolean;
  /** core.autocrlf: "true", "input" or "false" (default). */
  autocrlf: "true" | "input" | "false";
  /**
   * core.bare as git applies it to this work tree while checking the
   * repository's format: from the repository's own config file (the common
   * one), then `config.worktree` where `extensions.worktreeConfig` is on,
   * their includes left out; false for a linked work tree without
   * `extensions.worktreeConfig` (git ignores the shared setting there); null
   * when an entry is not a boolean (git then refuses the repository). Set
   * anywhere else (an include, `-c`, the global file) it does not take git's
   * work tree away.
   */
  bare: boolean | null;
  /**
   * The key of the repository's own config file (the common one, its
   * includes left out) whose value git's check of the repository format
   * dies on (format_check.ts), else of `config.worktree` where
   * `extensions.worktreeConfig` has git read it (its `core.bare` and
   * `core.worktree` alone), or null.
   */
  formatCheckStop: string | null;
  /**
   * status.showUntrackedFiles as git status reads it: "normal" (default),
   * "no" or "all"; null when any entry in the cascade has another value,
   * which git status stops on (see {@linkcode untrackedFilesMode}).
   */
  untrackedFiles: "no" | "normal" | "all" | null;
  /** Sparse checkout in force: core.sparseCheckout and not sparse.expectFilesOutsideOfPatterns. */
  sparseCheckout: boolean;
  /**
   * A sparse index allowed: core.sparseCheckout, core.sparseCheckoutCone and
   * index.sparse all true (git then collapses an index it reads where it can).
   */
  sparseIndex: boolean;
  /**
   * core.splitIndex as git reads it (null: unset, or no boolean, which git
   * takes as unset): true makes git split the index it reads, and stop
   * where that index is sparse ("cannot use split index with a sparse index").
   */
  splitIndex: boolean | null;
  /**
   * Cone-mode sparse checkout: core.sparseCheckout and
   * core.sparseCheckoutCone (git then reads no index `.gitattributes` outside the cone).
   */
  sparseCone: boolean;
  /** core.attributesFile expanded, or its XDG default; null when it cannot be told. */
  attributesFile: string | null;
  /** Filter drivers with a `clean` or `process` command configured. */
  cleanDrivers: Set<string>;
  /** Filter drivers whose `required` is true where it is last set. */
  requiredDrivers: Set<string>;
  /** Filter drivers that run a command in the clean direction (lfs_command.ts filterRunsCommand). */
  runningDrivers: Set<string>;
  /** Whether the `lfs` filter driver's command is Git LFS's own (lfs_command.ts). */
  lfsIsGitLfs: boolean;
  /**
   * Diff drivers with `diff.<driver>.binary` set, by name: whether git reads
   * their files as binary (null: a value that is no boolean). A driver not
   * here leaves the content to say. @default {none}
   */
  diffBinary?: ReadonlyMap<string, boolean | null>;
  /** `includeIf` sections whose condition baton cannot evaluate (not included). */
  unevaluatedIncludes: number;
  /**
   * A path git expands from another user's home (`~user/`) or from its own
   * install prefix (`%(prefix)/`) in core.excludesFile, core.attributesFile,
   * an include git follows or an includeIf gitdir: pattern: git reads that
   * file (or matches that directory), or stops where there is no such user;
   * baton expands only `~/`.
   */
  otherUserPath: boolean;
  /** System or global config files that exist but could not be read (left out). */
  unreadableUserFiles: number;
  /**
   * `core.worktree` as the repository's own config sets it (git reads it from
   * nowhere else: the shared file, then `config.worktree` where
   * `extensions.worktreeConfig` is on; a linked work tree reads neither
   * without it), unresolved; null when unset.
   */
  workTreeSetting: string | null;
  /** extensions.refStorage, lower-cased: "files" (default) or e.g. "reftable". */
  refStorage: string;
  /** extensions.objectFormat, lower-cased: "sha1" (default) or "sha256". */
  objectFormat: string;
  /**
   * Why git would refuse the repository or baton cannot read its format
   * (repository_format.ts), or null.
   */
  formatProblem: FormatProblem | null;
  /** The merged raw config, lowest precedence first. May hold secrets: never render it. */
  config: GitConfig;
  /**
   * `safe.directory` as git reads it: from the system and global files only
   * (a repository cannot vouch for itself), each empty value clearing the
   * list before it.
   */
  safeDirectories: string[];
}

/**
 * True for the error a read raises when the file's permissions refuse it:
 * the runtime's own, or the StorageError a ReadFs maps it to (naming the
 * system's error code in its data).
 */
function isPermissionDenied(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const r = e as { code?: unknown; name?: unknown; data?: { os_error?: unknown } };
  const code = r.data?.os_error ?? r.code;
  return code === "EACCES" || code === "EPERM" || r.name === "PermissionDenied" ||
    r.name === "NotCapable";
}

/**
 * True where the refusal is the runtime's own permission sandbox (Deno's
 * NotCapable, as the error or the cause a ReadFs wraps), not the file's
 * permissions: git, outside the sandbox, reads the file.
 */
function deniedBySandbox(e: unknown): boolean {
  const r = e as { name?: unknown; cause?: { name?: unknown } };
  return r.name === "NotCapable" || r.cause?.name === "NotCapable";
}

/** git's include depth limit. */
const MAX_INCLUDE_DEPTH = 10;

/**
 * The global config files git reads, lowest precedence first:
 * `$XDG_CONFIG_HOME/git/config` (or `~/.config/git/config`), then `~/.gitconfig`.
 *
 * @param options Home and XDG directories; null entries are skipped.
 * @returns Absolute paths.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultGlobalConfigPaths } from "./read_repo_config.ts";
 * assert.deepEqual(defaultGlobalConfigPaths({ homeDir: "/home/u" }), [
 *   "/home/u/.config/git/config",
 *   "/home/u/.gitconfig",
 * ]);
 * ```
 */
export function defaultGlobalConfigPaths(
  options: { homeDir?: string | null; xdgConfigHome?: string | null },
): string[] {
  const home = options.homeDir ?? null;
  const xdg = nonEmpty(options.xdgConfigHome) ?? (home === null ? null : `${home}/.config`);
  const out: string[] = [];
  if (xdg !== null) out.push(`${xdg}/git/config`);
  if (home !== null) out.push(`${home}/.gitconfig`);
  return out;
}

/**
 * Reads and merges config: given global files, then `<commonDir>/config`,
 * then `config.worktree` when `extensions.worktreeConfig` is on.
 * Unconditional `include.path` files are followed (10 levels); conditional
 * `includeIf` sections are not evaluated and are skipped.
 *
 * @param fs Read capability.
 * @param repo Repository location.
 * @param options Home/XDG directories and global config paths.
 * @returns Remotes, excludes file, file mode, ref storage, object format and the raw config.
 * @throws {GitConfigSyntaxError} When a config file does not parse.
 *
 * @example
 * ```ts ignore
 * const cfg = await readRepoConfig(fs, repo, { homeDir: "/home/u" });
 * // cfg.remotes: [{ name: "origin", url: "https://github.com/x/y.git" }]
 * ```
 */
export async function readRepoConfig(
  fs: ReadFs,
  repo: RepoLocation,
  options: ReadRepoConfigOptions = {},
): Promise<RepoConfig> {
  const home = options.homeDir ?? null;
  let where: Promise<IncludeWhere> | null = null;
  const ctx: IncludeContext = {
    fs,
    home,
    where: () => where ??= includeWhere(fs, repo, home, options.pwd ?? null),
    branch: await currentBranch(fs, repo),
    unevaluated: 0,
    otherUserPath: false,
    remoteUrls: null,
    hasconfigSeen: false,
    viaHasconfig: false,
  };
  let read = await readCascade(ctx, repo, options);
  if (ctx.hasconfigSeen) {
    // includeIf "hasconfig:remote.*.url:" is decided against every remote
    // URL of the whole cascade, read first without those includes (git
    // forbids remote URLs in the files they include).
    ctx.remoteUrls = read.entries.filter((e) =>
      e.section === "remote" && e.subsection !== null && e.key === "url" && e.value !== null
    ).map((e) => e.value!);
    ctx.unevaluated = 0;
    read = await readCascade(ctx, repo, options);
  }
  const { entries, safeDirectories, unreadableUserFiles, repoEntries, repoLevel, repoOwn } = read;
  const { worktreeOwn, bareApplies } = read;
  const bare = bareSetting({ entries: [...repoOwn, ...worktreeOwn] });
  const config: GitConfig = { entries };
  const repoOnly: GitConfig = { entries: repoEntries };

  const remotes = listConfigSubsections(config, "remote").map((name) => {
    const urls = getConfigEntries(config, `remote.${name}.url`);
    const url = urls[0]?.value ?? null;
    // Rewritten before the credentials go: a base may carry a token.
    return { name, url: url === null ? null : stripUrlCredentials(rewriteUrl(entries, url)) };
  });
  return {
    remotes,
    excludesFile: excludesFile(config, repo, home, nonEmpty(options.xdgConfigHome)),
    fileMode: getConfigBool(config, "core.fileMode", true),
    trustCtime: getConfigBool(config, "core.trustctime", true),
    untrackedCache: parseConfigBool(getConfigValue(config, "core.untrackedCache") ?? "keep") !==
      false,
    checkStat: checkStatSetting(config),
    renames: statusRenames(config).settings,
    ignoreCase: getConfigBool(config, "core.ignoreCase", false),
    symlinks: getConfigBool(config, "core.symlinks", true),
    autocrlf: autocrlf(config),
    untrackedFiles: untrackedFilesMode(config),
    // A value that is no boolean stops git's format check whichever work tree.
    bare: bare === null || bareApplies ? bare : false,
    formatCheckStop: formatCheckStop({ entries: repoOwn }) ??
      worktreeConfigStop({ entries: worktreeOwn }),
    sparseIndex: getConfigBool(config, "core.sparseCheckout", false) &&
      getConfigBool(config, "core.sparseCheckoutCone", false) &&
      getConfigBool(config, "index.sparse", false),
    splitIndex: maybeBool(config, "core.splitIndex"),
    sparseCone: getConfigBool(config, "core.sparseCheckout", false) &&
      getConfigBool(config, "core.sparseCheckoutCone", false),
    sparseCheckout: getConfigBool(config, "core.sparseCheckout", false) &&
      !getConfigBool(config, "sparse.expectFilesOutsideOfPatterns", false),
    attributesFile: userFile(
      config,
      "core.attributesFile",
      "attributes",
      repo,
      home,
      nonEmpty(options.xdgConfigHome),
    ),
    unevaluatedIncludes: ctx.unevaluated,
    otherUserPath: ctx.otherUserPath ||
      entries.some((e) =>
        e.section === "core" && e.subsection === null &&
        (e.key === "excludesfile" || e.key === "attributesfile") && isOtherUserPath(e.value)
      ),
    workTreeSetting: getConfigValue({ entries: repoLevel }, "core.worktree") ?? null,
    unreadableUserFiles,
    cleanDrivers: new Set(
      config.entries.filter((e) =>
        e.section === "filter" && e.subsection !== null &&
        (e.key === "clean" || e.key === "process") && e.value !== null && e.value !== ""
      ).map((e) => e.subsection!),
    ),
    diffBinary: new Map(
      listConfigSubsections(config, "diff").flatMap((d) => {
        const v = getConfigValue(config, `diff.${d}.binary`);
        return v === undefined ? [] : [[d, parseConfigBool(v)] as const];
      }),
    ),
    lfsIsGitLfs: isGitLfsDriver(
      getConfigValue(config, "filter.lfs.process"),
      getConfigValue(config, "filter.lfs.clean"),
    ),
    requiredDrivers: new Set(
      listConfigSubsections(config, "filter").filter((d) =>
        getConfigValue(config, `filter.${d}.required`) !== undefined &&
        parseConfigBool(getConfigValue(config, `filter.${d}.required`)!) === true
      ),
    ),
    runningDrivers: new Set(
      listConfigSubsections(config, "filter").filter((d) =>
        filterRunsCommand(
          getConfigValue(config, `filter.${d}.process`),
          getConfigValue(config, `filter.${d}.clean`),
        )
      ),
    ),
    refStorage: (getConfigValue(repoOnly, "extensions.refStorage") ?? "files").toLowerCase(),
    objectFormat: (getConfigValue(repoOnly, "extensions.objectFormat") ?? "sha1").toLowerCase(),
    formatProblem: repositoryFormatProblem(repoOnly),
    config,
    safeDirectories,
  };
}

/** One read of git's cascade of config files, includes followed. */
async function readCascade(
  ctx: IncludeContext,
  repo: RepoLocation,
  options: ReadRepoConfigOptions,
): Promise<{
  entries: GitConfigEntry[];
  safeDirectories: string[];
  unreadableUserFiles: number;
  repoEntries: GitConfigEntry[];
  repoLevel: GitConfigEntry[];
  repoOwn: GitConfigEntry[];
  /** `config.worktree`'s own entries (includes left out), where git reads it; else none. */
  worktreeOwn: GitConfigEntry[];
  /** Whether git applies core.bare to this work tree: the main one, or any with worktreeConfig. */
  bareApplies: boolean;
}> {
  const entries: GitConfigEntry[] = [];
  const system = options.systemConfigPath === undefined
    ? "/etc/gitconfig"
    : options.systemConfigPath;
  const globals = options.globalConfigPaths ?? defaultGlobalConfigPaths(options);
  let unreadableUserFiles = 0;
  const files = [
    ...(system === null ? [] : [{ named: system, isSystem: true }]),
    ...globals.map((named) => ({ named, isSystem: false })),
  ];
  for (const { named, isSystem } of files) {
    // git opens a relative name (GIT_CONFIG_GLOBAL=cfg) from the work
    // tree's top, where it has changed directory by then; "" names nothing.
    if (named === "") continue;
    const path = named.startsWith("/") ? named : systemJoin(repo.workTree, named);
    try {
      entries.push(...await readConfigFile(ctx, path, 0));
    } catch (e) {
      // A global or XDG file that cannot be read for its permissions is left
      // out and counted, as git passes over it; one that is malformed, a
      // directory (git: "unknown error occurred while reading the
      // configuration files") or too large still fails. The system file git
      // does not pass over: it stops ("unable to access"), unless the denial
      // is baton's own sandbox (a run with limited read permission), where
      // git reads the file and only baton cannot.
      if (!isPermissionDenied(e)) throw e;
      if (isSystem && !deniedBySandbox(e)) {
        throw new GitConfigUnreadableError("the system config file", { cause: e });
      }
      unreadableUserFiles++;
    }
  }
  const safeDirectories: string[] = [];
  for (const e of entries) {
    if (e.section !== "safe" || e.subsection !== null || e.key !== "directory") continue;
    if (e.value === null || e.value === "") safeDirectories.length = 0;
    else safeDirectories.push(e.value);
  }
  const repoOwn: GitConfigEntry[] = [];
  const repoEntries = await readConfigFile(ctx, `${repo.commonDir}/config`, 0, repoOwn);
  entries.push(...repoEntries);
  // git's check of the repository format takes core.worktree and core.bare
  // from the shared file for the main work tree, and for a linked one only
  // with extensions.worktreeConfig on (then config.worktree's come after).
  const linked = repo.gitDir !== repo.commonDir;
  const worktreeConfig = getConfigBool(
    { entries: repoEntries },
    "extensions.worktreeConfig",
    false,
  );
  const repoLevel = linked && !worktreeConfig ? [] : [...repoEntries];
  const worktreeOwn: GitConfigEntry[] = [];
  if (worktreeConfig) {
    const worktreeEntries = await readConfigFile(
      ctx,
      `${repo.gitDir}/config.worktree`,
      0,
      worktreeOwn,
    );
    entries.push(...worktreeEntries);
    repoLevel.push(...worktreeEntries);
  }
  // The command-line scope: after every file, so it wins.
  entries.push(...(options.environmentEntries ?? []));
  return {
    entries,
    safeDirectories,
    unreadableUserFiles,
    repoEntries,
    repoLevel,
    repoOwn,
    worktreeOwn,
    bareApplies: !linked || worktreeConfig,
  };
}

function excludesFile(
  config: GitConfig,
  repo: RepoLocation,
  home: string | null,
  xdg: string | null,
): string | null {
  return userFile(config, "core.excludesFile", "ignore", repo, home, xdg);
}

/**
 * `status.showUntrackedFiles` as git status reads it: every entry of the
 * cascade in turn, the last winning, but any value other than exactly
 * `no`, `normal` or `all` (a boolean, another case, no value) makes git
 * 2.39 stop ("Invalid untracked files mode"), whichever entry wins; later
 * gits take booleans too, so a boolean is no answer either way (null).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * const at = (t: string) => untrackedFilesMode(parseGitConfig(t));
 * assert.equal(at(""), "normal");
 * assert.equal(at("[status]\nshowUntrackedFiles = all\nshowuntrackedfiles = no\n"), "no");
 * assert.equal(at("[status]\nshowUntrackedFiles = false\nshowUntrackedFiles = no\n"), null);
 * ```
 */
export function untrackedFilesMode(config: GitConfig): "no" | "normal" | "all" | null {
  let mode: "no" | "normal" | "all" = "normal";
  for (const e of getConfigEntries(config, "status.showUntrackedFiles")) {
    if (e.value !== "no" && e.value !== "normal" && e.value !== "all") return null;
    mode = e.value;
  }
  return mode;
}

/** core.bare from `repoOnly`, the last entry winning; null when any entry is not a boolean. */
function bareSetting(repoOnly: GitConfig): boolean | null {
  let bare = false;
  for (const e of getConfigEntries(repoOnly, "core.bare")) {
    const v = parseConfigBool(e.value);
    if (v === null) return null;
    bare = v;
  }
  return bare;
}

function autocrlf(config: GitConfig): "true" | "input" | "false" {
  const v = getConfigValue(config, "core.autocrlf");
  if (v === undefined) return "false";
  if (v !== null && v.toLowerCase() === "input") return "input";
  return getConfigBool(config, "core.autocrlf", false) ? "true" : "false";
}

/**
 * A per-user file git reads: the config value when set (the XDG file is
 * then not read at all), else `$XDG_CONFIG_HOME/git/<name>` or
 * `~/.config/git/<name>`.
 */
function userFile(
  config: GitConfig,
  key: string,
  name: string,
  repo: RepoLocation,
  home: string | null,
  xdg: string | null,
): string | null {
  const value = getConfigValue(config, key);
  if (value === undefined) {
    // A relative $XDG_CONFIG_HOME is opened from the work tree's top, where git has moved.
    if (xdg !== null) return systemJoin(repo.workTree, `${xdg}/git/${name}`);
    return home === null ? null : `${home}/.config/git/${name}`;
  }
  if (value === null || value === "") return null;
  return expandPath(value, repo.workTree, home);
}

/**
 * git_config_pathname: "~/" is the home directory; "~user/" and
 * "%(prefix)/" (git's install prefix) cannot be resolved here. A path with a `..` step is kept for the system to resolve,
 * as git hands it to open (a `..` after a link climbs from its target).
 */
function expandPath(value: string, base: string, home: string | null): string | null {
  if (value === "~" || value.startsWith("~/")) {
    return home === null ? null : systemJoin(home, value.slice(2));
  }
  if (isUnexpandablePath(value)) return null;
  return systemJoin(base, value);
}

/** Whether git would expand `value` from another user's home (`~user/`) or its install prefix (`%(prefix)/`). */
function isOtherUserPath(value: string | null): boolean {
  return value !== null && isUnexpandablePath(value);
}

/** git reads `$XDG_CONFIG_HOME` only when it is set and not empty. */
function nonEmpty(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === "" ? null : value;
}

/** The git directory as git spells it for "gitdir:", its real path, and the home's real path. */
interface IncludeWhere {
  gitDir: string;
  realGitDir: string | null;
  /** The home directory's real path (`home` where it does not resolve): git expands "~/" in a "gitdir:" pattern from it. */
  realHome: string | null;
}

/** {@linkcode IncludeWhere} for this repository (include_gitdir.ts). */
async function includeWhere(
  fs: ReadFs,
  repo: RepoLocation,
  home: string | null,
  pwd: string | null,
): Promise<IncludeWhere> {
  const spelled = await includeGitDirSpellings(fs, repo, pwd);
  return {
    gitDir: spelled.absolute,
    realGitDir: spelled.real,
    realHome: home === null ? null : await fs.realPath(home).catch(() => home),
  };
}

interface IncludeContext {
  fs: ReadFs;
  home: string | null;
  /** What an includeIf condition is matched against, found on the first one (most configs have none). */
  where(): Promise<IncludeWhere>;
  branch: string | null;
  unevaluated: number;
  /** An include git follows, or an includeIf gitdir: pattern, names a `~user/` or `%(prefix)/` path. */
  otherUserPath: boolean;
  /** Every remote URL of the cascade, once read (for hasconfig:remote.*.url); null before. */
  remoteUrls: readonly string[] | null;
  /** A hasconfig:remote.*.url condition was met while reading. */
  hasconfigSeen: boolean;
  /** The file being read was included through a hasconfig condition. */
  viaHasconfig: boolean;
}

/** The branch HEAD names (for includeIf onbranch:), or null. */
async function currentBranch(fs: ReadFs, repo: RepoLocation): Promise<string | null> {
  const text = await readOptionalText(fs, `${repo.gitDir}/HEAD`).catch(() => null);
  const m = text === null ? null : /^ref: refs\/heads\/(.+?)\s*$/.exec(text);
  return m === null ? null : m[1]!;
}

async function readConfigFile(
  ctx: IncludeContext,
  path: string,
  depth: number,
  own?: GitConfigEntry[],
): Promise<GitConfigEntry[]> {
  const text = await readOptionalText(ctx.fs, path);
  if (text === null) return [];
  const out: GitConfigEntry[] = [];
  for (const entry of parseGitConfig(text).entries) {
    if (ctx.viaHasconfig && entry.section === "remote" && entry.key === "url") {
      // git dies here: "remote URLs cannot be configured in file directly or
      // indirectly included by includeIf.hasconfig:remote.*.url".
      throw new GitConfigSyntaxError(entry.line, "a remote URL in a file included by hasconfig");
    }
    out.push(entry);
    // The file's own entries, includes left out (what git's format check reads).
    own?.push(entry);
    if (entry.key !== "path") continue;
    const plain = entry.section === "include" && entry.subsection === null;
    const hasconfig = entry.section === "includeif" && entry.subsection !== null &&
      isHasconfigRemoteUrl(entry.subsection);
    if (hasconfig) ctx.hasconfigSeen = true;
    if (entry.value === null || entry.value === "") {
      // git stops on an include it follows that names no file: a `path`
      // without a value ("missing value"), or an empty one (which names the
      // including file's own directory: "bad config line").
      if (plain || await includeIfHolds(ctx, entry, path)) {
        throw new GitConfigSyntaxError(entry.line, "an include path without a file name");
      }
      continue;
    }
    if (
      entry.section === "includeif" && entry.subsection !== null &&
      !includeIfKnown(entry.subsection)
    ) ctx.unevaluated++;
    if (!plain && !(await includeIfHolds(ctx, entry, path))) continue;
    // Resolved as the system resolves it (git opens the joined path), so the
    // file's own directory is right for the includes inside it.
    const joined = expandPath(entry.value, parentDir(path) ?? "/", ctx.home);
    const target = joined === null
      ? null
      : await physicalPath(ctx.fs, "/", joined).catch(includeUnreadable);
    if (isOtherUserPath(entry.value)) ctx.otherUserPath = true;
    if (target === null) continue;
    // git dies including an existing file deeper than its limit ("exceeded
    // maximum include depth": a file that includes itself); a missing one is passed over.
    if (depth >= MAX_INCLUDE_DEPTH) {
      if (await ctx.fs.stat(target).catch(() => null) === null) continue;
      throw new GitConfigSyntaxError(entry.line, "includes nested deeper than git allows");
    }
    const outer = ctx.viaHasconfig;
    ctx.viaHasconfig = outer || hasconfig;
    try {
      out.push(...await readConfigFile(ctx, target, depth + 1).catch(includeUnreadable));
    } finally {
      ctx.viaHasconfig = outer;
    }
  }
  return out;
}

/**
 * An include git follows whose file its permissions refuse: git stops
 * ("unable to access"), whichever file includes it, where a global file
 * itself refused is passed over. Other errors pass through.
 */
function includeUnreadable(e: unknown): never {
  if (isPermissionDenied(e)) {
    throw new GitConfigUnreadableError("a file an include names", { cause: e });
  }
  throw e;
}

/**
 * Whether `entry` sits under an `[includeIf "<condition>"]` that holds for
 * this repository. A "gitdir:" pattern is expanded as git expands it: `~/`
 * from the home directory's real path, `./` from the real path of the
 * config file holding it (a ~/.gitconfig linked from a dotfiles folder
 * names that folder).
 */
async function includeIfHolds(
  ctx: IncludeContext,
  entry: GitConfigEntry,
  path: string,
): Promise<boolean> {
  if (entry.section !== "includeif" || entry.subsection === null) return false;
  if (includeIfUnexpandable(entry.subsection)) {
    // git expands the pattern from a user's home or its prefix, which baton does not look up.
    ctx.otherUserPath = true;
    return false;
  }
  const relative = /^gitdir(?:\/i)?:\.\//.test(entry.subsection);
  const file = relative ? await ctx.fs.realPath(path).catch(() => path) : path;
  const where = await ctx.where();
  return includeIfMatches(entry.subsection, {
    gitDir: where.gitDir,
    realGitDir: where.realGitDir,
    branch: ctx.branch,
    home: where.realHome,
    configDir: parentDir(file) ?? "/",
    remoteUrls: ctx.remoteUrls,
  });
}

/**
 * core.checkStat as git 2.39 reads it: each entry "default" or "minimal"
 * (any case) sets it, other values are passed over; a valueless entry is
 * refused (git errors, and 2.39 crashes on it).
 *
 * @param config The merged config.
 * @returns The setting in force.
 * @throws {GitConfigSyntaxError} For a valueless entry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * import { checkStatSetting } from "./read_repo_config.ts";
 * const at = (t: string) => checkStatSetting(parseGitConfig(t));
 * assert.equal(at("[core]\ncheckStat = Minimal\ncheckStat = other\n"), "minimal");
 * assert.equal(at(""), "default");
 * ```
 */
export function checkStatSetting(config: GitConfig): "default" | "minimal" {
  let out: "default" | "minimal" = "default";
  for (const e of getConfigEntries(config, "core.checkStat")) {
    if (e.value === null) throw new GitConfigSyntaxError(e.line, "core.checkStat has no value");
    const v = e.value.toLowerCase();
    if (v === "default" || v === "minimal") out = v;
  }
  return out;
}

/** The last value of `name` as git_config_get_maybe_bool reads it: null when unset or no boolean. */
function maybeBool(config: GitConfig, name: string): boolean | null {
  const all = getConfigEntries(config, name);
  const last = all[all.length - 1];
  return last === undefined ? null : parseConfigBool(last.value);
}
