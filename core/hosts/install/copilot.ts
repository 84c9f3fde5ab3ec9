/**
 * GitHub Copilot (Copilot CLI and Copilot in VS Code, which read the same
 * `.github/hooks/*.json`): skill in `.github/skills/baton/`, prompt files
 * in `.github/prompts/`, hooks (a VS Code preview) in its own
 * `.github/hooks/baton.json`; for the user, `~/.copilot/skills/` and
 * `~/.copilot/hooks/`. User prompt files live in the VS Code profile folder,
 * whose location the hosts' documentation leaves unconfirmed, so none are installed
 * there. Pure.
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
import { COPILOT_RECORD } from "../copilot.ts";
import type { HostSpec } from "./types.ts";

// SessionStart fires on the first prompt of a session; Copilot has no session-end event, and
// Stop ends each agent turn.
const HOOKS = recordHooks(COPILOT_RECORD);

/** The Copilot integration. */
export const COPILOT: HostSpec = {
  ...specHead(COPILOT_RECORD),
  layout(scope, env, content) {
    const root = configRoot(COPILOT_RECORD, scope, env);
    const skill = skillFile(joinPath(root, "skills"), content);
    const hooks = jsonHooks(joinPath(root, "hooks", "baton.json"), { hooks: HOOKS, shape: "flat" });
    if (scope === "user") {
      return {
        files: [skill, hooks],
        notes: [
          ...COPILOT_RECORD.install.notes,
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
        ...COPILOT_RECORD.install.notes,
        "VS Code also runs Claude Code's hooks from .claude/settings*.json: install one of the two per project",
        ...sharedConfigNote(scope, ".github/hooks/baton.json"),
      ],
    };
  },
};
