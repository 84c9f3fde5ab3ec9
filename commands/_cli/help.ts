/**
 * A command's help, rendered from its flags and text (commands/_cli/command.ts)
 * and wrapped to the terminal's width by core/text_wrap.ts. Kept apart from
 * the parser so that a hook, which only parses, never loads the wrapper.
 * @module
 */
import { wrapText } from "../../core/text_wrap.ts";
import type { TextSink } from "../_adapters/io.ts";
import { allFlags, type Command, type FlagSpec } from "./command.ts";

/** What help adds after a flag's summary: its default, and an integer flag's range. */
function flagNote(f: FlagSpec): string {
  if (f.type === "boolean") return "";
  if (f.type === "string") return f.default === undefined ? "" : ` (default: ${f.default})`;
  const range = `${f.min} to ${f.max}`;
  return f.default === undefined ? ` (${range})` : ` (default: ${f.default}; ${range})`;
}

function flagLine(f: FlagSpec): string {
  const short = f.short === undefined ? "    " : `-${f.short}, `;
  const value = f.type === "boolean" ? "" : ` ${f.value ?? "VALUE"}`;
  return `${short}--${f.name}${value}`;
}

/** Widest help ever printed, however wide the terminal. */
export const MAX_HELP_WIDTH = 100;
/** Width of help when the output is not a terminal (a pipe, a file, a test). */
export const DEFAULT_HELP_WIDTH = 80;

/**
 * The width to wrap help to for `sink`: the terminal's width when it is a
 * terminal that reports one (at most 100, at least 20), else 80.
 */
export function helpWidth(sink: TextSink): number {
  const columns = sink.isTerminal ? sink.columns?.() : undefined;
  if (columns === undefined || !Number.isFinite(columns) || columns <= 0) return DEFAULT_HELP_WIDTH;
  return Math.min(MAX_HELP_WIDTH, Math.max(20, Math.floor(columns)));
}

/** Below this many columns for a flag's text, it goes under the flag instead of beside it. */
const MIN_FLAG_TEXT = 28;

/** Renders `baton <command> --help`, wrapped to `width` columns. */
export function renderHelp(command: Command, width: number = DEFAULT_HELP_WIDTH): string {
  const lines: string[] = [];
  lines.push(wrapText(`baton ${command.name}: ${command.summary}`, width, { hang: "  " }), "");
  lines.push(
    wrapText(
      `Usage: baton ${command.name} [flags]${command.usage ? ` ${command.usage}` : ""}`,
      width,
      {
        hang: "       ",
      },
    ),
    "",
  );
  lines.push(wrapText(command.description, width), "");
  lines.push("Flags:");
  const flags = allFlags(command);
  const column = 2 + Math.max(...flags.map((f) => flagLine(f).length)) + 2;
  const beside = width - column >= MIN_FLAG_TEXT;
  const hang = " ".repeat(beside ? column : 8);
  for (const f of flags) {
    const def = flagNote(f);
    const text = `${f.summary}${def}${f.doc ? `\n${f.doc}` : ""}`;
    if (beside) {
      lines.push(wrapText(text, width, { prefix: `  ${flagLine(f)}`.padEnd(column), hang }));
    } else {
      lines.push(`  ${flagLine(f)}`, wrapText(text, width, { prefix: hang, hang }));
    }
  }
  if (command.examples.length > 0) {
    lines.push("", "Examples:");
    for (const ex of command.examples) {
      lines.push(wrapText(ex, width, { prefix: "  ", hang: "      " }));
    }
  }
  return lines.join("\n") + "\n";
}
