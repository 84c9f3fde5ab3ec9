/**
 * GitHub Copilot's record: everything baton knows about the host (see
 * core/hosts/record.ts). Its install files are core/hosts/install/copilot.ts.
 * @module
 */
import { CLAUDE_CODE_RECORD } from "./claude_code.ts";
import type { HostRecord } from "./record.ts";

/** GitHub Copilot (CLI and VS Code). */
export const COPILOT_RECORD = {
  id: "copilot",
  label: "GitHub Copilot (CLI and VS Code)",
  sessionLabel: "Copilot CLI",
  install: {
    support: "hooks",
    projectDir: ".github",
    userDir: { env: null, envJoin: "", home: ".copilot" },
    hookFile: { path: "hooks/baton.json", shape: "flat" },
    hooks: ["session-start", "pre-compact", "stop", "prompt", "post-tool", "pre-tool"],
    hookNote:
      "SessionStart loads the briefing (top-level additionalContext for Copilot CLI, hookSpecificOutput for VS Code); PreCompact and Stop write a capsule; UserPromptSubmit reports the context band, once per band (VS Code hooks are a preview feature); PreToolUse runs the mutation gate on every tool call, registered only once this clone opted in with baton enforce on",
    notes: [],
  },
  events: CLAUDE_CODE_RECORD.events,
  payload: {
    event: "hookEventName",
    sessionId: "sessionId",
    transcriptPath: "transcriptPath",
    cwd: "cwd",
  },
  output: { shape: "nested+top", injectionCapChars: 10_000, stopAck: true },
  deny: "permission-decision",
  tools: {
    read: ["view", "ls", "grep", "glob"],
    edit: ["edit", "create", "str_replace_editor", "insert", "editFile", "createFile"],
    shell: ["bash", "powershell", "runInTerminal"],
  },
  program: { npm: "@github/copilot" },
  projectDirEnv: null,
  transcript: {
    formats: ["copilot"],
    idPrefix: "copilot",
    root: { kind: "home", env: "COPILOT_HOME", home: ".copilot" },
    sessions: "session-state",
    layout: "copilot-state",
    confidence: "verified",
    checkedAgainst: "Copilot CLI 1.0.102 (real-host suite)",
  },
} as const satisfies HostRecord;
