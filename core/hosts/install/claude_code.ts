/**
 * Claude Code: skill in `.claude/skills/baton/`, slash commands in
 * `.claude/commands/`, hooks merged into settings (project:
 * `.claude/settings.local.json`, user: `~/.claude/settings.json`, moved by
 * `CLAUDE_CONFIG_DIR`). Pure.
 * @module
 */
import {
  configRoot,
  joinPath,
  jsonHooks,
  markdownCommands,
  recordHooks,
  skillFile,
  specHead,
} from "./_host_files.ts";
import { CLAUDE_CODE_RECORD } from "../claude_code.ts";
import type { HostEnv, HostSpec, InstallScope } from "./types.ts";
import { ALLOWED_STATE_COMMANDS } from "./state_commands.ts";

// SessionEnd hooks share a 1.5 s budget unless a hook names its own timeout, as these do.
// UserPromptSubmit and PostToolUse report the context band (advisory, silent below warn).
const HOOKS = recordHooks(CLAUDE_CODE_RECORD, {
  matchers: { "session-start": "startup|resume|clear|compact" },
});

/**
 * `permissions.allow` entries for baton's state commands: `Bash(X:*)` is a
 * prefix match at a word boundary, and Claude Code checks each part of a
 * compound command (`&&`, `;`, `|`) on its own, so an entry never lets
 * anything but that baton command run.
 */
const CLAUDE_ALLOW = { key: ["permissions", "allow"], prefix: "Bash(", suffix: ":*)" } as const;

function claudeRoot(scope: InstallScope, env: HostEnv): string {
  return configRoot(CLAUDE_CODE_RECORD, scope, env);
}

/** The settings file that holds baton's hooks for a scope. */
function hookFile(scope: InstallScope, env: HostEnv) {
  // The hook names this machine's baton path, so the project copy goes to the personal
  // (git-ignored) settings file rather than the shared one.
  return jsonHooks(
    joinPath(claudeRoot(scope, env), scope === "project" ? "settings.local.json" : "settings.json"),
    { hooks: HOOKS, shape: "grouped", allow: CLAUDE_ALLOW },
  );
}

/** The Claude Code integration. */
export const CLAUDE_CODE: HostSpec = {
  ...specHead(CLAUDE_CODE_RECORD),
  hookSwitches(scope, env) {
    const root = claudeRoot(scope, env);
    return ["settings.json", "settings.local.json"].map((name) => ({
      path: joinPath(root, name),
      format: "json" as const,
      key: ["disableAllHooks"],
      off: true,
    }));
  },
  // Claude Code runs the hooks of the project's shared settings.json too, which a commit brings.
  sharedHookFiles(_fs, scope, env) {
    if (scope !== "project") return Promise.resolve({ files: [], cut: null });
    const path = joinPath(claudeRoot(scope, env), "settings.json");
    const format = hookFile(scope, env).format;
    return Promise.resolve({ files: [{ path, format, commandKeys: ["command"] }], cut: null });
  },
  statusLineFiles(scope, env) {
    const root = claudeRoot(scope, env);
    return scope === "project"
      ? [joinPath(root, "settings.json"), joinPath(root, "settings.local.json")]
      : [joinPath(root, "settings.json")];
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
        hookFile(scope, env),
      ],
      notes: [
        ...CLAUDE_CODE_RECORD.install.notes,
        `permissions.allow lets baton's own state commands run without asking (${
          ALLOWED_STATE_COMMANDS.join(", ")
        }); nothing else`,
      ],
    };
  },
};
