/**
 * The capsule id: `sha256:<hex>` of the RFC 8785 canonical JSON of the capsule
 * without its `id` and `signature` fields. It proves integrity (the bytes were
 * not changed since the id was computed), not authorship: anyone can
 * recompute it. Authorship is the signature's job
 * (core/trust/capsule_signature.ts), which covers the same bytes; leaving it
 * out of the id keeps every capsule written before signing valid.
 * @module
 */
import { canonicalJson } from "../json/canonical.ts";
import { sha256Id } from "../hash.ts";
import type { Capsule } from "./types.ts";

/**
 * Computes the id a capsule should carry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { computeCapsuleId } from "./capsule_id.ts";
 * const id = await computeCapsuleId({ schema: "x" } as never);
 * assert.match(id, /^sha256:[0-9a-f]{64}$/);
 * ```
 */
export async function computeCapsuleId(capsule: Omit<Capsule, "id"> | Capsule): Promise<string> {
  const { id: _ignored, signature: _signature, ...rest } = capsule as Capsule;
  return await sha256Id(canonicalJson(rest));
}

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
 * The short form of a capsule id: its first hex digits without `sha256:`.
 * The one place a capsule id is cut.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ARCHIVE_ID_HEX, shortId } from "./capsule_id.ts";
 * const id = "sha256:" + "0123456789abcdef".repeat(4);
 * assert.equal(shortId(id), "0123456789ab");
 * assert.equal(shortId(id, ARCHIVE_ID_HEX), "01234567");
 * ```
 */
export function shortId(id: string, digits: number = SHORT_ID_HEX): string {
  return id.replace(/^sha256:/, "").slice(0, digits);
}
