/**
 * Reads a capsule file named on the command line (bounded, UTF-8).
 * @module
 */
import { UsageError } from "../core/errors.ts";
import type { Io } from "./_io.ts";

/** Largest capsule file read. */
export const MAX_CAPSULE_FILE = 16 * 1024 * 1024;

/**
 * Reads the file as text.
 * @throws {FsNotFoundError} when missing. @throws {UsageError} when too large or not UTF-8.
 */
export async function readCapsuleArg(io: Io, file: string): Promise<string> {
  const path = file.startsWith("/") ? file : `${io.cwd()}/${file}`;
  const st = await io.fs.stat(path);
  if (st !== null && st.size > MAX_CAPSULE_FILE) {
    throw new UsageError(
      `Cannot read "${file}": it is ${st.size} bytes, more than ${MAX_CAPSULE_FILE}`,
    );
  }
  const bytes = await io.fs.readFile(path);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`Cannot read "${file}": it is not valid UTF-8`);
  }
}
