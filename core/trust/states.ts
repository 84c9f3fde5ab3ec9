/**
 * Trust states and provenance channels, and the order between trust states.
 * Pure data.
 * @module
 */

/** How much weight a record can carry, strongest first. */
export const TRUST_STATES = ["verified", "observed", "claimed", "inferred", "untrusted"] as const;
/** One trust state. */
export type TrustState = typeof TRUST_STATES[number];

/** The channel a record arrived through. */
export const PROVENANCES = [
  "user",
  "assistant",
  "tool",
  "file",
  "git",
  "test",
  "transcript",
  "model_inference",
] as const;
/** One provenance channel. */
export type Provenance = typeof PROVENANCES[number];

/** Channels whose content a machine produced: only these may back `verified`. */
export const DETERMINISTIC_PROVENANCES: ReadonlySet<Provenance> = new Set<Provenance>([
  "git",
  "tool",
  "test",
  "file",
  "transcript",
]);

/** Channels a model may use for what it writes itself. */
export const MODEL_PROVENANCES: ReadonlySet<Provenance> = new Set<Provenance>([
  "user",
  "assistant",
  "model_inference",
]);

/**
 * Rank of a trust state: 0 is strongest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trustRank } from "./states.ts";
 * assert.ok(trustRank("verified") < trustRank("claimed"));
 * ```
 */
export function trustRank(trust: TrustState): number {
  return TRUST_STATES.indexOf(trust);
}

/** True when `value` is one of the trust states. */
export function isTrustState(value: unknown): value is TrustState {
  return typeof value === "string" && (TRUST_STATES as readonly string[]).includes(value);
}

/** True when `value` is one of the provenance channels. */
export function isProvenance(value: unknown): value is Provenance {
  return typeof value === "string" && (PROVENANCES as readonly string[]).includes(value);
}
