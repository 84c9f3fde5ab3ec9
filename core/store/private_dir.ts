/**
 * Where baton keeps per-clone state that is never committed and never
 * travels (the search index, evidence records): `<git common dir>/baton`,
 * inside `.git` where no `git add` can reach it, shared by every linked
 * worktree of the repository; outside git, `.baton/state` (ignored by
 * `.baton/.gitignore`). Pure.
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
 * assert.equal(privateStateDir({ repo: null, layout: batonLayout("/d") }), "/d/.baton/state");
 * ```
 */
export function privateStateDir(found: Pick<FoundLayout, "repo" | "layout">): string {
  return found.repo === null ? found.layout.state : `${found.repo.commonDir}/baton`;
}
