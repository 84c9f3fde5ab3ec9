/**
 * The table of every command. main.ts dispatches from it and imports only
 * the one command it runs (start-up is on every hook's critical path); help,
 * the docs/ reference and the skill's command list load them all. Command
 * files import heavy modules lazily, so loading one stays cheap.
 *
 * It is also the package's entry: every folder outside commands/ (but tests/
 * and main.ts, whose --version path must not load this table) imports
 * commands/ through this file.
 * @module
 */
import type { Command } from "./_cli/command.ts";
import type { CommandName } from "./_cli/after_handoff.ts";

export type { Command } from "./_cli/command.ts";
export { createDenoIo, type Io } from "./_adapters/io.ts";
export type { SafeError } from "./_cli/safe_output.ts";
export { taskStartDir } from "./_adapters/task_dir.ts";

export { CATEGORIES, parseFlags } from "./_cli/command.ts";
export { AFTER_HANDOFF } from "./_cli/after_handoff.ts";

/** Loaders of every command, in help order. */
export const COMMAND_LOADERS: Readonly<Record<CommandName, () => Promise<Command>>> = {
  preflight: async () => (await import("./preflight.ts")).preflightCommand,
  finalize: async () => (await import("./finalize.ts")).finalizeCommand,
  load: async () => (await import("./load.ts")).loadCommand,
  validate: async () => (await import("./validate.ts")).validateCommand,
  list: async () => (await import("./list.ts")).listCommand,
  show: async () => (await import("./show.ts")).showCommand,
  search: async () => (await import("./search.ts")).searchCommand,
  evidence: async () => (await import("./evidence.ts")).evidenceCommand,
  push: async () => (await import("./push.ts")).pushCommand,
  pull: async () => (await import("./pull.ts")).pullCommand,
  revive: async () => (await import("./revive.ts")).reviveCommand,
  log: async () => (await import("./log.ts")).logCommand,
  verify: async () => (await import("./verify.ts")).verifyCommand,
  rotate: async () => (await import("./rotate.ts")).rotateCommand,
  decisions: async () => (await import("./decisions.ts")).decisionsCommand,
  capsule: async () => (await import("./capsule.ts")).capsuleCommand,
  progress: async () => (await import("./progress.ts")).progressCommand,
  export: async () => (await import("./export.ts")).exportCommand,
  scan: async () => (await import("./scan.ts")).scanCommand,
  redact: async () => (await import("./redact.ts")).redactCommand,
  classify: async () => (await import("./classify.ts")).classifyCommand,
  hook: async () => (await import("./hook.ts")).hookCommand,
  bands: async () => (await import("./bands.ts")).bandsCommand,
  statusline: async () => (await import("./statusline.ts")).statuslineCommand,
  paste: async () => (await import("./paste.ts")).pasteCommand,
  ingest: async () => (await import("./ingest.ts")).ingestCommand,
  handoff: async () => (await import("./handoff.ts")).handoffCommand,
  enforce: async () => (await import("./enforce.ts")).enforceCommand,
  done: async () => (await import("./done.ts")).doneCommand,
  commit: async () => (await import("./commit.ts")).commitCommand,
  clean: async () => (await import("./clean.ts")).cleanCommand,
  "check-clean": async () => (await import("./check_clean.ts")).checkCleanCommand,
  trust: async () => (await import("./trust.ts")).trustCommand,
  install: async () => (await import("./install.ts")).installCommand,
  uninstall: async () => (await import("./uninstall.ts")).uninstallCommand,
  source: async () => (await import("./source.ts")).sourceCommand,
  doctor: async () => (await import("./doctor.ts")).doctorCommand,
  completions: async () => (await import("./completions.ts")).completionsCommand,
  demo: async () => (await import("./demo.ts")).demoCommand,
};

/** The help renderer (loaded on use: a command that only runs never needs it). */
export async function loadHelp(): Promise<typeof import("./_cli/help.ts")> {
  return await import("./_cli/help.ts");
}

/** Every command name, in help order. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMAND_LOADERS);

/** Loads one command by name; undefined when there is none. */
export async function findCommand(name: string): Promise<Command | undefined> {
  return Object.hasOwn(COMMAND_LOADERS, name)
    ? await COMMAND_LOADERS[name as keyof typeof COMMAND_LOADERS]()
    : undefined;
}

/** Loads every command, in help order. */
export async function loadCommands(): Promise<Command[]> {
  return await Promise.all(
    COMMAND_NAMES.map((name) => COMMAND_LOADERS[name as keyof typeof COMMAND_LOADERS]()),
  );
}
