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
import { configRoot, joinPath, markdownCommands, skillFile } from "./_host_files.ts";
import { renderOpenCodePlugin } from "./render_files.ts";
import { OPENCODE_RECORD } from "../opencode.ts";
import type { KILO_CODE_RECORD } from "../kilo_code.ts";
import type { HostSpec } from "./types.ts";

/**
 * The integration of a host that loads OpenCode-style plugins (OpenCode and
 * its forks): the skill, the commands and baton's plugin, rendered to call
 * baton as that host, under the host's config root.
 */
export function openCodeStyleSpec(
  record: typeof OPENCODE_RECORD | typeof KILO_CODE_RECORD,
): HostSpec {
  return {
    id: record.id,
    label: record.label,
    hookSupport: record.install.support,
    hookNote: record.install.hookNote,
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
        ],
        notes: [...record.install.notes],
      };
    },
  };
}

/** The OpenCode integration. */
export const OPENCODE: HostSpec = openCodeStyleSpec(OPENCODE_RECORD);
