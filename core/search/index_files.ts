/**
 * The search index's files before SQLite opens them. SQLite follows a
 * symbolic link at a database's path (and at its -wal, -shm and -journal
 * companions): a link planted in a handed-over clone's state directory
 * would make baton create a database wherever it points, or open another
 * program's database there, switch it to WAL and drop tables named like
 * the index's. The index is a cache (deleting it is always safe), so
 * anything at those paths that is not a regular file is removed (the link
 * itself, never what it names) and the index is made anew. I/O through
 * `WriteFs`.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { StorageError } from "../errors.ts";

/** The files SQLite opens for a database at a path, by suffix. */
export const INDEX_FILE_SUFFIXES = ["", "-wal", "-shm", "-journal"] as const;

/**
 * Removes whatever stands at `path` or a companion's path and is not a
 * regular file; returns how many were removed. One that cannot be removed
 * (a non-empty directory) stops the search: SQLite would open through it.
 */
export async function clearNonRegularIndexFiles(fs: WriteFs, path: string): Promise<number> {
  let removed = 0;
  for (const suffix of INDEX_FILE_SUFFIXES) {
    const p = path + suffix;
    const st = await fs.lstat(p);
    if (st === null || (st.isFile && !st.isSymlink)) continue;
    try {
      await fs.remove(p);
    } catch (e) {
      throw new StorageError(
        "Cannot open the search index: a file of it is not a regular file and cannot be removed",
        { cause: e },
      );
    }
    removed++;
  }
  return removed;
}
