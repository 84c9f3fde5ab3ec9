/**
 * Builds a core workflow context from a command's Io.
 * @module
 */
import type { WorkflowContext } from "../core/workflow/context.ts";
import type { CommitResult } from "../core/store/capsule_store.ts";
import type { Io } from "./_io.ts";
import { processAlive, processIdentity } from "./_process_identity.ts";

/** The workflow context for `cwd` (defaults to the process's). */
export function workflowContext(io: Io, cwd: string = io.cwd()): WorkflowContext {
  return {
    fs: io.fs,
    cwd,
    now: io.now,
    homeDir: io.env("HOME") ?? io.env("USERPROFILE") ?? null,
    xdgConfigHome: io.env("XDG_CONFIG_HOME") ?? null,
    pid: io.pid,
    host: io.hostname(),
    processStarted: processIdentity().started,
    processAlive,
    sleep: io.sleep,
    randomToken: io.randomToken,
  };
}

/** Writes a JSON document and a newline to stdout. */
export function printJson(io: Io, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, 2) + "\n");
}

/** The `--json` fields every command that writes a capsule reports first. */
export function writtenJson(
  result: CommitResult,
): { id: string; path: string; archive: string; previous: string | null } {
  return {
    id: result.capsule.id,
    path: result.latestPath,
    archive: result.archivePath,
    previous: result.capsule.previous,
  };
}
