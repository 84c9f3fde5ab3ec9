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
          { hooks: HOOKS, shape: "grouped", allow: CLAUDE_ALLOW },
        ),
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
