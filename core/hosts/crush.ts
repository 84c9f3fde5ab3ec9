/**
 * Charm Crush's record (`@charmland/crush`, a Go program): everything baton
 * knows about the host (see core/hosts/record.ts). Crush's hooks
 * (`hooks` in `crush.json`, Claude Code-compatible, flat entries
 * `{ name, matcher, command, timeout }`) fire only before a tool call
 * (PreToolUse), so they carry the gate and nothing else; Crush has no
 * session-start, session-end or compaction hook. It reads context files
 * (AGENTS.md, CRUSH.md, CRUSH.local.md, ...) into its system prompt, so the
 * briefing loop goes through one: install writes `CRUSH.local.md`, which
 * tells the agent to run `baton load` at the start and to write a capsule
 * before it stops (core/hosts/install/crush.ts). Not proven with the real
 * program: the npm package ships no binary (its install script downloads
 * the release archive from GitHub, which this machine cannot reach), so
 * Crush is install-and-schema only, like Cursor.
 * @module
 */
import type { HostRecord } from "./record.ts";

/** Crush. */
export const CRUSH_RECORD = {
  id: "crush",
  label: "Crush",
  sessionLabel: "Crush",
  install: {
    support: "hooks",
    projectDir: ".crush",
    userDir: { env: "XDG_CONFIG_HOME", envJoin: "crush", home: ".config/crush" },
    // The project's crush.json is at the project root, the user's in the config directory.
    hookFile: { path: "crush.json", shape: "flat" },
    hooks: ["pre-tool"],
    hookNote:
      "Crush's only hook event is PreToolUse: it carries the gate where this clone opted in; the briefing loop goes through CRUSH.local.md, a context file Crush reads, which tells the agent to run baton load first and to write a capsule before it stops",
    notes: [
      "Crush has no session hooks: CRUSH.local.md asks the agent itself to run baton load and to write a capsule (keep it out of git: it names this machine's baton path)",
    ],
  },
  events: {
    "pre-tool": ["PreToolUse"],
  },
  payload: {
    event: "event",
    sessionId: "session_id",
    transcriptPath: null,
    cwd: "cwd",
  },
  output: { shape: "plain", injectionCapChars: 10_000, stopAck: false },
  deny: "decision",
  tools: {
    read: ["view", "ls", "glob", "grep"],
    edit: ["edit", "write", "multiedit"],
    shell: ["bash"],
  },
  program: {
    npm: "@charmland/crush",
    notRun: "its npm package ships no binary: its install script downloads one from GitHub",
  },
  projectDirEnv: null,
  transcript: {
    formats: [],
    idPrefix: "crush",
    root: { kind: "home", env: null, home: ".crush" },
    sessions: "crush.db",
    layout: "none",
    confidence: "guessed",
    checkedAgainst: "no reader (Crush keeps sessions in SQLite, .crush/crush.db in the project)",
  },
} as const satisfies HostRecord;
