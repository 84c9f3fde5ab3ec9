/**
 * Doctor's check of the handoff state this machine keeps
 * (`<git dir>/baton/enforce`): the opt-in, the deny records (an invalid one
 * is counted, never shown) and the manifest (its chain, its authentication
 * and a line for every deny). Edge-free: through the deny store's
 * environment.
 * @module
 */
import type { DoctorCheck } from "./check.ts";
import * as store from "../enforce/deny_store.ts";
import type { EnforcePaths } from "../enforce/enforce_paths.ts";

/** Checks the handoff state of one repository; never throws. */
export async function checkHandoff(
  env: store.DenyStoreEnv,
  paths: EnforcePaths,
): Promise<DoctorCheck> {
  try {
    const on = await store.optedIn(env.fs, paths);
    const { records, faults } = await store.readDenies(env.fs, paths);
    const m = await store.checkManifest(env, paths, records);
    const failed = m.problems.filter((p) => p.kind !== "unauthenticated").length;
    const bad = m.unreadable || failed > 0 || m.unrecorded.length > 0 || faults > 0;
    const state = `${
      on ? "opted in on this machine" : "not opted in"
    }, ${records.length} deny record(s)`;
    return bad
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
  } catch {
    return { name: "handoff", outcome: "warn", reason: "Cannot read the handoff state" };
  }
}
