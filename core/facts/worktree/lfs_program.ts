/**
 * Whether the Git LFS program git would run as the `lfs` clean filter can be
 * found: git runs `git-lfs` through the shell with its own exec path put
 * before `PATH` (GIT_EXEC_PATH, else where git installs its helpers). Where
 * no `git-lfs` is found, git cannot compute a pointer: with the filter
 * required it stops, otherwise it stores the content as it is (a smudged
 * file is then modified to git), so baton's computed pointer is not git's
 * answer and such a file is unknown (convert_to_git.ts). With no `PATH`
 * known (a library caller), the program is taken to be there.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { GitEnvironment } from "../git/git_environment.ts";
import type { PathAttributes } from "./attributes.ts";
import type { ConversionConfig } from "./convert_to_git.ts";

/** Where git installs its helper programs when GIT_EXEC_PATH does not say (Debian, Fedora). */
const EXEC_DIRS = ["/usr/lib/git-core", "/usr/libexec/git-core"];

/**
 * `config` as the conversion of a path with attributes `attrs` reads it:
 * with `lfsProgram` false where the path is under a configured `lfs` filter
 * and `found` (asked at most once by the caller's memo) says git would not
 * find the program.
 */
export async function withLfsProgram<C extends ConversionConfig>(
  config: C,
  attrs: PathAttributes,
  found: () => Promise<boolean>,
): Promise<C> {
  if (attrs.get("filter") !== "lfs" || !config.cleanDrivers.has("lfs")) return config;
  return await found() ? config : { ...config, lfsProgram: false };
}

/** `lfsProgramFound` asked once, when first needed. */
export function lfsProgramMemo(fs: ReadFs, env: GitEnvironment): () => Promise<boolean> {
  let found: Promise<boolean> | null = null;
  return () => found ??= lfsProgramFound(fs, env);
}

/**
 * Whether an executable `git-lfs` is in git's exec path or an absolute
 * `PATH` directory; true when `PATH` is not known.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const fs = { stat: (_: string) => Promise.resolve(null) } as never;
 * assert.equal(await lfsProgramFound(fs, {}), true);
 * assert.equal(await lfsProgramFound(fs, { PATH: "/nowhere" }), false);
 * ```
 */
export async function lfsProgramFound(fs: ReadFs, env: GitEnvironment): Promise<boolean> {
  const path = env["PATH"];
  if (path === undefined) return true;
  const exec = env["GIT_EXEC_PATH"];
  const dirs = [...(exec === undefined ? EXEC_DIRS : [exec]), ...path.split(":")];
  for (const dir of new Set(dirs)) {
    // A relative entry names a directory under the work tree: not followed here.
    if (!dir.startsWith("/")) continue;
    const st = await fs.stat(`${dir.replace(/\/+$/, "")}/git-lfs`).catch(() => null);
    if (st?.isFile === true && (st.mode === null || (st.mode & 0o111) !== 0)) return true;
  }
  return false;
}
