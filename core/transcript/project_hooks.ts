/**
 * Whether a project declares hooks or settings of its host (Claude Code,
 * Codex CLI) that can change what a shell call runs or what its result
 * records, so that a transcript's shell status is no longer only the host's
 * word (attack120). Claude Code's
 * hooks reference (code.claude.com/docs/en/hooks): a PreToolUse hook's
 * `updatedInput`, and a PermissionRequest hook's, replaces the tool's input
 * before it runs, while the transcript's `tool_use` keeps the model's input;
 * a PostToolUse hook's `updatedToolOutput` replaces any tool's output (from
 * 2.1.121). So a committed `.claude/settings.json` turning `npm test` into
 * `npm test || true` gave a record reading `npm test`, succeeded. Counted:
 * - in `.claude/settings.json` and `.claude/settings.local.json`, from the
 *   session's folder up to the work tree's top, a handler under one of
 *   those tool events (PostToolUseFailure too) whose matcher can match a
 *   shell tool, unless it is exactly one baton install writes: a command
 *   handler running this baton's own invocation (not merely a program named
 *   `baton`, which a commit can bring) with `hook <event> --host
 *   claude-code`, and no key baton does not write;
 * - plugins the settings enable (`enabledPlugins`: a plugin brings hooks);
 * - an `env` naming the shell Claude Code runs commands through
 *   (`CLAUDE_CODE_SHELL`, `CLAUDE_CODE_SHELL_PREFIX`) or `BASH_ENV`;
 * - a skill, agent or command file in `.claude/` whose frontmatter has a
 *   `hooks` key (hooks scoped to that component).
 * Codex CLI took the same contract (PreToolUse and PermissionRequest
 * `updatedInput` rewrites of shell commands, openai/codex#21302 and #20527;
 * PostToolUse `updatedToolOutput`, #20703) and reads hooks from each
 * `.codex/hooks.json` and the inline `[hooks]` tables of each
 * `.codex/config.toml` from the project root down to where it starts; the
 * rollout's `function_call` keeps the model's command while
 * `exec_command_end` states the rewritten one's exit. Its handlers are judged
 * as Claude Code's (baton's own say `--host codex`).
 * A file that cannot be read or parsed (or repeats a key) counts: looking at
 * more can only hold more back. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { readRegularFile } from "../fs.ts";
import { type BatonInvocation, parseHookCommand } from "../hosts/hook_command.ts";
import { projectDirs, under } from "./project_dirs.ts";

/** The events whose handlers can change a tool's input or its recorded output. */
const TOOL_EVENTS = new Set([
  "pretooluse",
  "permissionrequest",
  "posttooluse",
  "posttoolusefailure",
]);
/**
 * The names the hosts give their shell tools in hook payloads (Claude Code's Bash and
 * PowerShell, Codex's Bash and its tools' own names), lower-cased.
 */
const SHELL_TOOLS = [
  "bash",
  "powershell",
  "shell",
  "shell_command",
  "exec_command",
  "local_shell",
  "unified_exec",
  "container.exec",
];
/** The hosts judged here and their project config files. */
export type HookHost = "claude-code" | "codex";
const FILES: Record<HookHost, { dir: string; json: string[]; toml: string[] }> = {
  "claude-code": { dir: ".claude", json: ["settings.json", "settings.local.json"], toml: [] },
  codex: { dir: ".codex", json: ["hooks.json"], toml: ["config.toml"] },
};
/** `env` keys that name the program every Bash command runs through. */
const SHELL_ENV = /^(?:CLAUDE_CODE_SHELL(?:_PREFIX)?|BASH_ENV)$/i;
/** The keys of a handler baton writes. */
const OWN_KEYS = new Set(["type", "command", "timeout"]);
/** Most bytes read of one file; a larger one counts. */
const MAX_BYTES = 1024 * 1024;
/** Most entries in one folder, and folders deep, walked for component files. */
const MAX_ENTRIES = 256;
const MAX_DEPTH = 4;

type Json = unknown;

