/**
 * Cursor's record: everything baton knows about the host (see
 * core/hosts/record.ts). Its install files are core/hosts/install/cursor.ts.
 * @module
 */
import type { HostRecord } from "./record.ts";

/** Cursor. */
export const CURSOR_RECORD = {
  id: "cursor",
  label: "Cursor",
  sessionLabel: "Cursor",
  install: {
    support: "hooks",
    projectDir: ".cursor",
    userDir: { env: null, envJoin: "", home: ".cursor" },
    hookFile: { path: "hooks.json", shape: "flat" },
    hooks: ["session-start", "pre-compact", "session-end", "post-tool", "pre-tool"],
    hookNote:
      "sessionStart loads the briefing (additional_context); preCompact and sessionEnd write a capsule; postToolUse reports the context band, once per band; preToolUse runs the mutation gate, registered only once this clone opted in with baton enforce on",
    notes: [],
  },
  events: {
    "session-start": ["sessionStart"],
    "pre-compact": ["preCompact"],
    "session-end": ["sessionEnd"],
    stop: ["stop"],
    // beforeSubmitPrompt cannot add context, so baton registers only postToolUse.
    prompt: ["beforeSubmitPrompt"],
    "post-tool": ["postToolUse"],
    "pre-tool": ["preToolUse", "beforeShellExecution"],
  },
  payload: {
    event: "hook_event_name",
    sessionId: "conversation_id",
    transcriptPath: "transcript_path",
    cwd: "workspace_roots",
  },
  output: { shape: "snake", injectionCapChars: 10_000, stopAck: true },
  deny: "cursor-permission",
  tools: {
    read: ["beforeReadFile"],
    edit: ["StrReplace", "Delete", "TabWrite", "afterFileEdit"],
    shell: ["Shell", "beforeShellExecution"],
  },
  program: { npm: null, notRun: "no npm package and no headless client" },
  projectDirEnv: "CURSOR_PROJECT_DIR",
  transcript: {
    formats: [],
    idPrefix: "cursor",
    root: { kind: "editor-user", app: "Cursor" },
    sessions: "globalStorage/state.vscdb",
    layout: "cursor-db",
    confidence: "documented",
    checkedAgainst: "third-party docs of state.vscdb (no headless Cursor to check against)",
  },
} as const satisfies HostRecord;
