/**
 * The static table of every command. main.ts dispatches from it, and the
 * README reference and help are generated from it. Command files import
 * heavy modules lazily, so loading this table stays cheap.
 * @module
 */
import type { Command } from "./_command.ts";
import { preflightCommand } from "./preflight.ts";
import { finalizeCommand } from "./finalize.ts";
import { validateCommand } from "./validate.ts";
import { loadCommand } from "./load.ts";
import { listCommand } from "./list.ts";
import { showCommand } from "./show.ts";
import { exportCommand } from "./export.ts";
import { demoCommand } from "./demo.ts";
import { scanCommand } from "./scan.ts";
import { redactCommand } from "./redact.ts";

/** Every command, in help order. */
export const COMMANDS: readonly Command[] = [
  preflightCommand,
  finalizeCommand,
  loadCommand,
  validateCommand,
  listCommand,
  showCommand,
  exportCommand,
  scanCommand,
  redactCommand,
  demoCommand,
];

/** Finds a command by name. */
export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
