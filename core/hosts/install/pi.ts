/**
 * pi: the skill in `.pi/skills/baton/`, prompt templates in `.pi/prompts/`
 * and one extension module in
 * `.pi/extensions/` (its hook mechanism, see pi_extension.ts), for the
 * project or `~/.pi/agent` (moved by `PI_CODING_AGENT_DIR`). Pure.
 * @module
 */
import { configRoot, joinPath, markdownCommands, skillFile, specHead } from "./_host_files.ts";
import { renderPiExtension } from "./pi_extension.ts";
import { PI_RECORD } from "../pi.ts";
import type { HostSpec } from "./types.ts";

/** The pi integration. */
export const PI: HostSpec = {
  ...specHead(PI_RECORD),
  layout(scope, env, content) {
    const root = configRoot(PI_RECORD, scope, env);
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        // pi's prompt templates: markdown with a description, `$@` for the arguments.
        ...markdownCommands(content, {
          dir: joinPath(root, "prompts"),
          suffix: ".md",
          frontMatter: { "argument-hint": "[focus]" },
          argsPlaceholder: "$@",
        }),
        {
          kind: "plugin",
          path: joinPath(root, "extensions", "baton.ts"),
          content: renderPiExtension(content.invocation),
        },
      ],
      notes: [...PI_RECORD.install.notes],
    };
  },
};
