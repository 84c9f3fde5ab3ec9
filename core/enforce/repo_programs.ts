/**
 * Reads whether a repository's own configuration makes git run programs it
 * names (core/enforce/git_programs.ts): its config, its worktree config and
 * its hooks folder, and the same of every populated submodule its index
 * names (`git status` runs `git status` in each, which reads the
 * submodule's own config and runs its fsmonitor and hooks); and whether its host settings set the variables by
 * which git, or any shell command, runs what they name. Anything that
 * cannot be read or parsed counts as running programs: the gate then judges
 * the command like any other. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { RepoLocation } from "../facts/types.ts";
import { parseGitConfig } from "../facts/git/parse_config.ts";
import {
  configRunsPrograms,
  GIT_PROGRAM_VARIABLES,
  hooksRunPrograms,
  mentionsGit,
  SHELL_PROGRAM_VARIABLES,
} from "./git_programs.ts";
import { repositorySetVariables } from "../trust/repository_env.ts";
import { readIndexFile } from "../facts/worktree/read_index.ts";
import { ENTRY_WORDS, FIELD } from "../facts/worktree/index_file.ts";
import { MODE_GITLINK, MODE_TYPE_MASK } from "../facts/worktree/compare_stat.ts";
import { unsafeIndexPath } from "../facts/worktree/unsafe_path.ts";
import { repoOrUnknownAtDir } from "../facts/git/find_repo.ts";

export { mentionsGit };

/** Largest config file read. */
const MAX_CONFIG_BYTES = 1024 * 1024;

async function configRuns(fs: ReadFs, path: string): Promise<boolean> {
  const st = await fs.lstat(path);
  if (st === null) return false;
  if (!st.isFile || st.size > MAX_CONFIG_BYTES) return true;
  const text = new TextDecoder("utf-8", { fatal: true }).decode(await fs.readFile(path));
  return configRunsPrograms(parseGitConfig(text).entries);
}

/** Largest index read for its submodules; a larger one counts as running programs. */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

/** Most gitlinks looked at in one index; more count as running programs. */
const MAX_GITLINKS = 256;

/** Deepest submodule nesting followed; a deeper one counts as running programs. */
const MAX_SUBMODULE_DEPTH = 4;

async function ownRuns(fs: ReadFs, repo: RepoLocation): Promise<boolean> {
  if (await configRuns(fs, `${repo.commonDir}/config`)) return true;
  if (await configRuns(fs, `${repo.gitDir}/config.worktree`)) return true;
  const hooks = await fs.readDir(`${repo.commonDir}/hooks`).catch(() => []);
  return hooksRunPrograms(hooks.map((h) => h.name));
}

/** Whether a populated submodule the index names (at any depth) runs a program. */
async function submodulesRun(fs: ReadFs, repo: RepoLocation, depth: number): Promise<boolean> {
  const read = await readIndexFile(fs, repo, { maxBytes: MAX_INDEX_BYTES });
  if (read === null) return false;
  const { index } = read;
  let gitlinks = 0;
  for (let i = 0; i < index.count; i++) {
    const mode = index.fields[i * ENTRY_WORDS + FIELD.mode]! & MODE_TYPE_MASK;
    if (mode !== MODE_GITLINK) continue;
    if (++gitlinks > MAX_GITLINKS || depth >= MAX_SUBMODULE_DEPTH) return true;
    const path = index.paths.get(i);
    if (path === undefined || unsafeIndexPath(path)) return true;
    const sub = await repoOrUnknownAtDir(fs, `${repo.workTree}/${path}`);
    if (sub === "unknown") return true;
    if (sub !== null && await runsAt(fs, sub, depth + 1)) return true; // not populated: no status
  }
  return false;
}

async function runsAt(fs: ReadFs, repo: RepoLocation, depth: number): Promise<boolean> {
  return await ownRuns(fs, repo) || await submodulesRun(fs, repo, depth);
}

/**
 * Whether the repository's config or hooks, or a populated submodule's,
 * make git run a program; true on any doubt.
 */
export async function repoRunsPrograms(fs: ReadFs, repo: RepoLocation): Promise<boolean> {
  try {
    return await runsAt(fs, repo, 0);
  } catch {
    return true;
  }
}

/** Which commands the variables a repository's host settings set make run its programs. */
export interface EnvironmentPrograms {
  /** Any shell command (PATH, BASH_ENV …). */
  shell: boolean;
  /** Any git command (its config, homes, pagers …). */
  git: boolean;
}

/**
 * Whether a host file in the work tree at `root`, from `cwd` up
 * (core/trust/repository_env.ts), sets as a key a variable of
 * SHELL_PROGRAM_VARIABLES or GIT_PROGRAM_VARIABLES: hosts hand their shell
 * tool the environment those files set, so a command there runs what the
 * repository chose. Both true on any doubt.
 */
export async function environmentRunsPrograms(
  fs: ReadFs,
  root: string,
  cwd: string,
): Promise<EnvironmentPrograms> {
  try {
    const names = [...SHELL_PROGRAM_VARIABLES, ...GIT_PROGRAM_VARIABLES];
    const named = await repositorySetVariables(fs, root, cwd, names, "as-key");
    const shell = SHELL_PROGRAM_VARIABLES.some((n) => named.has(n));
    return { shell, git: shell || GIT_PROGRAM_VARIABLES.some((n) => named.has(n)) };
  } catch {
    return { shell: true, git: true };
  }
}
