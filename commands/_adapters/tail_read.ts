/**
 * Edge: bounded, read-only reads of files another program writes (host
 * transcripts). The tail is read backwards in 64 KiB chunks until enough
 * whole lines are in hand or the byte bound is reached, so a 1 GB file
 * costs what a 1 MB one does; the head is one bounded read. Files are
 * opened read-only and never locked. Shared by `baton source`, the capture
 * hook and anything else that needs the end of a transcript (the context
 * bands read their own signals). A missing or unreadable file gives null.
 * @module
 */

/** Size of one backwards read. */
export const TAIL_CHUNK_BYTES = 64 * 1024;

/** Options of {@linkcode readTail}. */
export interface ReadTailOptions {
  /** Stop once this many complete lines are in hand. @default {Infinity} */
  maxLines?: number;
  /** Never read more than this many bytes. @default {8388608} */
  maxBytes?: number;
  /** Chunk size. @default {65536} */
  chunkBytes?: number;
}

/** The bytes read from the end of a file. */
export interface TailResult {
  bytes: Uint8Array;
  /** The file's size when it was read. */
  fileBytes: number;
  /** True when `bytes` begins at offset 0 (the whole file was read). */
  complete: boolean;
}

function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  let i = -1;
  while ((i = bytes.indexOf(0x0a, i + 1)) >= 0) n++;
  return n;
}

/**
 * Reads the end of a file: at least `maxLines` complete lines when the file
 * has them, never more than `maxBytes`. Null when the file cannot be opened
 * or is not a regular file.
 */
export async function readTail(
  path: string,
  options: ReadTailOptions = {},
): Promise<TailResult | null> {
  const maxLines = options.maxLines ?? Infinity;
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const chunk = options.chunkBytes ?? TAIL_CHUNK_BYTES;
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch {
    return null;
  }
  try {
    const stat = await file.stat();
    if (!stat.isFile) return null;
    const size = stat.size;
    const chunks: Uint8Array[] = [];
    let start = size;
    let lines = 0;
    while (start > 0 && size - start < maxBytes && lines <= maxLines) {
      const want = Math.min(chunk, start, maxBytes - (size - start));
      start -= want;
      const buf = new Uint8Array(want);
      await file.seek(start, Deno.SeekMode.Start);
      let got = 0;
      while (got < want) {
        const n = await file.read(buf.subarray(got));
        if (n === null) break;
        got += n;
      }
      chunks.unshift(buf.subarray(0, got));
      lines += countNewlines(buf.subarray(0, got));
    }
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    return { bytes, fileBytes: size, complete: start === 0 };
  } catch {
    return null;
  } finally {
    file.close();
  }
}

/** The first `maxBytes` bytes of a file, or null when it cannot be read. */
export async function readHead(path: string, maxBytes: number): Promise<TailResult | null> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch {
    return null;
  }
  try {
    const stat = await file.stat();
    if (!stat.isFile) return null;
    const buf = new Uint8Array(Math.min(maxBytes, stat.size));
    let got = 0;
    while (got < buf.length) {
      const n = await file.read(buf.subarray(got));
      if (n === null) break;
      got += n;
    }
    return { bytes: buf.subarray(0, got), fileBytes: stat.size, complete: got >= stat.size };
  } catch {
    return null;
  } finally {
    file.close();
  }
}
