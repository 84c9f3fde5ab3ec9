/**
 * Renders `baton --help` and the exit-code table from the command table.
 * Pure.
 * @module
 */
import { EXIT } from "../core/errors.ts";
import { VERSION } from "../core/version.ts";
import type { Command } from "./_command.ts";

/** The exit-code table as text lines. */
export function renderExitCodes(): string[] {
  return Object.values(EXIT).map((e) => `  ${String(e.code).padStart(2)}  ${e.meaning}`);
}

/** The top-level help. */
export function renderOverview(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    `baton ${VERSION}: continuity for AI coding agents across compaction, crashes and tool switches`,
    "",
    "Usage: baton <command> [flags]",
    "       baton help <command> | baton <command> --help | baton --version",
    "",
    "Commands:",
    ...commands.filter((c) => c.hidden !== true).map((c) =>
      `  ${c.name.padEnd(width)}${c.summary}`
    ),
    "",
    'Every command accepts --json (one JSON document on stdout; errors as {"error":{code,message}}).',
    "Diagnostics go to stderr. Set BATON_DEBUG=1 to see stack traces of internal errors.",
    "",
    "Exit status:",
    ...renderExitCodes(),
    "",
  ].join("\n");
}
