/**
 * Reads whether a repository's own configuration makes git run programs it
 * names (core/enforce/git_programs.ts): its config, its worktree config and
 * its hooks folder. Anything that cannot be read or parsed counts as
 * running programs: the gate then judges the command like any other.
 * Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { RepoLocation } from "../facts/types.ts";
import { parseGitConfig } from "../facts/git/parse_config.ts";
import { configRunsPrograms, hooksRunPrograms, mentionsGit } from "./git_programs.ts";

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
