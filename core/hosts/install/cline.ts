/**
 * Cline CLI: the skill in `.cline/skills/baton/`, workflows (Cline's slash
 * commands, Markdown named after the command) in `.cline/workflows/`, and one
 * plugin module in `.cline/plugins/` (its way to reach the system prompt,
 * see cline_plugin.ts), for the project or `~/.cline` (moved by
 * `CLINE_DIR`). Pure.
 * @module
 */
import { configRoot, joinPath, markdownCommands, skillFile, specHead } from "./_host_files.ts";
import { renderClinePlugin } from "./cline_plugin.ts";
import { CLINE_RECORD } from "../cline.ts";
import type { HostSpec } from "./types.ts";

/** The Cline CLI integration. */
export const CLINE: HostSpec = {
  ...specHead(CLINE_RECORD),
  layout(scope, env, content) {
    const root = configRoot(CLINE_RECORD, scope, env);
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...markdownCommands(content, {
          dir: joinPath(root, "workflows"),
          suffix: ".md",
          // Cline's workflows take no front matter and no arguments placeholder.
          frontMatter: null,
          argsPlaceholder: null,
        }),
        {
          kind: "plugin",
          path: joinPath(root, "plugins", "baton.js"),
          content: renderClinePlugin(content.invocation),
        },
      ],
      notes: [...CLINE_RECORD.install.notes],
    };
  },
};
