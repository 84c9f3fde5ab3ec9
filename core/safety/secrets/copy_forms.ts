/**
 * The other forms a found secret's copy takes in a transcript: the same
 * value percent-encoded (a URL, a form body), JSON-escaped once more or
 * once less (`\/`, `\"`, `\\`), with punctuation as `\u00XX` (Go's `\u0026`,
 * .NET's `\u002B`, Gson's `\u003d`), base64-encoded (`echo -n
 * $T | base64`, a Kubernetes Secret's `data`), and, for a value that is
 * the base64 of text, that text (`kubectl get secret ... | base64 -d`, a
 * Basic header's `user:password` and its password); and a key block's
 * body without its armour, line by line and joined. Every copy of a value
 * is redacted in each of these forms (copies.ts). Pure: no I/O.
 * @module
 */

/**
 * Bytes as a string of one character per byte, a few thousand arguments at
 * a time rather than a decoder call per value (also the copy memory's key).
 */
export function byteText(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 4096) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 4096) as unknown as number[]);
  }
  return s;
}

/** A string of one character per byte as bytes. */
function bytesOf(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

/** Bytes percent-encoding leaves as they are (RFC 3986's unreserved characters). */
const UNRESERVED = new Uint8Array(256);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~") {
  UNRESERVED[c.charCodeAt(0)] = 1;
}
const HEX_UPPER = "0123456789ABCDEF";
const HEX_LOWER = "0123456789abcdef";

/** Percent-encoding of every byte but the unreserved ones, with upper- or lower-case hex. */
function percentEncoded(s: string, hex: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += UNRESERVED[c] === 1 ? s[i] : "%" + hex[c >> 4] + hex[c & 15];
  }
  return out;
}

/** Percent-decoding of every `%XX` (and nothing else). */
function percentDecoded(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** One more level of JSON escaping: `\` and `"`, and `/` as `\/` too when `solidus`. */
function jsonEscaped(s: string, solidus: boolean): string {
  const once = s.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
  return solidus ? once.replaceAll("/", "\\/") : once;
}

/**
 * The `\uXXXX` escapings JSON writers apply to punctuation, each the set of
 * bytes it escapes and its hex digits: Go's (`&<>`, kubectl and other Go
 * tools), Gson's (`<>&='`: a base64 value's padding becomes `\u003d`),
 * .NET System.Text.Json's (`"&'+<>` and the backtick, upper-case hex: a
 * base64 value's `+` becomes `\u002B`) and the HTML-safe one of
 * serialize-javascript (`<>/`, upper-case). A writer that escapes every
 * byte but letters and digits is not followed: those forms cost the copy
 * search about 1 % of the bench transcript's scan (their windows meet
 * every `\u00XX` escape of the text) for a writer no common tool is.
 */
const UNICODE_ESCAPINGS: readonly { set: Uint8Array; hex: string }[] = [
  ["&<>", HEX_LOWER],
  ["<>&='", HEX_LOWER],
  ["\"&'+<>\x60", HEX_UPPER],
  ["<>/", HEX_UPPER],
].map(([chars, hex]) => {
  const set = new Uint8Array(256);
  for (const c of chars!) set[c.charCodeAt(0)] = 1;
  return { set, hex: hex! };
});

/** Bit of ESCAPED_BY: `\\` or `"`, which every JSON escaping escapes. */
const ESCAPED_JSON = 1;
/** Bit of ESCAPED_BY: `/`, escaped by the JSON form with the solidus. */
const ESCAPED_SOLIDUS = 2;
/** First bit of ESCAPED_BY of the sets of UNICODE_ESCAPINGS, one bit each in their order. */
const ESCAPED_UNICODE = 4;
/** Per byte, which of the JSON and `\\u` escapings change it (the bits above). */
const ESCAPED_BY = new Uint8Array(256);
ESCAPED_BY[0x5c] = ESCAPED_BY[0x22] = ESCAPED_JSON;
ESCAPED_BY[0x2f] = ESCAPED_SOLIDUS;
UNICODE_ESCAPINGS.forEach(({ set }, k) => {
  for (let b = 0; b < 256; b++) if (set[b] === 1) ESCAPED_BY[b]! |= ESCAPED_UNICODE << k;
});

/**
 * A JSON writer's string of `s`: each byte of `set` as `\u00XX`, the other
 * `\` and `"` escaped by a backslash.
 */
function unicodeEscaped(s: string, set: Uint8Array, hex: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (set[c] === 1) out += "\\u00" + hex[c >> 4] + hex[c & 15];
    else out += c === 0x5c || c === 0x22 ? "\\" + s[i] : s[i];
  }
  return out;
}

