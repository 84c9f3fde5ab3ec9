/**
 * pi's record (`@mariozechner/pi-coding-agent`): everything baton knows about
 * the host (see core/hosts/record.ts). pi has no hook config; its
 * extensions (TypeScript modules in `.pi/extensions/` or
 * `~/.pi/agent/extensions/`, loaded at start) see the session's events, so
 * install writes one extension that runs baton (core/hosts/install/pi.ts).
 * Checked against pi 0.73.1 in the real-host suite. Its sessions (JSONL
 * under `~/.pi/agent/sessions/<project>/`) are read by core/transcript/pi.ts.
 * @module
 */
import type { HostRecord } from "./record.ts";

/** pi. */
export const PI_RECORD = {
  id: "pi",
  label: "pi",
  sessionLabel: "pi",
  install: {
    support: "plugin",
    projectDir: ".pi",
    userDir: { env: "PI_CODING_AGENT_DIR", envJoin: "", home: ".pi/agent" },
    // The extension calls every hook itself; nothing is registered in a config file.
    hookFile: null,
    hooks: [],
    hookNote:
      "the extension adds the briefing to the system prompt of each turn of a session (before_agent_start; baton runs once per session), writes a capsule before compaction (session_before_compact) and when the session ends (session_shutdown)",
    notes: ["pi loads extensions at start: restart pi (or /reload) after installing"],
  },
  // The extension's own event names (it sends them as hook_event_name).
  events: {
    "session-start": ["before_agent_start"],
    "pre-compact": ["session_before_compact"],
    "session-end": ["session_shutdown"],
  },
  payload: {
    event: "hook_event_name",
    sessionId: "session_id",
    transcriptPath: "transcript_path",
    cwd: "cwd",
  },
  output: { shape: "plain", injectionCapChars: 10_000, stopAck: false },
  // No gate is installed for pi; this is the shape the gate would render for it.
  deny: "permission-decision",
  tools: {
    read: ["read", "grep", "find", "ls"],
    edit: ["edit", "write"],
    shell: ["bash"],
  },
  program: { npm: "@mariozechner/pi-coding-agent" },
  projectDirEnv: null,
  transcript: {
    formats: ["pi"],
    idPrefix: "pi",
    root: { kind: "home", env: "PI_CODING_AGENT_DIR", home: ".pi/agent" },
    sessions: "sessions",
    layout: "pi-sessions",
    confidence: "verified",
    checkedAgainst: "pi 0.73.1's own session files in the real-host suite",
  },
} as const satisfies HostRecord;
