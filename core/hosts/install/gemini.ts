/**
 * Gemini CLI: skill in `.gemini/skills/baton/`, TOML commands in
 * `.gemini/commands/`, hooks merged into `.gemini/settings.json` (timeouts
 * in milliseconds), for the project or `~/.gemini/`. Pure.
 * @module
 */
import {
  bandHooks,
  commandFiles,
  gateHooks,
  joinPath,
  jsonHooks,
  lifecycleHooks,
  scopeRoot,
  sharedConfigNote,
  skillFile,
} from "./_host_files.ts";
import { renderTomlCommand } from "./render_files.ts";
import type { HostSpec } from "./types.ts";

// PreCompress is advisory and fired asynchronously: it can never block compression.
// BeforeAgent (each prompt) and AfterTool report the context band; both can add context.
const HOOKS = [
  ...lifecycleHooks({ start: "SessionStart", compact: "PreCompress", end: "SessionEnd" }),
  ...bandHooks({ prompt: "BeforeAgent", postTool: "AfterTool" }),
  ...gateHooks("BeforeTool"),
];

/** The Gemini CLI integration. */
export const GEMINI: HostSpec = {
  id: "gemini",
  label: "Gemini CLI",
  hookSupport: "hooks",
  hookNote:
    "SessionStart loads the briefing; PreCompress and SessionEnd (best effort) write a capsule; BeforeAgent and AfterTool report the context band; BeforeTool runs the mutation gate (it denies only in a repository that opted in with baton enforce on)",
  layout(scope, env, content) {
    const root = scopeRoot(scope, {
      project: joinPath(env.projectRoot, ".gemini"),
      user: joinPath(env.home, ".gemini"),
    });
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
        }),
      ],
      notes: [
        "Gemini CLI fingerprints project hooks and asks you to trust them when they change",
        ...sharedConfigNote(scope, ".gemini/settings.json"),
      ],
    };
  },
};
