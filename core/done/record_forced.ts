/**
 * Records a forced pass of `baton done` — the gate details and the
 * reason as one JSON file under `done/` of baton's private state directory
 * (`<git dir>/baton`: never committed, so no checkout can plant or remove
 * one), written atomically (refusing links), and an
 * audit note in the progress log (core/progress/progress_store.ts
 * appendProgress re-syncs its hash chain under the store lock, so the note
 * is never reported as tamper). If the note cannot be appended (a log that
 * does not verify, say) the details file is removed and the force fails:
 * a forced pass is never unaudited. Edge-free: the file system, clock,
 * lock owner and the value neutraliser are handed in.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { LockOptions } from "../store/lock.ts";
import type { FoundLayout } from "../store/find_layout.ts";
import { privateStateDir } from "../store/private_dir.ts";
import { openStateDir } from "../state_write.ts";
import type { DoneOutcome } from "./run_done.ts";

/** What recording a forced pass needs from the edge. */
export interface AuditEnv {
  fs: WriteFs;
  now(): Date;
  randomToken(): string;
  lock: LockOptions;
  /** A value made safe to store and print (secrets redacted, controls neutralised). */
  safeValue(text: string): string;
}

/** Writes the audit record; returns its path. */
export async function recordForcedPass(
  env: AuditEnv,
  found: FoundLayout,
  reason: string,
  outcome: DoneOutcome,
): Promise<string> {
  const at = env.now().toISOString();
  const stateDir = privateStateDir(found);
  const dir = `${stateDir}/done`;
  const within = await openStateDir(env.fs, stateDir, dir);
  const name = `${at.replace(/[-:]/g, "")}-${env.randomToken().slice(0, 8)}.json`;
  const record = {
    kind: "baton.done.forced",
    at,
    reason: env.safeValue(reason),
    failed_required: outcome.verdict.failed_required,
    gates: outcome.gates,
  };
  await env.fs.writeFileAtomic(
    `${dir}/${name}`,
    new TextEncoder().encode(JSON.stringify(record, null, 2) + "\n"),
    { within },
  );
  const rel = `${dir}/${name}`;
  try {
    const { appendProgress } = await import("../progress/progress_store.ts");
    await appendProgress(env.fs, found.layout, {
      text: `baton done --force: ${
        outcome.verdict.failed_required.join(", ")
      } forced; reason: ${record.reason}; details in baton's state, done/${name}`,
      note: true,
    }, {
      now: env.now(),
      lock: env.lock,
    });
  } catch (e) {
    await env.fs.remove(`${dir}/${name}`).catch(() => {});
    throw e;
  }
  return rel;
}
