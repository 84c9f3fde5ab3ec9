/**
 * The places this repository is, as identities (place_identity.ts): the work
 * tree baton works in and, in a linked worktree, the main one (known without
 * reading anything), then, read once when asked, every linked work tree git
 * lists (`<common>/worktrees/<id>/gitdir`) and every remote URL the
 * repository's own config names. Only what sits in the git directory counts:
 * nothing a commit, a fetch or a copied file brings can add a place. The
 * user's and the system's config files are not read (a remote lives in the
 * repository's config; a global `insteadOf` that respells it the common way,
 * ssh for https, is undone by the normalisation).
 * I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { RepoLocation } from "../facts/types.ts";
import { readRepoConfig } from "../facts/git/read_repo_config.ts";
import { resolvePath } from "../path.ts";
import { pathIdentity, remoteIdentity } from "./place_identity.ts";

/** The most linked work trees listed (far above any real repository's). */
const MAX_WORKTREES = 1000;
/** The most bytes of one `gitdir` file read (a path). */
const MAX_GITDIR_BYTES = 16 * 1024;

/**
 * The identities of the work tree baton works in and, in a linked worktree,
 * of the main one (whose `.git` is the common git dir).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nearWorkTrees } from "./own_places.ts";
 * const linked = { workTree: "/w", gitDir: "/r/.git/worktrees/w", commonDir: "/r/.git" };
 * assert.deepEqual([...nearWorkTrees(linked)], ["path:/w", "path:/r"]);
 * ```
 */
export function nearWorkTrees(repo: RepoLocation): Set<string> {
  const own = new Set([pathIdentity(repo.workTree)]);
  const common = repo.commonDir.replace(/\/+$/, "");
  if (common !== repo.gitDir.replace(/\/+$/, "") && common.endsWith("/.git")) {
    own.add(pathIdentity(common.slice(0, -"/.git".length)));
  }
  return own;
}

/**
 * Every identity of this repository: {@linkcode nearWorkTrees}, the linked
 * work trees and the remotes. What cannot be read adds nothing (a place not
 * found only leaves a capsule untied, never ties one).
 */
export async function ownPlaces(fs: ReadFs, repo: RepoLocation): Promise<Set<string>> {
  const own = nearWorkTrees(repo);
  for (const tree of await linkedWorkTrees(fs, repo)) own.add(pathIdentity(tree));
  for (const url of await remoteUrls(fs, repo)) {
    const id = remoteIdentity(url, repo.workTree);
    if (id !== null) own.add(id);
  }
  return own;
}

/** The work trees git lists as linked to this repository. */
async function linkedWorkTrees(fs: ReadFs, repo: RepoLocation): Promise<string[]> {
  const dir = `${repo.commonDir.replace(/\/+$/, "")}/worktrees`;
  const entries = await fs.readDir(dir, MAX_WORKTREES).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory) continue;
    const line = (await gitDirLine(fs, `${dir}/${e.name}/gitdir`))?.replace(/\r?\n$/, "") ?? "";
    if (line === "" || line.includes("\n") || line.includes("\0")) continue;
    // The path of the work tree's `.git` file, relative to this folder when git wrote it so.
    out.push(resolvePath(`${dir}/${e.name}`, line));
  }
  return out;
}

/** A `gitdir` file's text: a regular file within its bound, else null (a FIFO is never opened). */
async function gitDirLine(fs: ReadFs, path: string): Promise<string | null> {
  try {
    const st = await fs.lstat(path);
    if (st === null || !st.isFile || st.size > MAX_GITDIR_BYTES) return null;
    const bytes = await fs.readRange(path, 0, st.size);
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The repository's remote URLs from its own config (and the files it includes). */
async function remoteUrls(fs: ReadFs, repo: RepoLocation): Promise<string[]> {
  try {
    const config = await readRepoConfig(fs, repo, {
      systemConfigPath: null,
      globalConfigPaths: [],
    });
    return config.remotes.flatMap((r) => r.url === null ? [] : [r.url]);
  } catch {
    return [];
  }
}
