/**
 * OpenCode: skill in `.opencode/skills/baton/`, commands in
 * `.opencode/commands/`, and a plugin module in `.opencode/plugins/` (its
 * hook mechanism) that puts the briefing into a new session's system prompt,
 * runs baton before compaction (capsule, and the briefing into the
 * compaction context), when a session goes idle, and before a tool call
 * where a deny may apply (the mutation gate); for the project or
 * `$XDG_CONFIG_HOME/opencode` (default `~/.config/opencode`). Pure.
 * @module
 */
import {
  configRoot,
  joinPath,
  jsonHooks,
  markdownCommands,
  skillFile,
  specHead,
} from "./_host_files.ts";
import { renderOpenCodePlugin } from "./render_files.ts";
import { ALLOWED_STATE_COMMANDS } from "./state_commands.ts";
import { OPENCODE_RECORD } from "../opencode.ts";
import type { KILO_CODE_RECORD } from "../kilo_code.ts";
import type { AllowListFormat, HostSpec } from "./types.ts";

/**
 * `permission.bash` entries for baton's state commands in opencode.json.
 * OpenCode parses a command line with tree-sitter-bash and asks about every
 * command in it (each part of `;`, `&&`, `|`, and each command inside `$(...)`
 * on its own), the last matching pattern deciding, so an entry never lets
 * anything but that baton command run. `X load *` is `X load` with any
 * arguments (`*` is any text, a trailing ` *` optional), which takes in an
 * output redirection (the pattern is the whole statement): `X load *>*`, after
 * it, asks for any line holding `>`. See docs/hooks.md.
 */
export const OPENCODE_ALLOW: AllowListFormat = {
  key: ["permission", "bash"],
  prefix: "",
  suffix: " *",
  map: { allow: "allow", narrow: [{ suffix: " *>*", action: "ask" }], wildcards: "*?" },
};

/**
 * The integration of a host that loads OpenCode-style plugins (OpenCode and
 * its forks): the skill, the commands and baton's plugin, rendered to call
 * baton as that host, under the host's config root.
 */
export function openCodeStyleSpec(
  record: typeof OPENCODE_RECORD | typeof KILO_CODE_RECORD,
  allow?: AllowListFormat,
): HostSpec {
  return {
    ...specHead(record),
    layout(scope, env, content) {
      const root = configRoot(record, scope, env);
      return {
        files: [
          skillFile(joinPath(root, "skills"), content),
          ...markdownCommands(content, {
            dir: joinPath(root, "commands"),
            suffix: ".md",
            frontMatter: {},
            argsPlaceholder: "$ARGUMENTS",
          }),
          {
            kind: "plugin",
            path: joinPath(root, "plugins", "baton.js"),
            content: renderOpenCodePlugin(content.invocation, record),
          },
          ...(allow === undefined ? [] : [
            jsonHooks(joinPath(root, "opencode.json"), {
              hooks: [],
              shape: "flat",
              comments: true,
              // OpenCode writes this key into any config that lacks it when it loads one.
              requiredRoot: { $schema: "https://opencode.ai/config.json" },
              allow,
            }),
          ]),
        ],
        notes: [
          ...record.install.notes,
          ...(allow === undefined ? [] : [
            `opencode.json's permission.bash lets baton's own state commands run without asking (${
              ALLOWED_STATE_COMMANDS.join(", ")
            }); nothing else`,
          ]),
        ],
      };
    },
  };
}

/** The OpenCode integration. */
export const OPENCODE: HostSpec = openCodeStyleSpec(OPENCODE_RECORD, OPENCODE_ALLOW);