/** One level of JSON unescaping of the escapes a value's copy loses (`\/`, `\"`, `\\`, `\uXXXX`). */
function jsonUnescaped(s: string): string {
  return s.replace(
    /\\(?:u([0-9A-Fa-f]{4})|([\\"/]))/g,
    (_, hex: string | undefined, c: string | undefined) =>
      hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : c!,
  );
}

/** The text a base64 (or base64url) value encodes, when it is printable ASCII; else null. */
function decodedText(s: string): string | null {
  const bare = s.replace(/={1,2}$/, "");
  if (bare.length % 4 === 1 || !/^(?:[A-Za-z0-9+/]+|[A-Za-z0-9\-_]+)$/.test(bare)) return null;
  let decoded: string;
  try {
    decoded = atob(bare.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
  const trimmed = decoded.replace(/\r?\n$/, "");
  return /^[\x20-\x7e]+$/.test(trimmed) ? trimmed : null;
}

/** Shortest line of a key block's body remembered on its own. */
const MIN_BODY_LINE = 16;

/**
 * The body of a key block (`-----BEGIN ... PRIVATE KEY-----` to its END
 * line, lines broken by real or JSON-escaped line breaks) as its copies
 * print it without the armour: each base64 line of it (`sed -n 2,5p
 * key.pem`) and the lines joined (`tr -d '\n'`, a one-line variable).
 */
function armorBodyForms(s: string): string[] {
  const lines = s.split(/\r?\n|\\+[nr]/).map((l) => l.trim());
  const body = lines.filter((l) => /^[A-Za-z0-9+/]+={0,2}$/.test(l));
  if (body.length === 0) return [];
  return [...body.filter((l) => l.length >= MIN_BODY_LINE), body.join("")];
}

/**
 * The other forms of a found value whose copies are redacted too, each
 * different from the value (none when it has no other form). Forms shorter
 * than `minBytes` are left out.
 * @param value The value's bytes as found.
 * @param minBytes Shortest form returned.
 * @returns Distinct forms, the value itself not among them, each with its key.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { copyForms } from "./copy_forms.ts";
 * const forms = copyForms(new TextEncoder().encode("ab/cd+ef9K"), 6).map((f) => f.key);
 * assert.ok(forms.includes("ab%2Fcd%2Bef9K"));
 * assert.ok(forms.includes("ab\\/cd+ef9K"));
 * assert.ok(forms.includes("YWIvY2QrZWY5Sw"));
 * assert.ok(copyForms(new TextEncoder().encode("YWRtaW46Wng5a3EyTG13N1FwM1J0OA=="), 6)
 *   .map((f) => f.key).includes("Zx9kq2Lmw7Qp3Rt8"));
 * ```
 */
export function copyForms(value: Uint8Array, minBytes: number): CopyForm[] {
  const s = byteText(value);
  const forms = new Set<string>();
  // Only a value with a byte outside the unreserved set has percent or JSON forms.
  let plain = true;
  for (let i = 0; i < value.length && plain; i++) plain = UNRESERVED[value[i]!] === 1;
  if (!plain) {
    forms.add(percentEncoded(s, HEX_UPPER));
    forms.add(percentEncoded(s, HEX_LOWER));
    if (s.includes("%")) forms.add(percentDecoded(s));
    // Only the escapings of bytes the value holds: the others give the value itself back.
    let held = 0;
    for (let i = 0; i < value.length; i++) held |= ESCAPED_BY[value[i]!]!;
    if ((held & ESCAPED_JSON) !== 0) forms.add(jsonEscaped(s, false));
    if ((held & (ESCAPED_JSON | ESCAPED_SOLIDUS)) !== 0) forms.add(jsonEscaped(s, true));
    // Each `\u` escaping as printed, and escaped once more as a transcript's JSON line holds it.
    UNICODE_ESCAPINGS.forEach(({ set, hex }, k) => {
      if ((held & (ESCAPED_JSON | (ESCAPED_UNICODE << k))) === 0) return;
      const escaped = unicodeEscaped(s, set, hex);
      forms.add(escaped);
      forms.add(jsonEscaped(escaped, false));
    });
    if (s.includes("\\")) forms.add(jsonUnescaped(s));
  }
  // Base64 without its padding: a copy with or without `=` after it is met;
  // and of the value with the line break `echo` adds.
  forms.add(btoa(s).replace(/=+$/, ""));
  forms.add(btoa(s + "\n").replace(/=+$/, ""));
  const decoded = decodedText(s);
  if (decoded !== null) {
    forms.add(decoded);
    // A Basic credential's `user:password`: its password alone too.
    const colon = decoded.indexOf(":");
    if (colon > 0) forms.add(decoded.slice(colon + 1));
  }
  if (s.startsWith("-----BEGIN ")) { for (const f of armorBodyForms(s)) forms.add(f); }
  forms.delete(s);
  const out: CopyForm[] = [];
  for (const f of forms) if (f.length >= minBytes) out.push({ key: f, bytes: bytesOf(f) });
  return out;
}

/** One other form of a value: its bytes and the same bytes as a string of one character per byte. */
export interface CopyForm {
  key: string;
  bytes: Uint8Array;
}
