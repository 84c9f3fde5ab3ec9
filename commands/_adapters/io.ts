/**
 * Edge: the I/O a command may use, as one injectable object, and its Deno
 * implementation. Command tests pass a fake with captured output.
 * @module
 */
import type { WriteFs } from "../../core/fs.ts";
import { processFs } from "./stalled_fs.ts";

/** A sink for text. */
export interface TextSink {
  write(text: string): void;
  /**
   * Writes raw bytes (output that must stay byte-identical, like `baton
   * redact`). Optional: a text-only sink (a test capture) lacks it, and
   * callers then write the bytes decoded as UTF-8.
   */
  writeBytes?(bytes: Uint8Array): void;
  /** True when attached to a terminal (progress is shown only then). */
  isTerminal: boolean;
  /** The terminal's width in columns; undefined when unknown or not a terminal. */
  columns?(): number | undefined;
}

/** Everything a command touches outside itself. */
export interface Io {
  stdout: TextSink;
  stderr: TextSink;
  /**
   * All of stdin as bytes (bounded by the caller); throws RangeError past
   * `maxBytes`. With `timeoutMs`, returns what arrived by then when stdin is
   * still open (a host that never closes stdin cannot hang a hook).
   */
  readStdin(maxBytes: number, options?: ReadStdinOptions): Promise<Uint8Array>;
  /** stdin as a stream, for input too large to hold (`baton scan -`, `baton redact`). */
  stdin: ByteSource;
  env(name: string): string | undefined;
  cwd(): string;
  now(): Date;
  fs: WriteFs;
  /** Process id (lock owner tokens). */
  pid: number;
  /** Host name for lock owner tokens; "" when unknown. */
  hostname(): string;
  /** A temp directory for the demo. */
  makeTempDir(prefix: string): Promise<string>;
  /** Waits. */
  sleep(ms: number): Promise<void>;
  /** 128 random bits as hex (lock owner tokens). */
  randomToken(): string;
}

/** Options of {@linkcode Io.readStdin}. */
export interface ReadStdinOptions {
  /** Stop waiting for end of input after this long. @default {no limit} */
  timeoutMs?: number;
  /** Called when `timeoutMs` ended the read before the end of input. */
  onTimeout?: () => void;
}

/** Reads into a buffer; null at end of input. */
export interface ByteSource {
  read(into: Uint8Array): Promise<number | null>;
}

const encoder = new TextEncoder();

function denoSink(file: typeof Deno.stdout | typeof Deno.stderr): TextSink {
  const writeBytes = (bytes: Uint8Array): void => {
    let off = 0;
    while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
  };
  return {
    write(text: string): void {
      writeBytes(encoder.encode(text));
    },
    writeBytes,
    isTerminal: file.isTerminal(),
    columns: () => {
      try {
        return Deno.consoleSize().columns;
      } catch {
        return undefined;
      }
    },
  };
}

// A time limit to race work against, without setTimeout: Deno's first
// setTimeout loads its Node-style timer machinery, about 7 ms of CPU measured
// on a hook whose whole run costs 35-45 ms, where an Atomics.waitAsync
// timeout costs nothing measurable. Such a wait does not keep the process
// alive on its own: it limits work that does (a read, a Worker, a file
// operation), and is never a sleep. Here, not in a module of its own: every
// hook loads this one.

/** A time limit: `expired` resolves once `ms` have passed, unless cancelled first. */
export interface Deadline {
  expired: Promise<"timeout">;
  /** Stops the limit; `expired` then never resolves. */
  cancel(): void;
}

/** A limit of `ms` milliseconds (0 or less: already due). */
export function deadline(ms: number): Deadline {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const wait = Atomics.waitAsync(cell, 0, 0, Math.max(0, ms));
  const expired = wait.async
    ? wait.value.then((r) => r === "timed-out" ? "timeout" as const : new Promise<never>(() => {}))
    : Promise.resolve("timeout" as const);
  return { expired, cancel: () => void Atomics.notify(cell, 0) };
}

/** Reads stdin up to `maxBytes`; throws RangeError past it. */
async function readStdinBounded(
  maxBytes: number,
  options: ReadStdinOptions = {},
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const buf = new Uint8Array(64 * 1024);
  // Not setTimeout (see deadline()): this read is on every hook's path.
  const limit = options.timeoutMs === undefined ? null : deadline(options.timeoutMs);
  try {
    while (true) {
      const read = Deno.stdin.read(buf);
      const n = limit === null ? await read : await Promise.race([read, limit.expired]);
      if (typeof n === "string") options.onTimeout?.();
      if (typeof n === "string" || n === null) break;
      total += n;
      if (total > maxBytes) throw new RangeError(`stdin exceeds ${maxBytes} bytes`);
      chunks.push(buf.slice(0, n));
    }
  } finally {
    limit?.cancel();
  }
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

/** An environment variable, or undefined when it is unset or cannot be read. */
function envValue(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

/** The real Io of a running process. */
export function createDenoIo(): Io {
  return {
    stdout: denoSink(Deno.stdout),
    stderr: denoSink(Deno.stderr),
    readStdin: readStdinBounded,
    stdin: { read: (into) => Deno.stdin.read(into) },
    env: envValue,
    cwd: () => Deno.cwd().replaceAll("\\", "/"),
    now: () => new Date(),
    fs: processFs(envValue("BATON_TEST_STALL_READ"), envValue),
    pid: Deno.pid,
    hostname: () => {
      try {
        return Deno.hostname();
      } catch {
        return "";
      }
    },
    makeTempDir: (prefix) => Deno.makeTempDir({ prefix }).then((p) => p.replaceAll("\\", "/")),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    randomToken: () =>
      Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0"))
        .join(""),
  };
}
