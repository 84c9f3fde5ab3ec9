/**
 * Where baton keeps per-clone state that is never committed and never
 * travels (deny records, seen marks, session locks, the manifest, faults,
 * the opt-in, the config parse cache, injection records, done audits, the
 * progress chain's index, the search index, evidence records):
 * `<git dir>/baton`, inside `.git` where no `git add`, clone, pull or
 * checkout can reach it. A linked worktree has its own
 * (`.git/worktrees/<name>/baton`): its `.baton` archive, its HEAD and its
 * denies are its own too. Outside git, `.baton/state` (ignored by
 * `.baton/.gitignore`; there is no clone to carry it). Edge-free: the light
 * lookup reads through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { resolvePath } from "../path.ts";
import type { FoundLayout } from "./find_layout.ts";

/**
 * The private state directory for a located layout.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { privateStateDir } from "./private_dir.ts";
 * import { batonLayout } from "./layout.ts";
 * const repo = { workTree: "/r", gitDir: "/r/.git", commonDir: "/r/.git" };
 * assert.equal(privateStateDir({ repo, layout: batonLayout("/r") }), "/r/.git/baton");
 * const linked = { workTree: "/w", gitDir: "/r/.git/worktrees/w", commonDir: "/r/.git" };
 * assert.equal(privateStateDir({ repo: linked, layout: batonLayout("/w") }), "/r/.git/worktrees/w/baton");
 * assert.equal(privateStateDir({ repo: null, layout: batonLayout("/d") }), "/d/.baton/state");
 * ```
 */
export function privateStateDir(found: Pick<FoundLayout, "repo" | "layout">): string {
  return found.repo === null ? found.layout.state : `${found.repo.gitDir}/baton`;
}

/** Largest `.git` file read; real ones are one short line. */
const MAX_GITFILE_BYTES = 4096;

/**
 * The private state directory of the work tree at `root` (a directory that
 * holds `.git`, or any directory outside git), found with an lstat and, for
 * a `.git` file (a linked worktree, a submodule), one small read: the light
 * lookup of the hooks that run before every tool call. Null when `.git` is
 * a file that names no git directory.
 */
export async function stateDirOfRoot(fs: ReadFs, root: string): Promise<string | null> {
  const base = root.replace(/(.)\/+$/, "$1");
  const dotGit = `${base === "/" ? "" : base}/.git`;
  const st = await fs.lstat(dotGit);
  if (st === null) return `${base === "/" ? "" : base}/.baton/state`;
  if (st.isDirectory) return `${dotGit}/baton`;
  if (!st.isFile) return null;
  try {
    const text = new TextDecoder().decode(await fs.readRange(dotGit, 0, MAX_GITFILE_BYTES));
    const m = /^gitdir: *(.+?)\s*$/m.exec(text);
    return m === null ? null : `${resolvePath(base, m[1]!)}/baton`;
  } catch {
    return null;
  }
}
