/**
 * Test helper: the real `baton` pre-compact hook of a host run on a
 * transcript already written where that host keeps it, then `baton load`
 * in the same repository — what the capture tests read back.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "./cli.ts";

/** Where and how the hook runs. */
export interface PreCompactRun {
  repo: string;
  /** The host id given to `--host`. */
  host: string;
  /** The environment both processes get (HOME, the host's own home). */
  env: Record<string, string>;
  sessionId: string;
  transcriptPath: string;
}

/**
 * Runs the hook (it must write a capsule), then load.
 * @returns `baton load`'s stdout.
 */
export async function preCompactThenLoad(run: PreCompactRun): Promise<string> {
  const hook = await runBaton(["hook", "pre-compact", "--host", run.host, "--json"], {
    cwd: run.repo,
    env: run.env,
    stdin: JSON.stringify({
      session_id: run.sessionId,
      transcript_path: run.transcriptPath,
      cwd: run.repo,
      hook_event_name: "PreCompact",
      trigger: "auto",
    }),
  });
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout + hook.stderr);
  const load = await runBaton(["load"], { cwd: run.repo, env: run.env });
  assert.equal(load.code, 0, load.stderr);
  return load.stdout;
}
