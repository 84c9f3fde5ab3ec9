/**
 * The table of every command. main.ts dispatches from it and imports only
 * the one command it runs (start-up is on every hook's critical path); help,
 * the README reference and the skill's command list load them all. Command
 * files import heavy modules lazily, so loading one stays cheap.
 *
 * It is also the package's entry: every folder outside commands/ (but tests/
 * and main.ts, whose --version path must not load this table) imports
 * commands/ through this file.
 * @module
 */
import type { Command } from "./_command.ts";

export type { Command } from "./_command.ts";
export { createDenoIo, type Io } from "./_io.ts";
export type { SafeError } from "./_safe_output.ts";
export { taskStartDir } from "./_task_dir.ts";

export { renderHelp } from "./_command.ts";

/** Loaders of every command, in help order. */
export const COMMAND_LOADERS: Readonly<Record<string, () => Promise<Command>>> = {
  preflight: async () => (await import("./preflight.ts")).preflightCommand,
  finalize: async () => (await import("./finalize.ts")).finalizeCommand,
  load: async () => (await import("./load.ts")).loadCommand,
  validate: async () => (await import("./validate.ts")).validateCommand,
  list: async () => (await import("./list.ts")).listCommand,
  show: async () => (await import("./show.ts")).showCommand,
  export: async () => (await import("./export.ts")).exportCommand,
  scan: async () => (await import("./scan.ts")).scanCommand,
  redact: async () => (await import("./redact.ts")).redactCommand,
  classify: async () => (await import("./classify.ts")).classifyCommand,
  hook: async () => (await import("./hook.ts")).hookCommand,
  paste: async () => (await import("./paste.ts")).pasteCommand,
  ingest: async () => (await import("./ingest.ts")).ingestCommand,
  trust: async () => (await import("./trust.ts")).trustCommand,
  install: async () => (await import("./install.ts")).installCommand,
  uninstall: async () => (await import("./uninstall.ts")).uninstallCommand,
  doctor: async () => (await import("./doctor.ts")).doctorCommand,
  demo: async () => (await import("./demo.ts")).demoCommand,
};

/** Every command name, in help order. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMAND_LOADERS);

/** Loads one command by name; undefined when there is none. */
export async function findCommand(name: string): Promise<Command | undefined> {
  return Object.hasOwn(COMMAND_LOADERS, name) ? await COMMAND_LOADERS[name]!() : undefined;
}

/** Loads every command, in help order. */
export async function loadCommands(): Promise<Command[]> {
  return await Promise.all(COMMAND_NAMES.map((name) => COMMAND_LOADERS[name]!()));
}
