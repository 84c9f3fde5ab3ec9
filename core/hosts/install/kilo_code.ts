/**
 * Kilo Code CLI: skill in `.kilo/skills/baton/`, commands in
 * `.kilo/commands/`, and baton's OpenCode plugin module in `.kilo/plugins/`
 * (Kilo, an OpenCode fork, loads OpenCode-style plugins from there), rendered
 * to call baton as this host; for the project or `$XDG_CONFIG_HOME/kilo`
 * (default `~/.config/kilo`). Pure.
 * @module
 */
import { configRoot, joinPath, markdownCommands, skillFile } from "./_host_files.ts";
import { renderOpenCodePlugin } from "./render_files.ts";
import { KILO_CODE_RECORD } from "../kilo_code.ts";
import type { HostSpec } from "./types.ts";

/** The Kilo Code CLI integration. */
export const KILO_CODE: HostSpec = {
  id: KILO_CODE_RECORD.id,
  label: KILO_CODE_RECORD.label,
  hookSupport: KILO_CODE_RECORD.install.support,
  hookNote: KILO_CODE_RECORD.install.hookNote,
  layout(scope, env, content) {
    const root = configRoot(KILO_CODE_RECORD, scope, env);
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
          content: renderOpenCodePlugin(content.invocation, KILO_CODE_RECORD.id),
        },
      ],
      notes: [...KILO_CODE_RECORD.install.notes],
    };
  },
};
