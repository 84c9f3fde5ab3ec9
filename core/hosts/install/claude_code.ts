/**
 * Claude Code: skill in `.claude/skills/baton/`, slash commands in
 * `.claude/commands/`, hooks merged into settings (project:
 * `.claude/settings.local.json`, user: `~/.claude/settings.json`, moved by
 * `CLAUDE_CONFIG_DIR`). Pure.
 * @module
 */
import {
  bandHooks,
  envDir,
  gateHooks,
  joinPath,
  jsonHooks,
  lifecycleHooks,
  markdownCommands,
  scopeRoot,
  skillFile,
} from "./_host_files.ts";
import type { HostEnv, HostSpec, InstallScope } from "./types.ts";

// SessionEnd hooks share a 1.5 s budget unless a hook names its own timeout, as these do.
// UserPromptSubmit and PostToolUse report the context band (advisory, silent below warn).
const HOOKS = [
  ...lifecycleHooks(
    { start: "SessionStart", compact: "PreCompact", end: "SessionEnd" },
    { startMatcher: "startup|resume|clear|compact" },
  ),
  ...bandHooks({ prompt: "UserPromptSubmit", postTool: "PostToolUse" }),
  ...gateHooks("PreToolUse"),
];

function claudeRoot(scope: InstallScope, env: HostEnv): string {
  return scopeRoot(scope, {
    project: joinPath(env.projectRoot, ".claude"),
    user: envDir(env, "CLAUDE_CONFIG_DIR") ?? joinPath(env.home, ".claude"),
  });
}

/** The Claude Code integration. */
export const CLAUDE_CODE: HostSpec = {
  id: "claude-code",
  label: "Claude Code",
  hookSupport: "hooks",
  hookNote:
    "SessionStart (startup|resume|clear|compact) loads the briefing; PreCompact and SessionEnd write a capsule; UserPromptSubmit and PostToolUse report the context band; PreToolUse runs the mutation gate (it denies only in a repository that opted in with baton enforce on)",
  hookSwitches(scope, env) {
    const root = claudeRoot(scope, env);
    return ["settings.json", "settings.local.json"].map((name) => ({
      path: joinPath(root, name),
      format: "json" as const,
      key: ["disableAllHooks"],
      off: true,
    }));
  },
  layout(scope, env, content) {
    const root = claudeRoot(scope, env);
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...markdownCommands(content, {
          dir: joinPath(root, "commands"),
          suffix: ".md",
          frontMatter: { "argument-hint": "[focus]" },
          argsPlaceholder: "$ARGUMENTS",
        }),
        // The hook names this machine's baton path, so the project copy goes to the personal
        // (git-ignored) settings file rather than the shared one.
        jsonHooks(
          joinPath(root, scope === "project" ? "settings.local.json" : "settings.json"),
          { hooks: HOOKS, shape: "grouped" },
        ),
      ],
      notes: [
        "Claude Code holds back settings hooks until the folder's trust dialog is accepted",
      ],
    };
  },
};
