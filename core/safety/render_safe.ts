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
 *   backslash and every `[` in it, and anything that could start raw HTML
 *   (`<!--`, `<div hidden>`), are backslash-escaped, so it cannot pose as a
 *   bracketed trust label (`[verified]`), form a link or an image
 *   (`![x](url)`, fetched by a renderer as soon as it is shown) or hide text
 *   in a comment; a span that only looks like a label once folded (`［verified］`,
 *   Cyrillic `[vеrified]`) has its non-ASCII characters shown as markers;
 * - block text ({@linkcode safeLines}) is for fenced code: its lines go inside
 *   a fence from {@linkcode fenceFor}, longer than any backtick run in them,
 *   so no line can close it.
 * @module
 */

import { skeletonOf } from "./command/program_name.ts";

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

// Invisible or direction-changing characters: every format character (Cf:
// soft hyphen, bidi marks, embeddings, overrides and isolates, zero-width
// space and joiners, word joiner, invisible operators, BOM, interlinear
// annotation, tag characters, shorthand and musical format controls) and
// every default-ignorable one (combining grapheme joiner, Hangul fillers,
// variation selectors, the reserved ignorable ranges), plus C1 controls and
// lone surrogates. VS15/VS16 (text or emoji presentation) are kept, as emoji
// need them; the zero-width joiner is marked like the rest.
const INVISIBLE =
  /[\p{Cf}\p{Default_Ignorable_Code_Point}\u0080-\u009f\u115f\u1160\u3164\uffa0\ud800-\udfff]/gu;
const KEPT = new Set(["\u0085", "\ufe0e", "\ufe0f"]);

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
  const pictured = text.replace(C0, picture);
  // Every character INVISIBLE matches is beyond ASCII: an ASCII text is left
  // as it is without running it (its Unicode property classes cost about
  // 0.5 ms to compile on a process's first use, a briefing's every line ASCII).
  if (!BEYOND_ASCII.test(pictured)) return pictured;
  // U+0085 (NEL) is a line break; the callers split on it.
  return pictured.replace(INVISIBLE, (ch) => KEPT.has(ch) ? ch : marker(ch));
}

// deno-lint-ignore no-control-regex
const BEYOND_ASCII = /[^\u0000-\u007f]/;

const LABEL_ALTERNATIVES = LABEL_WORDS.map((w) => w.replace(/[-_ ]/g, "[-_ ]")).join("|");
const LABEL_RE = new RegExp(`\\[(\\s*(?:${LABEL_ALTERNATIVES})\\s*)\\]`, "gi");
const LABEL_SKELETON = new RegExp(`^\\[\\s*(?:${LABEL_ALTERNATIVES})\\s*\\]$`, "i");

// A span that could show as a bracketed label: an opening bracket (ASCII or
// any other open punctuation), up to 40 characters, a closing bracket.
const BRACKET_SPAN = /[\[\p{Ps}][^\[\]\p{Ps}\p{Pe}]{1,40}[\]\p{Pe}]/gu;

/**
 * Marks every non-ASCII character of a span that folds (NFKC, look-alike
 * letters) to a trust label, so `［verified］` or `[vеrified]` (Cyrillic е)
 * shows its disguise instead of passing as `[verified]`.
 */
function defuseLookalikeLabels(text: string): string {
  return text.replace(BRACKET_SPAN, (span) => {
    if (!/[^\u0020-\u007e]/.test(span)) return span;
    const folded = skeletonOf(span).replace(/^\p{Ps}/u, "[").replace(/\p{Pe}$/u, "]");
    if (!LABEL_SKELETON.test(folded)) return span;
    return span.replace(/[^\u0020-\u007e]/gu, marker);
  });
}

