/**
 * Cursor: skill in `.cursor/skills/baton/`, commands in `.cursor/commands/`
 * (plain Markdown: Cursor ignores front matter there), hooks merged into
 * `.cursor/hooks.json` (`"version": 1`, event -> list of handlers), for the
 * project or `~/.cursor/`. Pure.
 * @module
 */
import { commandFiles, joinPath, sharedConfigNote, skillFile } from "./_host_files.ts";
import { renderMarkdownCommand } from "./render_files.ts";
import type { HookSpec, HostSpec } from "./types.ts";

const HOOKS: readonly HookSpec[] = [
  { event: "session-start", native: "sessionStart", timeoutSeconds: 5 },
  // preCompact is observe-only in Cursor: it can never block compaction.
  { event: "pre-compact", native: "preCompact", timeoutSeconds: 5 },
  { event: "session-end", native: "sessionEnd", timeoutSeconds: 5 },
];

/** The Cursor integration. */
export const CURSOR: HostSpec = {
  id: "cursor",
  label: "Cursor",
  hookSupport: "hooks",
  hookNote:
    "sessionStart loads the briefing (additional_context); preCompact and sessionEnd write a capsule",
  layout(scope, env, content) {
    const root = scope === "project"
      ? joinPath(env.projectRoot, ".cursor")
      : joinPath(env.home, ".cursor");
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...commandFiles(
          joinPath(root, "commands"),
          ".md",
          content,
          (p, inv) => renderMarkdownCommand(p, inv, { frontMatter: null }),
        ),
        {
          kind: "hooks",
          path: joinPath(root, "hooks.json"),
          format: {
            shape: "flat",
            timeoutUnit: "seconds",
            requiredRoot: { version: 1 },
            typeField: false,
            nameField: false,
            comments: false,
          },
          hooks: HOOKS,
        },
      ],
      notes: sharedConfigNote(scope, ".cursor/hooks.json"),
    };
  },
};
