/**
 * The numeric and structural checks rules use to confirm a candidate:
 * Shannon entropy, the CRC32/base62 checksum of GitHub and npm tokens, and
 * decoders that tell a credential from a look-alike (Basic auth payloads,
 * JWT headers). Pure: no I/O.
 * @module
 */

/**
 * Shannon entropy of a string in bits per character.
 * @param s The string.
 * @returns 0 for an empty or one-symbol string.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shannonEntropy } from "./checks.ts";
 * assert.equal(shannonEntropy("aaaa"), 0);
 * assert.equal(shannonEntropy("abcd"), 2);
 * ```
 */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<number, number>();
  const ascii = new Uint32Array(128);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) ascii[c]!++;
    else counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let h = 0;
  const add = (n: number) => {
    const p = n / s.length;
    h -= p * Math.log2(p);
  };
  for (let c = 0; c < 128; c++) if (ascii[c]! > 0) add(ascii[c]!);
  for (const n of counts.values()) add(n);
  return h;
}

let crcTable: Uint32Array | null = null;

/**
 * CRC-32 (IEEE 802.3, as zlib) of the ASCII/Latin-1 code units of a string.
 * @param s The string.
 * @returns The unsigned checksum.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { crc32 } from "./checks.ts";
 * assert.equal(crc32("123456789"), 0xcbf43926);
 * ```
 */
