/**
 * The spellings of a repository's git directory that git matches an
 * `[includeIf "gitdir:..."]` condition against (config.c include_by_gitdir):
 * the real path, then git's absolute form of the directory as setup left it.
 * A `.git` file (a linked worktree, a submodule, `--separate-git-dir`) is
 * read into a real path, so both spellings are the real one: a symbolic
 * link on the way never matches. A `.git` directory is kept as the relative
 * `.git`, made absolute through `$PWD` when `$PWD` names the work tree's top
 * directory (strbuf_add_absolute_path: a shell's logical path, so a
 * condition written through a symbolic link such as `~/work` matches there),
 * else through the physical directory. Reads through the injected fs only.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { isAbsolutePath } from "../../path.ts";

/** The two spellings: `absolute` as git's setup spells the git directory, `real` resolved. */
export interface GitDirSpellings {
  absolute: string;
  real: string | null;
}

/**
 * How git spells `repo`'s git directory for includeIf, given `$PWD` (null
 * when unset).
 *
 * @example
 * ```ts ignore
 * const s = await includeGitDirSpellings(fs, repo, Deno.env.get("PWD") ?? null);
 * // { absolute: "/home/u/work/app/.git", real: "/data/work/app/.git" }
 * ```
 */
export async function includeGitDirSpellings(
  fs: ReadFs,
  repo: RepoLocation,
  pwd: string | null,
): Promise<GitDirSpellings> {
  const real = await fs.realPath(repo.gitDir).catch(() => null);
  const dotGit = `${repo.workTree}/.git`;
  if (repo.gitDir !== dotGit || (await fs.stat(dotGit).catch(() => null))?.isDirectory !== true) {
    // Read from a .git file: git holds the real path.
    return { absolute: real ?? repo.gitDir, real };
  }
  const top = await fs.realPath(repo.workTree).catch(() => repo.workTree);
  const base = pwd !== null && isAbsolutePath(pwd) && pwd !== top &&
      await sameDirectory(fs, pwd, top)
    ? pwd
    : top;
  return { absolute: `${base}${base.endsWith("/") ? "" : "/"}.git`, real };
}

/** Whether two paths name one directory (the same device and inode, as git checks). */
async function sameDirectory(fs: ReadFs, a: string, b: string): Promise<boolean> {
  const [sa, sb] = await Promise.all([
    fs.stat(a).catch(() => null),
    fs.stat(b).catch(() => null),
  ]);
  if (sa === null || sb === null || sa.ino === null || sb.ino === null) return false;
  if (sa.dev === null || sb.dev === null) return false;
  if (sa.dev === 0 && sa.ino === 0) return false;
  return sa.dev === sb.dev && sa.ino === sb.ino;
}
