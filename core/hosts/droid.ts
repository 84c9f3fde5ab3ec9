/**
 * Factory Droid's record (`@factory/cli`, program `droid`): everything baton
 * knows about the host (see core/hosts/record.ts). Its hooks take Claude
 * Code's grouped shape, payload and output. Checked against droid 0.225.2 in
 * the real-host suite (`droid exec` with a custom model, no Factory login):
 * SessionStart's `hookSpecificOutput.additionalContext` reaches the model
 * and `droid exec` fires Stop and SessionEnd. It reads hooks from the `hooks`
 * key of `.factory/settings.json` (and `~/.factory/settings.json`) only when
 * no `hooks.json` is beside it; `settings.local.json` holds none. Its
 * sessions (JSONL under `~/.factory/sessions/<cwd>/`) are read by
 * core/transcript/droid.ts.
 * @module
 */
import { CLAUDE_CODE_RECORD } from "./claude_code.ts";
import type { HostRecord } from "./record.ts";

/** Factory Droid. */
export const DROID_RECORD = {
  id: "droid",
  label: "Factory Droid",
  sessionLabel: "Droid",
  install: {
    support: "hooks",
    projectDir: ".factory",
    userDir: { env: null, envJoin: "", home: ".factory" },
    hookFile: { path: "settings.json", shape: "grouped" },
    hooks: ["session-start", "pre-compact", "session-end", "pre-tool"],
    gateMatcher: "Execute|Edit|Create",
    hookNote:
      "SessionStart loads the briefing; PreCompact and SessionEnd write a capsule; PreToolUse runs the mutation gate (Execute, Edit, Create), registered only once this clone opted in with baton enforce on",
    notes: [
      "Droid ignores the hooks in settings.json when a hooks.json is beside it: if you keep one, move baton's entries into it",
      "no command files: Droid's Skill tool offers the baton skill instead",
    ],
  },
  events: CLAUDE_CODE_RECORD.events,
  payload: CLAUDE_CODE_RECORD.payload,
  output: { shape: "nested", injectionCapChars: 10_000, stopAck: true },
  deny: "permission-decision",
  tools: {
    read: ["Read", "LS", "Grep", "Glob"],
    edit: ["Edit", "Create"],
    shell: ["Execute"],
  },
  program: { npm: "@factory/cli" },
  projectDirEnv: "FACTORY_PROJECT_DIR",
  transcript: {
    formats: ["droid"],
    idPrefix: "droid",
    root: { kind: "home", env: null, home: ".factory" },
    // Laid out as Claude Code's projects: one folder per project path, / written as -.
    sessions: "sessions",
    layout: "claude-projects",
    confidence: "verified",
    checkedAgainst: "droid 0.225.2's own session files in the real-host suite",
    // Hooks (docs.factory.ai's hooks page): .factory/hooks.json, the legacy hooks/hooks.json (still
    // loaded), and settings.json's `hooks` when no hooks.json is beside it (settings.local.json in
    // its older reference). A PreToolUse hook's updatedInput rewrites an Execute command (rtk's
    // droid integration, rtk-ai/rtk#2267), and the exit line droid appends is the rewritten one's.
    projectHooks: [{
      dir: ".factory",
      json: ["hooks.json", "hooks/hooks.json", "settings.json", "settings.local.json"],
      own: ["droid"],
      plugins: true,
    }],
  },
} as const satisfies HostRecord;
