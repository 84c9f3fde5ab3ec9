/**
 * Codex CLI: skill in `.agents/skills/baton/` (project) or
 * `~/.agents/skills/baton/` (user); hooks merged into `.codex/hooks.json`
 * (project) or `$CODEX_HOME/hooks.json` (user, default `~/.codex`). Custom
 * prompts were removed from Codex (0.117.0), so the skill is the entry point.
 * Pure.
 * @module
 */
import { envDir, joinPath, sharedConfigNote, skillFile } from "./_host_files.ts";
import type { HookSpec, HostEnv, HostSpec, InstallScope } from "./types.ts";

const HOOKS: readonly HookSpec[] = [
  {
    event: "session-start",
    native: "SessionStart",
    matcher: "startup|resume|clear|compact",
    timeoutSeconds: 5,
  },
  { event: "pre-compact", native: "PreCompact", timeoutSeconds: 5 },
  // Codex caps SessionEnd hooks at 3 seconds.
  { event: "session-end", native: "SessionEnd", timeoutSeconds: 3 },
];

/** `.codex` of the project, or `$CODEX_HOME` (default `~/.codex`). */
function codexDir(scope: InstallScope, env: HostEnv): string {
  return scope === "project"
    ? joinPath(env.projectRoot, ".codex")
    : envDir(env, "CODEX_HOME") ?? joinPath(env.home, ".codex");
}

/** The Codex CLI integration. */
export const CODEX: HostSpec = {
  id: "codex",
  label: "Codex CLI",
  hookSupport: "hooks",
  hookNote:
    "SessionStart loads the briefing; PreCompact and SessionEnd write a capsule; Codex runs new hooks only after they are trusted in /hooks",
  hookSwitches(scope, env) {
    const config = joinPath(codexDir(scope, env), "config.toml");
    return [
      { path: config, format: "toml", key: ["features", "hooks"], off: false },
      { path: config, format: "toml", key: ["features", "codex_hooks"], off: false },
    ];
  },
  layout(scope, env, content) {
    const skills = scope === "project"
      ? joinPath(env.projectRoot, ".agents", "skills")
      : joinPath(env.home, ".agents", "skills");
    const hooksDir = codexDir(scope, env);
    return {
      files: [
        skillFile(skills, content),
        {
          kind: "hooks",
          path: joinPath(hooksDir, "hooks.json"),
          format: {
            shape: "grouped",
            timeoutUnit: "seconds",
            requiredRoot: {},
            typeField: true,
            nameField: false,
            comments: false,
          },
          hooks: HOOKS,
        },
      ],
      notes: [
        "Codex skips new hooks until you trust them: run /hooks in Codex once",
        "Codex has no command files any more (custom prompts were removed in 0.117.0): use $baton",
        ...sharedConfigNote(scope, ".codex/hooks.json"),
      ],
    };
  },
};
