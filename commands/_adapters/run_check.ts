/**
 * Edge: runs one configured check command (a done gate's tests or rule)
 * with the platform shell, a time limit and a bounded tail of its output.
 * The command comes from the repository's own config, which the user wrote;
 * the output is kept only as a tail for the failure report and is redacted
 * by the caller before it is shown.
 * @module
 */

import { TailBuffer } from "../../core/evidence/tail_buffer.ts";

/** Bytes of output kept (the tail). */
const TAIL_BYTES = 16 * 1024;

/** What one run gave. */
export interface CheckRun {
  /** Exit code, or null when it was killed (time limit) or could not start. */
  code: number | null;
  timedOut: boolean;
  /** Set when the shell could not be started (content-free). */
  startError: string | null;
  durationMs: number;
  /** The last bytes of stdout and stderr interleaved, decoded leniently. */
  tail: string;
}

/** Runs `command` with `sh -c` (cmd.exe /d /s /c on Windows) in `cwd`. */
export async function runCheck(command: string, cwd: string, timeoutMs: number): Promise<CheckRun> {
  const started = performance.now();
  const windows = Deno.build.os === "windows";
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  // The tail starts on a line once output was dropped: a cut inside a token would leave its end,
  // which no rule of the redaction recognises, on the failure report.
  const tail = new TailBuffer(TAIL_BYTES);
  const keep = (chunk: Uint8Array) => tail.push(chunk);
  try {
    const child = new Deno.Command(windows ? "cmd.exe" : "sh", {
      args: windows ? ["/d", "/s", "/c", command] : ["-c", command],
      cwd,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: abort.signal,
    }).spawn();
    const drain = async (s: ReadableStream<Uint8Array>) => {
      for await (const chunk of s) keep(chunk);
    };
    const [status] = await Promise.all([child.status, drain(child.stdout), drain(child.stderr)]);
    const timedOut = abort.signal.aborted;
    return {
      code: timedOut ? null : status.code,
      timedOut,
      startError: null,
      durationMs: Math.round(performance.now() - started),
      tail: tail.text().text,
    };
  } catch (e) {
    return {
      code: null,
      timedOut: false,
      startError: e instanceof Deno.errors.NotFound ? "the shell was not found" : "could not start",
      durationMs: Math.round(performance.now() - started),
      tail: "",
    };
  } finally {
    clearTimeout(timer);
  }
}
