/**
 * Edge: the bounded, read-only read of a file's head, for files another
 * program writes (host transcripts, their side files): one read of at most
 * `maxBytes`, the file opened read-only and never locked. A transcript's end
 * is read by core's one backward reader (core/transcript/json_lines.ts)
 * through the Io's file system. A missing or unreadable file gives null.
 * @module
 */

/** The bytes read from the start of a file. */
export interface HeadResult {
  bytes: Uint8Array;
  /** The file's size when it was read. */
  fileBytes: number;
  /** True when `bytes` is the whole file. */
  complete: boolean;
}

/** The first `maxBytes` bytes of a file, or null when it cannot be read. */
export async function readHead(path: string, maxBytes: number): Promise<HeadResult | null> {
  let file: Deno.FsFile;
  try {
    // Only a regular file is opened (through links): opening a FIFO waits for a writer, so
    // `baton source show ./pipe.jsonl` never ended.
    if (!(await Deno.stat(path)).isFile) return null;
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
