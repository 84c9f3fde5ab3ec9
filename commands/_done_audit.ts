/**
 * Edge: records a forced pass of `baton done` — the gate details and the
 * reason as one JSON file under `done/` of baton's private state directory
 * (`<git dir>/baton`: never committed, so no checkout can plant or remove
 * one), written atomically (refusing links), and an
 * audit note in the progress log (core/progress/progress_store.ts
 * appendProgress re-syncs its hash chain under the store lock, so the note
 * is never reported as tamper). If the note cannot be appended (a log that
 * does not verify, say) the details file is removed and the force fails:
 * a forced pass is never unaudited.
 * @module
 */
import type { FoundLayout } from "../core/store/find_layout.ts";
import { privateStateDir } from "../core/store/private_dir.ts";
import { openStateDir } from "../core/state_write.ts";
import type { DoneOutcome } from "./_done_run.ts";
import type { Io } from "./_adapters/io.ts";
import { storeLock } from "./_adapters/context.ts";
import { loadSafeOutput } from "./_cli/safe_output.ts";

/** Writes the audit record; returns its path. */
export async function recordForcedPass(
  io: Io,
  found: FoundLayout,
  reason: string,
  outcome: DoneOutcome,
): Promise<string> {
  const safe = await loadSafeOutput();
  const at = io.now().toISOString();
  const stateDir = privateStateDir(found);
  const dir = `${stateDir}/done`;
  const within = await openStateDir(io.fs, stateDir, dir);
  const name = `${at.replace(/[-:]/g, "")}-${io.randomToken().slice(0, 8)}.json`;
  const record = {
    kind: "baton.done.forced",
    at,
    reason: safe.value(reason),
    failed_required: outcome.verdict.failed_required,
    gates: outcome.gates,
  };
  await io.fs.writeFileAtomic(
    `${dir}/${name}`,
    new TextEncoder().encode(JSON.stringify(record, null, 2) + "\n"),
    { within },
  );
  const rel = `${dir}/${name}`;
  try {
    const { appendProgress } = await import("../core/progress/progress_store.ts");
    await appendProgress(io.fs, found.layout, {
      text: `baton done --force: ${
        outcome.verdict.failed_required.join(", ")
      } forced; reason: ${record.reason}; details in baton's state, done/${name}`,
      note: true,
    }, {
      now: io.now(),
      lock: storeLock(io),
    });
  } catch (e) {
    await io.fs.remove(`${dir}/${name}`).catch(() => {});
    throw e;
  }
  return rel;
}
