/**
 * The text form of an Ed25519 public key and its fingerprint. A public key is
 * written `ed25519:` followed by the 32 raw key bytes in unpadded base64url
 * (43 characters), one line, so it can be pasted into a chat or committed to
 * a team's notes; its fingerprint is `sha256:` and the hex SHA-256 of those
 * 32 bytes. Two keys with one fingerprint would need a SHA-256 collision, so
 * trust is recorded by fingerprint. Pure apart from hashing.
 * @module
 */
import { InputError } from "../errors.ts";
import { sha256Id } from "../hash.ts";
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";

/** Prefix of a public key's text form. */
export const PUBLIC_KEY_PREFIX = "ed25519:";
/** Bytes of an Ed25519 public key. */
export const ED25519_KEY_BYTES = 32;

/**
 * Renders raw public key bytes as `ed25519:<base64url>`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderPublicKey } from "./public_key.ts";
 * assert.equal(renderPublicKey(new Uint8Array(32)), "ed25519:" + "A".repeat(43));
 * ```
 */
export function renderPublicKey(raw: Uint8Array): string {
  return PUBLIC_KEY_PREFIX + encodeBase64Url(raw);
}

/** The raw 32 bytes of a key's text form; null when it is not one. */
export function decodePublicKey(text: string): Uint8Array<ArrayBuffer> | null {
  if (!text.startsWith(PUBLIC_KEY_PREFIX)) return null;
  const raw = decodeBase64Url(text.slice(PUBLIC_KEY_PREFIX.length));
  return raw !== null && raw.length === ED25519_KEY_BYTES ? raw : null;
}

/**
 * Parses a public key as a person gives it: the text form, alone on a line
 * or followed by a comment (`ed25519:... alice@laptop`), surrounding blank
 * lines and `#` comment lines allowed.
 * @throws {InputError} when the text holds no key or more than one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePublicKey } from "./public_key.ts";
 * const key = "ed25519:" + "A".repeat(43);
 * assert.equal(parsePublicKey(`# alice\n${key} alice@laptop\n`), key);
 * ```
 */
export function parsePublicKey(text: string): string {
  const found: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (t === "" || t.startsWith("#")) continue;
    found.push(t.split(/\s+/)[0]!);
  }
  if (found.length !== 1) {
    throw new InputError(
      `Cannot read the public key: expected one line "${PUBLIC_KEY_PREFIX}<43 base64url characters>", found ${found.length} non-comment line(s)`,
      "public_key_invalid",
    );
  }
  if (decodePublicKey(found[0]!) === null) {
    throw new InputError(
      `Cannot read the public key: expected "${PUBLIC_KEY_PREFIX}" followed by 43 base64url characters (as baton trust show-key prints)`,
      "public_key_invalid",
    );
  }
  return found[0]!;
}

/**
 * The fingerprint of a public key: `sha256:` + hex SHA-256 of its raw bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { keyFingerprint } from "./public_key.ts";
 * assert.match(await keyFingerprint(new Uint8Array(32)), /^sha256:[0-9a-f]{64}$/);
 * ```
 */
export async function keyFingerprint(raw: Uint8Array): Promise<string> {
  return await sha256Id(raw);
}

/** The short form shown to people: the first 16 hex digits of a fingerprint. */
export function shortFingerprint(fingerprint: string): string {
  return fingerprint.replace(/^sha256:/, "").slice(0, 16);
}
