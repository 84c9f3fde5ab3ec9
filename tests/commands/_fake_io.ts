/**
 * Test helper for in-process command tests: an Io over the real file system
 * with captured text output, a chosen stdin and a fixed working directory.
 * @module
 */
import type { Io } from "../../commands/_io.ts";
import { DenoFs } from "../../commands/_deno_fs.ts";

/** An Io whose output is captured. */
export interface FakeIo extends Io {
  out(): string;
  err(): string;
}

/** Builds the Io; stdout is text-only (no writeBytes) unless `bytesOut` collects bytes. */
export function fakeIo(
  cwd: string,
  stdin: Uint8Array = new Uint8Array(0),
  bytesOut?: Uint8Array[],
): FakeIo {
  let out = "";
  let err = "";
  let at = 0;
  const io = {
    stdout: {
      write: (t: string) => void (out += t),
      isTerminal: false,
      ...(bytesOut === undefined
        ? {}
        : { writeBytes: (b: Uint8Array) => void bytesOut.push(b.slice()) }),
    },
    stderr: { write: (t: string) => void (err += t), isTerminal: false },
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
    env: () => undefined,
    cwd: () => cwd,
    now: () => new Date(0),
    fs: new DenoFs(),
    pid: 1,
    hostname: () => "test",
    makeTempDir: (prefix: string) => Deno.makeTempDir({ prefix }),
    sleep: () => Promise.resolve(),
    randomToken: () => "0".repeat(32),
    out: () => out,
    err: () => err,
  };
  return io as FakeIo;
}
