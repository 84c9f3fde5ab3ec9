/**
 * Codex CLI's record: everything baton knows about the host (see
 * core/hosts/record.ts). Its install files are core/hosts/install/codex.ts.
 * @module
 */
import { CLAUDE_CODE_RECORD } from "./claude_code.ts";
import type { HostRecord } from "./record.ts";

/** Codex CLI. */
export const CODEX_RECORD = {
  id: "codex",
  label: "Codex CLI",
  sessionLabel: "Codex",
  install: {
    support: "hooks",
    projectDir: ".codex",
    userDir: { env: "CODEX_HOME", envJoin: "", home: ".codex" },
    hookFile: { path: "hooks.json", shape: "grouped" },
    hooks: ["session-start", "pre-compact", "session-end", "prompt", "post-tool", "pre-tool"],
    gateMatcher: "^(Bash|shell|exec_command|apply_patch|Edit|Write)$",
    hookNote:
      "SessionStart loads the briefing; PreCompact and SessionEnd write a capsule; UserPromptSubmit reports the context band, once per band; Codex runs a project's hooks only once the project is trusted and the hooks are reviewed (/hooks); PreToolUse runs the mutation gate for shell and apply_patch calls, registered only once this clone opted in with baton enforce on",
    notes: [
      "Codex has no command files any more (custom prompts were removed in 0.117.0): use $baton",
    ],
  },
  events: CLAUDE_CODE_RECORD.events,
  payload: CLAUDE_CODE_RECORD.payload,
  // Codex shows the model about 2,500 tokens of hook output.
  output: { shape: "nested", injectionCapChars: 9_000, stopAck: true },
  deny: "permission-decision",
  tools: { read: ["read_file"], edit: ["apply_patch"], shell: ["shell", "exec_command"] },
  program: { npm: "@openai/codex" },
  projectDirEnv: null,
  transcript: {
    formats: ["codex"],
    idPrefix: "codex",
    root: { kind: "home", env: "CODEX_HOME", home: ".codex" },
    sessions: "sessions",
    layout: "codex-dated",
    confidence: "verified",
    checkedAgainst: "Codex CLI 0.171.0 (real-host suite)",
    // Claude Code's contract: openai/codex#21302, #20527 (updatedInput), #20703 (attack120).
    projectHooks: [{ dir: ".codex", json: ["hooks.json"], toml: ["config.toml"], own: ["codex"] }],
  },
} as const satisfies HostRecord;
