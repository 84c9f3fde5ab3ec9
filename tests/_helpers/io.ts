/**
 * Test helper: an Io for running a command's run() in-process against the
 * real file system, with captured output, a chosen environment, working
 * directory and clock.
 * @module
 */
import { createDenoIo, type Io } from "../../commands/mod.ts";

/** An Io whose output is captured. */
export interface CapturedIo extends Io {
  out(): string;
  err(): string;
}

/** Options of {@linkcode captureIo}. */
export interface CaptureIoOptions {
  cwd: string;
  /** The whole environment the command sees. */
  env?: Record<string, string>;
  now?: Date;
}

/** Builds the Io. */
export function captureIo(options: CaptureIoOptions): CapturedIo {
  const base = createDenoIo();
  let out = "";
  let err = "";
  const env = options.env ?? {};
  return {
    ...base,
    stdout: { write: (t) => void (out += t), isTerminal: false },
    stderr: { write: (t) => void (err += t), isTerminal: false },
    env: (name) => env[name],
    cwd: () => options.cwd,
    now: () => options.now ?? new Date(),
    out: () => out,
    err: () => err,
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
