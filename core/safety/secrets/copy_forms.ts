/**
 * The other forms a found secret's copy takes in a transcript: the same
 * value percent-encoded (a URL, a form body), JSON-escaped once more or
 * once less (`\/`, `\"`, `\\`, Go's `\u0026`), base64-encoded (`echo -n
 * $T | base64`, a Kubernetes Secret's `data`), and, for a value that is
 * the base64 of text, that text (`kubectl get secret ... | base64 -d`, a
 * Basic header's `user:password` and its password). Every copy of a value
 * is redacted in each of these forms (copies.ts). Pure: no I/O.
 * @module
 */

const latin1 = new TextDecoder("latin1");

/** Bytes as a string of one character per byte. */
function text(bytes: Uint8Array): string {
  return latin1.decode(bytes);
}

/** A string of one character per byte as bytes. */
function bytesOf(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** Percent-encoding of every byte but the unreserved ones, with upper- or lower-case hex. */
function percentEncoded(s: string, lower: boolean): string {
  let out = "";
  for (const c of s) {
    if (UNRESERVED.test(c)) out += c;
    else {
      const hex = c.charCodeAt(0).toString(16).padStart(2, "0");
      out += "%" + (lower ? hex : hex.toUpperCase());
    }
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

/** Go's JSON escaping of `<`, `>` and `&` (kubectl and other Go tools print it). */
function goEscaped(s: string): string {
  return s.replaceAll("&", "\\u0026").replaceAll("<", "\\u003c").replaceAll(">", "\\u003e");
}

/** One level of JSON unescaping of the escapes a value's copy loses (`\/`, `\"`, `\\`, `\uXXXX`). */
function jsonUnescaped(s: string): string {
  return s.replace(
    /\\(?:u([0-9A-Fa-f]{4})|([\\"/]))/g,
    (_, hex: string | undefined, c: string | undefined) =>
      hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : c!,
  );
}

function base64Of(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 4096) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 4096) as unknown as number[]);
  }
  return btoa(s);
}

/** The text a base64 (or base64url) value encodes, when it is printable ASCII; else null. */
function decodedText(s: string): string | null {
  const bare = s.replace(/={1,2}$/, "");
  if (!/^(?:[A-Za-z0-9+/]+|[A-Za-z0-9\-_]+)$/.test(bare) || bare.length % 4 === 1) return null;
  let decoded: string;
  try {
    decoded = atob(bare.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
  const trimmed = decoded.replace(/\r?\n$/, "");
  return /^[\x20-\x7e]+$/.test(trimmed) ? trimmed : null;
}

/**
 * The other forms of a found value whose copies are redacted too, each
 * different from the value (none when it has no other form). Forms shorter
 * than `minBytes` are left out.
 * @param value The value's bytes as found.
 * @param minBytes Shortest form returned.
 * @returns Distinct forms, the value itself not among them.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { copyForms } from "./copy_forms.ts";
 * const forms = copyForms(new TextEncoder().encode("ab/cd+ef9K"), 6).map((f) => new TextDecoder().decode(f));
 * assert.ok(forms.includes("ab%2Fcd%2Bef9K"));
 * assert.ok(forms.includes("ab\\/cd+ef9K"));
 * assert.ok(forms.includes("YWIvY2QrZWY5Sw"));
 * assert.ok(copyForms(new TextEncoder().encode("YWRtaW46Wng5a3EyTG13N1FwM1J0OA=="), 6)
 *   .map((f) => new TextDecoder().decode(f)).includes("Zx9kq2Lmw7Qp3Rt8"));
 * ```
 */
export function copyForms(value: Uint8Array, minBytes: number): Uint8Array[] {
  const s = text(value);
  const forms = new Set<string>();
  forms.add(percentEncoded(s, false));
  forms.add(percentEncoded(s, true));
  if (/%[0-9A-Fa-f]{2}/.test(s)) forms.add(percentDecoded(s));
  forms.add(jsonEscaped(s, false));
  forms.add(jsonEscaped(s, true));
  forms.add(goEscaped(jsonEscaped(s, false)));
  if (s.includes("\\")) forms.add(jsonUnescaped(s));
  // Base64 without its padding: a copy with or without `=` after it is met.
  forms.add(base64Of(value).replace(/=+$/, ""));
  // ...and of the value with the line break `echo` adds.
  forms.add(base64Of(bytesOf(s + "\n")).replace(/=+$/, ""));
  const decoded = decodedText(s);
  if (decoded !== null) {
    forms.add(decoded);
    // A Basic credential's `user:password`: its password alone too.
    const colon = decoded.indexOf(":");
    if (colon > 0) forms.add(decoded.slice(colon + 1));
  }
  forms.delete(s);
  const out: Uint8Array[] = [];
  for (const f of forms) if (f.length >= minBytes) out.push(bytesOf(f));
  return out;
}
