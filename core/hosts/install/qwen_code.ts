/**
 * Qwen Code: skill in `.qwen/skills/baton/`, TOML commands in
 * `.qwen/commands/` (Gemini CLI's format: `description`, `prompt`,
 * `{{args}}`), hooks merged into `.qwen/settings.json` (Claude Code's
 * grouped shape, timeouts in seconds), for the project or `~/.qwen/`. Pure.
 * @module
 */
import {
  configRoot,
  joinPath,
  jsonHooks,
  recordHooks,
  sharedConfigNote,
  skillFile,
  specHead,
  tomlCommands,
} from "./_host_files.ts";
import { QWEN_CODE_RECORD } from "../qwen_code.ts";
import type { HostSpec } from "./types.ts";

/** The Qwen Code integration. */
export const QWEN_CODE: HostSpec = {
  ...specHead(QWEN_CODE_RECORD),
  // Qwen Code's `disableAllHooks: true` runs no hook (its settings schema, Claude Code's key).
  hookSwitches(scope, env) {
    const path = joinPath(configRoot(QWEN_CODE_RECORD, scope, env), "settings.json");
    return [{ path, format: "json", key: ["disableAllHooks"], off: true }];
  },
  layout(scope, env, content) {
    const root = configRoot(QWEN_CODE_RECORD, scope, env);
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...tomlCommands(content, joinPath(root, "commands")),
        jsonHooks(joinPath(root, "settings.json"), {
          hooks: recordHooks(QWEN_CODE_RECORD),
          shape: "grouped",
        }),
      ],
      notes: [
        ...QWEN_CODE_RECORD.install.notes,
        ...sharedConfigNote(scope, ".qwen/settings.json"),
      ],
    };
  },
};
