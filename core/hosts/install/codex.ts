/**
 * Codex CLI: skill in `.agents/skills/baton/` (project) or
 * `~/.agents/skills/baton/` (user); hooks merged into `.codex/hooks.json`
 * (project) or `$CODEX_HOME/hooks.json` (user, default `~/.codex`). Custom
 * prompts were removed from Codex (0.117.0), so the skill is the entry point.
 * Pure.
 * @module
 */
import {
  bandHooks,
  envDir,
  gateHooks,
  joinPath,
  jsonHooks,
  lifecycleHooks,
  scopeRoot,
  sharedConfigNote,
  skillFile,
} from "./_host_files.ts";
import type { HostEnv, HostSpec, InstallScope } from "./types.ts";
import { codexTrustSteps } from "./codex_trust.ts";

const HOOKS = [
  ...lifecycleHooks(
    { start: "SessionStart", compact: "PreCompact", end: "SessionEnd" },
    // Codex caps SessionEnd hooks at 3 seconds.
    { startMatcher: "startup|resume|clear|compact", endTimeoutSeconds: 3 },
  ),
  // The context band, from the rollout's token counts, depth and bytes.
  ...bandHooks({ prompt: "UserPromptSubmit", postTool: "PostToolUse" }),
  ...gateHooks("PreToolUse"),
];

/** `.codex` of the project, or `$CODEX_HOME` (default `~/.codex`). */
function codexDir(scope: InstallScope, env: HostEnv): string {
  return scopeRoot(scope, {
    project: joinPath(env.projectRoot, ".codex"),
    user: envDir(env, "CODEX_HOME") ?? joinPath(env.home, ".codex"),
  });
}

/** The Codex CLI integration. */
export const CODEX: HostSpec = {
  id: "codex",
  label: "Codex CLI",
  hookSupport: "hooks",
  hookNote:
    "SessionStart loads the briefing; PreCompact and SessionEnd write a capsule; UserPromptSubmit and PostToolUse report the context band; Codex runs a project's hooks only once the project is trusted and the hooks are reviewed (/hooks); PreToolUse runs the mutation gate (it denies only in a repository that opted in with baton enforce on)",
  hookSwitches(scope, env) {
    const config = joinPath(codexDir(scope, env), "config.toml");
    return [
      { path: config, format: "toml", key: ["features", "hooks"], off: false },
      { path: config, format: "toml", key: ["features", "codex_hooks"], off: false },
    ];
  },
  trustSteps(fs, scope, env) {
    const home = envDir(env, "CODEX_HOME") ?? joinPath(env.home, ".codex");
    return codexTrustSteps(fs, {
      scope,
      configPath: joinPath(home, "config.toml"),
      projectRoot: env.projectRoot,
    });
  },
  layout(scope, env, content) {
    return {
      files: [
        skillFile(
          scopeRoot(scope, {
            project: joinPath(env.projectRoot, ".agents", "skills"),
            user: joinPath(env.home, ".agents", "skills"),
          }),
          content,
        ),
        jsonHooks(joinPath(codexDir(scope, env), "hooks.json"), { hooks: HOOKS, shape: "grouped" }),
      ],
      notes: [
        "Codex has no command files any more (custom prompts were removed in 0.117.0): use $baton",
        ...sharedConfigNote(scope, ".codex/hooks.json"),
      ],
    };
  },
};
