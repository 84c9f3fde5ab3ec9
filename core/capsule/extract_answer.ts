/**
 * Finds the draft JSON in what a chat model answered to the paste-only
 * instructions: the whole answer when it is bare JSON, otherwise the fenced
 * code blocks, the JSON objects that start a line, and an object written
 * inline in a line of prose when it opens with a draft field's name. Every
 * candidate is parsed strictly (forgiving only trailing commas, which chat
 * models often leave, and saying so); the one that carries draft fields wins. Two
 * different draft-shaped blocks are refused as ambiguous (the same block
 * repeated is not), and errors give line numbers and kinds, never content.
 * Pure.
 * @module
 */
import { InputError } from "../errors.ts";
import { canonicalJson } from "../json/canonical.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { StrictJsonError } from "../json/strict_json_error.ts";
import { DRAFT_TEMPLATE } from "./draft_template.ts";

/** The block picked. */
export interface AnswerBlock {
  /** The JSON text of the block. */
  json: string;
  /** The parsed value (an object with at least one draft field). */
  value: Record<string, unknown>;
  /** 1-based line of the answer where the JSON starts. */
  line: number;
  kind: "whole" | "fenced" | "bare";
  /** Trailing commas (which chat models often leave) were removed before parsing. */
  trailingCommas: boolean;
}

/** Largest answer read, in bytes. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

interface Candidate {
  json: string;
  line: number;
  kind: AnswerBlock["kind"];
  /** Fenced with an info string other than json (a shell or text block). */
  foreign: boolean;
}

const DRAFT_KEYS = new Set(Object.keys(DRAFT_TEMPLATE));
const JSON_INFO = new Set(["", "json", "jsonc", "json5", "javascript", "js"]);

function fencedBlocks(lines: string[], inFence: boolean[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/.exec(lines[i]!);
    if (open === null) continue;
    const fence = open[1]!;
    const info = open[2]!.toLowerCase();
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close !== null && close[1]![0] === fence[0] && close[1]!.length >= fence.length) break;
      body.push(lines[j]!);
    }
    for (let k = i; k <= Math.min(j, lines.length - 1); k++) inFence[k] = true;
    const first = body.findIndex((l) => l.trim() !== "");
    if (first >= 0 && body[first]!.trimStart().startsWith("{")) {
      out.push({
        json: body.join("\n"),
        line: i + 2,
        kind: "fenced",
        foreign: !JSON_INFO.has(info.replace(/[^a-z0-9]+.*$/, "")),
      });
    }
    i = j;
  }
  return out;
}

/** The end (exclusive) of the balanced object starting at `start`, or the text length. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** An object written inline in prose: a brace right before a draft field's name. */
const INLINE_DRAFT = /\{\s*"([a-z_]+)"\s*:/g;

function inlineStart(line: string): number {
  for (const m of line.matchAll(INLINE_DRAFT)) if (DRAFT_KEYS.has(m[1]!)) return m.index;
  return -1;
}

function bareObjects(text: string, lines: string[], inFence: boolean[]): Candidate[] {
  const out: Candidate[] = [];
  let offset = 0;
  let skipUntil = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const lead = /^ {0,3}\{/.exec(line);
    const at = lead !== null ? lead[0].length - 1 : inlineStart(line);
    if (at >= 0 && !inFence[i] && offset >= skipUntil) {
      const start = offset + at;
      const end = objectEnd(text, start);
      out.push({ json: text.slice(start, end), line: i + 1, kind: "bare", foreign: false });
      skipUntil = end;
    }
    offset += line.length + 1;
  }
  return out;
}

/**
 * The JSON text without commas that stand right before a closing bracket
 * or brace (outside strings), or null when it has none.
 */
export function withoutTrailingCommas(json: string): string | null {
  let out = "";
  let inString = false;
  let changed = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i]!;
    if (inString) {
      out += ch;
      if (ch === "\\") out += json[++i] ?? "";
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === ",") {
      let j = i + 1;
      while (j < json.length && /\s/.test(json[j]!)) j++;
      if (json[j] === "}" || json[j] === "]") {
        changed = true;
        continue;
      }
    }
    out += ch;
  }
  return changed ? out : null;
}

