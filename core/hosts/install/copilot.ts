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
import { FsNotFoundError } from "../../fs.ts";
import { COPILOT_RECORD } from "../copilot.ts";
import type { HostSpec } from "./types.ts";

// SessionStart fires on the first prompt of a session; Copilot has no session-end event, and
// Stop ends each agent turn.
const HOOKS = recordHooks(COPILOT_RECORD);

/** Most files of `.github/hooks/` looked at (a commit can fill the folder). */
const MAX_SHARED_FILES = 256;

/** The Copilot integration. */
export const COPILOT: HostSpec = {
  ...specHead(COPILOT_RECORD),
  // Copilot CLI loads every .github/hooks/*.json: the others besides baton's are the
  // repository's, written in its own format (the command under "bash") or VS Code's.
  async sharedHookFiles(fs, scope, env) {
    if (scope !== "project") return { files: [], cut: null };
    const dir = joinPath(configRoot(COPILOT_RECORD, scope, env), "hooks");
    let entries;
    try {
      entries = await fs.readDir(dir, MAX_SHARED_FILES);
    } catch (e) {
      // No folder: no other hook files. A folder that cannot be listed is not judged.
      return { files: [], cut: e instanceof FsNotFoundError ? null : dir };
    }
    const format = jsonHooks(joinPath(dir, "baton.json"), { hooks: HOOKS, shape: "flat" }).format;
    const files = entries
      .filter((e) => !e.isDirectory && /\.json$/i.test(e.name) && e.name !== "baton.json")
      .map((e) => ({
        path: joinPath(dir, e.name),
        format,
        commandKeys: ["bash", "command", "powershell"],
      }));
    return { files, cut: entries.length >= MAX_SHARED_FILES ? dir : null };
  },
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
