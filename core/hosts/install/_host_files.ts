/**
 * Helpers the host integrations share to lay out their files: the skill
 * folder, one command file per canonical prompt, a JSON hook config and the
 * usual lifecycle hooks. Pure; private to core/hosts.
 * @module
 */
import type { BatonInvocation } from "../hook_command.ts";
import type { HookEvent } from "../ids.ts";
import {
  type MarkdownCommandOptions,
  renderMarkdownCommand,
  renderSkillFile,
} from "./render_files.ts";
import type {
  HookConfigFile,
  HookConfigFormat,
  HookSpec,
  HostContent,
  HostEnv,
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

/** Options of {@linkcode lifecycleHooks}. */
export interface LifecycleHookOptions {
  /** Matcher of the session-start hook (grouped shapes); absent means every source. */
  startMatcher?: string;
  /**
   * baton's event for the host's end-of-session hook.
   * @default "session-end"
   */
  endEvent?: HookEvent;
  /**
   * Timeout of the end hook when the host caps it lower.
   * @default HOOK_TIMEOUT_SECONDS
   */
  endTimeoutSeconds?: number;
}

/**
 * The three hooks baton registers with a host: session start (briefing),
 * pre-compaction (capsule) and the end of a session (capsule), under the
 * host's own event names.
 */
export function lifecycleHooks(
  names: { start: string; compact: string; end: string },
  options: LifecycleHookOptions = {},
): HookSpec[] {
  return [
    {
      event: "session-start",
      native: names.start,
      ...(options.startMatcher === undefined ? {} : { matcher: options.startMatcher }),
      timeoutSeconds: HOOK_TIMEOUT_SECONDS,
    },
    { event: "pre-compact", native: names.compact, timeoutSeconds: HOOK_TIMEOUT_SECONDS },
    {
      event: options.endEvent ?? "session-end",
      native: names.end,
      timeoutSeconds: options.endTimeoutSeconds ?? HOOK_TIMEOUT_SECONDS,
    },
  ];
}

/**
 * The context-band hooks (advisory): the host's per-prompt event and its
 * after-a-tool-call event, under the host's own names; either may be absent
 * when the host has no such event that can add context.
 */
export function bandHooks(names: { prompt?: string; postTool?: string }): HookSpec[] {
  const hooks: HookSpec[] = [];
  if (names.prompt !== undefined) {
    hooks.push({ event: "prompt", native: names.prompt, timeoutSeconds: HOOK_TIMEOUT_SECONDS });
  }
  if (names.postTool !== undefined) {
    hooks.push({
      event: "post-tool",
      native: names.postTool,
      timeoutSeconds: HOOK_TIMEOUT_SECONDS,
    });
  }
  return hooks;
}

/**
 * The mutation gate before a tool call (allows everything unless the
 * repository opted in with enforce: deny).
 */
export function gateHooks(native: string): HookSpec[] {
  return [{ event: "pre-tool", native, timeoutSeconds: HOOK_TIMEOUT_SECONDS }];
}

/** A JSON hook config file; the format defaults to seconds, `"type": "command"`, no comments. */
export function jsonHooks(
  path: string,
  options:
    & { hooks: readonly HookSpec[] }
    & Pick<HookConfigFormat, "shape">
    & Partial<HookConfigFormat>,
): HookConfigFile {
  const { hooks, ...format } = options;
  return {
    kind: "hooks",
    path,
    hooks,
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
