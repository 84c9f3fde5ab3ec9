/**
 * Edge helpers shared by `baton scan` and `baton redact`: streaming readers
 * over a file (through the injected file system, one bounded range per read)
 * and over stdin, and a throttled progress line on stderr shown only when
 * stderr is a terminal.
 * @module
 */
import type { ReadFs } from "../../core/fs.ts";
import type { ByteSource, Io } from "../_adapters/io.ts";

/** The absolute form of a path the user typed. */
export function absolutePath(io: Io, path: string): string {
  return path.startsWith("/") ? path : `${io.cwd()}/${path}`;
}

/** A reader over one file that holds at most one requested range in memory. */
export function fileSource(fs: ReadFs, path: string): ByteSource {
  let offset = 0;
  return {
    async read(into: Uint8Array): Promise<number | null> {
      // Straight into the caller's buffer when the file system can: no copy
      // and no fresh pages per read.
      if (fs.readInto !== undefined) {
        const n = await fs.readInto(path, offset, into);
        if (n === 0) return null;
        offset += n;
        return n;
      }
      const bytes = await fs.readRange(path, offset, into.length);
      if (bytes.length === 0) return null;
      into.set(bytes);
      offset += bytes.length;
      return bytes.length;
    },
  };
}

/** A progress reporter: `report(bytes)` rewrites one stderr line at most every 200 ms. */
export interface Progress {
  report(bytes: number): void;
  done(): void;
}

/**
 * One progress line on stderr, rewritten at most every 200 ms and only after
 * the work has taken half a second; silent when stderr is not a terminal.
 * `report(n)` shows `render(n)`; `done()` clears the line.
 */
export function createProgressLine(io: Io, render: (n: number, ms: number) => string): Progress {
  if (!io.stderr.isTerminal) return { report() {}, done() {} };
  const started = io.now().getTime();
  let last = started;
  let shown = false;
  return {
    report(n: number) {
      const now = io.now().getTime();
      if (now - last < 200 || now - started < 500) return;
      last = now;
      shown = true;
      io.stderr.write(`\r${render(n, now - started)}\x1b[K`);
    },
    done() {
      if (shown) io.stderr.write("\r\x1b[K");
    },
  };
}

/** Progress on stderr for long scans (bytes read and the rate); silent when not a terminal. */
export function createProgress(io: Io, label: string): Progress {
  return createProgressLine(io, (bytes, ms) => {
    const mib = bytes / (1024 * 1024);
    const rate = mib / Math.max(0.001, ms / 1000);
    return `${label}: ${mib.toFixed(0)} MiB (${rate.toFixed(0)} MiB/s)`;
  });
}
