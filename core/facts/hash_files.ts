/**
 * Hashes files of the work tree (sha256 of current content; for symlinks, of
 * the link text), bounded in count, size and time, a few at a time. A file
 * over the size cap is reported with its size and mtime (the weaker
 * comparison drift falls back to); one not reached before the deadline is
 * reported as such, never as hashed. A path below a directory that is no
 * longer a real one (a symbolic link, a file, gone) is absent, as git
 * counts it deleted: nothing is read or hashed through a symbolic link to a
 * directory, which may lead out of the repository. A path git refuses (a
 * `..`, `.`, empty or `.git` component: worktree/unsafe_path.ts), which a
 * crafted index can stage, is never opened: it is `unreadable`, not hashed.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { sha256Id } from "../hash.ts";
import { unsafeIndexPath } from "./worktree/unsafe_path.ts";
import type { StoredDigest, StoredForm } from "./stored_form.ts";

/** Limits for hashing. */
export interface HashFilesOptions {
  /** Largest file hashed, in bytes. @default {8388608} */
  maxBytes?: number;
  /** True once the time budget is spent: files not started are "over_time". @default {never} */
  expired?: () => boolean;
  /** Files hashed at once. @default {16} */
  concurrency?: number;
  /**
   * Also digests a regular file's content as git would store it
   * (stored_form.ts), given its repository-relative path. @default {not digested}
   */
  storedForm?: StoredForm;
}

/** Outcome of hashing one path. */
export type FileHash =
  | {
    kind: "file" | "symlink";
    sha256: string;
    size: number;
    /** For a file: whether the owner's executable bit is set (null when the OS has no mode). */
    executable: boolean | null;
    /** For a file, with `storedForm`: its content as git would store it. */
    stored?: StoredDigest;
  }
  | { kind: "absent" }
  | {
    kind: "skipped";
    reason: "too_large" | "unreadable" | "not_regular" | "over_time";
    size: number | null;
    /** Set for too_large: the modification time, compared instead of content. */
    mtimeMs: number | null;
  };

/** Default largest file hashed (8 MiB): a few MB, enough for any source file. */
export const MAX_HASH_BYTES = 8 * 1024 * 1024;

async function hashOne(
  fs: ReadFs,
  path: string,
  maxBytes: number,
  parentsReal: () => Promise<boolean>,
  stored: ((data: Uint8Array, sha256: string) => Promise<StoredDigest>) | null,
): Promise<FileHash> {
  if (!await parentsReal()) return { kind: "absent" };
  const st = await fs.lstat(path);
  if (st === null) return { kind: "absent" };
  try {
    if (st.isSymlink) {
      const target = await fs.readLink(path);
      return {
        kind: "symlink",
        sha256: await sha256Id(target),
        size: target.length,
        executable: null,
      };
    }
    if (!st.isFile) return { kind: "skipped", reason: "not_regular", size: null, mtimeMs: null };
    if (st.size > maxBytes) {
      return { kind: "skipped", reason: "too_large", size: st.size, mtimeMs: st.mtimeMs };
    }
    // Its size as just seen: the read needs no stat of its own (core/fs.ts).
    const data = await fs.readFile(path, st.size);
    const executable = st.mode === null ? null : (st.mode & 0o100) !== 0;
    const sha256 = await sha256Id(data);
    return stored === null
      ? { kind: "file", sha256, size: data.length, executable }
      : { kind: "file", sha256, size: data.length, executable, stored: await stored(data, sha256) };
  } catch {
    return { kind: "skipped", reason: "unreadable", size: st.size, mtimeMs: null };
  }
}

/**
 * Whether every directory above `relPath` (below `root`) is a real
 * directory, each asked once per call through `known`: git's
 * has_symlink_leading_path, which makes a tracked path below a symbolic
 * link deleted.
 */
function parentsAreDirectories(
  fs: ReadFs,
  root: string,
  relPath: string,
  known: Map<string, Promise<boolean>>,
): Promise<boolean> {
  const slash = relPath.lastIndexOf("/");
  if (slash <= 0) return Promise.resolve(true);
  const dir = relPath.slice(0, slash);
  let answer = known.get(dir);
  if (answer === undefined) {
    answer = parentsAreDirectories(fs, root, dir, known).then(async (above) => {
      if (!above) return false;
      const st = await fs.lstat(`${root}/${dir}`).catch(() => null);
      return st !== null && st.isDirectory && !st.isSymlink;
    });
    known.set(dir, answer);
  }
  return answer;
}

/**
 * Hashes `relPaths` under `root`; results are in the same order. A path
 * below a directory that is not a real one is "absent" (see the module
 * comment).
 */
export async function hashFiles(
  fs: ReadFs,
  root: string,
  relPaths: readonly string[],
  options: HashFilesOptions = {},
): Promise<FileHash[]> {
  const maxBytes = options.maxBytes ?? MAX_HASH_BYTES;
  const out: FileHash[] = new Array(relPaths.length);
  const expired = options.expired ?? (() => false);
  const dirs = new Map<string, Promise<boolean>>();
  const storedForm = options.storedForm;
  let next = 0;
  const worker = async () => {
    while (next < relPaths.length) {
      const i = next++;
      out[i] = expired()
        ? { kind: "skipped", reason: "over_time", size: null, mtimeMs: null }
        : unsafeIndexPath(relPaths[i]!)
        ? { kind: "skipped", reason: "unreadable", size: null, mtimeMs: null }
        : await hashOne(
          fs,
          `${root}/${relPaths[i]}`,
          maxBytes,
          () => parentsAreDirectories(fs, root, relPaths[i]!, dirs),
          storedForm === undefined
            ? null
            : (data, sha256) => storedForm(relPaths[i]!, data, sha256),
        );
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency ?? 16, relPaths.length) }, worker),
  );
  return out;
}
