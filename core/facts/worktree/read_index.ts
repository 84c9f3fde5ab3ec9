/**
 * The one way to read a repository's whole index outside the work-tree scan:
 * `<git dir>/index` parsed and, when it is the split part of a split index
 * (`core.splitIndex`), merged with its shared index (./split_index.ts), so
 * every caller sees the entries git sees. A caller that parsed the file on
 * its own would refuse a split index or, worse, see only the handful of
 * entries its split part holds. The scan (./scan.ts) reads the file itself
 * (it needs the bytes for the checksum and the lstat for racy entries) and
 * merges through the same split_index.ts. A repository whose format baton
 * does not read (SHA-256 ids, whose 32 bytes a SHA-1 parse would misread)
 * is refused before the file is opened.
 * @module
 */
import { FsNotFoundError, type ReadFs } from "../../fs.ts";
import { GitUnsupportedError } from "../git/errors.ts";
import { requireReadableFormat } from "../git/read_format.ts";
import type { RepoLocation } from "../types.ts";
import { type GitIndex, parseIndex } from "./index_file.ts";
import { MAX_SHARED_INDEX_BYTES, readSplitIndex } from "./split_index.ts";
import { requireRegularFile } from "../git/read_git_file.ts";
import { indexFileOf } from "./index_path.ts";

/** Options of {@linkcode readIndexFile}. */
export interface ReadIndexFileOptions {
  /** Largest index file read; a larger one is refused (unsupported). */
  maxBytes?: number;
}

/** What {@linkcode readIndexFile} found. */
export interface ReadIndexFileResult {
  /** The whole index, split parts merged. */
  index: GitIndex;
  /** The file was the split part of a split index (git's `link` extension). */
  split: boolean;
}

/**
 * Reads the repository's index (`<git dir>/index`, or the file GIT_INDEX_FILE names) whole: null when there is
 * no index file (or an empty one, which git has never written), the merged
 * entries otherwise.
 *
 * @throws {GitIndexError} When the index or its shared part is malformed.
 * @throws {GitUnsupportedError} For a repository format or an index shape baton does not read (see split_index.ts), or a file over `maxBytes`.
 * @throws {GitConfigSyntaxError} When the repository's config file is malformed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readIndexFile } from "./read_index.ts";
 * const fs = {
 *   stat: () => Promise.resolve(null),
 *   lstat: () => Promise.resolve(null),
 *   readFile: () => Promise.reject(new Error("not read")),
 * };
 * const repo = { workTree: "/w", gitDir: "/w/.git", commonDir: "/w/.git" };
 * // deno-lint-ignore no-explicit-any
 * assert.equal(await readIndexFile(fs as any, repo), null);
 * ```
 */
export async function readIndexFile(
  fs: ReadFs,
  repo: RepoLocation,
  options: ReadIndexFileOptions = {},
): Promise<ReadIndexFileResult | null> {
  await requireReadableFormat(fs, repo);
  const gitDir = repo.gitDir;
  const path = indexFileOf(repo);
  const st = await fs.lstat(path);
  if (st === null) return null;
  if (options.maxBytes !== undefined && st.size > options.maxBytes) {
    throw new GitUnsupportedError(
      "Cannot read git index: the index file is too large",
      "git_index_too_large",
    );
  }
  // A FIFO or a device would block the open or never end (see read_git_file.ts).
  const target = st.isSymlink ? await fs.stat(path) : st;
  if (target !== null) requireRegularFile(target, MAX_SHARED_INDEX_BYTES);
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path);
  } catch (e) {
    if (e instanceof FsNotFoundError) return null;
    throw e;
  }
  if (bytes.length === 0) return null;
  const main = parseIndex(bytes, { splitLink: true });
  if (main.splitLink === undefined) return { index: main, split: false };
  return { index: await readSplitIndex(fs, gitDir, main), split: true };
}

/**
 * Whether the index may track `path`: an entry of its own (yes), or a path
 * under a sparse directory entry of a sparse index (`dir/`, skip-worktree),
 * whose files git tracks without listing them: which ones only the
 * directory's tree says, so any path below it counts (a caller that must
 * not delete a tracked file keeps it). With `foldCase`, an entry differing
 * only in letter case counts too: what a case-insensitive file system
 * (macOS's, Windows') resolves `path` to.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildIndex } from "./index_file.ts";
 * import { indexMayTrack } from "./read_index.ts";
 * const index = buildIndex([{ path: "a.md" }, { path: "docs/", mode: 0o40000 }]);
 * assert.equal(indexMayTrack(index, "a.md"), true);
 * assert.equal(indexMayTrack(index, "docs/x/b.md"), true);
 * assert.equal(indexMayTrack(index, "b.md"), false);
 * assert.equal(indexMayTrack(index, "A.md"), false);
 * assert.equal(indexMayTrack(index, "A.md", { foldCase: true }), true);
 * ```
 */
export function indexMayTrack(
  index: GitIndex,
  path: string,
  options: { foldCase?: boolean } = {},
): boolean {
  const fold = options.foldCase === true ? (t: string) => t.toLowerCase() : (t: string) => t;
  const want = fold(path);
  for (const raw of index.paths) {
    const p = fold(raw);
    if (p === want) return true;
    if (p.endsWith("/") && want.startsWith(p)) return true;
  }
  return false;
}
