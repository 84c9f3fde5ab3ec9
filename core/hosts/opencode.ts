/**
 * OpenCode: skill in `.opencode/skills/baton/`, commands in
 * `.opencode/commands/`, and a plugin module in `.opencode/plugins/` (its
 * hook mechanism) that runs baton before compaction and when a session goes
 * idle; for the project or `$XDG_CONFIG_HOME/opencode` (default
 * `~/.config/opencode`). Pure.
 * @module
 */
import { commandFiles, envDir, joinPath, skillFile } from "./_host_files.ts";
import { renderMarkdownCommand, renderOpenCodePlugin } from "./render_files.ts";
import type { HostSpec } from "./types.ts";

/** The OpenCode integration. */
export const OPENCODE: HostSpec = {
  id: "opencode",
  label: "OpenCode",
  hookSupport: "plugin",
  hookNote:
    "the plugin writes a capsule before compaction and when a session goes idle; OpenCode has no documented session-start injection, so the briefing is loaded with /baton-resume",
  layout(scope, env, content) {
    const root = scope === "project"
      ? joinPath(env.projectRoot, ".opencode")
      : joinPath(envDir(env, "XDG_CONFIG_HOME") ?? joinPath(env.home, ".config"), "opencode");
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...commandFiles(
          joinPath(root, "commands"),
          ".md",
          content,
          (p, inv) =>
            renderMarkdownCommand(p, inv, { frontMatter: {}, argsPlaceholder: "$ARGUMENTS" }),
        ),
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
