/**
 * Edge: who this process is, and whether another process on this machine is
 * still the one that wrote a lock or a temp file. A pid alone is not an
 * identity (pids are reused), so the identity is the pid plus the process's
 * start time as the kernel records it (field 22 of /proc/PID/stat, in clock
 * ticks since boot) and the first hex digits of the boot id, which tell a
 * pid reused after a reboot from the original. Where /proc does not exist
 * (macOS, Windows), or may not be read (Deno lets only a process run with
 * --allow-all read it, and baton runs with less), nothing can be told from
 * the pid and the answer is null: the lock and the temp-file sweep then rely
 * on the advisory file locks their owners hold, which the OS drops when a
 * process dies.
 * @module
 */

/** This process, as recorded in lock owner files and temp file names. */
export interface ProcessIdentity {
  pid: number;
  /** `BOOT8-TICKS`, or null when the OS does not say. */
  started: string | null;
}

/** The start time of a pid as `BOOT8-TICKS`; undefined when it does not run; null when unknown. */
function startedOf(pid: number | "self"): string | null | undefined {
  let stat: string;
  let boot: string;
  try {
    boot = Deno.readTextFileSync("/proc/sys/kernel/random/boot_id").trim().replaceAll("-", "");
  } catch {
    return null; // no /proc: cannot tell
  }
  try {
    stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces and ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = fields[19]; // field 22 overall: fields[0] is field 3
  if (ticks === undefined || !/^\d+$/.test(ticks) || !/^[0-9a-f]{8}/.test(boot)) return null;
  // A zombie has exited: it holds no file and will write nothing more.
  if (fields[0] === "Z" || fields[0] === "X") return undefined;
  return `${boot.slice(0, 8)}-${ticks}`;
}

let self: ProcessIdentity | null = null;

/** This process's identity (computed once). */
export function processIdentity(): ProcessIdentity {
  self ??= { pid: Deno.pid, started: startedOf("self") ?? null };
  return self;
}

/**
 * Whether the process that recorded (pid, started) on this machine still
 * runs: true when a process with that pid and that start time runs, false
 * when no process has that pid or the one that has it started at another
 * time, null when this cannot be told (no /proc, or no start time recorded
 * and the pid is in use).
 */
export function processAlive(pid: number, started: string | null): boolean | null {
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  const now = startedOf(pid);
  if (now === undefined) return false;
  if (now === null) return null;
  if (started === null) return null;
  return now === started;
}
