/**
 * Doctor's progress-log check: the hash chain of `.baton/progress.md`
 * (core/progress/progress_store.ts), ok unless it is tampered or its index
 * is malformed. Reads through the injected file system.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { verifyProgressLog } from "../progress/progress_store.ts";
import type { BatonLayout } from "../store/layout.ts";
import type { DoctorCheck } from "./check.ts";

/** Checks the progress log of one .baton directory. */
export async function checkProgress(fs: WriteFs, layout: BatonLayout): Promise<DoctorCheck> {
  let v;
  try {
    v = await verifyProgressLog(fs, layout);
  } catch {
    return { name: "progress", outcome: "warn", reason: "Cannot read .baton/progress.md" };
  }
  switch (v.status) {
    case "empty":
      return { name: "progress", outcome: "ok", reason: "No progress log" };
    case "unchained":
      return {
        name: "progress",
        outcome: "warn",
        reason:
          `${v.entries} progress entries and no chain on this machine: they cannot be verified (read them, then baton progress rebuild)`,
      };
    case "intact":
      return {
        name: "progress",
        outcome: "ok",
        reason: `${v.chained} chained progress entries verified${
          v.unverified === 0
            ? ""
            : `; ${v.unverified} earlier entries outside the chain not verified`
        }`,
      };
    case "tampered":
      return {
        name: "progress",
        outcome: "warn",
        reason: `The progress log does not verify (CRITICAL, run baton progress verify): ${
          v.problems.slice(0, 3).map((p) => p.message).join("; ")
        }`,
      };
  }
}
