/**
 * Private helper: read a file that may be absent, mapping "not found" (and
 * "a parent is not a directory") to null. Other errors propagate. Only a
 * regular file is opened: a FIFO or a device (a config `include.path`
 * naming /dev/zero, a planted FIFO) would hang the reader or fill its
 * memory, so it is a typed error instead; /dev/null, which git's own
 * configurations use for "nothing", reads as empty. A file larger than the
 * caller's bound is a typed error too, never an allocation of its size (a
 * sparse file of a terabyte costs an archive nothing).
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { requireRegularFile } from "./read_git_file.ts";

/**
 * The most baton reads whole of one file git keeps beside the objects
 * (config and its includes, HEAD, refs, the shallow and alternates lists):
 * far above any real one; packed-refs and the index pass bounds of their own.
 */
export const MAX_GIT_FILE_BYTES = 64 * 1024 * 1024;

/** True for the errors a ReadFs raises when a path does not exist. */
export function isNotFound(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const r = e as { code?: unknown; name?: unknown };
  return r.code === "ENOENT" || r.code === "ENOTDIR" || r.name === "NotFound" ||
    r.name === "NotADirectory" || r.name === "FsNotFoundError";
}

/** The whole file, or null when it does not exist; see the module comment for what is refused. */
export async function readOptionalFile(
  fs: ReadFs,
  path: string,
  maxBytes: number = MAX_GIT_FILE_BYTES,
): Promise<Uint8Array | null> {
  try {
    if (path === "/dev/null") return new Uint8Array(0);
    const st = await fs.stat(path);
    if (st === null) return null;
    requireRegularFile(st, maxBytes);
    const bytes = await fs.readFile(path);
    // Grown since the stat: still bounded as the caller asked.
    if (bytes.length > maxBytes) requireRegularFile({ ...st, size: bytes.length }, maxBytes);
    return bytes;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/**
 * The whole file as UTF-8 text, or null when it does not exist. Every byte
 * is kept, a leading U+FEFF too: git reads a ref, packed-refs or shallow
 * file with one as broken (a config parser skips it itself, parse_config.ts).
 */
export async function readOptionalText(
  fs: ReadFs,
  path: string,
  maxBytes: number = MAX_GIT_FILE_BYTES,
): Promise<string | null> {
  const bytes = await readOptionalFile(fs, path, maxBytes);
  return bytes === null ? null : EXACT.decode(bytes);
}

/** UTF-8 with a leading byte-order mark kept (the default decoder drops it). */
const EXACT = new TextDecoder("utf-8", { ignoreBOM: true });
