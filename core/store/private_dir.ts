/**
 * Where baton keeps per-clone state that is never committed and never
 * travels (the search index, evidence records): `<git dir>/baton`, inside
 * `.git` where no `git add` can reach it (beside the untracked-listing
 * cache). A linked worktree has its own (`.git/worktrees/<name>/baton`):
 * its `.baton` archive and its HEAD are its own too. Outside git,
 * `.baton/state` (ignored by `.baton/.gitignore`). Pure.
 * @module
 */
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
