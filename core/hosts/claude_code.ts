/**
 * Claude Code's record: everything baton knows about the host (see
 * core/hosts/record.ts). Its install files are core/hosts/install/claude_code.ts.
 * @module
 */
import type { HostRecord } from "./record.ts";

/** Claude Code. */
export const CLAUDE_CODE_RECORD = {
  id: "claude-code",
  label: "Claude Code",
  sessionLabel: "Claude Code",
  install: {
    support: "hooks",
    projectDir: ".claude",
    userDir: { env: "CLAUDE_CONFIG_DIR", envJoin: "", home: ".claude" },
    hookFile: { path: "settings.json", shape: "grouped" },
    hooks: ["session-start", "pre-compact", "session-end", "prompt", "post-tool", "pre-tool"],
    gateMatcher: "Bash|PowerShell|Edit|Write|MultiEdit|NotebookEdit",
    hookNote:
      "SessionStart (startup|resume|clear|compact) loads the briefing; PreCompact and SessionEnd write a capsule; UserPromptSubmit reports the context band, once per band; PreToolUse runs the mutation gate for shell, edit and write tools, registered only once this clone opted in with baton enforce on",
    notes: ["Claude Code holds back settings hooks until the folder's trust dialog is accepted"],
  },
  events: {
    "session-start": ["SessionStart"],
    "pre-compact": ["PreCompact"],
    "session-end": ["SessionEnd"],
    stop: ["Stop"],
    prompt: ["UserPromptSubmit"],
    "post-tool": ["PostToolUse"],
    "pre-tool": ["PreToolUse"],
  },
  payload: {
    event: "hook_event_name",
    sessionId: "session_id",
    transcriptPath: "transcript_path",
    cwd: "cwd",
  },
  output: { shape: "nested", injectionCapChars: 10_000, stopAck: true },
  deny: "permission-decision",
  tools: {
    read: ["Read", "Glob", "Grep", "LS", "NotebookRead", "WebFetch", "WebSearch", "TodoWrite"],
    edit: ["Edit", "Write", "MultiEdit", "NotebookEdit"],
    shell: ["Bash", "PowerShell"],
  },
  program: { npm: "@anthropic-ai/claude-code" },
  projectDirEnv: "CLAUDE_PROJECT_DIR",
  transcript: {
    formats: ["claude-code"],
    idPrefix: "claude",
    root: { kind: "home", env: "CLAUDE_CONFIG_DIR", home: ".claude" },
    sessions: "projects",
    layout: "claude-projects",
    confidence: "verified",
    checkedAgainst: "Claude Code 2.1.197 (real-host suite)",
    // Hooks' updatedInput (PreToolUse, PermissionRequest) and updatedToolOutput (PostToolUse),
    // plugins, an env beyond its own switches, env-file events (SessionStart, Setup, CwdChanged,
    // FileChanged) and components' frontmatter hooks (attack120, fix60b).
    projectHooks: [{
      dir: ".claude",
      json: ["settings.json", "settings.local.json"],
      own: ["claude-code"],
      claudeEnv: true,
      plugins: true,
      components: true,
    }],
  },
} as const satisfies HostRecord;
