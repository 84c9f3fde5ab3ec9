/**
 * Reads a host config for doctor, within the size bound of anything install writes: absent,
 * too large, or its text. Reads through the injected file system.
 * @module
 */
import { FsNotFoundError, type ReadFs, readRegularFile } from "../../fs.ts";
import { MAX_CONFIG_BYTES } from "./hook_config.ts";

/** A file too large for anything install writes: not read (a clone may hold gigabytes there). */
export const TOO_LARGE = Symbol("too large");

/**
 * A host config's text: null when absent (or not a regular file), TOO_LARGE past
 * MAX_CONFIG_BYTES.
 */
export async function readOrNull(
  fs: ReadFs,
  path: string,
): Promise<string | null | typeof TOO_LARGE> {
  try {
    const read = await readRegularFile(fs, path, MAX_CONFIG_BYTES);
    if (read.kind === "too_large") return TOO_LARGE;
    return read.kind === "read" ? new TextDecoder().decode(read.bytes) : null;
  } catch (e) {
    if (e instanceof FsNotFoundError) return null;
    throw e;
  }
}
