/**
 * The rotation tombstone: what `baton rotate` pruned, so the chain still
 * verifies after its oldest capsules are gone. One JSON document at
 * `.baton/tombstone.json`:
 *
 * ```json
 * { "schema": "baton.tombstone/1",
 *   "pruned": [ { "id": "sha256:…", "previous": null, "created_at": "…",
 *                 "file": "<archive name>", "sha256": "sha256:<hex of the file>" } ],
 *   "decisions": [ { "capsule_id": "sha256:…", "created_at": "…", "decisions": [ … ] } ],
 *   "digest": "sha256:<hex of the canonical JSON of schema, pruned and decisions>" }
 * ```
 *
 * `decisions` keeps the decisions the pruned capsules made (oldest first),
 * so what is decided now does not change when old capsules go.
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
import { TRUST_STATES } from "../trust/states.ts";
import type { Decision } from "../capsule/types.ts";
import type { DecisionSource } from "./decisions.ts";

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
  /** The pruned capsules' decisions, oldest first. */
  decisions: DecisionSource[];
  digest: string;
}

async function digestOf(
  pruned: readonly PrunedCapsule[],
  decisions: readonly DecisionSource[],
): Promise<string> {
  return await sha256Id(canonicalJson({ schema: TOMBSTONE_SCHEMA, pruned, decisions }));
}

/**
 * Builds a tombstone holding `earlier` (an existing tombstone's list) and then `pruned`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTombstone, checkTombstone, renderTombstone } from "./tombstone.ts";
 * const t = await buildTombstone(null, [{ id: "sha256:a", previous: null, created_at: "t", file: "f", sha256: "sha256:b" }], []);
 * assert.equal((await checkTombstone(renderTombstone(t))).ok, true);
 * ```
 */
export async function buildTombstone(
  earlier: Tombstone | null,
  pruned: readonly PrunedCapsule[],
  decisions: readonly DecisionSource[],
): Promise<Tombstone> {
  const all = [...earlier?.pruned ?? [], ...pruned];
  const made = [...earlier?.decisions ?? [], ...decisions];
  return {
    schema: TOMBSTONE_SCHEMA,
    pruned: all,
    decisions: made,
    digest: await digestOf(all, made),
  };
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
    !Array.isArray(doc.pruned) || !Array.isArray(doc.decisions) || !str(doc.digest) ||
    Object.keys(doc).length !== 4
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
  const decisions: DecisionSource[] = [];
  for (const e of doc.decisions as unknown[]) {
    const o = e as Record<string, unknown>;
    if (
      typeof e !== "object" || e === null || !str(o.capsule_id) || !str(o.created_at) ||
      !Array.isArray(o.decisions) || !o.decisions.every(isDecision)
    ) {
      return { ok: false, why: "holds a decision record that is not one" };
    }
    decisions.push({
      capsule_id: o.capsule_id,
      created_at: o.created_at,
      decisions: o.decisions as Decision[],
    });
  }
  if ((await digestOf(pruned, decisions)) !== doc.digest) {
    return { ok: false, why: "was altered (its digest does not match its content)" };
  }
  for (let i = 0; i < pruned.length; i++) {
    if (pruned[i]!.previous !== (i === 0 ? null : pruned[i - 1]!.id)) {
      return { ok: false, why: `breaks its own chain at entry ${i}` };
    }
  }
  return {
    ok: true,
    tombstone: { schema: TOMBSTONE_SCHEMA, pruned, decisions, digest: doc.digest },
  };
}

const STATUSES: ReadonlySet<unknown> = new Set(["active", "superseded", "withdrawn"]);
const TRUSTS: ReadonlySet<unknown> = new Set(TRUST_STATES);
const nstr = (v: unknown) => v === null || (typeof v === "string" && v.length <= 100_000);

function isDecision(v: unknown): boolean {
  const o = v as Record<string, unknown>;
  return typeof v === "object" && v !== null && str(o.id) && typeof o.text === "string" &&
    o.text.length <= 100_000 && nstr(o.why) && STATUSES.has(o.status) && nstr(o.supersedes) &&
    TRUSTS.has(o.trust);
}
