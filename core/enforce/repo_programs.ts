/**
 * Reads whether a repository's own configuration makes git run programs it
 * names (core/enforce/git_programs.ts): its config, its worktree config and
 * its hooks folder; and whether its host settings set the variables by
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

/** Whether the repository's config or hooks make git run a program; true on any doubt. */
export async function repoRunsPrograms(fs: ReadFs, repo: RepoLocation): Promise<boolean> {
  try {
    if (await configRuns(fs, `${repo.commonDir}/config`)) return true;
    if (await configRuns(fs, `${repo.gitDir}/config.worktree`)) return true;
    const hooks = await fs.readDir(`${repo.commonDir}/hooks`).catch(() => []);
    return hooksRunPrograms(hooks.map((h) => h.name));
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
