/**
 * Doctor's check of the handoff state this machine keeps
 * (`<git dir>/baton/enforce`): the opt-in, the deny records (an invalid one
 * is counted, never shown) and the manifest (its chain, its authentication
 * and a line for every deny), and the state files of the private directory
 * that were not written in it (core/dir_binding.ts: every reader
 * ignores them, and doctor names them). Edge-free: through the deny store's
 * environment.
 * @module
 */
import type { DoctorCheck } from "./check.ts";
import * as store from "../enforce/deny_store.ts";
import type { EnforcePaths } from "../enforce/enforce_paths.ts";
import { foreignStateFiles } from "../dir_binding.ts";

/** Where earlier versions kept state inside `.baton/` (a commit may carry them; never read). */
export const LEGACY_STATE = [
  "enforce",
  "done",
  "index.json",
  "state/injected.json",
  "state/config-cache.json",
] as const;

/**
 * Checks the handoff state of one repository; never throws. `batonDir` is
 * the `.baton` folder, whose old state files are named (never read).
 */
export async function checkHandoff(
  env: store.DenyStoreEnv,
  paths: EnforcePaths,
  batonDir: string,
): Promise<DoctorCheck> {
  try {
    const legacy: string[] = [];
    for (const name of LEGACY_STATE) {
      if ((await env.fs.lstat(`${batonDir}/${name}`)) !== null) legacy.push(`.baton/${name}`);
    }
    const old = legacy.length === 0
      ? ""
      : `; ${
        legacy.join(", ")
      } ignored (state from an earlier version or a commit: baton never reads it, remove it)`;
    const on = await store.optedIn(env.fs, paths);
    const { records, faults } = await store.readDenies(env.fs, paths);
    const m = await store.checkManifest(env, paths, records);
    const failed = m.problems.filter((p) => p.kind !== "unauthenticated").length;
    const bad = m.unreadable || failed > 0 || m.unrecorded.length > 0 || faults > 0;
    const state = `${
      on ? "opted in on this machine" : "not opted in"
    }, ${records.length} deny record(s)`;
    const result: DoctorCheck = bad
      ? {
        name: "handoff",
        outcome: "warn",
        reason: `${state}; ${faults} invalid record(s), ${
          m.unreadable
            ? "the manifest cannot be read"
            : `${failed} manifest line(s) fail verification, ${m.unrecorded.length} record(s) without a manifest line`
        } (baton handoff status)`,
      }
      : {
        name: "handoff",
        outcome: "ok",
        reason: `${state}; manifest verified (${m.lines} line(s))`,
      };
    const foreign = await foreignStateFiles(env.fs, paths.stateDir);
    const elsewhere = foreign.length === 0
      ? ""
      : `; ${
        foreign.join(", ")
      } in baton's private directory ignored (not written in this directory: copied or unpacked with the repository, or from an earlier version; baton rewrites them)`;
    const outcome = foreign.length === 0 ? result.outcome : "warn";
    return { ...result, outcome, reason: result.reason + old + elsewhere };
  } catch {
    return { name: "handoff", outcome: "warn", reason: "Cannot read the handoff state" };
  }
}