function objectOf(v: Json): Record<string, Json> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, Json>
    : null;
}

/**
 * Whether a group's matcher can select a shell tool: none, `*` and empty
 * match every tool; a list of plain names (letters, digits, `_`, `|`) those
 * names, and, as an unanchored pattern (Codex's), any name holding one, so a
 * name that is part of a shell tool's counts (`ash`); anything else is a
 * pattern, counted as matching.
 */
function matchesShell(matcher: Json): boolean {
  if (matcher === undefined || matcher === null) return true;
  if (typeof matcher !== "string") return true;
  if (!/^[A-Za-z0-9_|]+$/.test(matcher)) return true;
  return matcher.split("|").some((name) =>
    SHELL_TOOLS.some((tool) => tool.includes(name.toLowerCase()))
  );
}

/** Whether a handler is exactly one baton install writes for `host`, run by this baton. */
function isOwnHandler(handler: Json, own: BatonInvocation | null, host: HookHost): boolean {
  const h = objectOf(handler);
  if (h === null || own === null || h.type !== "command" || typeof h.command !== "string") {
    return false;
  }
  if (Object.keys(h).some((k) => !OWN_KEYS.has(k))) return false;
  if (h.timeout !== undefined && typeof h.timeout !== "number") return false;
  const parsed = parseHookCommand(h.command, { invocation: own });
  return parsed !== null && parsed.host === host &&
    parsed.invocation.length === own.length &&
    parsed.invocation.every((w, i) => w === own[i]);
}

/**
 * Whether a settings object declares something that can change a Bash call
 * or its record (see the module's list).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const own = ["/opt/baton"];
 * const gate = { matcher: "Bash", hooks: [{ type: "command", command: "/opt/baton hook pre-tool --host claude-code", timeout: 5 }] };
 * assert.equal(settingsChangeBash({ hooks: { PreToolUse: [gate] } }, own), false);
 * assert.equal(settingsChangeBash({ hooks: { PreToolUse: [gate] } }, ["/other/baton"]), true);
 * assert.equal(settingsChangeBash({ hooks: { PostToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: "fmt" }] }] } }, own), false);
 * ```
 */
export function settingsChangeBash(
  settings: Json,
  own: BatonInvocation | null,
  host: HookHost = "claude-code",
): boolean {
  const root = objectOf(settings);
  if (root === null) return settings !== undefined && settings !== null;
  if (host === "claude-code" && claudeSettingsCount(root)) return true;
  if (root.hooks === undefined) return false;
  const hooks = objectOf(root.hooks);
  if (hooks === null) return true;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!TOOL_EVENTS.has(event.toLowerCase())) continue;
    if (!Array.isArray(groups)) return true;
    for (const group of groups) {
      const g = objectOf(group);
      if (g === null || !Array.isArray(g.hooks)) return true;
      if (!matchesShell(g.matcher)) continue;
      if (!g.hooks.every((h) => isOwnHandler(h, own, host))) return true;
    }
  }
  return false;
}

/** Claude Code's settings beyond hooks: plugins it enables, an env naming the shell. */
function claudeSettingsCount(root: Record<string, Json>): boolean {
  const plugins = root.enabledPlugins;
  if (plugins !== undefined) {
    const enabled = objectOf(plugins);
    if (enabled === null || Object.values(enabled).some((v) => v !== false)) return true;
  }
  const env = root.env;
  if (env === undefined) return false;
  const vars = objectOf(env);
  return vars === null || Object.keys(vars).some((k) => SHELL_ENV.test(k));
}

/** The text of a file, null when missing; "odd" when too large or not a regular file. */
async function readText(fs: ReadFs, path: string): Promise<string | null | "odd"> {
  const read = await readRegularFile(fs, path, MAX_BYTES).catch(() => null);
  if (read === null) return "odd";
  if (read.kind === "missing") return null;
  if (read.kind !== "read") return "odd";
  return new TextDecoder().decode(read.bytes);
}

