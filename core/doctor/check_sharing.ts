/**
 * The doctor's `sharing` line: which transport `baton push` and `baton
 * pull` would use here. Informational: a machine without a git program
 * still writes and loads capsules, so this check never warns. Pure.
 * @module
 */
import type { DoctorCheck } from "./check.ts";

/** The transport found by the edge. */
export interface SharingTransport {
  kind: "git" | "none";
  /** `git version …`, or why there is none. */
  detail: string;
}

/**
 * The check for a transport.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkSharing } from "./check_sharing.ts";
 * const c = checkSharing({ kind: "git", detail: "git version 2.39.5" });
 * assert.equal(c.outcome, "ok");
 * assert.match(c.reason, /git version 2\.39\.5/);
 * ```
 */
export function checkSharing(t: SharingTransport): DoctorCheck {
  return {
    name: "sharing",
    outcome: "ok",
    reason: t.kind === "git"
      ? `baton push and pull would use the git program (${t.detail}) for refs/baton/*`
      : `baton push and pull are unavailable: ${t.detail} (they need the git program; the HTTP transport is not built in)`,
  };
}
