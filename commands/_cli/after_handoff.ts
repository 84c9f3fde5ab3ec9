/**
 * The command table's after-handoff column: for every command, what the
 * mutation gate lets a session that handed off run
 * (core/enforce/recovery.ts AfterHandoff). Its keys are the command names:
 * commands/mod.ts keys its loaders by {@linkcode CommandName}, so a command
 * cannot be added to the table without saying what the gate does with it.
 * Kept apart from the loaders so the gate reads it without importing every
 * command.
 * @module
 */
import type { AfterHandoff } from "../../core/enforce/recovery.ts";

/**
 * What the mutation gate lets a session that handed off run, per command
 * (core/enforce/recovery.ts AfterHandoff): only what reads or writes
 * baton's own state; never a command that runs configured programs (done,
 * evidence), changes the work tree, git or a remote, or denies another
 * session (handoff write passes for the caller's own session only). Keyed
 * by the table's names, so a new command cannot be added without saying.
 */
export const AFTER_HANDOFF = {
  preflight: "passes",
  finalize: "passes",
  load: "passes",
  validate: "passes",
  list: "passes",
  show: "passes",
  search: "passes",
  evidence: "gated",
  push: "gated",
  pull: "gated",
  revive: "gated",
  log: "passes",
  verify: "passes",
  rotate: "gated",
  decisions: "passes",
  capsule: "passes",
  progress: "gated",
  export: "gated",
  scan: "passes",
  redact: "passes",
  classify: "passes",
  hook: "gated",
  bands: "passes",
  statusline: "passes",
  paste: "gated",
  ingest: "gated",
  handoff: { status: "passes", write: "own-session" },
  enforce: "gated",
  done: "gated",
  commit: "gated",
  clean: "gated",
  "check-clean": "passes",
  trust: "gated",
  install: "gated",
  uninstall: "gated",
  source: "passes",
  doctor: "passes",
  completions: "gated",
  demo: "gated",
} as const satisfies Readonly<Record<string, AfterHandoff>>;

/** The name of every command. */
export type CommandName = keyof typeof AFTER_HANDOFF;
