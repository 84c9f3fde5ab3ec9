/**
 * Renders `baton --help` and the exit-code table from the command table:
 * the commands grouped by category (a heading each, one line per command:
 * name and summary), wrapped to the width asked for. Pure.
 * @module
 */
import { EXIT } from "../../core/errors.ts";
import { wrapText } from "../../core/text_wrap.ts";
import { VERSION } from "../../core/version.ts";
import { CATEGORIES, type Command } from "./command.ts";
import { DEFAULT_HELP_WIDTH } from "./help.ts";

/** The top-level help, wrapped to `width` columns. */
export function renderOverview(
  commands: readonly Command[],
  width: number = DEFAULT_HELP_WIDTH,
): string {
  const shown = commands.filter((c) => c.hidden !== true);
  const column = 2 + Math.max(...shown.map((c) => c.name.length)) + 2;
  const hang = " ".repeat(column);
  const groups = CATEGORIES.flatMap((category) => {
    const members = shown.filter((c) => c.category === category.id);
    if (members.length === 0) return [];
    return [
      "",
      `${category.heading}:`,
      ...members.map((c) =>
        wrapText(c.summary, width, { prefix: `  ${c.name}`.padEnd(column), hang })
      ),
    ];
  });
  const prose = (text: string) => wrapText(text, width);
  return [
    `baton ${VERSION}`,
    prose("Continuity for AI coding agents across compaction, crashes and tool switches."),
    "",
    "Usage: baton <command> [flags]",
    "       baton help <command> | baton <command> --help | baton --version",
    ...groups,
    "",
    prose(
      'Every command accepts --json (one JSON document on stdout; errors as {"error":{code,message}}). Diagnostics go to stderr. Set BATON_DEBUG=1 to see stack traces of internal errors.',
    ),
    "",
    "Exit status:",
    ...Object.values(EXIT).map((e) =>
      wrapText(e.meaning, width, { prefix: `  ${String(e.code).padStart(2)}  `, hang: "      " })
    ),
    "",
  ].join("\n");
}
