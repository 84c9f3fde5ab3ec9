/**
 * Unicode-safe truncation: never splits a surrogate pair (so never produces
 * invalid UTF-8), and marks the cut with an ellipsis. Pure.
 * @module
 */

/**
 * Shortens `text` to at most `maxChars` UTF-16 units, cutting on a code-point
 * boundary and ending with "…" when anything was removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truncateText } from "./truncate.ts";
 * assert.equal(truncateText("abcdef", 4), "abc…");
 * assert.equal(truncateText("a😀b", 3), "a…");
 * assert.equal(truncateText("abc", 10), "abc");
 * ```
 */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars <= 0) return "";
  let cut = maxChars - 1;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return text.slice(0, Math.max(0, cut)) + "…";
}

/**
 * Shortens `text` like {@linkcode truncateText}, except that the cut never
 * keeps part of a run of non-blank characters: when the bound falls inside
 * one, the whole run is left out. For text cut before the secret scan sees it
 * (a transcript's commands and messages): a token halved by the bound (the
 * first 30 of a GitHub token's 36 characters, whose last 6 are a checksum) is
 * no longer in any rule's shape, so the scan would keep it, in part. A
 * quoted value the bound falls inside goes from its quote (a passphrase
 * holds blanks: `DB_PASSWORD="Tr0ub4dor &3 …` kept its first word).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truncateUnsplit } from "./truncate.ts";
 * assert.equal(truncateUnsplit("push https://ghp_abcdef@host", 15), "push …");
 * assert.equal(truncateUnsplit("one two three", 9), "one two …");
 * assert.equal(truncateUnsplit("abc", 10), "abc");
 * ```
 */
export function truncateUnsplit(text: string, maxChars: number): string {
  const cut = truncateText(text, maxChars);
  if (cut === text || cut === "") return cut;
  let kept = cut.slice(0, -1);
  // Unless the cut falls between two runs (a blank on either side of it), the run it splits goes.
  if (!/\s/.test(text.charAt(kept.length))) kept = kept.replace(/\S+$/, "");
  return kept.slice(0, openQuoteAt(kept)) + "…";
}

/**
 * Where a quote opened on the last line of `text` and not closed there
 * begins, or the text's length: a quoted value may hold blanks (a passphrase,
 * `-p 'my secret pass'`), and its words before the cut are part of it. A
 * quote opens at the line's start or after a blank or one of `=:(,[{`, so an
 * apostrophe (`don't`) opens none.
 */
function openQuoteAt(text: string): number {
  const line = text.lastIndexOf("\n") + 1;
  let open = -1;
  let quote = "";
  for (let i = line; i < text.length; i++) {
    const c = text[i]!;
    if (open >= 0) {
      if (c === quote && text[i - 1] !== "\\") open = -1;
    } else if (
      (c === '"' || c === "'" || c === "`") && (i === line || /[\s=:(,[{]/.test(text[i - 1]!))
    ) {
      open = i;
      quote = c;
    }
  }
  return open >= 0 ? open : text.length;
}

/**
 * Shortens `text` so its UTF-8 encoding fits `maxBytes`, on a code-point
 * boundary, ending with "…" when cut.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truncateUtf8 } from "./truncate.ts";
 * assert.equal(new TextEncoder().encode(truncateUtf8("ééééé", 7)).length <= 7, true);
 * ```
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  const enc = new TextEncoder();
  if (enc.encode(text).length <= maxBytes) return text;
  const budget = maxBytes - 3; // the ellipsis is 3 bytes
  if (budget <= 0) return "";
  let bytes = 0;
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + n > budget) break;
    bytes += n;
    out += ch;
  }
  return out + "…";
}
