/**
 * The outermost work tree around a folder: the one git finds from it, then,
 * while the folder above that work tree's top lies in another work tree (a
 * submodule's superproject, a clone inside another clone's tree), that one.
 * A host that loads `.env` files from its folder up (Gemini CLI, Qwen Code)
 * reads the outer repository's too, so the search for the settings a
 * repository could have set (core/trust/repository_env.ts) must reach that
 * top, not stop at the inner one. Reads through the injected ReadFs only.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { normalizePath, parentDir } from "../../path.ts";
import { findRepo } from "./find_repo.ts";

/** Most work trees climbed (nesting deeper than this is not looked past). */
const MAX_NESTING = 64;

/**
 * The top of the outermost work tree holding `cwd`, at its real path, or
 * null outside git. A `.git` that names no repository ends the climb where
 * it is, and so, past the nearest, does a work tree at `home` or above it
 * (a person's dotfiles kept in a repository at `~` hold their own settings:
 * their user-level host files are not a stranger's).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { stat: () => Promise.resolve(null), lstat: () => Promise.resolve(null), realPath: (p: string) => Promise.resolve(p) } as never;
 * assert.equal(await outermostWorkTree(none, "/nowhere"), null);
 * ```
 */
export async function outermostWorkTree(
  fs: ReadFs,
  cwd: string,
  home: string | null = null,
): Promise<string | null> {
  const real = (path: string) => fs.realPath(path).then(normalizePath).catch(() => path);
  const homeReal = home === null || home === "" ? null : await real(normalizePath(home));
  // The home directory or a folder above it: a person's own dotfiles, not a stranger's.
  const homeOrAbove = (dir: string) =>
    homeReal !== null &&
    (dir === homeReal || dir === "/" || homeReal.startsWith(`${dir}/`));
  let top: string | null = null;
  let from: string | null = normalizePath(cwd);
  for (let i = 0; i < MAX_NESTING && from !== null; i++) {
    const repo = await findRepo(fs, from).catch(() => null);
    if (repo === null) break;
    const tree = normalizePath(repo.workTree);
    if (top !== null && (tree === top || homeOrAbove(await real(tree)))) break;
    top = tree;
    from = parentDir(tree);
  }
  if (top === null) return null;
  const found = top;
  return await fs.realPath(found).then(normalizePath).catch(() => found);
}
