/**
 * Edge: reads a command's input document from a file or from stdin ("-"),
 * bounded, with the same errors for every command that takes one.
 * @module
 */
import { NotFoundError, UsageError } from "../../core/errors.ts";
import { FsNotFoundError } from "../../core/fs.ts";
import type { Io } from "../_adapters/io.ts";

/** Options of {@linkcode readInput}. */
export interface ReadInputOptions {
  /** Largest input accepted, in bytes. */
  maxBytes: number;
  /** What the input is, for messages ("draft", "answer"). */
  what: string;
  /** Stable code of the not-found error. */
  missingCode: string;
}

/**
 * The bytes of `source`: a path (relative to the working directory) or "-" for stdin.
 * @throws {UsageError} when the input is larger than the bound.
 * @throws {NotFoundError} when the file does not exist.
 */
export async function readInput(
  io: Io,
  source: string,
  options: ReadInputOptions,
): Promise<Uint8Array> {
  const { maxBytes, what, missingCode } = options;
  if (source === "-") {
    try {
      return await io.readStdin(maxBytes);
    } catch {
      throw new UsageError(`Cannot read ${what} from stdin: it exceeds ${maxBytes} bytes`);
    }
  }
  const path = source.startsWith("/") ? source : `${io.cwd()}/${source}`;
  const missing = () =>
    new NotFoundError(`Cannot read ${what} "${source}": no such file`, missingCode);
  const st = await io.fs.stat(path);
  if (st === null) throw missing();
  if (st.size > maxBytes) {
    throw new UsageError(
      `Cannot read ${what} "${source}": it is ${st.size} bytes, more than ${maxBytes}`,
    );
  }
  let bytes: Uint8Array;
  try {
    // One open, never past the bound: a pipe (process substitution) or a device (/dev/zero, a
    // committed link to one) is 0 bytes to stat, and a file may grow after it; reading one
    // whole never ended, and a named FIFO opened twice waited for a writer that had gone.
    bytes = await io.fs.readRange(path, 0, maxBytes + 1);
  } catch (e) {
    if (e instanceof FsNotFoundError) throw missing();
    throw e;
  }
  if (bytes.length > maxBytes) {
    throw new UsageError(`Cannot read ${what} "${source}": it is more than ${maxBytes} bytes`);
  }
  return bytes;
}
