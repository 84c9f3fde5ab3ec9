/**
 * Qwen Code's record (a Gemini CLI descendant, hooks in Claude Code's shape):
 * everything baton knows about the host (see core/hosts/record.ts). Its
 * install files are core/hosts/install/qwen_code.ts. Checked against
 * Qwen Code 0.24.4 in the real-host suite: SessionStart's
 * `hookSpecificOutput.additionalContext` reaches the model, and `qwen -p`
 * fires Stop after the turn but no SessionEnd, so Stop captures (as a
 * rate-limited turn_end). Its transcripts (JSONL under
 * `~/.qwen/projects/<project>/chats/`) are read by core/transcript/qwen_code.ts.
 * @module
 */
import { CLAUDE_CODE_RECORD } from "./claude_code.ts";
import type { HostRecord } from "./record.ts";

/** Qwen Code. */
export const QWEN_CODE_RECORD = {
  id: "qwen-code",
  label: "Qwen Code",
  sessionLabel: "Qwen Code",
  install: {
    support: "hooks",
    projectDir: ".qwen",
    userDir: { env: null, envJoin: "", home: ".qwen" },
    hookFile: { path: "settings.json", shape: "grouped" },
    hooks: ["session-start", "pre-compact", "session-end", "stop"],
    hookNote:
      "SessionStart loads the briefing; PreCompact and SessionEnd write a capsule, and Stop (after every turn; qwen -p fires no SessionEnd) writes one at most every 5 minutes",
    notes: [
      'Qwen Code adds its settings version ("$version") to a settings file that lacks it when it starts; uninstall removes only baton\'s entries',
    ],
  },
  events: CLAUDE_CODE_RECORD.events,
  payload: CLAUDE_CODE_RECORD.payload,
  output: { shape: "nested", injectionCapChars: 10_000, stopAck: true },
  deny: "permission-decision",
  tools: {
    read: ["read_file", "grep_search", "glob", "list_directory", "web_fetch", "web_search"],
    edit: ["edit", "write_file"],
    shell: ["run_shell_command"],
  },
  program: { npm: "@qwen-code/qwen-code" },
  projectDirEnv: null,
  transcript: {
    formats: ["qwen-code"],
    idPrefix: "qwen",
    root: { kind: "home", env: null, home: ".qwen" },
    sessions: "projects",
    layout: "qwen-projects",
    confidence: "verified",
    checkedAgainst: "Qwen Code 0.24.4's own chat records in the real-host suite",
    // Its hooks documentation: a PreToolUse hook's hookSpecificOutput.updatedInput, and a
    // PermissionRequest hook's decision.updatedInput, replace a tool's input.
    projectHooks: [{ dir: ".qwen", json: ["settings.json"], own: ["qwen-code"] }],
  },
} as const satisfies HostRecord;
