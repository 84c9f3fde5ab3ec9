/**
 * Test helper: the one Io fake. It runs a command's run() in-process against
 * the real file system with captured output and a chosen working directory,
 * environment, stdin and clock.
 *
 * Defaults (each can be overridden):
 * - `env`: empty. Nothing of the real environment (HOME, BATON_HOME) leaks in.
 * - `stdin`: empty bytes. Never the real stdin, which a test must not wait on.
 * - stdout and stderr: captured, `isTerminal: false`; stdout is text-only
 *   (no `writeBytes`) unless `bytesOut` collects bytes.
 * - `now`: the real clock.
 * - `pid`, `hostname`, `randomToken`, `sleep`, `makeTempDir`, `fs`: the real
 *   process's (as {@linkcode createDenoIo} makes them), so locks and
 *   timestamps written to the real file system behave as in a real run.
 *   {@linkcode FIXED_PROCESS} freezes them instead.
 * @module
 */
import { createDenoIo, type Io } from "../../commands/mod.ts";

/** An Io whose output is captured. */
export interface FakeIo extends Io {
  /** Everything written to stdout, as text. */
  out(): string;
  /** Everything written to stderr, as text. */
  err(): string;
  /** Each stderr write in order (a live array). */
  errWrites: string[];
}

/** Options of {@linkcode fakeIo}; see the module doc for the defaults. */
export interface FakeIoOptions {
  cwd: string;
  /** The whole environment the command sees. @default {} */
  env?: Record<string, string>;
  /** What stdin holds. @default {empty} */
  stdin?: Uint8Array;
  /** When given, stdout gains `writeBytes`, which appends a copy of each chunk here. @default {text-only stdout} */
  bytesOut?: Uint8Array[];
  /** `isTerminal` of stdout and stderr. @default {false} */
  terminal?: boolean;
  /** A fixed time, or a clock. @default {the real clock} */
  now?: Date | (() => Date);
  /** @default {Deno.pid} */
  pid?: number;
  /** @default {the real host name} */
  hostname?: string;
  /** @default {128 random bits} */
  randomToken?: string;
  /** @default {a real wait} */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A process frozen in place: epoch 0, pid 1, host "test", a zero token and
 * sleeps that return at once (what the command-test fake of
 * tests/commands used to default to).
 */
export const FIXED_PROCESS: Pick<
  Required<FakeIoOptions>,
  "now" | "pid" | "hostname" | "randomToken" | "sleep"
> = {
  now: new Date(0),
  pid: 1,
  hostname: "test",
  randomToken: "0".repeat(32),
  sleep: () => Promise.resolve(),
};

/** Builds the Io. */
export function fakeIo(options: FakeIoOptions): FakeIo {
  const base = createDenoIo();
  let out = "";
  const errWrites: string[] = [];
  const env = options.env ?? {};
  const stdin = options.stdin ?? new Uint8Array(0);
  const terminal = options.terminal ?? false;
  const bytesOut = options.bytesOut;
  const now = options.now;
  let at = 0;
  return {
    ...base,
    stdout: {
      write: (t) => void (out += t),
      isTerminal: terminal,
      ...(bytesOut === undefined
        ? {}
        : { writeBytes: (b: Uint8Array) => void bytesOut.push(b.slice()) }),
    },
    stderr: { write: (t) => void errWrites.push(t), isTerminal: terminal },
    stdin: {
      read(into: Uint8Array) {
        if (at >= stdin.length) return Promise.resolve(null);
        const n = Math.min(into.length, stdin.length - at);
        into.set(stdin.subarray(at, at + n));
        at += n;
        return Promise.resolve(n);
      },
    },
    readStdin: () => Promise.resolve(stdin),
    env: (name) => env[name],
    cwd: () => options.cwd,
    now: now === undefined ? () => new Date() : typeof now === "function" ? now : () => now,
    ...(options.pid === undefined ? {} : { pid: options.pid }),
    ...(options.hostname === undefined ? {} : { hostname: () => options.hostname! }),
    ...(options.randomToken === undefined ? {} : { randomToken: () => options.randomToken! }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    out: () => out,
    err: () => errWrites.join(""),
    errWrites,
  };
}

/** Every file under `dir` (relative path -> bytes as text), directories listed with a trailing "/". */
export async function snapshotTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(rel: string): Promise<void> {
    for await (const e of Deno.readDir(rel === "" ? dir : `${dir}/${rel}`)) {
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (path === ".git") continue;
      if (e.isDirectory) {
        out[path + "/"] = "";
        await walk(path);
      } else out[path] = await Deno.readTextFile(`${dir}/${path}`);
    }
  }
  await walk("");
  return out;
}
