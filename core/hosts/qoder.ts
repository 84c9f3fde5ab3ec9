/**
 * Qoder's CLI record (`@qoder-ai/qodercli`): everything baton knows about
 * the host (see core/hosts/record.ts), read from qodercli 1.1.52's own code:
 * hooks in the `hooks` key of `.qoder/settings.json` (and
 * `~/.qoder/settings.json`) in Claude Code's grouped shape, payload
 * (`session_id`, `transcript_path`, `cwd`) and output
 * (`hookSpecificOutput.additionalContext`), with SessionStart, PreCompact,
 * SessionEnd, Stop, UserPromptSubmit, PreToolUse and PostToolUse, and
 * `QODER_PROJECT_DIR`. Not run in the real-host suite: `qodercli -p` stops
 * with "Not logged in" without a Qoder account, and its own models and keys
 * of your own are both configured through Qoder's service, so no local
 * endpoint can stand in. Install and schema only; the gate is not installed
 * (its tool names are unchecked).
 * @module
 */
import { CLAUDE_CODE_RECORD } from "./claude_code.ts";
import type { HostRecord } from "./record.ts";

/** Qoder CLI. */
export const QODER_RECORD = {
  id: "qoder",
  label: "Qoder CLI",
  sessionLabel: "Qoder",
  install: {
    support: "hooks",
    projectDir: ".qoder",
    userDir: { env: null, envJoin: "", home: ".qoder" },
    hookFile: { path: "settings.json", shape: "grouped" },
    hooks: ["session-start", "pre-compact", "session-end"],
    hookNote:
      "SessionStart loads the briefing; PreCompact and SessionEnd write a capsule; read from its code, not run here: it needs a Qoder login",
    notes: [
      "no command files: their format is unchecked without a Qoder account; use the baton skill",
    ],
  },
  events: CLAUDE_CODE_RECORD.events,
  payload: CLAUDE_CODE_RECORD.payload,
  output: { shape: "nested", injectionCapChars: 10_000, stopAck: true },
  deny: "permission-decision",
  // Unchecked against a running Qoder, so the gate is not installed and reads no names.
  tools: { read: [], edit: [], shell: [] },
  program: {
    npm: "@qoder-ai/qodercli",
    notRun:
      "needs a Qoder login; models and keys of your own are configured through Qoder's service",
  },
  projectDirEnv: "QODER_PROJECT_DIR",
  transcript: {
    formats: [],
    idPrefix: "qoder",
    root: { kind: "home", env: null, home: ".qoder" },
    sessions: "projects",
    layout: "none",
    confidence: "guessed",
    checkedAgainst: "no reader (qodercli 1.1.52 could not be run without an account)",
  },
} as const satisfies HostRecord;
