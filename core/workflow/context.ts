/**
 * The capabilities a workflow (preflight, finalize, load) needs from the
 * outside world, gathered in one object so core stays free of Deno.* and
 * tests can inject clocks, file systems and tokens.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { KeyRing } from "../trust/key_ring.ts";
import type { GitEnvironment } from "../facts/git/git_environment.ts";

/** Everything a workflow may touch. */
export interface WorkflowContext {
  fs: WriteFs;
  /** Current directory, absolute, "/" separators. */
  cwd: string;
  now: () => Date;
  /** Home directory (for core.excludesFile `~/`), or null. */
  homeDir: string | null;
  /** $XDG_CONFIG_HOME, or null. */
  xdgConfigHome: string | null;
  /** git's variables set in the environment (facts/git/git_environment.ts). @default {{}} */
  gitEnvironment?: GitEnvironment;
  pid: number;
  host: string;
  /** This process's start time as the OS records it (lock owners); null or absent when unknown. */
  processStarted?: string | null;
  /** Whether (pid, start time) still runs on this host; null when it cannot be told. */
  processAlive?: (pid: number, started: string | null) => boolean | null;
  sleep: (ms: number) => Promise<void>;
  randomToken: () => string;
  /**
   * This machine's signing key and the keys it trusts. Absent: capsules are
   * written unsigned and every capsule read is capped as a stranger's.
   */
  keys?: KeyRing;
  /** Largest file hashed for facts (BATON_HASH_CAP_BYTES). @default {8 MiB} */
  maxHashBytes?: number;
  /**
   * Reads an environment variable: finalize compares cited evidence's run
   * environment with its own (core/evidence/run_environment.ts). Absent:
   * not comparable, so cited evidence is lowered.
   */
  environment?: (name: string) => string | undefined;
}
