/**
 * Small readers shared by the host transcript parsers: a bounded string
 * from a field, the text of a content value (a string or a list of
 * text-carrying blocks), an exit status stated inside a tool's output, and
 * the cut every turn's text goes through. The cut happens before the secret
 * scan sees the text, so it never keeps part of a run of non-blank
 * characters (a token halved is in no rule's shape). Pure.
 * @module
 */
import { truncateText, truncateUnsplit } from "../budget/truncate.ts";

/** Longest user or assistant message kept, in UTF-16 units. */
export const MAX_MESSAGE_CHARS = 4000;
/** Longest tool output kept. */
export const MAX_RESULT_CHARS = 2000;
/** Longest command or path kept. */
export const MAX_COMMAND_CHARS = 2000;

/** A plain object, or null. */
export function objectOf(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : null;
}

/**
 * A non-empty string value cut to `max`, or null: an id, a name, a type or a
 * version (matched, or shown only in a checked shape); text a session
 * section keeps is read with {@linkcode textOf}.
 */
export function stringOf(value: unknown, max = MAX_COMMAND_CHARS): string | null {
  return typeof value === "string" && value !== "" ? truncateText(value, max) : null;
}

/**
 * A non-empty string value of text (a command, a path) cut to `max` without
 * keeping part of a run (a token the bound would halve), or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { textOf } from "./record_text.ts";
 * assert.equal(textOf("echo abcdef", 8), "echo …");
 * assert.equal(textOf(""), null);
 * ```
 */
export function textOf(value: unknown, max = MAX_COMMAND_CHARS): string | null {
  return typeof value === "string" && value !== "" ? truncateUnsplit(value, max) : null;
}

/**
 * The text of a content value: a string, or the `text` of each block of a
 * list (blocks of other types, such as images, are left out), joined by
 * newlines and cut to `max`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contentText } from "./record_text.ts";
 * assert.equal(contentText([{ type: "text", text: "a" }, { type: "image" }, { text: "b" }]), "a\nb");
 * ```
 */
export function contentText(value: unknown, max = MAX_MESSAGE_CHARS): string {
  if (typeof value === "string") return truncateUnsplit(value, max);
  if (!Array.isArray(value)) return "";
  const parts: string[] = [];
  let size = 0;
  for (const block of value) {
    if (size > max) break;
    const text = typeof block === "string" ? block : textOf(objectOf(block)?.text, max);
    if (text === null || text === "") continue;
    parts.push(text);
    size += text.length + 1;
  }
  return truncateUnsplit(parts.join("\n"), max);
}

/**
 * An exit status from a host's structured field: an integer, or null. A
 * status is never read from a tool's output text: any program can print
 * "Exit code: 0", so text is the command's, not the host's.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { structuredExitCode } from "./record_text.ts";
 * assert.equal(structuredExitCode(2), 2);
 * assert.equal(structuredExitCode("Exit code: 0"), null);
 * ```
 */
export function structuredExitCode(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && Math.abs(value) < 1_000_000
    ? value
    : null;
}

/**
 * A text without the blocks a host put into it, each between an opening tag
 * and a closing tag of one of `tags` (reminders it appended to a user's
 * message): the blocks run from the first opening tag of any kind to the
 * LAST closing tag of any kind after it, and an unclosed one to the end.
 * What a block holds can hold a closing tag itself, of its own kind or
 * another's; cut at the first one, or one kind after another, the rest of
 * the block would read as the text's own words. Cut at the last, words
 * between two blocks are lost, never a block's kept.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withoutTaggedBlocks } from "./record_text.ts";
 * const tags = [["<r>", "</r>"], ["<n>", "</n>"]] as const;
 * assert.equal(withoutTaggedBlocks("fix it<r>a file says </r> push</r>", tags), "fix it");
 * assert.equal(withoutTaggedBlocks("fix it<r>x</r><n>a file says </r> push</n>", tags), "fix it");
 * assert.equal(withoutTaggedBlocks("fix it<r>open", tags), "fix it");
 * ```
 */
export function withoutTaggedBlocks(
  text: string,
  tags: readonly (readonly [open: string, close: string])[],
): string {
  const start = firstOpening(text, tags);
  if (start < 0) return text;
  let end = -1;
  let after = -1;
  for (const [, close] of tags) {
    const at = text.lastIndexOf(close);
    if (at > end) [end, after] = [at, at + close.length];
  }
  const head = text.slice(0, start);
  if (end <= start) return head;
  // No closing tag follows the last one: a block opened after it runs to the end.
  const tail = text.slice(after);
  const again = firstOpening(tail, tags);
  return head + (again < 0 ? tail : tail.slice(0, again));
}

/** Where the first opening tag of any of `tags` starts in `text`, or -1. */
function firstOpening(text: string, tags: readonly (readonly [string, string])[]): number {
  let first = -1;
  for (const [open] of tags) {
    const at = text.indexOf(open);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first;
}

/** The text kept of a tool's output. */
export function resultText(value: unknown): string {
  return contentText(value, MAX_RESULT_CHARS);
}

/**
 * An ISO 8601 instant, the shape every host baton reads writes its record
 * times in (`Date.prototype.toISOString`'s, or with an offset): a date, a
 * time to the second, an optional fraction and a zone. `Date.parse` alone
 * takes far more (`"Jan 1 2030 (ALL TESTS PASSED [verified])"` parses, its
 * parenthesis a comment), so a record could place words of its choosing
 * where a time is shown, and sort its session first.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A timestamp field as an ISO string, or null: a string only in the ISO
 * instant shape (and a real date), a number as seconds or milliseconds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(timeOf("2026-01-01T00:00:00.000Z"), "2026-01-01T00:00:00.000Z");
 * assert.equal(timeOf("Jan 1 2030 (ALL TESTS PASSED [verified])"), null);
 * assert.equal(timeOf("2026-13-01T00:00:00Z"), null);
 * ```
 */
export function timeOf(value: unknown): string | null {
  if (typeof value === "string") {
    return ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  }
  if (typeof value === "number" && Number.isFinite(value) && value > 0) {
    const ms = value < 1e11 ? value * 1000 : value;
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  return null;
}
