/**
 * The folders a host looks in for a project's own config, from the session's
 * folder up to the work tree's top (the folder holding `.git`), or the
 * session's folder alone outside git. Shared by the finders of project code
 * that can write what a transcript records (opencode_project_code.ts,
 * pi_project_code.ts, project_hooks.ts), with the bounded folder listing
 * and the JSON-escape decoding they each read a project's files with.
 * Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { parentDir } from "../path.ts";

/** The most folders climbed from the session's directory. */
const MAX_CLIMB = 128;

/** The most entries of one project folder read; a folder with more counts as found. */
export const MAX_LISTED = 256;

/**
 * A folder's entries, at most one past {@linkcode MAX_LISTED} (so a caller
 * sees it grew too large), or null when it cannot be listed (missing, or no
 * folder).
 */
export async function listFolder(
  fs: ReadFs,
  dir: string,
): Promise<{ name: string; isFile: boolean }[] | null> {
  try {
    return await fs.readDir(dir, MAX_LISTED + 1);
  } catch {
    return null;
  }
}

/**
 * `text` with JSON's `\u` escapes decoded, so a key spelled `"plug\u0069n"`
 * is found as the key it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(decodeJsonEscapes('"plug\\u0069n"'), '"plugin"');
 * ```
 */
export function decodeJsonEscapes(text: string): string {
  return text.replace(
    /\\u([0-9a-fA-F]{4})/g,
    (_, hex: string) => String.fromCharCode(parseInt(hex, 16)),
  );
}

/** `dir` joined with a name (the root is `""` so `/x` is not `//x`). */
export function under(dir: string, name: string): string {
  return `${dir === "/" ? "" : dir}/${name}`;
}

/**
 * The session's folder and each one above it up to the work tree's top, nearest first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { lstat: () => Promise.resolve(null) } as never;
 * assert.deepEqual(await projectDirs(none, "/r/sub/"), ["/r/sub"]);
 * ```
 */
export async function projectDirs(fs: ReadFs, cwd: string): Promise<string[]> {
  const hasGit = async (dir: string) =>
    (await fs.lstat(under(dir, ".git")).catch(() => null)) !== null;
  const dirs: string[] = [];
  let at: string | null = cwd.replace(/\/+$/, "") || "/";
  for (let i = 0; at !== null && i < MAX_CLIMB; i++) {
    dirs.push(at);
    if (await hasGit(at)) return dirs;
    const up = parentDir(at);
    at = up === at ? null : up;
  }
  // Outside git (no `.git` found up to the root): only the session's own folder.
  return dirs.slice(0, 1);
}
