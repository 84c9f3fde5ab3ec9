/**
 * Gemini CLI's record: everything baton knows about the host (see
 * core/hosts/record.ts). Its install files are core/hosts/install/gemini.ts.
 * @module
 */
import { CLAUDE_CODE_RECORD } from "./claude_code.ts";
import type { HostRecord } from "./record.ts";

/** Gemini CLI. */
export const GEMINI_RECORD = {
  id: "gemini",
  label: "Gemini CLI",
  sessionLabel: "Gemini CLI",
  install: {
    support: "hooks",
    projectDir: ".gemini",
    userDir: { env: null, envJoin: "", home: ".gemini" },
    hookFile: { path: "settings.json", shape: "grouped" },
    hooks: ["session-start", "pre-compact", "session-end", "prompt", "post-tool", "pre-tool"],
    gateMatcher: "^(run_shell_command|write_file|replace)$",
    hookNote:
      "SessionStart loads the briefing; PreCompress (a manual /compress) and SessionEnd (best effort) write a capsule; BeforeAgent reports the context band, once per band, and writes a capsule once Gemini's token fill nears its compression threshold; BeforeTool runs the mutation gate for shell and write tools, registered only once this clone opted in with baton enforce on",
    notes: ["Gemini CLI fingerprints project hooks and asks you to trust them when they change"],
  },
  events: {
    "session-start": ["SessionStart"],
    // PreCompress fires before every model request (trigger auto), whether or not it compresses:
    // install registers it for a manual /compress only (see compression below).
    "pre-compact": ["PreCompress"],
    "session-end": ["SessionEnd"],
    stop: ["AfterAgent"],
    prompt: ["BeforeAgent"],
    "post-tool": ["AfterTool"],
    "pre-tool": ["BeforeTool"],
  },
  payload: CLAUDE_CODE_RECORD.payload,
  output: { shape: "nested", injectionCapChars: 10_000, stopAck: true },
  deny: "decision",
  tools: {
    read: [
      "read_file",
      "read_many_files",
      "list_directory",
      "glob",
      "search_file_content",
      "google_web_search",
      "web_fetch",
    ],
    edit: ["write_file", "replace"],
    shell: ["run_shell_command"],
  },
  program: { npm: "@google/gemini-cli" },
  projectDirEnv: "GEMINI_PROJECT_DIR",
  // Gemini CLI 0.61 (ChatCompressionService.compress): before every model request it fires
  // PreCompress with trigger "auto" ("manual" for /compress; a hook matcher is compared with the
  // trigger for equality), then compresses only when the last prompt's token count reaches
  // model.compressionThreshold (a fraction; 0 or unset: a remote experiment's value, else 0.5)
  // of the model's window. Its settings merge system defaults < user < workspace < system.
  compression: {
    manualMatcher: "manual",
    setting: ["model", "compressionThreshold"],
    defaultThreshold: 0.5,
    settingsFiles: [
      {
        kind: "fixed",
        env: "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
        path: "/etc/gemini-cli/system-defaults.json",
      },
      { kind: "user", env: "GEMINI_CLI_HOME", path: ".gemini/settings.json" },
      { kind: "project", path: ".gemini/settings.json" },
      {
        kind: "fixed",
        env: "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
        path: "/etc/gemini-cli/settings.json",
      },
    ],
  },
  transcript: {
    formats: ["gemini", "gemini-json"],
    idPrefix: "gemini",
    root: { kind: "home", env: null, home: ".gemini" },
    sessions: "tmp",
    layout: "gemini-tmp",
    confidence: "verified",
    checkedAgainst: "Gemini CLI 0.61.0 (real-host suite)",
  },
} as const satisfies HostRecord;
