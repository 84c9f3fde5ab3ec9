/**
 * Cline CLI's record (`cline`, built on the Cline SDK): everything baton
 * knows about the host (see core/hosts/record.ts). Cline's hook files
 * (`.clinerules/hooks/<Event>`) run in the CLI, but TaskStart runs detached
 * with its output ignored, and PreCompact is given no event, so a hook file
 * cannot brief the model; a plugin module (`.cline/plugins/*.js` in a
 * project, `~/.cline/plugins/` for the user, moved by `CLINE_DIR`) can: it
 * registers a rule whose text Cline asks for when it builds the system
 * prompt. So install writes one plugin (core/hosts/install/cline.ts) that
 * returns baton's briefing as that rule, captures after each run, and asks
 * baton's gate before a tool call where deny records exist.
 * Checked against Cline CLI 3.0.65 in the real-host suite. Its sessions
 * (under `~/.cline/data/`) have no reader in baton yet.
 * @module
 */
import type { HostRecord } from "./record.ts";

/** Cline CLI. */
export const CLINE_RECORD = {
  id: "cline",
  label: "Cline CLI",
  sessionLabel: "Cline",
  install: {
    support: "plugin",
    projectDir: ".cline",
    userDir: { env: "CLINE_DIR", envJoin: "", home: ".cline" },
    // The plugin calls every hook itself; nothing is registered in a config file.
    hookFile: null,
    hooks: [],
    hookNote:
      "the plugin gives Cline baton's briefing as a rule of the session's system prompt (baton runs once per session), writes a capsule after each run of the root agent (at most one every 5 minutes), and before a tool call in a repository with deny records asks baton's gate and skips the call with its refusal; the CLI fires no pre-compaction event",
    notes: ["Cline loads plugins when a session starts"],
  },
  // The plugin's own event names (it sends them as hook_event_name): Cline's hook names.
  events: {
    "session-start": ["TaskStart"],
    stop: ["TaskComplete"],
    "pre-tool": ["PreToolUse"],
  },
  payload: {
    event: "hook_event_name",
    sessionId: "session_id",
    transcriptPath: null,
    cwd: "cwd",
  },
  output: { shape: "plain", injectionCapChars: 10_000, stopAck: false },
  // The plugin reads the gate's hookSpecificOutput refusal and skips the call with its reason.
  deny: "permission-decision",
  tools: {
    read: ["read_files", "search_codebase", "fetch_web_content"],
    edit: ["editor"],
    shell: ["run_commands"],
  },
  program: { npm: "cline" },
  projectDirEnv: null,
  transcript: {
    formats: [],
    idPrefix: "cline",
    root: { kind: "home", env: "CLINE_DIR", home: ".cline" },
    sessions: "data/sessions",
    layout: "none",
    confidence: "guessed",
    checkedAgainst: "no reader yet (Cline CLI 3.0.65 keeps its sessions under ~/.cline/data/)",
  },
} as const satisfies HostRecord;
