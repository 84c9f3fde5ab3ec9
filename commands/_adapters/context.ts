/**
 * Builds a core workflow context from a command's Io.
 * @module
 */
import type { WorkflowContext } from "../../core/workflow/context.ts";
import type { CommitResult } from "../../core/store/capsule_store.ts";
import type { Io } from "./io.ts";
import { processAlive, processIdentity } from "./process_identity.ts";
import type { KeyRing } from "../../core/trust/key_ring.ts";
import { homeDir, xdgConfigHome } from "./home.ts";
import { readGitEnvironment } from "../../core/facts/git/git_environment.ts";

/**
 * The key ring, loaded on first use: the hook's light path (and every
 * command that never signs or checks a signature) does not load the key
 * modules.
 */
function lazyKeyRing(io: Io, cwd: string): KeyRing {
  let ring: Promise<KeyRing> | null = null;
  const get = (): Promise<KeyRing> =>
    ring ??= import("./key_ring.ts").then((m) => m.createKeyRing(io, cwd));
  return {
    signingKey: async (repoRoot) => await (await get()).signingKey(repoRoot),
    trustedKeys: async () => await (await get()).trustedKeys(),
  };
}

/** The workflow context for `cwd` (defaults to the process's). */
export function workflowContext(io: Io, cwd: string = io.cwd()): WorkflowContext {
  return {
    fs: io.fs,
    cwd,
    now: io.now,
    homeDir: homeDir(io),
    xdgConfigHome: xdgConfigHome(io),
    gitEnvironment: readGitEnvironment((name) => io.env(name)),
    pid: io.pid,
    host: io.hostname(),
    processStarted: processIdentity().started,
    processAlive,
    sleep: io.sleep,
    randomToken: io.randomToken,
    keys: lazyKeyRing(io, cwd),
    ...hashCap(io.env("BATON_HASH_CAP_BYTES")),
    environment: (name) => io.env(name),
  };
}

/** BATON_HASH_CAP_BYTES: the largest file hashed for facts (1 KiB to 1 GiB). */
function hashCap(raw: string | undefined): { maxHashBytes?: number } {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return {};
  const n = Number(raw);
  return n >= 1024 && n <= 2 ** 30 ? { maxHashBytes: n } : {};
}

/** The `--json` fields every command that writes a capsule reports first. */
export function writtenJson(
  result: CommitResult,
): { id: string; path: string; archive: string; previous: string | null; fork_kept?: string } {
  return {
    id: result.capsule.id,
    path: result.latestPath,
    archive: result.archivePath,
    previous: result.capsule.previous,
    // latest.md's capsule, a teammate's from another fork, kept in the archive while the new one
    // continues this clone's newest (core/workflow/fork_head.ts).
    ...(result.forkKept === null ? {} : { fork_kept: result.forkKept }),
  };
}

export { storeLock } from "./store_lock.ts";
export { printJson } from "../_cli/print_json.ts";

/**
 * How git searches for the repository from this process (its environment,
 * guarded for a command: main.ts), for core/store/find_layout.ts.
 */
export function gitDiscovery(io: Io): { gitEnvironment: Record<string, string> } {
  return { gitEnvironment: { ...readGitEnvironment((name) => io.env(name)) } };
}
