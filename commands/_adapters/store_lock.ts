/**
 * Edge: the owner details every baton lock records (token, pid, host,
 * process start time, the liveness check, the clock), in a module that
 * imports nothing heavy: the pre-tool gate builds them on every tool call.
 * @module
 */
import type { LockOptions } from "../../core/store/lock.ts";
import type { Io } from "./io.ts";
import { processAlive, processIdentity } from "./process_identity.ts";

/**
 * Lock options for `io`'s process (one token per call), for the store lock
 * and every other lock baton takes.
 */
export function storeLock(io: Io): LockOptions {
  return {
    token: io.randomToken(),
    pid: io.pid,
    host: io.hostname(),
    started: processIdentity().started,
    processAlive,
    now: () => io.now().getTime(),
    sleep: io.sleep,
  };
}
