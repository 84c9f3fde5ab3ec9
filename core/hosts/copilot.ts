/**
 * GitHub Copilot in VS Code: skill in `.github/skills/baton/`, prompt files
 * in `.github/prompts/`, hooks (a VS Code preview) in its own
 * `.github/hooks/baton.json`; for the user, `~/.copilot/skills/` and
 * `~/.copilot/hooks/`. User prompt files live in the VS Code profile folder,
 * whose location the reference leaves unconfirmed, so none are installed
 * there. Pure.
 * @module
 */
import { commandFiles, joinPath, sharedConfigNote, skillFile } from "./_host_files.ts";
import { renderMarkdownCommand } from "./render_files.ts";
import type { HookSpec, HostSpec } from "./types.ts";

const HOOKS: readonly HookSpec[] = [
  // SessionStart fires on the first prompt of a session.
  { event: "session-start", native: "SessionStart", timeoutSeconds: 5 },
  { event: "pre-compact", native: "PreCompact", timeoutSeconds: 5 },
  // Copilot has no session-end event; Stop ends each agent turn.
  { event: "stop", native: "Stop", timeoutSeconds: 5 },
];

/** The Copilot integration. */
export const COPILOT: HostSpec = {
  id: "copilot",
  label: "GitHub Copilot (VS Code)",
  hookSupport: "hooks",
  hookNote:
    "SessionStart loads the briefing; PreCompact and Stop write a capsule (VS Code hooks are a preview feature)",
  layout(scope, env, content) {
    const format = {
      shape: "flat",
      timeoutUnit: "seconds",
      requiredRoot: {},
      typeField: true,
      nameField: false,
      comments: false,
    } as const;
    if (scope === "user") {
      const root = joinPath(env.home, ".copilot");
      return {
        files: [
          skillFile(joinPath(root, "skills"), content),
          { kind: "hooks", path: joinPath(root, "hooks", "baton.json"), format, hooks: HOOKS },
        ],
        notes: [
          "User prompt files live in the VS Code profile folder (location unconfirmed): not installed; use the skill or install --project",
        ],
      };
    }
    const root = joinPath(env.projectRoot, ".github");
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...commandFiles(
          joinPath(root, "prompts"),
          ".prompt.md",
          content,
          (p, inv) => renderMarkdownCommand(p, inv, { frontMatter: { agent: "agent" } }),
        ),
        { kind: "hooks", path: joinPath(root, "hooks", "baton.json"), format, hooks: HOOKS },
      ],
      notes: [
        "VS Code also runs Claude Code's hooks from .claude/settings*.json: install one of the two per project",
        ...sharedConfigNote(scope, ".github/hooks/baton.json"),
      ],
    };
  },
};
