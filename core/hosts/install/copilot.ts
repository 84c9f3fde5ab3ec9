/**
 * GitHub Copilot (Copilot CLI and Copilot in VS Code, which read the same
 * `.github/hooks/*.json`): skill in `.github/skills/baton/`, prompt files
 * in `.github/prompts/`, hooks (a VS Code preview) in its own
 * `.github/hooks/baton.json`; for the user, `~/.copilot/skills/` and
 * `~/.copilot/hooks/`. User prompt files live in the VS Code profile folder,
 * whose location the reference leaves unconfirmed, so none are installed
 * there. Pure.
 * @module
 */
import {
  bandHooks,
  gateHooks,
  joinPath,
  jsonHooks,
  lifecycleHooks,
  markdownCommands,
  sharedConfigNote,
  skillFile,
} from "./_host_files.ts";
import type { HostSpec } from "./types.ts";

// SessionStart fires on the first prompt of a session; Copilot has no session-end event, and
// Stop ends each agent turn.
const HOOKS = [
  ...lifecycleHooks(
    { start: "SessionStart", compact: "PreCompact", end: "Stop" },
    { endEvent: "stop" },
  ),
  ...bandHooks({ prompt: "UserPromptSubmit", postTool: "PostToolUse" }),
  ...gateHooks("PreToolUse"),
];

/** The Copilot integration. */
export const COPILOT: HostSpec = {
  id: "copilot",
  label: "GitHub Copilot (CLI and VS Code)",
  hookSupport: "hooks",
  hookNote:
    "SessionStart loads the briefing (top-level additionalContext for Copilot CLI, hookSpecificOutput for VS Code); PreCompact and Stop write a capsule; UserPromptSubmit and PostToolUse report the context band (VS Code hooks are a preview feature); PreToolUse runs the mutation gate (it denies only in a repository that opted in with baton enforce on)",
  layout(scope, env, content) {
    const root = scope === "user"
      ? joinPath(env.home, ".copilot")
      : joinPath(env.projectRoot, ".github");
    const skill = skillFile(joinPath(root, "skills"), content);
    const hooks = jsonHooks(joinPath(root, "hooks", "baton.json"), { hooks: HOOKS, shape: "flat" });
    if (scope === "user") {
      return {
        files: [skill, hooks],
        notes: [
          "User prompt files live in the VS Code profile folder (location unconfirmed): not installed; use the skill or install --project",
        ],
      };
    }
    return {
      files: [
        skill,
        ...markdownCommands(content, {
          dir: joinPath(root, "prompts"),
          suffix: ".prompt.md",
          frontMatter: { agent: "agent" },
        }),
        hooks,
      ],
      notes: [
        "VS Code also runs Claude Code's hooks from .claude/settings*.json: install one of the two per project",
        ...sharedConfigNote(scope, ".github/hooks/baton.json"),
      ],
    };
  },
};
