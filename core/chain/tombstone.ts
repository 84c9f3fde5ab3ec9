/**
 * The rotation tombstone: what `baton rotate` pruned, so the chain still
 * verifies after its oldest capsules are gone. One JSON document at
 * `.baton/tombstone.json`:
 *
 * ```json
 * { "schema": "baton.tombstone/1",
 *   "pruned": [ { "id": "sha256:…", "previous": null, "created_at": "…",
 *                 "file": "<archive name>", "sha256": "sha256:<hex of the file>" } ],
 *   "digest": "sha256:<hex of the canonical JSON of schema and pruned>" }
 * ```
 *
 * `pruned` is oldest first and must itself be a chain (each entry's
 * previous is the id before it, the first one's is null); the digest covers
 * everything else in the document. Like a capsule id it proves the bytes are
 * unchanged, not who wrote them. Pure apart from hashing.
 * @module
 */
import { canonicalJson } from "../json/canonical.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { sha256Id } from "../hash.ts";

/** The schema identifier of the tombstone. */
export const TOMBSTONE_SCHEMA = "baton.tombstone/1";

/** One pruned capsule as the tombstone records it. */
export interface PrunedCapsule {
  id: string;
  previous: string | null;
  created_at: string;
  file: string;
  /** sha256 of the archive file's bytes. */
  sha256: string;
}

/** The tombstone. */
export interface Tombstone {
  schema: typeof TOMBSTONE_SCHEMA;
  pruned: PrunedCapsule[];
  digest: string;
}

async function digestOf(pruned: readonly PrunedCapsule[]): Promise<string> {
  return await sha256Id(canonicalJson({ schema: TOMBSTONE_SCHEMA, pruned }));
}

/**
 * Builds a tombstone holding `earlier` (an existing tombstone's list) and then `pruned`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTombstone, checkTombstone, renderTombstone } from "./tombstone.ts";
 * const t = await buildTombstone([], [{ id: "sha256:a", previous: null, created_at: "t", file: "f", sha256: "sha256:b" }]);
 * assert.equal((await checkTombstone(renderTombstone(t))).ok, true);
 * ```
 */
export async function buildTombstone(
  earlier: readonly PrunedCapsule[],
  pruned: readonly PrunedCapsule[],
): Promise<Tombstone> {
  const all = [...earlier, ...pruned];
  return { schema: TOMBSTONE_SCHEMA, pruned: all, digest: await digestOf(all) };
}

/** The tombstone's file text. */
export function renderTombstone(t: Tombstone): string {
  return JSON.stringify(t, null, 2) + "\n";
}

/** A checked tombstone, or why it does not hold. */
export type TombstoneCheck = { ok: true; tombstone: Tombstone } | { ok: false; why: string };

const str = (v: unknown): v is string => typeof v === "string" && v.length <= 1024;

/** Parses and checks a tombstone's text; never throws. */
export async function checkTombstone(text: string): Promise<TombstoneCheck> {
  let raw: unknown;
  try {
    raw = parseStrictJson(text, { maxBytes: 64 * 1024 * 1024 });
  } catch {
    return { ok: false, why: "is not a JSON document" };
  }
  const doc = raw as Record<string, unknown>;
  if (
    typeof raw !== "object" || raw === null || doc.schema !== TOMBSTONE_SCHEMA ||
    !Array.isArray(doc.pruned) || !str(doc.digest) || Object.keys(doc).length !== 3
  ) {
    return { ok: false, why: `is not a ${TOMBSTONE_SCHEMA} document` };
  }
  const pruned: PrunedCapsule[] = [];
  for (const e of doc.pruned as unknown[]) {
    const o = e as Record<string, unknown>;
    if (
      typeof e !== "object" || e === null || Object.keys(o).length !== 5 || !str(o.id) ||
      !(o.previous === null || str(o.previous)) || !str(o.created_at) || !str(o.file) ||
      !str(o.sha256)
    ) {
      return { ok: false, why: "holds an entry that is not a pruned capsule" };
    }
    pruned.push({
      id: o.id,
      previous: o.previous as string | null,
      created_at: o.created_at,
      file: o.file,
      sha256: o.sha256,
    });
  }
  if ((await digestOf(pruned)) !== doc.digest) {
    return { ok: false, why: "was altered (its digest does not match its content)" };
  }
  for (let i = 0; i < pruned.length; i++) {
    if (pruned[i]!.previous !== (i === 0 ? null : pruned[i - 1]!.id)) {
      return { ok: false, why: `breaks its own chain at entry ${i}` };
    }
  }
  return { ok: true, tombstone: { schema: TOMBSTONE_SCHEMA, pruned, digest: doc.digest } };
}
