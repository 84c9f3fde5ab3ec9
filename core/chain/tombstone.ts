/**
 * The rotation tombstone: what `baton rotate` pruned, so the chain still
 * verifies after its oldest capsules are gone. One JSON document at
 * `.baton/tombstone.json`:
 *
 * ```json
 * { "schema": "baton.tombstone/1",
 *   "pruned": [ { "id": "sha256:…", "previous": null, "created_at": "…",
 *                 "file": "<archive name>", "sha256": "sha256:<hex of the file>" } ],
 *   "decisions": [ { "capsule_id": "sha256:…", "created_at": "…",
 *                    "signer": "sha256:<fingerprint>" | null, "decisions": [ … ] } ],
 *   "digest": "sha256:<hex of the canonical JSON of schema, pruned and decisions>",
 *   "signature": { …the capsule signature's shape… } }
 * ```
 *
 * `decisions` keeps the decisions the pruned capsules made (oldest first),
 * already capped as they were read (a capsule not signed by a trusted key
 * kept no `verified`), with the fingerprint of the key that signed the
 * capsule when that key was trusted at rotation (`signer`, null otherwise),
 * so what is decided now does not change when old capsules go.
 *
 * `pruned` is oldest first and must itself be a chain (each entry's
 * previous is the id before it, the first one's is null); the digest covers
 * everything else in the document. Like a capsule id, the digest proves only
 * that the bytes are unchanged: anyone can recompute it. Who wrote the
 * tombstone is the signature's job: an Ed25519 signature by the rotating
 * machine's key over {@linkcode TOMBSTONE_SIGNATURE_DOMAIN} and the digested
 * content. A tombstone that is unsigned (older batons wrote none), signed by
 * a key this machine does not trust, or whose signature fails is untrusted
 * input: its decisions are read capped to `claimed` and credited to no
 * trusted capsule ({@linkcode tombstoneSources}). Pure apart from hashing and
 * signature checks.
 * @module
 */
import { canonicalJson } from "../json/canonical.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { sha256Id } from "../hash.ts";
import { TRUST_STATES } from "../trust/states.ts";
import type { CapsuleSignature, Decision } from "../capsule/types.ts";
import { checkSignature, signMessage } from "../capsule/capsule_signature.ts";
import type { Authorship } from "../trust/authorship_line.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import type { SigningKey } from "../trust/signing_key.ts";
import type { DecisionSource } from "./decisions.ts";
import type { BatonLayout } from "../store/layout.ts";

/** Where the rotation tombstone lives. */
export function tombstonePath(layout: BatonLayout): string {
  return `${layout.dir}/tombstone.json`;
}

/** The schema identifier of the tombstone. */
export const TOMBSTONE_SCHEMA = "baton.tombstone/1";

/** Prefix of the message a tombstone's signature covers. */
export const TOMBSTONE_SIGNATURE_DOMAIN = "baton.tombstone.signature/1\n";

/** The decisions one pruned capsule made, as the tombstone keeps them. */
export interface TombstoneDecisions {
  capsule_id: string;
  created_at: string;
  /** Fingerprint of the trusted key that signed the capsule; null when none did. */
  signer: string | null;
  decisions: Decision[];
}

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
  decisions: TombstoneDecisions[];
  digest: string;
  /** The rotating machine's signature; absent in older tombstones. */
  signature?: CapsuleSignature;
}

function content(
  pruned: readonly PrunedCapsule[],
  decisions: readonly TombstoneDecisions[],
): string {
  return canonicalJson({ schema: TOMBSTONE_SCHEMA, pruned, decisions });
}

async function digestOf(
  pruned: readonly PrunedCapsule[],
  decisions: readonly TombstoneDecisions[],
): Promise<string> {
  return await sha256Id(content(pruned, decisions));
}

function signedMessage(
  pruned: readonly PrunedCapsule[],
  decisions: readonly TombstoneDecisions[],
): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(TOMBSTONE_SIGNATURE_DOMAIN + content(pruned, decisions));
}

/**
 * Builds a tombstone holding `earlier` (an existing tombstone's list) and then `pruned`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTombstone, checkTombstone, renderTombstone } from "./tombstone.ts";
 * const h = "sha256:" + "a".repeat(64);
 * const t = await buildTombstone([{ id: h, previous: null, created_at: "2026-01-01T00:00:00.000Z", file: "f", sha256: h }], [], null);
 * const checked = await checkTombstone(renderTombstone(t));
 * assert.equal(checked.ok && checked.authorship.status, "unsigned");
 * ```
 */
export async function buildTombstone(
  pruned: readonly PrunedCapsule[],
  decisions: readonly TombstoneDecisions[],
  key: SigningKey | null,
): Promise<Tombstone> {
  const all = [...pruned];
  const made = [...decisions];
  const t: Tombstone = {
    schema: TOMBSTONE_SCHEMA,
    pruned: all,
    decisions: made,
    digest: await digestOf(all, made),
  };
  if (key !== null) t.signature = await signMessage(signedMessage(all, made), key);
  return t;
}

