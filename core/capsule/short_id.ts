/**
 * The short form of a capsule id (its first hex digits) and how many digits
 * briefings and archive file names show. Imports nothing: the store's layout
 * loads it on every hook, without the hashing that computes an id
 * (core/capsule/capsule_id.ts).
 * @module
 */

/**
 * Hex digits of a capsule's short id wherever a person reads it: briefings,
 * exports, the capsule file's title line (which latest.md's header reader
 * parses back) and `baton list`.
 */
export const SHORT_ID_HEX = 12;

/**
 * Hex digits of the id in an archive file name
 * (`capsules/<UTC-ts>-<id8>.md`): a storage format since the first capsule,
 * so it stays 8.
 */
export const ARCHIVE_ID_HEX = 8;

/**
 * Pattern of archive file names (`<UTC-ts>-<id8>.md`; core/store/layout.ts makes them): every
 * name made for a capsule the schema takes, whose date has 0 to 9 digits of a second's fraction
 * (baton writes 3; a capsule another writer dated otherwise is archived under its own date, and
 * a name the listing left out made its chain look broken).
 */
export const ARCHIVE_NAME = /^\d{8}T\d{6}(\.\d{1,9})?Z-[0-9a-f]{8}\.md$/;

/**
 * The short form of a capsule id: its first hex digits without `sha256:`.
 * The one place a capsule id is cut.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ARCHIVE_ID_HEX, shortId } from "./short_id.ts";
 * const id = "sha256:" + "0123456789abcdef".repeat(4);
 * assert.equal(shortId(id), "0123456789ab");
 * assert.equal(shortId(id, ARCHIVE_ID_HEX), "01234567");
 * ```
 */
export function shortId(id: string, digits: number = SHORT_ID_HEX): string {
  return id.replace(/^sha256:/, "").slice(0, digits);
}
