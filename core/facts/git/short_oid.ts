/**
 * The short form of a git object id (HEAD, a commit) shown to people.
 * @module
 */

/** Hex digits of a short git object id, as briefings and capsules show HEAD. */
export const SHORT_OID_HEX = 12;

/**
 * The first {@linkcode SHORT_OID_HEX} hex digits of a git object id (SHA-1
 * or SHA-256). The one place a git id is cut for display.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shortOid } from "./short_oid.ts";
 * assert.equal(shortOid("0123456789abcdef0123456789abcdef01234567"), "0123456789ab");
 * ```
 */
export function shortOid(oid: string): string {
  return oid.slice(0, SHORT_OID_HEX);
}
