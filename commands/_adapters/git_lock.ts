/**
 * Edge: git's lock protocol for a file git itself writes (a ref, HEAD, the
 * index): `<path>.lock` is created only when it does not exist, the new
 * content written into it and synced, then the lock renamed over `<path>`.
 * A lock that exists means a git process is writing the file (or one
 * stopped and left it): nothing is written and the caller's typed error is
 * thrown. isomorphic-git's own writers take no such lock. Used by the
 * handoff commit (handoff_git.ts) and the shared chain's ref (share_git.ts).
 * @module
 */
import { StorageError } from "../../core/errors.ts";

/** The lock file being written; its content replaces the file on success. */
export interface GitLockFile {
  write(text: string): Promise<void>;
  writeBytes(bytes: Uint8Array): Promise<void>;
}

/**
 * Runs `body` holding `<path>.lock`, then renames the lock over `path`. When
 * `body` throws, the lock is removed and `path` left as it was.
 * @throws the error `busy` makes, when `<path>.lock` exists.
 * @throws {StorageError} when the lock cannot be created for another reason.
 */
export async function withGitLock(
  path: string,
  busy: () => Error,
  body: (lock: GitLockFile) => Promise<void>,
): Promise<void> {
  const lockPath = `${path}.lock`;
  let file: Deno.FsFile;
  try {
    file = await Deno.open(lockPath, { createNew: true, write: true });
  } catch (e) {
    if (e instanceof Deno.errors.AlreadyExists) throw busy();
    throw new StorageError("Could not create a git lock file", { cause: e });
  }
  let done = false;
  try {
    const writeBytes = async (bytes: Uint8Array) => {
      for (let at = 0; at < bytes.length;) at += await file.write(bytes.subarray(at));
    };
    await body({ write: (t) => writeBytes(new TextEncoder().encode(t)), writeBytes });
    await file.sync();
    file.close();
    await Deno.rename(lockPath, path);
    done = true;
  } finally {
    if (!done) {
      try {
        file.close();
      } catch { /* already closed */ }
      await Deno.remove(lockPath).catch(() => {});
    }
  }
}
