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
import { envDir, joinPath, markdownCommands, scopeRoot, skillFile } from "./_host_files.ts";
import { renderOpenCodePlugin } from "./render_files.ts";
import type { HostSpec } from "./types.ts";

/** The OpenCode integration. */
export const OPENCODE: HostSpec = {
  id: "opencode",
  label: "OpenCode",
  hookSupport: "plugin",
  hookNote:
    "the plugin adds the briefing to a new session's system prompt (experimental.chat.system.transform, once per session), writes a capsule before compaction and adds the briefing to the compacted context, writes one when a session goes idle, after each tool call reports the context band (tool calls since the last user message, counted by the plugin) in the tool's output, and before a tool call in a repository with deny records asks baton's gate and throws its refusal (OpenCode gives the model the error)",
  layout(scope, env, content) {
    const config = envDir(env, "XDG_CONFIG_HOME") ?? joinPath(env.home, ".config");
    const root = scopeRoot(scope, {
      project: joinPath(env.projectRoot, ".opencode"),
      user: joinPath(config, "opencode"),
    });
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
      notes: ["OpenCode loads the plugin at start: restart OpenCode after installing"],
    };
  },
};
