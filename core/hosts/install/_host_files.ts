/**
 * Helpers the host integrations share to lay out their files: the skill
 * folder, one command file per canonical prompt, a JSON hook config and the
 * usual lifecycle hooks. Pure; private to core/hosts.
 * @module
 */
import type { BatonInvocation } from "../hook_command.ts";
import type { HookEvent, HostId } from "../ids.ts";
import type { HostRecord } from "../record.ts";
import {
  type MarkdownCommandOptions,
  renderMarkdownCommand,
  renderSkillFile,
  renderTomlCommand,
} from "./render_files.ts";
import type {
  AllowListFormat,
  HookConfigFile,
  HookConfigFormat,
  HookSpec,
  HostContent,
  HostEnv,
  HostSpec,
  InstallScope,
  OwnedFile,
  PromptSource,
} from "./types.ts";

/**
 * Seconds a host waits for one baton hook: the hook enforces its own 2 s
 * budget, so this only gives start-up and exit some room.
 */
export const HOOK_TIMEOUT_SECONDS = 5;

/** Joins path segments with "/" and drops a trailing slash of the first. */
export function joinPath(first: string, ...rest: string[]): string {
  return [first.replace(/\/+$/, ""), ...rest].join("/");
}

/** A documented environment override, when set to an absolute path. */
export function envDir(env: HostEnv, name: string): string | null {
  const v = env.env(name)?.replaceAll("\\", "/");
  return v !== undefined && (v.startsWith("/") || /^[A-Za-z]:\//.test(v)) ? v : null;
}

/** The project's directory for the project scope, else the user's. */
export function scopeRoot(scope: InstallScope, dirs: { project: string; user: string }): string {
  return scope === "project" ? dirs.project : dirs.user;
}

/** `<skillsDir>/baton/SKILL.md` with the invocation filled in. */
export function skillFile(skillsDir: string, content: HostContent): OwnedFile {
  return {
    kind: "skill",
    path: joinPath(skillsDir, "baton", "SKILL.md"),
    content: renderSkillFile(content.skill, content.invocation),
  };
}

/** Where command files go: `<dir>/<name><suffix>`. */
export interface CommandFilesOptions {
  dir: string;
  suffix: string;
}

/** One command file per prompt, rendered by `render`. */
export function commandFiles(
  content: HostContent,
  options: CommandFilesOptions & {
    render: (prompt: PromptSource, invocation: BatonInvocation) => string;
  },
): OwnedFile[] {
  return content.prompts.map((p) => ({
    kind: "command" as const,
    path: joinPath(options.dir, `${p.name}${options.suffix}`),
    content: options.render(p, content.invocation),
  }));
}

/** One Markdown command file per prompt. */
export function markdownCommands(
  content: HostContent,
  options: CommandFilesOptions & MarkdownCommandOptions,
): OwnedFile[] {
  return commandFiles(content, {
    ...options,
    render: (p, inv) => renderMarkdownCommand(p, inv, options),
  });
}

/** One TOML command file per prompt in `dir` (Gemini CLI's format, which Qwen Code reads too). */
export function tomlCommands(content: HostContent, dir: string): OwnedFile[] {
  return commandFiles(content, { dir, suffix: ".toml", render: renderTomlCommand });
}

/** Per-host exceptions to the hooks a record registers. */
export interface RecordHookOptions {
  /** Matchers per event (grouped shapes); absent means every source. */
  matchers?: { readonly [E in HookEvent]?: string };
  /** Timeouts per event when the host caps one lower than {@linkcode HOOK_TIMEOUT_SECONDS}. */
  timeouts?: { readonly [E in HookEvent]?: number };
}

/**
 * The hooks baton registers with a host: each event of the record's
 * `install.hooks`, under the first native name the record gives it; the
 * pre-tool hook takes the record's `gateMatcher` and the pre-compact hook
 * the record's `compression.manualMatcher` (a host that fires it before
 * every request) unless a matcher is given.
 */
export function recordHooks(record: HostRecord, options: RecordHookOptions = {}): HookSpec[] {
  return record.install.hooks.map((event) => {
    const matcher = options.matchers?.[event] ??
      (event === "pre-tool"
        ? record.install.gateMatcher
        : event === "pre-compact"
        ? record.compression?.manualMatcher
        : undefined);
    return {
      event,
      native: record.events[event]![0],
      ...(matcher === undefined ? {} : { matcher }),
      timeoutSeconds: options.timeouts?.[event] ?? HOOK_TIMEOUT_SECONDS,
    };
  });
}

/** What a host's spec takes from its record as it is: its id, label, hook support and hook note. */
export function specHead(
  record: HostRecord & { readonly id: HostId },
): Pick<HostSpec, "id" | "label" | "hookSupport" | "hookNote"> {
  return {
    id: record.id,
    label: record.label,
    hookSupport: record.install.support,
    hookNote: record.install.hookNote,
  };
}

/**
 * The host's config directory for a scope, from its record: the project's
 * `install.projectDir`, or the user's (`$env/<envJoin>` when the variable is
 * set to an absolute path, else `~/<home>`).
 */
export function configRoot(record: HostRecord, scope: InstallScope, env: HostEnv): string {
  if (scope === "project") return joinPath(env.projectRoot, record.install.projectDir);
  const user = record.install.userDir;
  const moved = user.env === null ? null : envDir(env, user.env);
  if (moved !== null) return user.envJoin === "" ? moved : joinPath(moved, user.envJoin);
  return joinPath(env.home, user.home);
}

/** A JSON hook config file; the format defaults to seconds, `"type": "command"`, no comments. */
export function jsonHooks(
  path: string,
  options:
    & { hooks: readonly HookSpec[]; allow?: AllowListFormat }
    & Pick<HookConfigFormat, "shape">
    & Partial<HookConfigFormat>,
): HookConfigFile {
  const { hooks, allow, ...format } = options;
  return {
    kind: "hooks",
    path,
    hooks,
    ...(allow === undefined ? {} : { allow }),
    format: {
      timeoutUnit: "seconds",
      requiredRoot: {},
      typeField: true,
      nameField: false,
      comments: false,
      ...format,
    },
  };
}

/**
 * The note for a project hook file that others may share through git: its
 * commands name this machine's baton path.
 */
export function sharedConfigNote(scope: InstallScope, rel: string): string[] {
  return scope === "project"
    ? [`${rel} names this machine's baton path: keep it out of git, or install with --user`]
    : [];
}
