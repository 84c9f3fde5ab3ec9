/**
 * Gemini CLI: skill in `.gemini/skills/baton/`, TOML commands in
 * `.gemini/commands/`, hooks merged into `.gemini/settings.json` (timeouts
 * in milliseconds), for the project or `~/.gemini/`. Pure.
 * @module
 */
import { commandFiles, joinPath, sharedConfigNote, skillFile } from "./_host_files.ts";
import { renderTomlCommand } from "./render_files.ts";
import type { HookSpec, HostSpec } from "./types.ts";

const HOOKS: readonly HookSpec[] = [
  { event: "session-start", native: "SessionStart", timeoutSeconds: 5 },
  // PreCompress is advisory and fired asynchronously: it can never block compression.
  { event: "pre-compact", native: "PreCompress", timeoutSeconds: 5 },
  { event: "session-end", native: "SessionEnd", timeoutSeconds: 5 },
];

/** The Gemini CLI integration. */
export const GEMINI: HostSpec = {
  id: "gemini",
  label: "Gemini CLI",
  hookSupport: "hooks",
  hookNote:
    "SessionStart loads the briefing; PreCompress and SessionEnd (best effort) write a capsule",
  layout(scope, env, content) {
    const root = scope === "project"
      ? joinPath(env.projectRoot, ".gemini")
      : joinPath(env.home, ".gemini");
    return {
      files: [
        skillFile(joinPath(root, "skills"), content),
        ...commandFiles(joinPath(root, "commands"), ".toml", content, renderTomlCommand),
        {
          kind: "hooks",
          path: joinPath(root, "settings.json"),
          format: {
            shape: "grouped",
            timeoutUnit: "milliseconds",
            requiredRoot: {},
            typeField: true,
            nameField: true,
            comments: true,
          },
          hooks: HOOKS,
        },
      ],
      notes: [
        "Gemini CLI fingerprints project hooks and asks you to trust them when they change",
        ...sharedConfigNote(scope, ".gemini/settings.json"),
      ],
    };
  },
};
