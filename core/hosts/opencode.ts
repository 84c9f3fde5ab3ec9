/**
 * OpenCode's record: everything baton knows about the host (see
 * core/hosts/record.ts). Its install files (a plugin module) are
 * core/hosts/install/opencode.ts.
 * @module
 */
import type { HostRecord } from "./record.ts";

/** OpenCode. */
export const OPENCODE_RECORD = {
  id: "opencode",
  label: "OpenCode",
  sessionLabel: "OpenCode",
  install: {
    support: "plugin",
    projectDir: ".opencode",
    userDir: { env: "XDG_CONFIG_HOME", envJoin: "opencode", home: ".config/opencode" },
    // The plugin calls every hook itself; nothing is registered in a config file.
    hookFile: null,
    hooks: [],
    hookNote:
      "the plugin adds the briefing to a new session's system prompt (experimental.chat.system.transform, once per session), writes a capsule before compaction and adds the briefing to the compacted context, writes one when a session goes idle, reports the context band in the tool's output on the tool call that reaches a band's threshold (tool calls since the last user message, counted by the plugin; no baton process on the other calls), and before a tool call in a repository with deny records asks baton's gate and throws its refusal (OpenCode gives the model the error)",
    notes: ["OpenCode loads the plugin at start: restart OpenCode after installing"],
  },
  // The plugin's own event names (it sends them as hook_event_name).
  events: {
    "session-start": ["session.created"],
    "pre-compact": ["experimental.session.compacting"],
    "session-end": ["session.deleted"],
    stop: ["session.idle"],
    "post-tool": ["tool.execute.after"],
    "pre-tool": ["tool.execute.before"],
  },
  payload: {
    event: "hook_event_name",
    sessionId: "session_id",
    transcriptPath: null,
    cwd: "cwd",
  },
  output: { shape: "plain", injectionCapChars: 10_000, stopAck: false },
  deny: "decision",
  tools: {
    read: [
      "read",
      "list",
      "glob",
      "grep",
      "webfetch",
      "websearch",
      "codesearch",
      "todoread",
      "todowrite",
    ],
    edit: ["edit", "write", "patch", "multiedit"],
    shell: ["bash"],
  },
  program: { npm: "opencode-ai" },
  projectDirEnv: null,
  transcript: {
    formats: [],
    idPrefix: "opencode",
    root: { kind: "xdg-data", dir: "opencode" },
    sessions: "opencode.db",
    layout: "opencode-db",
    confidence: "verified",
    checkedAgainst: "OpenCode 1.18.33 (real-host suite)",
  },
} as const satisfies HostRecord;
