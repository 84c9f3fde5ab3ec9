/**
 * Edge: a time limit to race work against, without setTimeout. Deno's first
 * setTimeout loads its Node-style timer machinery, about 7 ms of CPU
 * measured on a hook whose whole run costs 35-45 ms; an Atomics.waitAsync
 * timeout costs nothing measurable. Such a wait does not keep the process
 * alive on its own: it is a limit for work that does (a read, a Worker, a
 * file operation), never a sleep.
 * @module
 */

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
