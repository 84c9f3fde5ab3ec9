/**
 * Grok CLI's record (`@vibe-kit/grok-cli`, program `grok`): everything baton
 * knows about the host (see core/hosts/record.ts). Checked against the npm
 * package 0.0.34 (it reports itself as 1.0.1) in the real-host suite. It has
 * no hooks, plugins or skills; it puts one custom-instructions file into its
 * system prompt: `.grok/GROK.md` in the working directory, or else
 * `~/.grok/GROK.md` (the project file wins; the two are never merged). So
 * install puts baton's rules block there. It speaks OpenAI Chat Completions
 * at any base URL (`GROK_BASE_URL`) and keeps no session files, so baton has
 * no transcript reader for it.
 * @module
 */
import type { HostRecord } from "./record.ts";

/** Grok CLI. */
export const GROK_CLI_RECORD = {
  id: "grok",
  label: "Grok CLI",
  sessionLabel: "Grok",
  install: {
    support: "rules",
    projectDir: ".grok",
    userDir: { env: null, envJoin: "", home: ".grok" },
    hookFile: null,
    rulesFile: { project: ".grok/GROK.md", user: "GROK.md" },
    hooks: [],
    hookNote:
      "no hooks: a block in its custom instructions (GROK.md) tells the agent to run baton load at the start and to write a capsule before it stops",
    notes: [
      "grok reads GROK.md when a session starts: start a new session after installing",
      "a project's own .grok/GROK.md replaces ~/.grok/GROK.md, so a --user install is not seen in such a project",
      "no command files: grok has only its built-in slash commands, and reads no skill files (the baton skill under .grok/skills/ is there for you to read)",
    ],
  },
  // grok fires no events.
  events: {},
  payload: {
    event: "hook_event_name",
    sessionId: "session_id",
    transcriptPath: null,
    cwd: "cwd",
  },
  output: { shape: "plain", injectionCapChars: 10_000, stopAck: false },
  // No gate is installed for grok; this is the shape the gate would render for it.
  deny: "permission-decision",
  tools: {
    read: ["view_file", "search"],
    edit: ["str_replace_editor", "create_file", "edit_file"],
    shell: ["bash"],
  },
  program: { npm: "@vibe-kit/grok-cli" },
  projectDirEnv: null,
  transcript: {
    formats: [],
    idPrefix: "grok",
    root: { kind: "home", env: null, home: ".grok" },
    sessions: "sessions",
    layout: "none",
    confidence: "verified",
    checkedAgainst: "grok-cli 0.0.34 writes no session files (only its settings)",
  },
} as const satisfies HostRecord;
