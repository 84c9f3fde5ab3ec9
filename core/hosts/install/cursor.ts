/**
 * Cursor: skill in `.cursor/skills/baton/`, commands in `.cursor/commands/`
 * (plain Markdown: Cursor ignores front matter there), hooks merged into
 * `.cursor/hooks.json` (`"version": 1`, event -> list of handlers), for the
 * project or `~/.cursor/`. Pure.
 * @module
 */
import {
  configRoot,
  joinPath,
  jsonHooks,
  markdownCommands,
  recordHooks,
  sharedConfigNote,
  skillFile,
  specHead,
} from "./_host_files.ts";
import { CURSOR_RECORD } from "../cursor.ts";
import type { HostSpec } from "./types.ts";

// preCompact is observe-only in Cursor: it can never block compaction.
// beforeSubmitPrompt cannot add context (continue/user_message only): the band rides on
// postToolUse's additional_context.
const HOOKS = recordHooks(CURSOR_RECORD);

/** The Cursor integration. */
export const CURSOR: HostSpec = {
  ...specHead(CURSOR_RECORD),
  layout(scope, env, content) {
    const root = configRoot(CURSOR_RECORD, scope, env);
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...markdownCommands(content, {
          dir: joinPath(root, "commands"),
          suffix: ".md",
          frontMatter: null,
        }),
        jsonHooks(joinPath(root, "hooks.json"), {
          hooks: HOOKS,
          shape: "flat",
          requiredRoot: { version: 1 },
          typeField: false,
        }),
      ],
      notes: [...CURSOR_RECORD.install.notes, ...sharedConfigNote(scope, ".cursor/hooks.json")],
    };
  },
};
