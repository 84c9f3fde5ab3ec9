/**
 * Base64url without padding (RFC 4648 §5), the encoding of Ed25519 keys in
 * JWK (RFC 8037) and of baton's key and signature text. Strict: decoding
 * refuses padding, other alphabets and non-canonical trailing bits, so one
 * value has exactly one spelling. Pure.
 *
 * The runtime's own `Uint8Array` base64 (a V8 built-in) does the work where
 * it exists: `atob` and `btoa` load the runtime's base64 module on first use
 * (a few ms of every process that reads a key or a signature).
 * @module
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;

/** The native `Uint8Array` base64 methods, where the runtime has them. */
interface NativeBase64 {
  fromBase64(text: string, options: { alphabet: "base64url" }): Uint8Array<ArrayBuffer>;
  toBase64(bytes: Uint8Array, options: { alphabet: "base64url"; omitPadding: true }): string;
}

const native: NativeBase64 | null = (() => {
  const from = (Uint8Array as unknown as { fromBase64?: NativeBase64["fromBase64"] }).fromBase64;
  const to = (Uint8Array.prototype as unknown as {
    toBase64?: (this: Uint8Array, o: { alphabet: "base64url"; omitPadding: true }) => string;
  }).toBase64;
  if (typeof from !== "function" || typeof to !== "function") return null;
  return {
    fromBase64: (text, options) => from(text, options),
    toBase64: (bytes, options) => to.call(bytes, options),
  };
})();

/** Encodes bytes as unpadded base64url. */
export function encodeBase64Url(bytes: Uint8Array): string {
  if (native !== null) return native.toBase64(bytes, { alphabet: "base64url", omitPadding: true });
  let bin = "";
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]!);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Decodes unpadded base64url; null when the text is not its canonical spelling. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!ALPHABET.test(text) || text.length % 4 === 1) return null;
  let out: Uint8Array<ArrayBuffer>;
  try {
    if (native !== null) out = native.fromBase64(text, { alphabet: "base64url" });
    else {
      const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
      out = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    }
  } catch {
    return null;
  }
  // Non-zero unused bits would give a second spelling of the same bytes.
  return encodeBase64Url(out) === text ? out : null;
}
