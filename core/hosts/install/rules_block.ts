/**
 * The rules block: for a host without hooks, install writes a short marked
 * block into a rules or context file the host reads into every request
 * (Markdown), telling the agent to run `baton load` at the start and to write
 * a capsule before it stops. The file may be the user's own: the block is
 * appended at its end and uninstall takes out exactly the bytes install
 * added, wherever the user edited around it. Pure text functions; the plan
 * (plan.ts) reads and writes.
 *
 * Decisions:
 * - Appended, never merged: the user's bytes before and after the block are
 *   never touched, so removal is a cut of the block's own bytes.
 * - The begin line records what install added besides the block: `new-file`
 *   (the file did not exist: uninstall removes it when nothing else is left)
 *   or `newline` (the user's file did not end with a line break: install
 *   added one, uninstall takes it back). So removal needs no backup file.
 * - More than one begin line, or a begin line without its end, stops the
 *   plan: baton never guesses which bytes are its own.
 * @module
 */
import { renderShellCommand } from "../shell_quote.ts";
import type { BatonInvocation } from "../hook_command.ts";
import { BATON_MARKER } from "./types.ts";

const BEGIN = "<!-- baton:begin";
const BEGIN_TAIL = ` (${BATON_MARKER}; baton uninstall removes this block) -->`;
const END = "<!-- baton:end -->";

/** What install added besides the block itself. */
type Added = "new-file" | "newline" | "nothing";

/** A block that cannot be told apart from the user's text. */
export class RulesBlockError extends Error {
  constructor(readonly reason: "several" | "unterminated") {
    super(
      reason === "several"
        ? "holds more than one baton block"
        : "holds a baton block without its end line",
    );
  }
}

/** The instruction itself (the block's body), for a baton started as `invocation`. */
export function renderRulesBody(invocation: BatonInvocation): string {
  const run = renderShellCommand(invocation);
  const cmd = (sub: string) => `\`${run} ${sub}\``;
  // Wrapped at 100 columns for a `baton` on PATH, as deno fmt wraps integrations/; the blank
  // lines around the body are Markdown's (an HTML block beside a paragraph).
  return [
    "",
    "## baton: continuity between sessions",
    "",
    `At the start of a session, before other work, run ${
      cmd("load")
    } in the shell and read the briefing it`,
    "prints (the previous session's capsule, its facts re-checked now; nothing printed means no capsule",
    "yet).",
    "",
    "Before you stop with work unfinished, or when the user asks to hand off, write a capsule: run",
    `${cmd("preflight")}, write the meaning it asks for as JSON and pass it to ${
      cmd("finalize --draft -")
    }`,
    "on stdin (the baton skill has the details).",
    "",
  ].join("\n");
}

function beginLine(added: Added): string {
  return `${BEGIN}${added === "nothing" ? "" : ` ${added}`}${BEGIN_TAIL}`;
}

/** Where the block is in `text`, or null when there is none. */
interface Found {
  /** Offset of the first byte install added (the added line break, or the begin line). */
  start: number;
  /** Offset of the begin line. */
  begin: number;
  /** Offset just after the end line and its line break (when it has one). */
  end: number;
  /** The end line is followed by a line break. */
  endsLine: boolean;
  added: Added;
  body: string;
}

function findBlock(text: string): Found | null {
  const lines = [...text.matchAll(/^<!-- baton:begin(?: (new-file|newline))? \(.*-->\r?$/gm)];
  if (lines.length === 0) return null;
  if (lines.length > 1) throw new RulesBlockError("several");
  const m = lines[0]!;
  const begin = m.index!;
  const bodyStart = begin + m[0].length + 1;
  const ends = [...text.slice(begin).matchAll(/^<!-- baton:end -->(\r?\n|$)/gm)];
  if (ends.length === 0) throw new RulesBlockError("unterminated");
  if (ends.length > 1) throw new RulesBlockError("several");
  const endAt = begin + ends[0]!.index!;
  const added: Added = m[1] === "new-file"
    ? "new-file"
    : m[1] === "newline"
    ? "newline"
    : "nothing";
  const start = added === "newline" && begin > 0 && text[begin - 1] === "\n" ? begin - 1 : begin;
  return {
    start,
    begin,
    end: endAt + ends[0]![0].length,
    endsLine: ends[0]![1] !== "",
    added,
    body: bodyStart >= endAt ? "" : text.slice(bodyStart, endAt - 1).replace(/\r$/, ""),
  };
}

/** The marked block with `body`, as install writes it (ends with a line break). */
function blockText(added: Added, body: string): string {
  return `${beginLine(added)}\n${body}\n${END}\n`;
}

/**
 * The file's text with baton's block holding `body`: appended at the end
 * (creating the file when `before` is null), or its body replaced where it
 * already is.
 *
 * @throws {RulesBlockError} when the file holds blocks baton cannot tell apart.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const after = withBlock("# Mine\n", "Run baton load.");
 * assert.ok(after.startsWith("# Mine\n<!-- baton:begin ("));
 * assert.equal(withoutBlock(after), "# Mine\n");
 * ```
 */
export function withBlock(before: string | null, body: string): string {
  if (before === null) return blockText("new-file", body);
  const found = findBlock(before);
  if (found !== null) {
    const block = blockText(found.added, body);
    return before.slice(0, found.begin) + (found.endsLine ? block : block.slice(0, -1)) +
      before.slice(found.end);
  }
  if (before === "" || before.endsWith("\n")) return before + blockText("nothing", body);
  return `${before}\n${blockText("newline", body)}`;
}

/**
 * The file's text without baton's block: exactly what install added taken
 * out. `null` means the file should be removed (baton created it and nothing
 * else is in it); a text without a block is returned as it is.
 *
 * @throws {RulesBlockError} when the file holds blocks baton cannot tell apart.
 */
export function withoutBlock(text: string): string | null {
  const found = findBlock(text);
  if (found === null) return text;
  const rest = text.slice(0, found.start) + text.slice(found.end);
  return found.added === "new-file" && rest === "" ? null : rest;
}

/**
 * The exact text of the block in `text` (begin line to end line and its line
 * break), or null when it has none.
 *
 * @throws {RulesBlockError} when the file holds blocks baton cannot tell apart.
 */
export function blockSpan(text: string): string | null {
  const found = findBlock(text);
  return found === null ? null : text.slice(found.begin, found.end);
}

/** The body of baton's block in `text`, or null when it has none. */
export function blockBody(text: string): string | null {
  return findBlock(text)?.body ?? null;
}
