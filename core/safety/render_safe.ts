/**
 * Safe rendering of untrusted text into Markdown (capsule files, briefings,
 * exports). Pure. Every renderer that puts a string it did not compute into
 * its output goes through this module, so the rules live in one place:
 *
 * - terminal control is made visible: C0 controls (ESC included, so ANSI
 *   escape sequences cannot act) become Unicode control pictures, and C1
 *   controls, bidi overrides and isolates, zero-width and other invisible
 *   characters, Unicode tag characters and lone surrogates become a visible
 *   `‹U+XXXX›` marker; nothing is silently dropped;
 * - inline text ({@linkcode safeInline}) stays on one line (line breaks become
 *   ` ⏎ `), so it can never start a line and so never opens or closes a fence,
 *   forges a heading, a list item or a trust label at the start of a line; a
 *   bracketed trust label inside it (`[verified]`) and anything that could
 *   start raw HTML (`<!--`, `<div hidden>`) or an image (`![x](url)`, fetched
 *   by a renderer as soon as it is shown) are backslash-escaped, so it cannot
 *   pose as a label, hide text in a comment or call out to a server;
 * - block text ({@linkcode safeLines}) is for fenced code: its lines go inside
 *   a fence from {@linkcode fenceFor}, longer than any backtick run in them,
 *   so no line can close it.
 * @module
 */

/** Labels baton prints in brackets; untrusted text must not be able to pose as one. */
const LABEL_WORDS = [
  "verified",
  "observed",
  "claimed",
  "inferred",
  "untrusted",
  "re-checked now",
  "path",
  "dangerous",
  "review",
  "read_only",
  "read-only",
  "baton",
];

const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

// Invisible or direction-changing characters: C1 controls, soft hyphen,
// combining grapheme joiner, Arabic letter mark, Hangul fillers, Mongolian
// vowel separator, zero-width space/joiners, LRM/RLM, bidi embeddings and
// overrides, word joiner and invisible operators, bidi isolates, deprecated
// format characters, variation selectors (all but VS15/VS16, which emoji
// need), BOM, interlinear annotation, tag characters, the supplementary
// variation selectors and lone surrogates.
const INVISIBLE =
  /[\u0080-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}\ud800-\udfff]/gu;

// deno-lint-ignore no-control-regex
const C0 = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function marker(ch: string): string {
  const cp = ch.codePointAt(0)!;
  return `‹U+${cp.toString(16).toUpperCase().padStart(4, "0")}›`;
}

function picture(ch: string): string {
  const cp = ch.charCodeAt(0);
  return cp === 0x7f ? "\u2421" : String.fromCharCode(0x2400 + cp);
}

/**
 * Makes control, invisible and direction-changing characters visible; keeps
 * tabs and line breaks (the callers decide what a line break becomes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { neutralizeText } from "./render_safe.ts";
 * assert.equal(neutralizeText("a\u001b[31mred"), "a\u241b[31mred");
 * assert.equal(neutralizeText("abc\u202edcba"), "abc‹U+202E›dcba");
 * assert.equal(neutralizeText("plain text\twith tab"), "plain text\twith tab");
 * ```
 */
export function neutralizeText(text: string): string {
  return text.replace(C0, picture).replace(INVISIBLE, (ch) => {
    // U+0085 (NEL) is a line break; the callers split on it.
    return ch === "\u0085" ? ch : marker(ch);
  });
}

const LABEL_RE = new RegExp(
  `\\[(\\s*(?:${LABEL_WORDS.map((w) => w.replace(/[-_ ]/g, "[-_ ]")).join("|")})\\s*)\\]`,
  "gi",
);

/**
 * Renders untrusted text for one Markdown line: neutralised, line breaks shown
 * as ` ⏎ `, trust-label look-alikes and raw-HTML openers escaped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { safeInline } from "./render_safe.ts";
 * assert.equal(safeInline("done\n# Heading"), "done ⏎ # Heading");
 * assert.equal(safeInline("ok <!-- hide -->"), "ok \\<!-- hide -->");
 * assert.equal(safeInline("[verified] tests pass"), "\\[verified\\] tests pass");
 * assert.equal(safeInline("a < b and arr[0]"), "a < b and arr[0]");
 * assert.equal(safeInline("![x](https://example.invalid/p.png)"), "!\\[x](https://example.invalid/p.png)");
 * ```
 */
export function safeInline(text: string): string {
  return neutralizeText(text)
    .replace(LINE_BREAK, " ⏎ ")
    .replace(/</g, (lt, offset: number, whole: string) => {
      const next = whole.charAt(offset + 1);
      return /[A-Za-z!/?]/.test(next) ? "\\<" : lt;
    })
    .replace(LABEL_RE, "\\[$1\\]")
    // An image would be fetched by a renderer as the text is shown (a
    // tracking or exfiltration beacon): keep it as a plain link.
    .replace(/!\[/g, "!\\[");
}

/**
 * Splits untrusted text into neutralised lines for a fenced block (every line
 * break form counts, so a lone CR cannot hide a line).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { safeLines } from "./render_safe.ts";
 * assert.deepEqual(safeLines("a\rb\r\nc\u2028d"), ["a", "b", "c", "d"]);
 * ```
 */
export function safeLines(text: string): string[] {
  return neutralizeText(text).split(LINE_BREAK);
}

/**
 * A backtick fence longer than any backtick run in `lines`, so no line can
 * close it (at least three backticks).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fenceFor } from "./render_safe.ts";
 * const tick = String.fromCharCode(96);
 * assert.equal(fenceFor(["echo " + tick.repeat(5)]), tick.repeat(6));
 * assert.equal(fenceFor(["ls"]), tick.repeat(3));
 * ```
 */
export function fenceFor(lines: readonly string[]): string {
  let longest = 0;
  for (const line of lines) {
    for (const m of line.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  }
  return "`".repeat(Math.max(3, longest + 1));
}
