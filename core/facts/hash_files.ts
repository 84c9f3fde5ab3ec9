/**
 * Hashes files of the work tree (sha256 of current content; for symlinks, of
 * the link text), bounded in count, size and time, a few at a time. A file
 * over the size cap is reported with its size and mtime (the weaker
 * comparison drift falls back to); one not reached before the deadline is
 * reported as such, never as hashed.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { sha256Id } from "../hash.ts";

/** Limits for hashing. */
export interface HashFilesOptions {
  /** Largest file hashed, in bytes. @default {8388608} */
  maxBytes?: number;
  /** True once the time budget is spent: files not started are "over_time". @default {never} */
  expired?: () => boolean;
  /** Files hashed at once. @default {16} */
  concurrency?: number;
}

/** Outcome of hashing one path. */
export type FileHash =
  | {
    kind: "file" | "symlink";
    sha256: string;
    size: number;
    /** For a file: whether the owner's executable bit is set (null when the OS has no mode). */
    executable: boolean | null;
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

async function hashOne(fs: ReadFs, path: string, maxBytes: number): Promise<FileHash> {
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
    const data = await fs.readFile(path);
    const executable = st.mode === null ? null : (st.mode & 0o100) !== 0;
    return { kind: "file", sha256: await sha256Id(data), size: data.length, executable };
  } catch {
    return { kind: "skipped", reason: "unreadable", size: st.size, mtimeMs: null };
  }
}

/**
 * Hashes `relPaths` under `root`; results are in the same order.
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
  let next = 0;
  const worker = async () => {
    while (next < relPaths.length) {
      const i = next++;
      out[i] = expired()
        ? { kind: "skipped", reason: "over_time", size: null, mtimeMs: null }
        : await hashOne(fs, `${root}/${relPaths[i]}`, maxBytes);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency ?? 16, relPaths.length) }, worker),
  );
  return out;
}
