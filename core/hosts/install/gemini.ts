/**
 * Gemini CLI: skill in `.gemini/skills/baton/`, TOML commands in
 * `.gemini/commands/`, hooks merged into `.gemini/settings.json` (timeouts
 * in milliseconds), for the project or `~/.gemini/`. Pure.
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
import { GEMINI_RECORD } from "../gemini.ts";
import type { HostSpec } from "./types.ts";

// PreCompress is advisory and fired asynchronously: it can never block compression.
// BeforeAgent (each prompt) and AfterTool report the context band; both can add context.
const HOOKS = recordHooks(GEMINI_RECORD);

/** The Gemini CLI integration. */
export const GEMINI: HostSpec = {
  ...specHead(GEMINI_RECORD),
  // `hooksConfig.enabled: false` runs no hook; `hooksConfig.disabled` skips the hooks it names
  // (by their `name`, which baton's entries carry, or command), merged across the levels.
  hookSwitches(scope, env) {
    const path = joinPath(configRoot(GEMINI_RECORD, scope, env), "settings.json");
    return [
      { path, format: "json", key: ["hooksConfig", "enabled"], off: false },
      { path, format: "json", key: ["hooksConfig", "disabled"], lists: "baton" },
    ];
  },
  layout(scope, env, content) {
    const root = configRoot(GEMINI_RECORD, scope, env);
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...tomlCommands(content, joinPath(root, "commands")),
        jsonHooks(joinPath(root, "settings.json"), {
          hooks: HOOKS,
          shape: "grouped",
          timeoutUnit: "milliseconds",
          nameField: true,
          comments: true,
        }),
      ],
      notes: [
        ...GEMINI_RECORD.install.notes,
        ...sharedConfigNote(scope, ".gemini/settings.json"),
      ],
    };
  },
};
