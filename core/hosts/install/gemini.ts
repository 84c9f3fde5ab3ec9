/**
 * Gemini CLI: skill in `.gemini/skills/baton/`, TOML commands in
 * `.gemini/commands/`, hooks merged into `.gemini/settings.json` (timeouts
 * in milliseconds), for the project or `~/.gemini/`. Pure.
 * @module
 */
import {
  commandFiles,
  configRoot,
  joinPath,
  jsonHooks,
  recordHooks,
  sharedConfigNote,
  skillFile,
} from "./_host_files.ts";
import { renderTomlCommand } from "./render_files.ts";
import { ALLOWED_STATE_COMMANDS } from "./state_commands.ts";
import { GEMINI_RECORD } from "../gemini.ts";
import type { HostSpec } from "./types.ts";

// PreCompress is advisory and fired asynchronously: it can never block compression.
// BeforeAgent (each prompt) and AfterTool report the context band; both can add context.
const HOOKS = recordHooks(GEMINI_RECORD);

/**
 * `tools.allowed` entries for baton's state commands: Gemini CLI 0.61 turns
 * `run_shell_command(X)` into a rule matching a command that is X or starts
 * with X and a space, and its policy engine then parses the command and
 * checks every part of a compound one (`;`, `&&`, `|`, a command
 * substitution) against the rules on its own, asking (refusing, headless)
 * for any part no rule allows, and for a redirection; the real-host suite
 * shows it refusing `baton load; touch x`, `baton load && touch x` and
 * `baton load $(touch x)`.
 */
const GEMINI_ALLOW = {
  key: ["tools", "allowed"],
  prefix: "run_shell_command(",
  suffix: ")",
} as const;

/** The Gemini CLI integration. */
export const GEMINI: HostSpec = {
  id: GEMINI_RECORD.id,
  label: GEMINI_RECORD.label,
  hookSupport: GEMINI_RECORD.install.support,
  hookNote: GEMINI_RECORD.install.hookNote,
  layout(scope, env, content) {
    const root = configRoot(GEMINI_RECORD, scope, env);
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...commandFiles(content, {
          dir: joinPath(root, "commands"),
          suffix: ".toml",
          render: renderTomlCommand,
        }),
        jsonHooks(joinPath(root, "settings.json"), {
          hooks: HOOKS,
          shape: "grouped",
          timeoutUnit: "milliseconds",
          nameField: true,
          comments: true,
          allow: GEMINI_ALLOW,
        }),
      ],
      notes: [
        ...GEMINI_RECORD.install.notes,
        `tools.allowed lets baton's own state commands run without asking (${
          ALLOWED_STATE_COMMANDS.join(", ")
        }); nothing else`,
        ...sharedConfigNote(scope, ".gemini/settings.json"),
      ],
    };
  },
};
