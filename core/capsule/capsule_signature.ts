/**
 * Capsule signatures: who wrote a capsule, as opposed to its id, which only
 * says the bytes are unchanged (anyone can recompute an id).
 *
 * The signature is an Ed25519 signature over the UTF-8 bytes of
 * {@linkcode SIGNATURE_DOMAIN} followed by the RFC 8785 canonical JSON of the
 * capsule without its `id` and `signature` fields: exactly the bytes the id
 * hashes, behind a domain prefix so a capsule signature can never be replayed
 * as a signature over anything else. It is stored beside the id:
 *
 * ```json
 * "signature": { "algorithm": "ed25519", "public_key": "ed25519:<43 base64url>",
 *                "fingerprint": "sha256:<64 hex>", "value": "<86 base64url>" }
 * ```
 *
 * A capsule without the field is unsigned (every capsule before signing
 * existed): it stays readable, and the trust cap treats it as written by a
 * stranger. Pure apart from WebCrypto.
 * @module
 */
import type { Capsule, CapsuleSignature } from "./types.ts";
import { canonicalJson } from "../json/canonical.ts";
import { isWellFormedDigest } from "../hash.ts";
import { decodeBase64Url, encodeBase64Url } from "../trust/base64url.ts";
import type { Authorship } from "../trust/authorship_line.ts";
import { OWN_KEY_NAME, type TrustedKeys } from "../trust/key_ring.ts";
import { decodePublicKey, keyFingerprint } from "../trust/public_key.ts";
import type { SigningKey } from "../trust/signing_key.ts";

/** Prefix of every signed message. */
export const SIGNATURE_DOMAIN = "baton.capsule.signature/1\n";

const enc = new TextEncoder();
const ED25519 = { name: "Ed25519" } as const;

/** The bytes a capsule's signature covers. */
export function signatureMessage(capsule: Omit<Capsule, "id"> | Capsule): Uint8Array<ArrayBuffer> {
  const { id: _id, signature: _sig, ...rest } = capsule as Capsule;
  return enc.encode(SIGNATURE_DOMAIN + canonicalJson(rest));
}

/**
 * Returns a copy of `capsule` carrying its writer's signature.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSigningKeyFile, parseSigningKeyFile } from "../trust/signing_key.ts";
 * import { checkAuthorship, signCapsule } from "./capsule_signature.ts";
 * const key = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32)));
 * const signed = await signCapsule({ id: "x", schema: "s" } as never, key);
 * const mine = new Map([[key.fingerprint, { name: "this machine", own: true }]]);
 * assert.equal((await checkAuthorship(signed, mine)).status, "trusted");
 * assert.equal((await checkAuthorship(signed, new Map())).status, "unknown_key");
 * ```
 */
export async function signCapsule(capsule: Capsule, key: SigningKey): Promise<Capsule> {
  const { signature: _old, ...rest } = capsule;
  return { ...rest, signature: await signMessage(signatureMessage(rest), key) };
}

/**
 * Signs any domain-prefixed message (capsules, evidence records) with this
 * machine's key, in the capsule signature's shape.
 */
export async function signMessage(
  message: Uint8Array<ArrayBuffer>,
  key: SigningKey,
): Promise<CapsuleSignature> {
  const value = await key.sign(message);
  return {
    algorithm: "ed25519",
    public_key: key.publicKey,
    fingerprint: key.fingerprint,
    value: encodeBase64Url(value),
  };
}

function bad(detail: string, fingerprint: string | null = null): Authorship {
  return { status: "bad_signature", fingerprint, key_name: null, detail };
}

/**
 * Checks a capsule's signature against the keys this machine trusts. Never
 * throws: every problem is a status.
 */
export async function checkAuthorship(capsule: Capsule, trusted: TrustedKeys): Promise<Authorship> {
  return await checkSignature(capsule.signature, signatureMessage(capsule), trusted, "capsule");
}

/**
 * Checks a signature over `message` (built by the caller with its own
 * domain prefix) against the keys this machine trusts. Never throws.
 */
export async function checkSignature(
  sig: CapsuleSignature | undefined,
  message: Uint8Array<ArrayBuffer>,
  trusted: TrustedKeys,
  what = "capsule",
): Promise<Authorship> {
  if (sig === undefined) {
    return {
      status: "unsigned",
      fingerprint: null,
      key_name: null,
      detail: `the ${what} carries no signature`,
    };
  }
  if (sig.algorithm !== "ed25519") return bad("the signature algorithm is not ed25519");
  const raw = decodePublicKey(sig.public_key);
  if (raw === null) return bad("the signing public key is malformed");
  const fingerprint = await keyFingerprint(raw);
  if (!isWellFormedDigest(sig.fingerprint) || sig.fingerprint !== fingerprint) {
    return bad("the recorded fingerprint is not that of the signing key");
  }
  const value = decodeBase64Url(sig.value);
  if (value === null || value.length !== 64) {
    return bad("the signature value is malformed", fingerprint);
  }
  let ok = false;
  try {
    const key = await crypto.subtle.importKey("raw", raw, ED25519, false, ["verify"]);
    ok = await crypto.subtle.verify(ED25519, key, value, message);
  } catch {
    ok = false;
  }
  if (!ok) {
    return bad(
      `the signature does not verify: the ${what} was altered or the signature forged`,
      fingerprint,
    );
  }
  const known = trusted.get(fingerprint);
  if (known === undefined) {
    return {
      status: "unknown_key",
      fingerprint,
      key_name: null,
      detail: "signed by a key this machine does not trust (add it with baton trust add)",
    };
  }
  return {
    status: "trusted",
    fingerprint,
    key_name: known.name,
    detail: known.own
      ? `signed by ${OWN_KEY_NAME}'s key`
      : `signed by the key trusted as "${known.name}"`,
  };
}
