/**
 * This machine's signing key as a file: an Ed25519 private key in JWK form
 * (RFC 8037: `kty` "OKP", `crv` "Ed25519", `d` the 32-byte seed, `x` the
 * public key, both base64url), plus `kid`, the key's fingerprint. JWK is the
 * WebCrypto export format, so the file is read and written with nothing but
 * `crypto.subtle`, and any JOSE tool can read it.
 *
 * Decisions:
 * - The key is made from a 32-byte seed the caller supplies (the edge draws
 *   it from the system's random source), so this module takes no randomness
 *   of its own and tests can make fixed keys.
 * - On reading, the public half is derived again from the seed and compared
 *   with `x`: a file whose halves disagree would sign capsules that verify
 *   under no key, so it is refused as damaged instead.
 * - Where the file lives and its permissions are the edge's business
 *   (commands/_adapters/key_ring.ts); nothing here reads or writes files. Pure apart
 *   from WebCrypto.
 * @module
 */
import { InputError } from "../errors.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";
import { ED25519_KEY_BYTES, keyFingerprint, renderPublicKey } from "./public_key.ts";

/** A key that can sign: its public half, its fingerprint and the signing operation. */
export interface SigningKey {
  /** `ed25519:<base64url>`. */
  publicKey: string;
  /** `sha256:<hex>` of the raw public key. */
  fingerprint: string;
  /** Ed25519 signature (64 bytes) of `message`. */
  sign(message: Uint8Array): Promise<Uint8Array<ArrayBuffer>>;
}

/** The fixed PKCS#8 header of an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
]);

const ED25519 = { name: "Ed25519" } as const;

function damaged(what: string): InputError {
  return new InputError(
    `Cannot use the signing key file: ${what}; move it aside and baton makes a new key (capsules it signed then verify only where its public key is trusted)`,
    "signing_key_invalid",
  );
}

async function importSeed(seed: Uint8Array<ArrayBuffer>): Promise<{ key: CryptoKey; x: string }> {
  const pkcs8 = new Uint8Array(PKCS8_ED25519_PREFIX.length + seed.length);
  pkcs8.set(PKCS8_ED25519_PREFIX, 0);
  pkcs8.set(seed, PKCS8_ED25519_PREFIX.length);
  const key = await crypto.subtle.importKey("pkcs8", pkcs8, ED25519, true, ["sign"]);
  const jwk = await crypto.subtle.exportKey("jwk", key);
  if (typeof jwk.x !== "string") throw damaged("the public half cannot be derived");
  return { key, x: jwk.x };
}

async function toSigningKey(key: CryptoKey, x: string): Promise<SigningKey> {
  const raw = decodeBase64Url(x)!;
  return {
    publicKey: renderPublicKey(raw),
    fingerprint: await keyFingerprint(raw),
    sign: async (message) =>
      new Uint8Array(await crypto.subtle.sign(ED25519, key, new Uint8Array(message))),
  };
}

/**
 * Makes the key file text for a new key from a 32-byte random seed.
 * @throws {RangeError} when the seed is not 32 bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSigningKeyFile, parseSigningKeyFile } from "./signing_key.ts";
 * const text = await createSigningKeyFile(new Uint8Array(32).fill(7));
 * const key = await parseSigningKeyFile(text);
 * assert.match(key.publicKey, /^ed25519:[A-Za-z0-9_-]{43}$/);
 * assert.equal((await key.sign(new Uint8Array([1]))).length, 64);
 * ```
 */
export async function createSigningKeyFile(seed: Uint8Array): Promise<string> {
  if (seed.length !== ED25519_KEY_BYTES) throw new RangeError("An Ed25519 seed is 32 bytes");
  const { x } = await importSeed(new Uint8Array(seed));
  const kid = await keyFingerprint(decodeBase64Url(x)!);
  const jwk = { kty: "OKP", crv: "Ed25519", d: encodeBase64Url(seed), x, kid };
  return JSON.stringify(jwk, null, 2) + "\n";
}

function parseJwk(text: string): { seed: Uint8Array<ArrayBuffer>; x: string } {
  let raw: unknown;
  try {
    raw = parseStrictJson(text, { maxBytes: 4096 });
  } catch {
    throw damaged("it is not a JSON document");
  }
  const jwk = raw as Record<string, unknown>;
  if (
    typeof raw !== "object" || raw === null || Array.isArray(raw) || jwk.kty !== "OKP" ||
    jwk.crv !== "Ed25519" || typeof jwk.d !== "string" || typeof jwk.x !== "string"
  ) {
    throw damaged('expected a JWK with kty "OKP", crv "Ed25519", d and x');
  }
  const seed = decodeBase64Url(jwk.d);
  const pub = decodeBase64Url(jwk.x);
  if (seed?.length !== ED25519_KEY_BYTES || pub?.length !== ED25519_KEY_BYTES) {
    throw damaged("d and x must each be 32 bytes in base64url");
  }
  return { seed, x: jwk.x };
}

/**
 * The public half of a key file (its `x`), without loading the private key:
 * what a reader needs to trust this machine's own capsules, at a fraction of
 * the cost. A file whose `x` is not its seed's public key makes capsules
 * that fail verification, so trusting `x` never trusts anything else.
 * @throws {InputError} (`signing_key_invalid`) when the text is not such a key file.
 */
export async function readPublicHalf(
  text: string,
): Promise<{ publicKey: string; fingerprint: string }> {
  const raw = decodeBase64Url(parseJwk(text).x)!;
  return { publicKey: renderPublicKey(raw), fingerprint: await keyFingerprint(raw) };
}

/**
 * Reads a key file's text into a signing key, checking both halves agree.
 * @throws {InputError} (`signing_key_invalid`) when the text is not such a key file.
 */
export async function parseSigningKeyFile(text: string): Promise<SigningKey> {
  const { seed, x: stored } = parseJwk(text);
  const { key, x } = await importSeed(seed);
  if (x !== stored) throw damaged("its public half does not match its private half");
  return await toSigningKey(key, x);
}