/** Parses one candidate strictly, forgiving trailing commas only. */
function parseCandidate(json: string): { value: unknown; trailingCommas: boolean } {
  try {
    return { value: parseStrictJson(json, { maxBytes: MAX_ANSWER_BYTES }), trailingCommas: false };
  } catch (e) {
    const repaired = e instanceof StrictJsonError && e.kind === "trailing_comma"
      ? withoutTrailingCommas(json)
      : null;
    if (repaired === null) throw e;
    try {
      return {
        value: parseStrictJson(repaired, { maxBytes: MAX_ANSWER_BYTES }),
        trailingCommas: true,
      };
    } catch {
      throw e;
    }
  }
}

function isDraftShaped(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) &&
    Object.keys(v).some((k) => DRAFT_KEYS.has(k));
}

/**
 * Picks the draft JSON out of a model's answer.
 * @throws {InputError} when there is no JSON, no draft-shaped JSON, or more than one.
 * @throws {StrictJsonError} when the only draft-like block is malformed (position in the answer).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const fence = "`".repeat(3);
 * const answer = `Here you go:\n\n${fence}json\n{"now": "tests green"}\n${fence}\n\nGood luck!`;
 * const block = extractAnswerJson(answer);
 * assert.equal(block.value.now, "tests green");
 * assert.equal(block.line, 4);
 * ```
 */
export function extractAnswerJson(answer: string): AnswerBlock {
  const text = answer.replace(/^\uFEFF/, "");
  const lines = text.split("\n");
  const inFence = lines.map(() => false);
  const trimmed = text.trim();
  const candidates: Candidate[] = [];
  if (trimmed.startsWith("{")) {
    const line = text.slice(0, text.indexOf("{")).split("\n").length;
    candidates.push({ json: trimmed, line, kind: "whole", foreign: false });
  }
  candidates.push(...fencedBlocks(lines, inFence), ...bareObjects(text, lines, inFence));
  const drafts = new Map<string, AnswerBlock>();
  let broken: { c: Candidate; e: StrictJsonError } | null = null;
  let others = 0;
  for (const c of candidates) {
    let value: unknown;
    let trailingCommas = false;
    try {
      ({ value, trailingCommas } = parseCandidate(c.json));
    } catch (e) {
      if (!(e instanceof StrictJsonError)) throw e;
      if (broken === null && !c.foreign && (c.kind !== "whole" || candidates.length === 1)) {
        broken = { c, e };
      }
      continue;
    }
    if (!isDraftShaped(value)) {
      others++;
      continue;
    }
    const key = canonicalJson(value);
    if (!drafts.has(key)) {
      drafts.set(key, { json: c.json, value, line: c.line, kind: c.kind, trailingCommas });
    }
  }
  if (drafts.size === 1) return [...drafts.values()][0]!;
  if (drafts.size > 1) {
    const at = [...drafts.values()].map((d) => d.line).sort((a, b) => a - b);
    throw new InputError(
      `Cannot pick the capsule JSON: ${drafts.size} different blocks look like drafts (lines ${
        at.join(", ")
      }): keep exactly one and run baton ingest again`,
      "answer_ambiguous",
      { data: { blocks: drafts.size } },
    );
  }
  if (broken !== null) {
    const e = broken.e;
    throw new StrictJsonError({
      kind: e.kind,
      offset: e.offset,
      line: broken.c.line + e.line - 1,
      column: e.column,
      ...(e.limit === undefined ? {} : { limit: e.limit }),
    });
  }
  if (others > 0) {
    throw new InputError(
      `Cannot find the capsule JSON: ${others} JSON object(s) found, none with draft fields: expected one JSON block with fields such as "now", "completed", "next_action"`,
      "answer_not_draft",
    );
  }
  throw new InputError(
    'Cannot find the capsule JSON: the answer holds no JSON object: expected one fenced block opened by "```json"',
    "answer_no_json",
  );
}
