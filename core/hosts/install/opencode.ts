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
import type { HostSpec } from "./types.ts";

/** The OpenCode integration. */
export const OPENCODE: HostSpec = {
  id: OPENCODE_RECORD.id,
  label: OPENCODE_RECORD.label,
  hookSupport: OPENCODE_RECORD.install.support,
  hookNote: OPENCODE_RECORD.install.hookNote,
  layout(scope, env, content) {
    const root = configRoot(OPENCODE_RECORD, scope, env);
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
          content: renderOpenCodePlugin(content.invocation),
        },
      ],
      notes: [...OPENCODE_RECORD.install.notes],
    };
  },
};
