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