/** The tombstone's file text. */
export function renderTombstone(t: Tombstone): string {
  return JSON.stringify(t, null, 2) + "\n";
}

/**
 * A checked tombstone and who signed it, or why it does not hold. A
 * tombstone whose signature is present and fails is `ok` here with a
 * `bad_signature` authorship: the walker calls that tamper.
 */
export type TombstoneCheck =
  | { ok: true; tombstone: Tombstone; authorship: Authorship }
  | { ok: false; why: string };

const str = (v: unknown): v is string => typeof v === "string" && v.length <= 1024;
const FINGERPRINT = /^sha256:[0-9a-f]{64}$/;
const DIGEST = FINGERPRINT;
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const id = (v: unknown): v is string => typeof v === "string" && DIGEST.test(v);
const time = (v: unknown): v is string => typeof v === "string" && UTC_TIME.test(v);

function isSignatureShape(v: unknown): v is CapsuleSignature {
  const o = v as Record<string, unknown>;
  return typeof v === "object" && v !== null && Object.keys(o).length === 4 &&
    str(o.algorithm) && str(o.public_key) && str(o.fingerprint) && str(o.value);
}

/**
 * Parses and checks a tombstone's text and its signature against the keys
 * this machine trusts (none given: every signer is unknown); never throws.
 */
export async function checkTombstone(
  text: string,
  trustedKeys: TrustedKeys = new Map(),
): Promise<TombstoneCheck> {
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
    Object.keys(doc).length !== ("signature" in doc ? 5 : 4) ||
    ("signature" in doc && !isSignatureShape(doc.signature))
  ) {
    return { ok: false, why: `is not a ${TOMBSTONE_SCHEMA} document` };
  }
  const pruned: PrunedCapsule[] = [];
  for (const e of doc.pruned as unknown[]) {
    const o = e as Record<string, unknown>;
    if (
      typeof e !== "object" || e === null || Object.keys(o).length !== 5 || !id(o.id) ||
      !(o.previous === null || id(o.previous)) || !time(o.created_at) || !str(o.file) ||
      !id(o.sha256)
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
  const decisions: TombstoneDecisions[] = [];
  for (const e of doc.decisions as unknown[]) {
    const o = e as Record<string, unknown>;
    const signer = o.signer ?? null;
    if (
      typeof e !== "object" || e === null || !id(o.capsule_id) || !time(o.created_at) ||
      !(signer === null || (typeof signer === "string" && FINGERPRINT.test(signer))) ||
      !Array.isArray(o.decisions) || !o.decisions.every(isDecision)
    ) {
      return { ok: false, why: "holds a decision record that is not one" };
    }
    decisions.push({
      capsule_id: o.capsule_id,
      created_at: o.created_at,
      signer: signer as string | null,
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
  const signature = doc.signature as CapsuleSignature | undefined;
  const authorship = await checkSignature(
    signature,
    signedMessage(pruned, decisions),
    trustedKeys,
    "tombstone",
  );
  const tombstone: Tombstone = { schema: TOMBSTONE_SCHEMA, pruned, decisions, digest: doc.digest };
  if (signature !== undefined) tombstone.signature = signature;
  return { ok: true, tombstone, authorship };
}

/**
 * The tombstone's decisions as the fold reads them. A record counts as a
 * trusted capsule's only when the tombstone itself is signed by a key this
 * machine trusts and the record names a signer this machine still trusts;
 * otherwise its decisions are capped to `claimed` and it is untrusted.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tombstoneSources } from "./tombstone.ts";
 * const d = { id: "x", text: "t", why: null, status: "active" as const, supersedes: null, provenance: "tool" as const, trust: "verified" as const, evidence_refs: [], captured_at: "t" };
 * const t = { schema: "baton.tombstone/1" as const, pruned: [], digest: "", decisions: [{ capsule_id: "sha256:a", created_at: "t", signer: null, decisions: [d] }] };
 * const [s] = tombstoneSources(t, { status: "unsigned", fingerprint: null, key_name: null, detail: "" }, new Map());
 * assert.equal(s!.trusted, false);
 * assert.equal(s!.decisions[0]!.trust, "claimed");
 * ```
 */
export function tombstoneSources(
  tombstone: Tombstone,
  authorship: Authorship,
  trustedKeys: TrustedKeys,
): DecisionSource[] {
  return tombstone.decisions.map((r) => {
    const trusted = authorship.status === "trusted" && r.signer !== null &&
      trustedKeys.has(r.signer);
    return {
      capsule_id: r.capsule_id,
      created_at: r.created_at,
      trusted,
      via: "tombstone",
      decisions: trusted ? r.decisions : r.decisions.map(capDecision),
    };
  });
}

function capDecision(d: Decision): Decision {
  return d.trust === "verified" || d.trust === "observed" ? { ...d, trust: "claimed" } : d;
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
