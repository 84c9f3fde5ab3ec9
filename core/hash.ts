/**
 * Content digests: SHA-256 ids for baton's own records and git blob SHA-1s
 * for comparing with git objects.
 *
 * Pure: WebCrypto only, no I/O. Digest text is always lowercase hex. The one
 * prefixed digest form baton writes is `sha256:<64 hex>`
 * ({@linkcode sha256Id}); git object ids stay bare 40-hex strings, as git
 * writes them, so {@linkcode isWellFormedDigest} accepts only the sha256 form.
 * @module
 */

const encoder = new TextEncoder();
const SHA256_ID = /^sha256:[0-9a-f]{64}$/;

/**
 * The prefix of every digest id baton writes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SHA256_PREFIX, sha256Id } from "./hash.ts";
 * assert.ok((await sha256Id("x")).startsWith(SHA256_PREFIX));
 * ```
 */
export const SHA256_PREFIX = "sha256:";

/**
 * SHA-256 of bytes, or of a string's UTF-8 encoding, as lowercase hex.
 *
 * @param data Bytes, or text hashed as UTF-8.
 * @returns 64 lowercase hex characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sha256Hex } from "./hash.ts";
 * assert.equal(
 *   await sha256Hex("abc"),
 *   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 */
export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", toBufferSource(data)));
}

/**
 * SHA-256 digest id: `sha256:` followed by the lowercase hex digest.
 *
 * @param data Bytes, or text hashed as UTF-8.
 * @returns `sha256:<64 lowercase hex>`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sha256Id } from "./hash.ts";
 * assert.equal(
 *   await sha256Id(""),
 *   "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
 * );
 * ```
 */
export async function sha256Id(data: Uint8Array | string): Promise<string> {
  return SHA256_PREFIX + await sha256Hex(data);
}

/**
 * The git blob object id of some content: SHA-1 of `blob <length>\0` plus
 * the content, exactly what `git hash-object` prints.
 *
 * @param content The file's bytes.
 * @returns 40 lowercase hex characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gitBlobSha1Hex } from "./hash.ts";
 * // `git hash-object /dev/null`
 * assert.equal(await gitBlobSha1Hex(new Uint8Array()), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
 * ```
 */
export async function gitBlobSha1Hex(content: Uint8Array): Promise<string> {
  const header = encoder.encode(`blob ${content.length}\0`);
  const object = new Uint8Array(header.length + content.length);
  object.set(header, 0);
  object.set(content, header.length);
  return toHex(await crypto.subtle.digest("SHA-1", object));
}

/**
 * True when `s` is a digest id as baton writes it: `sha256:` and 64
 * lowercase hex characters. Uppercase hex, other algorithms and bare hex are
 * refused, so one digest has one spelling.
 *
 * @param s Any string.
 * @returns Whether it is a well-formed `sha256:` digest id.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isWellFormedDigest } from "./hash.ts";
 * assert.equal(isWellFormedDigest("sha256:" + "ab".repeat(32)), true);
 * assert.equal(isWellFormedDigest("sha256:" + "AB".repeat(32)), false);
 * ```
 */
export function isWellFormedDigest(s: string): boolean {
  return SHA256_ID.test(s);
}

function toBufferSource(data: Uint8Array | string): Uint8Array<ArrayBuffer> {
  if (typeof data === "string") return encoder.encode(data);
  // WebCrypto refuses views over a SharedArrayBuffer; copy those.
  return data.buffer instanceof ArrayBuffer
    ? data as Uint8Array<ArrayBuffer>
    : new Uint8Array(data);
}

function toHex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += (bytes[i] as number).toString(16).padStart(2, "0");
  return hex;
}
