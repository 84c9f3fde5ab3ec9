/**
 * Claude Code: skill in `.claude/skills/baton/`, slash commands in
 * `.claude/commands/`, hooks merged into settings (project:
 * `.claude/settings.local.json`, user: `~/.claude/settings.json`, moved by
 * `CLAUDE_CONFIG_DIR`). Pure.
 * @module
 */
import { commandFiles, envDir, joinPath, skillFile } from "./_host_files.ts";
import { renderMarkdownCommand } from "./render_files.ts";
import type { HookSpec, HostEnv, HostSpec, InstallScope } from "./types.ts";

const HOOKS: readonly HookSpec[] = [
  {
    event: "session-start",
    native: "SessionStart",
    matcher: "startup|resume|clear|compact",
    timeoutSeconds: 5,
  },
  { event: "pre-compact", native: "PreCompact", timeoutSeconds: 5 },
  // SessionEnd hooks share a 1.5 s budget unless a hook names its own timeout.
  { event: "session-end", native: "SessionEnd", timeoutSeconds: 5 },
];

function claudeRoot(scope: InstallScope, env: HostEnv): string {
  return scope === "project"
    ? joinPath(env.projectRoot, ".claude")
    : envDir(env, "CLAUDE_CONFIG_DIR") ?? joinPath(env.home, ".claude");
}

/** The Claude Code integration. */
export const CLAUDE_CODE: HostSpec = {
  id: "claude-code",
  label: "Claude Code",
  hookSupport: "hooks",
  hookNote:
    "SessionStart (startup|resume|clear|compact) loads the briefing; PreCompact and SessionEnd write a capsule",
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
        ...commandFiles(
          joinPath(root, "commands"),
          ".md",
          content,
          (p, inv) =>
            renderMarkdownCommand(p, inv, {
              frontMatter: { "argument-hint": "[focus]" },
              argsPlaceholder: "$ARGUMENTS",
            }),
        ),
        {
          kind: "hooks",
          // The hook names this machine's baton path, so the project copy goes to the personal
          // (git-ignored) settings file rather than the shared one.
          path: joinPath(root, scope === "project" ? "settings.local.json" : "settings.json"),
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
        "Claude Code holds back settings hooks until the folder's trust dialog is accepted",
      ],
    };
  },
};