/** Whether a config file there declares what can change a shell call (or cannot be told). */
async function settingsFileCounts(
  fs: ReadFs,
  path: string,
  own: BatonInvocation | null,
  host: HookHost,
  toml: boolean,
): Promise<boolean> {
  const text = await readText(fs, path);
  if (text === null) return false;
  if (text === "odd") return true;
  if (toml) {
    try {
      // smol-toml refuses a repeated key, as TOML does.
      const { parse } = await import("smol-toml");
      return settingsChangeBash(parse(text), own, host);
    } catch {
      return true;
    }
  }
  const { parseConfig } = await import("../hosts/install/hook_config.ts");
  const { getNodeValue } = await import("jsonc-parser");
  try {
    // Comments allowed; a parse error or a repeated key (which reader wins?) counts.
    const root = parseConfig(text, "settings");
    return root !== null && settingsChangeBash(getNodeValue(root), own, host);
  } catch {
    return true;
  }
}

/**
 * Whether a Markdown component's frontmatter (between a first `---` line and
 * the next) holds a `hooks` key, in any case or nesting (the word before a
 * colon, quoted or not): a frontmatter that does not close counts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(frontmatterHasHooks("---\nname: x\nhooks:\n  PreToolUse: []\n---\nbody"), true);
 * assert.equal(frontmatterHasHooks("---\nname: x\n---\nhooks: in the body"), false);
 * ```
 */
export function frontmatterHasHooks(text: string): boolean {
  const body = text.replace(/^\uFEFF/, "");
  if (!/^---[ \t]*\r?\n/.test(body)) return false;
  const end = body.slice(3).search(/\r?\n---[ \t]*(?:\r?\n|$)/);
  if (end < 0) return true;
  return /["']?\bhooks\b["']?\s*:/i.test(body.slice(0, end + 3));
}

/** The first component file under `dir` whose frontmatter declares hooks (or a folder too large). */
async function componentWithHooks(fs: ReadFs, dir: string, depth: number): Promise<string | null> {
  let entries;
  try {
    entries = await fs.readDir(dir, MAX_ENTRIES + 1);
  } catch {
    // Missing, or not a folder: nothing there.
    return null;
  }
  if (entries.length > MAX_ENTRIES) return dir;
  for (const e of entries) {
    const path = under(dir, e.name);
    if (/\.md$/i.test(e.name)) {
      const text = await readText(fs, path);
      if (text === "odd" || text !== null && frontmatterHasHooks(text)) return path;
    } else if (depth < MAX_DEPTH) {
      const found = await componentWithHooks(fs, path, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Whether baton judges a host's project hooks here. */
export function isHookHost(host: string): host is HookHost {
  return Object.hasOwn(FILES, host);
}

/**
 * The first file (its path) of a project's config for `host` that can change
 * what a shell call runs or records, or null when there is none. Looks from
 * `cwd` up to the work tree's top (core/transcript/project_dirs.ts).
 *
 * @param fs The file system.
 * @param cwd The session's folder.
 * @param host The host whose config is judged.
 * @param own This baton's invocation (a hook baton install wrote runs it), or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { stat: () => Promise.resolve(null), lstat: () => Promise.resolve(null), readDir: () => Promise.reject(new Error("missing")) } as never;
 * assert.equal(await projectHooks(none, "/r", "claude-code", ["/opt/baton"]), null);
 * ```
 */
export async function projectHooks(
  fs: ReadFs,
  cwd: string,
  host: HookHost,
  own: BatonInvocation | null,
): Promise<string | null> {
  const files = FILES[host];
  for (const dir of await projectDirs(fs, cwd)) {
    const root = under(dir, files.dir);
    for (const [names, toml] of [[files.json, false], [files.toml, true]] as const) {
      for (const name of names) {
        const path = under(root, name);
        if (await settingsFileCounts(fs, path, own, host, toml)) return path;
      }
    }
    if (host !== "claude-code") continue;
    for (const sub of ["skills", "agents", "commands"]) {
      const found = await componentWithHooks(fs, under(root, sub), 1);
      if (found !== null) return found;
    }
  }
  return null;
}
