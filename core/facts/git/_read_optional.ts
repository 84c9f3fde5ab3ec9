/**
 * Private helper: read a file that may be absent, mapping "not found" (and
 * "a parent is not a directory") to null. Other errors propagate. Only a
 * regular file is opened: a FIFO or a device (a config `include.path`
 * naming /dev/zero, a planted FIFO) would hang the reader or fill its
 * memory, so it is a typed error instead; /dev/null, which git's own
 * configurations use for "nothing", reads as empty.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { GitCorruptError } from "./errors.ts";

/** True for the errors a ReadFs raises when a path does not exist. */
export function isNotFound(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const r = e as { code?: unknown; name?: unknown };
  return r.code === "ENOENT" || r.code === "ENOTDIR" || r.name === "NotFound" ||
    r.name === "NotADirectory" || r.name === "FsNotFoundError";
}

/** The whole file, or null when it does not exist. */
export async function readOptionalFile(fs: ReadFs, path: string): Promise<Uint8Array | null> {
  try {
    if (path === "/dev/null") return new Uint8Array(0);
    const st = await fs.stat(path);
    if (st === null) return null;
    if (!st.isFile) {
      throw new GitCorruptError("a file git reads is not a regular file", "git_not_regular");
    }
    return await fs.readFile(path);
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/** The whole file as UTF-8 text, or null when it does not exist. */
export async function readOptionalText(fs: ReadFs, path: string): Promise<string | null> {
  const bytes = await readOptionalFile(fs, path);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}
