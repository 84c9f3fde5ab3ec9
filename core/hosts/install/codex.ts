/**
 * Codex CLI: skill in `.agents/skills/baton/` (project) or
 * `~/.agents/skills/baton/` (user); hooks merged into `.codex/hooks.json`
 * (project) or `$CODEX_HOME/hooks.json` (user, default `~/.codex`). Custom
 * prompts were removed from Codex (0.117.0), so the skill is the entry point.
 * Codex also runs the inline `[hooks]` tables of a config layer's
 * config.toml; install never writes there, and doctor judges the project's.
 * Pure.
 * @module
 */
import {
  configRoot,
  joinPath,
  jsonHooks,
  recordHooks,
  scopeRoot,
  sharedConfigNote,
  skillFile,
  specHead,
} from "./_host_files.ts";
import { CODEX_RECORD } from "../codex.ts";
import type { HostEnv, HostSpec, InstallScope } from "./types.ts";
import { codexTrustSteps } from "./codex_trust.ts";
import { renderCodexRules } from "./codex_rules.ts";
import { ALLOWED_STATE_COMMANDS } from "./state_commands.ts";

const HOOKS = recordHooks(CODEX_RECORD, {
  matchers: { "session-start": "startup|resume|clear|compact" },
  // Codex caps SessionEnd hooks at 3 seconds.
  timeouts: { "session-end": 3 },
});

/** `.codex` of the project, or `$CODEX_HOME` (default `~/.codex`). */
function codexDir(scope: InstallScope, env: HostEnv): string {
  return configRoot(CODEX_RECORD, scope, env);
}

/**
 * The folders below `root` down to `cwd`, `cwd` included, nearest to the root first; none
 * when `cwd` is absent, the root itself, or not inside it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldersBelow } from "./codex.ts";
 * assert.deepEqual(foldersBelow("/r", "/r/a/b"), ["/r/a", "/r/a/b"]);
 * assert.deepEqual(foldersBelow("/r", "/r"), []);
 * assert.deepEqual(foldersBelow("/r", "/rx/a"), []);
 * ```
 */
export function foldersBelow(root: string, cwd: string | undefined): string[] {
  const top = root.replace(/\/+$/, "");
  if (cwd === undefined || !cwd.startsWith(`${top}/`)) return [];
  const parts = cwd.slice(top.length + 1).split("/").filter((p) => p !== "" && p !== ".");
  // A ".." could lead out of the root: such a folder is not judged as below it.
  if (parts.includes("..")) return [];
  return parts.map((_, i) => `${top}/${parts.slice(0, i + 1).join("/")}`);
}

/** The Codex CLI integration. */
export const CODEX: HostSpec = {
  ...specHead(CODEX_RECORD),
  hookSwitches(scope, env) {
    const config = joinPath(codexDir(scope, env), "config.toml");
    return [
      { path: config, format: "toml", key: ["features", "hooks"], off: false },
      { path: config, format: "toml", key: ["features", "codex_hooks"], off: false },
    ];
  },
  // Codex also runs the inline [hooks] tables of the project's config.toml, which a commit
  // brings and install never writes, and loads the .codex folder (config.toml, hooks.json) of
  // every folder from the project root down to where it starts: started here, those between.
  sharedHookFiles(_fs, scope, env) {
    if (scope !== "project") return Promise.resolve({ files: [], cut: null });
    const format = jsonHooks(joinPath(codexDir(scope, env), "hooks.json"), {
      hooks: HOOKS,
      shape: "grouped",
    }).format;
    const toml = (dir: string) => ({
      path: joinPath(dir, "config.toml"),
      format,
      commandKeys: ["command"],
      syntax: "toml" as const,
    });
    const nested = foldersBelow(env.projectRoot, env.cwd).map((d) => joinPath(d, ".codex"));
    return Promise.resolve({
      files: [
        toml(codexDir(scope, env)),
        ...nested.flatMap((dir) => [
          toml(dir),
          { path: joinPath(dir, "hooks.json"), format, commandKeys: ["command"] },
        ]),
      ],
      cut: null,
    });
  },
  trustSteps(fs, scope, env) {
    const home = configRoot(CODEX_RECORD, "user", env);
    return codexTrustSteps(fs, {
      scope,
      configPath: joinPath(home, "config.toml"),
      projectRoot: env.projectRoot,
    });
  },
  layout(scope, env, content) {
    return {
      files: [
        skillFile(
          scopeRoot(scope, {
            project: joinPath(env.projectRoot, ".agents", "skills"),
            user: joinPath(env.home, ".agents", "skills"),
          }),
          content,
        ),
        jsonHooks(joinPath(codexDir(scope, env), "hooks.json"), { hooks: HOOKS, shape: "grouped" }),
        {
          kind: "rules",
          path: joinPath(codexDir(scope, env), "rules", "baton.rules"),
          content: renderCodexRules(content.invocation),
        },
      ],
      notes: [
        ...CODEX_RECORD.install.notes,
        `rules/baton.rules lets baton's own state commands run without asking (${
          ALLOWED_STATE_COMMANDS.join(", ")
        }); nothing else`,
        ...sharedConfigNote(scope, ".codex/hooks.json"),
      ],
    };
  },
};
