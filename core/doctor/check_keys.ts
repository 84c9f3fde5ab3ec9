/**
 * Doctor's keys check: why the key files in the baton home were not read
 * (a key file others can read or write, a home folder, or a folder above it,
 * that another user owns or can write to, a home inside the repository),
 * which leaves capsules written unsigned and nothing but this machine's own
 * key trusted. Before, only `show`, `--json` outputs and the stderr of a
 * write said so. Pure: the key ring's content-free problem line is the input.
 * @module
 */
import type { DoctorCheck } from "./check.ts";

/**
 * The check for the key ring's problem line (null when every file was read).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(checkKeys(null, 2).outcome, "ok");
 * assert.equal(checkKeys("a folder above the baton home is writable by other users", 1).outcome, "warn");
 * ```
 */
export function checkKeys(problem: string | null, trusted: number): DoctorCheck {
  if (problem === null) {
    return {
      name: "keys",
      outcome: "ok",
      reason: `The baton home's key files pass their checks (${trusted} key(s) trusted)`,
    };
  }
  return {
    name: "keys",
    outcome: "warn",
    reason:
      "Key files in the baton home were refused: a refused signing key leaves capsules unsigned, a refused trusted-keys file leaves teammates' keys untrusted",
    detail: problem,
  };
}
