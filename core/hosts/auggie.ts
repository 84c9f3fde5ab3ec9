/**
 * Augment's Auggie record (`@augmentcode/auggie`): everything baton knows
 * about the host (see core/hosts/record.ts), read from auggie 0.36.0's own
 * code: hooks in the `hooks` key of `.augment/settings.json` (and
 * `~/.augment/settings.json`) in Claude Code's grouped shape, for
 * SessionStart, SessionEnd, Stop, PromptSubmit, PreToolUse, PostToolUse and
 * Notification (no compaction event); its payload names the session
 * `conversation_id` and the project `workspace_roots`; SessionStart's
 * `hookSpecificOutput.additionalContext` is added to the conversation. Not
 * run in the real-host suite: `auggie --print` stops with "No auth provided"
 * without an Augment login, and its models are reached only through
 * Augment's own service (even keys of your own are sent there), so no local
 * endpoint can stand in. Install and schema only; the gate is not installed
 * (its tool names are unchecked).
 * @module
 */
import type { HostRecord } from "./record.ts";

/** Auggie. */
export const AUGGIE_RECORD = {
  id: "auggie",
  label: "Auggie (Augment CLI)",
  sessionLabel: "Auggie",
  install: {
    support: "hooks",
    projectDir: ".augment",
    userDir: { env: null, envJoin: "", home: ".augment" },
    hookFile: { path: "settings.json", shape: "grouped" },
    hooks: ["session-start", "session-end"],
    hookNote:
      "SessionStart loads the briefing; SessionEnd writes a capsule (Auggie has no compaction event); read from its code, not run here: it needs an Augment login",
    notes: [
      "no command files: their format is unchecked without an Augment account; use the baton skill",
    ],
  },
  events: {
    "session-start": ["SessionStart"],
    "session-end": ["SessionEnd"],
    stop: ["Stop"],
    prompt: ["PromptSubmit"],
    "post-tool": ["PostToolUse"],
    "pre-tool": ["PreToolUse"],
  },
  payload: {
    event: "hook_event_name",
    sessionId: "conversation_id",
    transcriptPath: null,
    cwd: "workspace_roots",
  },
  output: { shape: "nested", injectionCapChars: 10_000, stopAck: true },
  deny: "permission-decision",
  // Unchecked against a running Auggie, so the gate is not installed and reads no names.
  tools: { read: [], edit: [], shell: [] },
  program: {
    npm: "@augmentcode/auggie",
    notRun: "needs an Augment login, and reaches models only through Augment's service",
  },
  projectDirEnv: "AUGMENT_PROJECT_DIR",
  transcript: {
    formats: [],
    idPrefix: "auggie",
    root: { kind: "home", env: null, home: ".augment" },
    sessions: "sessions",
    layout: "none",
    confidence: "guessed",
    checkedAgainst: "no reader (auggie 0.36.0 could not be run without an account)",
  },
} as const satisfies HostRecord;
