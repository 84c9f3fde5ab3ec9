/**
 * Cursor: skill in `.cursor/skills/baton/`, commands in `.cursor/commands/`
 * (plain Markdown: Cursor ignores front matter there), hooks merged into
 * `.cursor/hooks.json` (`"version": 1`, event -> list of handlers), for the
 * project or `~/.cursor/`. Pure.
 * @module
 */
import {
  bandHooks,
  gateHooks,
  joinPath,
  jsonHooks,
  lifecycleHooks,
  markdownCommands,
  scopeRoot,
  sharedConfigNote,
  skillFile,
} from "./_host_files.ts";
import type { HostSpec } from "./types.ts";

// preCompact is observe-only in Cursor: it can never block compaction.
// beforeSubmitPrompt cannot add context (continue/user_message only): the band rides on
// postToolUse's additional_context.
const HOOKS = [
  ...lifecycleHooks({ start: "sessionStart", compact: "preCompact", end: "sessionEnd" }),
  ...bandHooks({ postTool: "postToolUse" }),
  ...gateHooks("preToolUse"),
];

/** The Cursor integration. */
export const CURSOR: HostSpec = {
  id: "cursor",
  label: "Cursor",
  hookSupport: "hooks",
  hookNote:
    "sessionStart loads the briefing (additional_context); preCompact and sessionEnd write a capsule; postToolUse reports the context band; preToolUse runs the mutation gate (it denies only in a repository that opted in with baton enforce on)",
  layout(scope, env, content) {
    const root = scopeRoot(scope, {
      project: joinPath(env.projectRoot, ".cursor"),
      user: joinPath(env.home, ".cursor"),
    });
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
      notes: sharedConfigNote(scope, ".cursor/hooks.json"),
    };
  },
};
