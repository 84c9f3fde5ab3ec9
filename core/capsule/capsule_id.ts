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

// The short form lives in ./short_id.ts, which imports nothing: the store's layout needs it on
// every hook, the hash and the canonical JSON only when an id is computed.
export { ARCHIVE_ID_HEX, SHORT_ID_HEX, shortId } from "./short_id.ts";