export function crc32(s: string): number {
  if (crcTable === null) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < s.length; i++) {
    crc = crcTable[(crc ^ s.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Encodes a number in base62 (0-9, A-Z, a-z), left-padded with "0".
 * @param n A non-negative integer.
 * @param width Minimum length.
 * @returns The digits.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { base62 } from "./checks.ts";
 * assert.equal(base62(61, 3), "00z");
 * ```
 */
export function base62(n: number, width: number): string {
  let out = "";
  let v = n;
  do {
    out = BASE62[v % 62] + out;
    v = Math.floor(v / 62);
  } while (v > 0);
  return out.padStart(width, "0");
}

/**
 * Checks the checksum of a GitHub (ghp_, gho_, ghu_, ghs_, ghr_) or npm
 * (npm_) token: the last six characters are the base62 CRC-32 of the thirty
 * random characters before them (GitHub's 2021 token format, which npm
 * adopted).
 * @param token The whole token including its 4-character prefix.
 * @returns True when the checksum matches.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { base62, crc32, hasValidTokenChecksum } from "./checks.ts";
 * const body = "A".repeat(29) + "b";
 * assert.ok(hasValidTokenChecksum("ghp_" + body + base62(crc32(body), 6)));
 * assert.ok(!hasValidTokenChecksum("ghp_" + body + "000000"));
 * ```
 */
export function hasValidTokenChecksum(token: string): boolean {
  if (token.length !== 40) return false;
  const body = token.slice(4, 34);
  return base62(crc32(body), 6) === token.slice(34);
}

/**
 * Decodes standard or URL-safe base64 (padding optional) to a Latin-1 string.
 * @param s The base64 text.
 * @returns The decoded text, or null when `s` is not base64.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeBase64Loose } from "./checks.ts";
 * assert.equal(decodeBase64Loose("aGk"), "hi");
 * assert.equal(decodeBase64Loose("a*b"), null);
 * ```
 */
export function decodeBase64Loose(s: string): string | null {
  const std = s.replace(/-/g, "+").replace(/_/g, "/");
  const padded = std + "=".repeat((4 - (std.length % 4)) % 4);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(padded) || padded.length % 4 !== 0) return null;
  try {
    return atob(padded);
  } catch {
    return null;
  }
}

/**
 * True when a base64 value decodes to printable `user:password` text, the
 * shape of HTTP Basic credentials and docker config `auth` entries.
 * @param value The base64 text.
 * @returns Whether it decodes to a user and a non-empty password.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBase64UserPass } from "./checks.ts";
 * assert.ok(isBase64UserPass(btoa("deploy:s3cr3t-Pa55")));
 * assert.ok(!isBase64UserPass("authentication"));
 * ```
 */
export function isBase64UserPass(value: string): boolean {
  const text = decodeBase64Loose(value);
  if (text === null) return false;
  const colon = text.indexOf(":");
  return colon >= 0 && colon < text.length - 1 && /^[\x20-\x7e]+$/.test(text);
}

/**
 * True when the first segment of a JWT decodes to a JSON object with an
 * `alg` member (a real JOSE header, not a look-alike).
 * @param token The compact JWT.
 * @returns Whether the header is a JOSE header.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasJoseHeader } from "./checks.ts";
 * const h = btoa('{"alg":"HS256"}').replace(/=+$/, "");
 * assert.ok(hasJoseHeader(h + ".e30.sig"));
 * assert.ok(!hasJoseHeader("eyJub3RoaW5nIjoxfQ.e30.sig"));
 * ```
 */
export function hasJoseHeader(token: string): boolean {
  const first = token.split(".")[0] ?? "";
  // `eyJhbGciOi` is `{"alg":` itself: a header that opens so and then fails to decode (a
  // hand-edited or damaged token) still declares an algorithm.
  const declaresAlg = first.startsWith("eyJhbGciOi");
  const text = decodeBase64Loose(first);
  if (text === null) return declaresAlg;
  try {
    const header: unknown = JSON.parse(text);
    return typeof header === "object" && header !== null && !Array.isArray(header) &&
      typeof (header as Record<string, unknown>).alg === "string";
  } catch {
    return declaresAlg;
  }
}

/**
 * True when a base64 value decodes to the start of a PEM private key block
 * (`-----BEGIN ... PRIVATE KEY`, or a PGP `... PRIVATE KEY BLOCK`), the shape a Kubernetes
 * Secret or a CI variable stores.
 * @param value The base64 text.
 * @returns Whether it encodes a private key.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBase64PrivateKey } from "./checks.ts";
 * const head = ["-----BEGIN", " EC PRIVATE KEY-----\n"].join("");
 * assert.ok(isBase64PrivateKey(btoa(head + "MHcCAQEEI".repeat(8))));
 * assert.ok(!isBase64PrivateKey(btoa("-----BEGIN CERTIFICATE-----\n" + "MIIB".repeat(20))));
 * ```
 */
export function isBase64PrivateKey(value: string): boolean {
  const head = decodeBase64Loose(value.slice(0, 64));
  return head !== null && /^-----BEGIN [A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----/.test(head);
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/**
 * True when a lower-case bech32 string (`hrp1data`) carries a valid
 * checksum (BIP-173), as Nostr's `nsec1...` keys do.
 * @param text The bech32 string.
 * @returns Whether its last six characters check the rest.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasBech32Checksum } from "./checks.ts";
 * assert.ok(hasBech32Checksum("a12uel5l"));
 * assert.ok(!hasBech32Checksum("a12uel5m"));
 * ```
 */
export function hasBech32Checksum(text: string): boolean {
  const s = text.toLowerCase();
  const sep = s.lastIndexOf("1");
  if (sep < 1 || s.length - sep < 7) return false;
  const values: number[] = [];
  for (let i = 0; i < sep; i++) values.push(s.charCodeAt(i) >> 5);
  values.push(0);
  for (let i = 0; i < sep; i++) values.push(s.charCodeAt(i) & 31);
  for (let i = sep + 1; i < s.length; i++) {
    const v = BECH32.indexOf(s[i]!);
    if (v < 0) return false;
    values.push(v);
  }
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!;
  }
  return chk === 1;
}

/**
 * True when a token's body is words joined in camel or Pascal case, a short
 * number at most after them (`ButtonPrimaryLargeIcon`,
 * `deploymentPipelineRunner2`): a name in code, not random characters. A
 * random run of 20 alphanumerics is one about three times in 100,000, of
 * 32 or more practically never.
 * @param body The token after its prefix.
 * @returns Whether it reads as an identifier.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCamelWords } from "./checks.ts";
 * assert.ok(isCamelWords("ButtonPrimaryLargeIcon"));
 * assert.ok(!isCamelWords("Q7zJMLOZWFHHzFLh6cwcPq"));
 * ```
 */
export function isCamelWords(body: string): boolean {
  return /^(?:[a-z]{2,}|[A-Z][a-z]{2,})(?:[A-Z][a-z]{2,})+[0-9]{0,2}$/.test(body);
}

/**
 * True when a token's body is a name made of words and numbers, as a file
 * or build artifact is named (`db_2024-06-01_full_dump.sql.gz`,
 * `export_20240601T120000Z_full.backup.json`): split at `_`, `.` and `-`,
 * each part is one word in one case (`full`, `Backup`, `JSON`), a number, a
 * short word with a number (`v3`, `x86`, `64bit`) or a compact timestamp. A
 * random base64url body mixes cases and digits within its parts, so it is
 * practically never one.
 * @param body The token after its prefix.
 * @returns Whether it reads as a name.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isNameOfWords } from "./checks.ts";
 * assert.ok(isNameOfWords("db_2024-06-01_full_dump.sql.gz"));
 * assert.ok(!isNameOfWords("a1b2c3.Q7zAb9kLmN4pQ8rS2tUvW5xYz0aB3cD6eF"));
 * ```
 */
export function isNameOfWords(body: string): boolean {
  return body.split(/[_.\-]+/).every((part) =>
    /^(?:[a-z]*|[A-Z][a-z]*|[A-Z]+|[0-9]+|[a-z]{1,3}[0-9]{1,3}|[0-9]{1,3}[a-z]{1,3}|[0-9]{8}T[0-9]{4,6}Z?)$/
      .test(part)
  );
}
