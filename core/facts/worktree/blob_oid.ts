/**
 * Git blob ids (SHA-1 of `blob <len>\0<content>`) through WebCrypto. Pure: the
 * caller reads the bytes.
 * @module
 */

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, "0"));
const ENCODER = new TextEncoder();

/**
 * Computes the git blob id of some content.
 *
 * @param content File bytes (for a symlink: the UTF-8 link target).
 * @returns 40 lower-case hex digits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hashBlob } from "./blob_oid.ts";
 * assert.equal(await hashBlob(new Uint8Array()), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
 * ```
 */
export async function hashBlob(content: Uint8Array): Promise<string> {
  const header = ENCODER.encode(`blob ${content.length}\0`);
  const buf = new Uint8Array(header.length + content.length);
  buf.set(header);
  buf.set(content, header.length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", buf));
  let hex = "";
  for (const b of digest) hex += HEX[b]!;
  return hex;
}
