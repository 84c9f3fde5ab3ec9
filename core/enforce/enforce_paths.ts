/**
 * The layout of the enforcement state inside baton's private state
 * directory (`<git dir>/baton/enforce`, see core/store/private_dir.ts):
 * never under `.baton/`, so no commit, clone, pull or checkout can plant an
 * opt-in, a deny, a lock or a manifest, or bring a consumed deny back as
 * open. Pure.
 * @module
 */
import { StorageError } from "../errors.ts";
import { SESSION_ID } from "./deny_record.ts";

/** Paths of the enforcement state. */
export interface EnforcePaths {
  /** The private state directory every write stays inside. */
  stateDir: string;
  dir: string;
  /** The opt-in recorded on this machine by `baton enforce on`. */
  optIn: string;
  denies: string;
  /** One file per denied session: when the gate last saw it (kept apart from the record). */
  seen: string;
  /** One core lock (core/store/lock.ts) per session, and the manifest's. */
  locks: string;
  manifest: string;
  faults: string;
  /** Where `handoff repair` moves malformed records. */
  quarantine: string;
}

/**
 * The enforcement paths under a private state directory.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { enforcePaths } from "./enforce_paths.ts";
 * assert.equal(enforcePaths("/r/.git/baton").denies, "/r/.git/baton/enforce/denies");
 * ```
 */
export function enforcePaths(stateDir: string): EnforcePaths {
  const dir = `${stateDir}/enforce`;
  return {
    stateDir,
    dir,
    optIn: `${dir}/opt-in`,
    denies: `${dir}/denies`,
    seen: `${dir}/seen`,
    locks: `${dir}/locks`,
    manifest: `${dir}/manifest.jsonl`,
    faults: `${dir}/faults.log`,
    quarantine: `${dir}/quarantine`,
  };
}

/** Path of one session's record. @throws {StorageError} for an id outside the records' alphabet. */
export function denyPath(p: EnforcePaths, session: string): string {
  if (!SESSION_ID.test(session)) throw new StorageError("unsafe session id");
  return `${p.denies}/${session}.json`;
}

/** Path of one session's lock. @throws {StorageError} for an id outside the records' alphabet. */
export function sessionLockPath(p: EnforcePaths, session: string): string {
  if (!SESSION_ID.test(session)) throw new StorageError("unsafe session id");
  return `${p.locks}/${session}`;
}
