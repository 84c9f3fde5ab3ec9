/**
 * Kilo Code CLI's record (`@kilocode/cli`, an OpenCode fork): everything
 * baton knows about the host (see core/hosts/record.ts). Kilo loads
 * OpenCode-style plugin modules from `{plugin,plugins}/*.{ts,js}` in its
 * config directories (`.kilo/` or `.kilocode/` in a project, `~/.config/kilo`
 * for the user) and calls the same plugin hooks, so install writes baton's
 * OpenCode plugin there, rendered for this host
 * (core/hosts/install/kilo_code.ts). Checked against Kilo 7.7.7 in the
 * real-host suite. Its sessions (SQLite, `kilo.db` under its data directory)
 * have no reader in baton yet.
 * @module
 */
import { OPENCODE_RECORD } from "./opencode.ts";
import type { HostRecord } from "./record.ts";

/** Kilo Code CLI. */
export const KILO_CODE_RECORD = {
  id: "kilo-code",
  label: "Kilo Code CLI",
  sessionLabel: "Kilo Code",
  install: {
    support: "plugin",
    projectDir: ".kilo",
    userDir: { env: "XDG_CONFIG_HOME", envJoin: "kilo", home: ".config/kilo" },
    // The plugin calls every hook itself; nothing is registered in a config file.
    hookFile: null,
    hooks: [],
    hookNote:
      "the plugin (OpenCode's plugin interface, which Kilo keeps) adds the briefing to a new session's system prompt (once per session), writes a capsule before compaction and adds the briefing to the compacted context, writes one when a session goes idle, reports the context band after each tool call, and before a tool call in a repository with deny records asks baton's gate and throws its refusal",
    notes: ["Kilo loads the plugin at start: restart Kilo after installing"],
  },
  // The plugin's own event names (it sends them as hook_event_name) and payload: OpenCode's.
  events: OPENCODE_RECORD.events,
  payload: OPENCODE_RECORD.payload,
  output: { shape: "plain", injectionCapChars: 10_000, stopAck: false },
  deny: "decision",
  tools: {
    read: ["read", "list", "glob", "grep", "webfetch", "websearch", "codesearch", "todoread"],
    edit: ["edit", "write", "patch", "multiedit"],
    shell: ["bash"],
  },
  program: { npm: "@kilocode/cli" },
  projectDirEnv: null,
  transcript: {
    formats: [],
    idPrefix: "kilo",
    root: { kind: "xdg-data", dir: "kilo" },
    sessions: "kilo.db",
    layout: "none",
    confidence: "guessed",
    checkedAgainst: "no reader yet (Kilo 7.7.7 keeps sessions in kilo.db, OpenCode's SQLite store)",
  },
} as const satisfies HostRecord;
