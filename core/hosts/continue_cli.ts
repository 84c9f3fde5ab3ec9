/**
 * Continue's CLI record (`@continuedev/cli`, program `cn`): everything baton
 * knows about the host (see core/hosts/record.ts). Checked against cn 1.5.47
 * in the real-host suite: its code parses Claude Code-style hooks from
 * `.continue/settings.json` (and `.claude/settings.json`) but never fires
 * them, so baton treats it as a host without hooks. It reads every
 * always-applied Markdown file in `.continue/rules/` (and
 * `~/.continue/rules/`, moved by `CONTINUE_GLOBAL_DIR`) into its system
 * prompt, so install puts baton's rules block there; the skill goes to
 * `.continue/skills/`, which cn reads too. Its sessions are one JSON document
 * each (`~/.continue/sessions/<id>.json`), read by core/transcript/continue_cli.ts.
 * @module
 */
import { CLAUDE_CODE_RECORD } from "./claude_code.ts";
import type { HostRecord } from "./record.ts";

/** Continue's CLI. */
export const CONTINUE_RECORD = {
  id: "continue",
  label: "Continue CLI",
  sessionLabel: "Continue",
  install: {
    support: "rules",
    projectDir: ".continue",
    userDir: { env: "CONTINUE_GLOBAL_DIR", envJoin: "", home: ".continue" },
    hookFile: null,
    rulesFile: { project: ".continue/rules/baton.md", user: "rules/baton.md" },
    hooks: [],
    hookNote:
      "no hooks run (cn parses hook settings but fires none): a block in its rules tells the agent to run baton load at the start and to write a capsule before it stops",
    notes: [
      "cn reads its rules when a session starts: start a new session after installing",
      "no command files: cn offers the baton skill through its Skills tool instead",
    ],
  },
  // cn fires none of these; the names are what its hook settings would use.
  events: {},
  payload: CLAUDE_CODE_RECORD.payload,
  output: { shape: "plain", injectionCapChars: 10_000, stopAck: false },
  // No gate is installed for cn; this is the shape the gate would render for it.
  deny: "permission-decision",
  tools: { read: ["Read"], edit: [], shell: ["Bash"] },
  program: { npm: "@continuedev/cli" },
  projectDirEnv: null,
  transcript: {
    formats: ["continue-json"],
    idPrefix: "continue",
    root: { kind: "home", env: "CONTINUE_GLOBAL_DIR", home: ".continue" },
    sessions: "sessions",
    layout: "continue-sessions",
    confidence: "verified",
    checkedAgainst: "cn 1.5.47's own session files in the real-host suite",
  },
} as const satisfies HostRecord;
