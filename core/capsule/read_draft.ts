/**
 * Reads a draft's bytes into a draft, forgiving the shapes a model writes
 * by habit and saying what was forgiven, so a draft needs at most one retry:
 * bare JSON is parsed strictly; when that fails, the JSON is looked for as
 * `baton ingest` looks for it (a fenced block, or an object starting a line
 * of prose), and trailing commas are removed. Anything else is refused with
 * a one-line, content-free error naming the place (and, for an unknown
 * field, the nearest known one).
 * @module
 */
import { InputError } from "../errors.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { StrictJsonError } from "../json/strict_json_error.ts";
import { type Draft, DRAFT_FIELDS, DRAFT_NESTED_FIELDS, DraftSchema } from "./draft_schema.ts";
import { describeZodIssue } from "./zod_issue.ts";
import { extractAnswerJson } from "./extract_answer.ts";

/** Largest draft accepted, in bytes. */
export const MAX_DRAFT_BYTES = 4 * 1024 * 1024;

/** A draft, with what was forgiven to read it. */
export interface ReadDraft {
  draft: Draft;
  /** Content-free sentences, one per thing forgiven; empty for a bare, strict draft. */
  notes: string[];
}

/** Errors of a bound: hostile input is never read a second way. */
const BOUND_KINDS: ReadonlySet<string> = new Set([
  "too_large",
  "too_deep",
  "string_too_long",
  "too_many_items",
]);

function findValue(bytes: Uint8Array): { value: unknown; notes: string[] } {
  try {
    return { value: parseStrictJson(bytes, { maxBytes: MAX_DRAFT_BYTES }), notes: [] };
  } catch (strictError) {
    if (!(strictError instanceof StrictJsonError) || BOUND_KINDS.has(strictError.kind)) {
      throw strictError;
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw strictError;
    }
    let block;
    try {
      block = extractAnswerJson(text);
    } catch {
      // Not a fenced or prose draft either: the strict error says best what is wrong.
      throw strictError;
    }
    const notes: string[] = [];
    if (block.kind !== "whole") {
      notes.push(`read the draft from the ${block.kind} JSON block at line ${block.line}`);
    }
    if (block.trailingCommas) notes.push("ignored trailing commas in the draft's JSON");
    return { value: block.value, notes };
  }
}

/**
 * Reads draft bytes.
 * @throws {StrictJsonError} on JSON that cannot be read even leniently.
 * @throws {InputError} when the draft does not match the schema.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readDraft } from "./read_draft.ts";
 * const r = readDraft(new TextEncoder().encode('{"now": "here", "next_steps": "test it",}'));
 * assert.deepEqual(r.draft.next_steps, ["test it"]);
 * assert.deepEqual(r.notes, ["ignored trailing commas in the draft's JSON"]);
 * ```
 */
export function readDraft(bytes: Uint8Array): ReadDraft {
  const { value, notes } = findValue(bytes);
  const result = DraftSchema.safeParse(value);
  if (!result.success) {
    throw new InputError(
      `Cannot read draft: ${
        describeZodIssue(result.error, DRAFT_FIELDS, DRAFT_NESTED_FIELDS)
      }. Run "baton preflight" for the template`,
      "draft_invalid",
    );
  }
  return { draft: result.data, notes };
}
