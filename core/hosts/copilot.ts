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
    // Its hooks configuration reference: every .github/hooks/*.json (flat entries), the `hooks`
    // of .github/copilot/settings(.local).json (whose enabledPlugins bring plugins' hooks) and
    // the cross-tool .claude/settings(.local).json. A preToolUse hook's modifiedArgs replaces a
    // tool's arguments (its CLI hooks reference; rtk found 1.0.73+ takes updatedInput too).
    // Project extensions (.github/extensions/) run SDK code whose tool hooks can change a call's
    // arguments and result.
    projectHooks: [
      { dir: ".github/hooks", everyJson: true, own: ["copilot"] },
      {
        dir: ".github/copilot",
        json: ["settings.json", "settings.local.json"],
        own: ["copilot"],
        plugins: true,
      },
      { ...CLAUDE_CODE_RECORD.transcript.projectHooks[0], own: ["claude-code", "copilot"] },
      { dir: ".github/extensions", anyEntry: true, own: [] },
    ],
  },
} as const satisfies HostRecord;
