/**
 * Base64url without padding (RFC 4648 §5), the encoding of Ed25519 keys in
 * JWK (RFC 8037) and of baton's key and signature text. Strict: decoding
 * refuses padding, other alphabets and non-canonical trailing bits, so one
 * value has exactly one spelling. Pure.
 * @module
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;

/** Encodes bytes as unpadded base64url. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]!);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Decodes unpadded base64url; null when the text is not its canonical spelling. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return null;
  let bin: string;
  try {
    bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  // Non-zero unused bits would give a second spelling of the same bytes.
  return encodeBase64Url(out) === text ? out : null;
}
