/**
 * Hashes files of the work tree (sha256 of current content; for symlinks, of
 * the link text), bounded in count and size, a few at a time.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { sha256Id } from "../hash.ts";

/** Limits for hashing. */
export interface HashFilesOptions {
  /** Largest file hashed, in bytes. @default {16777216} */
  maxBytes?: number;
  /** Files hashed at once. @default {16} */
  concurrency?: number;
}

/** Outcome of hashing one path. */
export type FileHash =
  | { kind: "file" | "symlink"; sha256: string; size: number }
  | { kind: "absent" }
  | { kind: "skipped"; reason: "too_large" | "unreadable" | "not_regular"; size: number | null };

/** Default largest file hashed (16 MiB). */
export const MAX_HASH_BYTES = 16 * 1024 * 1024;

async function hashOne(fs: ReadFs, path: string, maxBytes: number): Promise<FileHash> {
  const st = await fs.lstat(path);
  if (st === null) return { kind: "absent" };
  try {
    if (st.isSymlink) {
      const target = await fs.readLink(path);
      return { kind: "symlink", sha256: await sha256Id(target), size: target.length };
    }
    if (!st.isFile) return { kind: "skipped", reason: "not_regular", size: null };
    if (st.size > maxBytes) return { kind: "skipped", reason: "too_large", size: st.size };
    const data = await fs.readFile(path);
    return { kind: "file", sha256: await sha256Id(data), size: data.length };
  } catch {
    return { kind: "skipped", reason: "unreadable", size: st.size };
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
  let next = 0;
  const worker = async () => {
    while (next < relPaths.length) {
      const i = next++;
      out[i] = await hashOne(fs, `${root}/${relPaths[i]}`, maxBytes);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency ?? 16, relPaths.length) }, worker),
  );
  return out;
}
