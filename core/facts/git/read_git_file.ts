/**
 * Bounded reads of files a repository names. {@linkcode requireRegularFile}
 * is what every whole-file read checks first: only a regular file within a
 * bound is opened (opening a FIFO blocks until a writer comes, a device may
 * never end, a sparse file of a terabyte costs an archive nothing).
 *
 * Reading a file git takes patterns or attributes from (`.gitignore`,
 * `info/exclude`, `core.excludesFile`, `.gitattributes`, `info/attributes`,
 * `core.attributesFile`) as git does, bounded: a file over git's size limit
 * is skipped (git warns and reads no pattern from it: PATTERN_MAX_FILE_SIZE
 * for ignore files, ATTR_MAX_FILE_SIZE for attributes, both 100 MiB), one
 * that cannot be read counts as absent (git warns and goes on), and one that
 * is no regular file (a FIFO, a device) is a typed error: opening it would
 * block or never end, and git itself hangs there, so no status can be told;
 * but a link to `/dev/null` is `/dev/null`, read as empty, as git reads it.
 * Other devices stay refused, though git reads an ignore file that is one as
 * empty (it opens it and takes its size, 0): git dies where that open fails
 * (a socket, a terminal it has none of), which baton could tell only by
 * opening the device itself (checked against git 2.39).
 * @module
 */
import type { FileStat, ReadFs } from "../../fs.ts";
import { GitCorruptError, GitLimitError } from "./errors.ts";

/** The error for a file git reads that is no regular file (a FIFO, a device, a directory). */
export function notRegularError(): GitCorruptError {
  return new GitCorruptError("a file git reads is not a regular file", "git_not_regular");
}

/**
 * Fails unless `st` (of the path, links followed) is a regular file of at
 * most `maxBytes`: what every whole-file read of a repository's file checks
 * before it opens the file (opening a FIFO blocks until a writer comes).
 */
export function requireRegularFile(st: FileStat, maxBytes: number): void {
  if (!st.isFile) throw notRegularError();
  if (st.size > maxBytes) {
    throw new GitLimitError(
      `a file git reads is ${st.size} bytes, more than the ${maxBytes} baton reads`,
      "git_file_too_large",
    );
  }
}

/**
 * 100 MiB: git's ATTR_MAX_FILE_SIZE (an attributes file this large or
 * larger is skipped with a warning) and, since git 2.42, PATTERN_MAX_FILE_SIZE
 * for ignore files (older gits read up to 2 GiB: as the two answers differ,
 * baton reads no larger ignore file and cannot tell a status past it).
 */
export const PATTERN_MAX_FILE_BYTES = 100 * 1024 * 1024;

/** Options of {@linkcode readPatternFile}. */
export interface ReadPatternFileOptions {
  /**
   * Follow a symbolic link at the path. git opens a work tree's
   * `.gitignore` and `.gitattributes` without following one (a link there
   * counts as no file); files outside the tree are followed. @default {true}
   */
  follow?: boolean;
  /**
   * Files of this many bytes or more are skipped as git skips them (read as
   * absent): ATTR_MAX_FILE_SIZE for attributes. @default {no skipping}
   */
  skipFrom?: number;
  /** Files larger than this are a typed error (`git_file_too_large`). @default {PATTERN_MAX_FILE_BYTES} */
  maxBytes?: number;
}

/**
 * The file's text; null when it is absent, unreadable, a link not followed
 * or skipped for its size.
 *
 * @throws {GitCorruptError} `git_not_regular` for a FIFO, a device or a directory.
 * @throws {GitLimitError} `git_file_too_large` past `maxBytes`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPatternFile } from "./read_git_file.ts";
 * const stat = (isFile: boolean, size: number) => ({
 *   isFile, isDirectory: false, isSymlink: false, size, mtimeMs: 0, ctimeMs: 0,
 *   ino: 1, dev: 1, uid: 0, gid: 0, mode: isFile ? 0o100644 : 0o010644,
 * });
 * const fs = (isFile: boolean, size: number) => ({
 *   stat: () => Promise.resolve(stat(isFile, size)),
 *   lstat: () => Promise.resolve(stat(isFile, size)),
 *   readFile: () => Promise.resolve(new TextEncoder().encode("*.log\n")),
 *   realPath: (p: string) => Promise.resolve(p),
 * }) as unknown as import("../../fs.ts").ReadFs;
 * const big = 200 * 1024 * 1024;
 * assert.equal(await readPatternFile(fs(true, 6), "/r/.git/info/exclude"), "*.log\n");
 * assert.equal(await readPatternFile(fs(true, big), "/a", { skipFrom: big - 1, maxBytes: big }), null);
 * await assert.rejects(readPatternFile(fs(true, big), "/big"), /more than/);
 * await assert.rejects(readPatternFile(fs(false, 0), "/fifo"), /not a regular file/);
 * ```
 */
export async function readPatternFile(
  fs: ReadFs,
  path: string,
  options: ReadPatternFileOptions = {},
): Promise<string | null> {
  const follow = options.follow ?? true;
  const skipFrom = options.skipFrom ?? Infinity;
  const maxBytes = options.maxBytes ?? PATTERN_MAX_FILE_BYTES;
  if (path === "/dev/null") return null;
  const st = await (follow ? fs.stat(path) : fs.lstat(path)).catch(() => null);
  if (st === null || st.isSymlink) return null;
  if (st.isFile && st.size >= skipFrom) return null;
  // A link to /dev/null (a dotfile manager's way to switch a file off) is
  // /dev/null: git reads it as empty. Other devices stay refused.
  if (!st.isFile && (await fs.realPath(path).catch(() => null)) === "/dev/null") return null;
  requireRegularFile(st, maxBytes);
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path);
  } catch {
    return null;
  }
  // Grown since the stat: judged again by what was read.
  if (bytes.length >= skipFrom) return null;
  requireRegularFile({ ...st, size: bytes.length }, maxBytes);
  return new TextDecoder().decode(bytes);
}
