/**
 * Edge-free config reading: the repository's config (plus optional global
 * files and config.worktree), merged in git's precedence order and reduced
 * to the facts baton needs. Every path comes from the caller; nothing here
 * reads the environment.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import {
  getConfigBool,
  getConfigEntries,
  getConfigValue,
  listConfigSubsections,
} from "./config_lookup.ts";
import { type GitConfig, type GitConfigEntry, parseGitConfig } from "./parse_config.ts";
import { stripUrlCredentials } from "./strip_url_credentials.ts";
import { parentDir, resolvePath } from "../../path.ts";
import { readOptionalText } from "./_read_optional.ts";

/** Options for {@linkcode readRepoConfig}. */
export interface ReadRepoConfigOptions {
  /** Home directory, for `~/` in paths and the default excludes file; null when unknown. @default null */
  homeDir?: string | null;
  /** `$XDG_CONFIG_HOME`; when null the default is `<homeDir>/.config`. @default null */
  xdgConfigHome?: string | null;
  /**
   * Global config files read before the repository's own (lowest precedence
   * first), e.g. from {@linkcode defaultGlobalConfigPaths}. Missing files are
   * skipped. None are read unless given.
   * @default []
   */
  globalConfigPaths?: readonly string[];
}

/** A configured remote. */
export interface RemoteInfo {
  /** Remote name ("origin"). */
  name: string;
  /** First `remote.<name>.url` with credentials stripped, or null when unset. */
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
  /** core.ignoreCase (default false; git sets it on case-insensitive file systems). */
  ignoreCase: boolean;
  /** extensions.refStorage, lower-cased: "files" (default) or e.g. "reftable". */
  refStorage: string;
  /** extensions.objectFormat, lower-cased: "sha1" (default) or "sha256". */
  objectFormat: string;
  /** The merged raw config, lowest precedence first. May hold secrets: never render it. */
  config: GitConfig;
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
  const xdg = options.xdgConfigHome ?? (home === null ? null : `${home}/.config`);
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
  const entries: GitConfigEntry[] = [];
  for (const path of options.globalConfigPaths ?? []) {
    entries.push(...await readConfigFile(fs, path, home, 0));
  }
  const repoEntries = await readConfigFile(fs, `${repo.commonDir}/config`, home, 0);
  entries.push(...repoEntries);
  if (getConfigBool({ entries: repoEntries }, "extensions.worktreeConfig", false)) {
    entries.push(...await readConfigFile(fs, `${repo.gitDir}/config.worktree`, home, 0));
  }
  const config: GitConfig = { entries };
  const repoOnly: GitConfig = { entries: repoEntries };

  const remotes = listConfigSubsections(config, "remote").map((name) => {
    const urls = getConfigEntries(config, `remote.${name}.url`);
    const url = urls[0]?.value ?? null;
    return { name, url: url === null ? null : stripUrlCredentials(url) };
  });
  return {
    remotes,
    excludesFile: excludesFile(config, repo, home, options.xdgConfigHome ?? null),
    fileMode: getConfigBool(config, "core.fileMode", true),
    ignoreCase: getConfigBool(config, "core.ignoreCase", false),
    refStorage: (getConfigValue(repoOnly, "extensions.refStorage") ?? "files").toLowerCase(),
    objectFormat: (getConfigValue(repoOnly, "extensions.objectFormat") ?? "sha1").toLowerCase(),
    config,
  };
}

function excludesFile(
  config: GitConfig,
  repo: RepoLocation,
  home: string | null,
  xdg: string | null,
): string | null {
  const value = getConfigValue(config, "core.excludesFile");
  if (value === undefined) {
    if (xdg !== null) return `${xdg}/git/ignore`;
    return home === null ? null : `${home}/.config/git/ignore`;
  }
  if (value === null || value === "") return null;
  return expandPath(value, repo.workTree, home);
}

/** git_config_pathname: "~/" is the home directory; "~user/" cannot be resolved here. */
function expandPath(value: string, base: string, home: string | null): string | null {
  if (value === "~" || value.startsWith("~/")) {
    return home === null ? null : resolvePath(home, value.slice(2));
  }
  if (value.startsWith("~")) return null;
  return resolvePath(base, value);
}

async function readConfigFile(
  fs: ReadFs,
  path: string,
  home: string | null,
  depth: number,
): Promise<GitConfigEntry[]> {
  const text = await readOptionalText(fs, path);
  if (text === null) return [];
  const out: GitConfigEntry[] = [];
  for (const entry of parseGitConfig(text).entries) {
    out.push(entry);
    if (
      entry.section !== "include" || entry.subsection !== null || entry.key !== "path" ||
      entry.value === null || entry.value === "" || depth >= MAX_INCLUDE_DEPTH
    ) continue;
    const target = expandPath(entry.value, parentDir(path) ?? "/", home);
    if (target !== null) out.push(...await readConfigFile(fs, target, home, depth + 1));
  }
  return out;
}