/**
 * Renders untrusted text for one Markdown line: neutralised, line breaks shown
 * as ` ⏎ `, backslashes and every `[` escaped (so no Markdown link, image or
 * bracketed trust label can be formed), look-alike trust labels marked and
 * raw-HTML openers escaped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { safeInline } from "./render_safe.ts";
 * assert.equal(safeInline("done\n# Heading"), "done ⏎ # Heading");
 * assert.equal(safeInline("ok <!-- hide -->"), "ok \\<!-- hide -->");
 * assert.equal(safeInline("[verified] tests pass"), "\\[verified\\] tests pass");
 * assert.equal(safeInline("\\[verified]"), "\\\\\\[verified\\]");
 * assert.equal(safeInline("a < b and arr[0]"), "a < b and arr\\[0]");
 * assert.equal(safeInline("![x](https://example.invalid/p.png)"), "!\\[x](https://example.invalid/p.png)");
 * assert.equal(safeInline("\uff3bverified\uff3d"), "‹U+FF3B›verified‹U+FF3D›");
 * assert.equal(safeInline("token [REDACTED:github_pat]"), "token [REDACTED:github_pat]");
 * assert.equal(safeInline("[REDACTED:x](https://e.invalid)"), "\\[REDACTED:x](https://e.invalid)");
 * ```
 */
export function safeInline(text: string): string {
  return defuseLookalikeLabels(neutralizeText(capShown(text)).replace(LINE_BREAK, " ⏎ "))
    // Backslashes first, so one in the text cannot undo an escape below.
    .replace(/\\/g, "\\\\")
    .replace(/</g, (lt, offset: number, whole: string) => {
      const next = whole.charAt(offset + 1);
      return /[A-Za-z!/?]/.test(next) ? "\\<" : lt;
    })
    .replace(LABEL_RE, "[$1\\]")
    // Every `[`: no link, no image (fetched by a renderer as the text is
    // shown: a tracking or exfiltration beacon), no label. Redaction markers
    // stay as they are, unless they could open a link or an image.
    .replace(
      /\[/g,
      (open, offset: number, whole: string) =>
        whole.charAt(offset - 1) !== "!" && REDACTION_MARKER.test(whole.slice(offset, offset + 80))
          ? open
          : "\\[",
    );
}

/**
 * Text for one line of a terminal (not Markdown): {@linkcode neutralizeText},
 * then every line break shown as ` ⏎ `, so no text can act on the terminal
 * or start a line of its own.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { terminalLine } from "./render_safe.ts";
 * assert.equal(terminalLine("a\r\nb\u2028c"), "a ⏎ b ⏎ c");
 * assert.equal(terminalLine("x\u001b[2Jy").includes("\u001b"), false);
 * ```
 */
export function terminalLine(text: string): string {
  return neutralizeText(text).replace(LINE_BREAK, " ⏎ ");
}

/**
 * The longest field printed from an untrusted file, in characters: what
 * finalize keeps of a claim (core/budget/budget_meaning.ts), so nothing a
 * capsule this baton wrote holds is cut, and a stranger's 100 000-character
 * line is not printed whole.
 */
export const MAX_SHOWN_CHARS = 2000;

/**
 * `text` cut to `max` characters (never inside a surrogate pair), saying how
 * many were left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { capShown } from "./render_safe.ts";
 * assert.equal(capShown("abc", 2), "ab… (1 more characters not shown)");
 * assert.equal(capShown("abc"), "abc");
 * ```
 */
export function capShown(text: string, max: number = MAX_SHOWN_CHARS): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}… (${text.length - end} more characters not shown)`;
}

/** `[REDACTED:<kind>]` not followed by a link target. */
const REDACTION_MARKER = /^\[REDACTED:[a-z0-9_]+\](?!\()/;

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

/**
 * `text` (already made safe with {@linkcode safeInline}) as a Markdown code
 * span no backtick in it can close: delimited by a backtick run longer than
 * any inside, and padded with a blank when it holds one (so a backtick at
 * either end stays content), as CommonMark reads code spans.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeSpan } from "./render_safe.ts";
 * const tick = String.fromCharCode(96);
 * assert.equal(codeSpan("npm test"), tick + "npm test" + tick);
 * assert.equal(codeSpan("echo " + tick + "x" + tick), tick.repeat(2) + " echo " + tick + "x" + tick + " " + tick.repeat(2));
 * ```
 */
export function codeSpan(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const ticks = "`".repeat(longest + 1);
  const pad = longest > 0 ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}
