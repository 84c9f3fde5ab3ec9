/**
 * Whether a project declares hooks or settings of its host that can change
 * what a shell call runs or what its result records, so that a transcript's
 * shell status is no longer only the host's word (attack120, attack121).
 * Where each host looks is its record's `transcript.projectHooks`
 * (core/hosts/<host>.ts, which states the facts). Claude Code's
 * hooks reference (code.claude.com/docs/en/hooks): a PreToolUse hook's
 * `updatedInput`, and a PermissionRequest hook's, replaces the tool's input
 * before it runs, while the transcript's `tool_use` keeps the model's input;
 * a PostToolUse hook's `updatedToolOutput` replaces any tool's output (from
 * 2.1.121). So a committed `.claude/settings.json` turning `npm test` into
 * `npm test || true` gave a record reading `npm test`, succeeded. Codex CLI,
 * Factory droid, Qwen Code and Copilot CLI took the same contract (their
 * records say where). Counted, in each source file:
 * - a handler under one of those tool events (PostToolUseFailure too, any
 *   case: Copilot spells them `preToolUse`) whose matcher can match a shell
 *   tool, unless it is exactly one baton install writes: a command handler
 *   running this baton's own invocation (not merely a program named `baton`,
 *   which a commit can bring) with `hook <event> --host <host>` for a host
 *   baton writes there, and no key baton does not write. A group holds its
 *   handlers under `hooks`; an entry without one (Copilot's flat shape) is
 *   the handler itself, its matcher beside it;
 * - plugins the settings enable (`enabledPlugins`: a plugin brings hooks);
 * - in Claude Code's settings, an `env` with any key but a few of Claude
 *   Code's own documented switches (`ALLOWED_ENV`): Claude Code sets them in
 *   the environment every Bash command inherits, so `PATH` can put a
 *   committed `.claude/bin/npm` first and `NODE_OPTIONS` load a committed
 *   script into every node (an allow-list: no deny-list can name them all);
 * - in Claude Code's settings, any handler under `SessionStart`, `Setup`,
 *   `CwdChanged` or `FileChanged` but baton's own (as above, whatever its
 *   matcher): such a hook may write to `$CLAUDE_ENV_FILE`, which Claude Code
 *   sources before every Bash call;
 * - a skill, agent or command file in `.claude/` whose frontmatter has a
 *   `hooks` key (hooks scoped to that component);
 * - anything in a folder of code the host runs (Copilot's extensions).
 * Codex's `config.toml` is read as TOML; its handlers are judged as the others.
 * A file that cannot be read or parsed (or repeats a key) counts: looking at
 * more can only hold more back. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { readRegularFile } from "../fs.ts";
import { type BatonInvocation, parseHookCommand } from "../hosts/hook_command.ts";
import { listFolder, MAX_LISTED, projectDirs, under } from "./project_dirs.ts";
import { isHostId } from "../hosts/ids.ts";
import { HOOK_SOURCES, type HookHost, type HookSource } from "./hook_sources.ts";

export type { HookHost } from "./hook_sources.ts";

/** The events whose handlers can change a tool's input or its recorded output. */
const TOOL_EVENTS = new Set([
  "pretooluse",
  "permissionrequest",
  "posttooluse",
  "posttoolusefailure",
]);
/**
 * The names the hosts give their shell tools in hook payloads (Claude Code's Bash and
 * PowerShell, Codex's Bash and its tools' own names, droid's Execute, Qwen Code's
 * run_shell_command, Copilot's bash and powershell and VS Code's runInTerminal), lower-cased.
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
  "execute",
  "run_shell_command",
  "runinterminal",
  "run_in_terminal",
];
/**
 * Claude Code's events whose command hooks get `$CLAUDE_ENV_FILE`, a script
 * Claude Code sources before every Bash call (lower-cased).
 */
const ENV_FILE_EVENTS = new Set(["sessionstart", "setup", "cwdchanged", "filechanged"]);
/** What a settings object is judged by: the hosts baton's handlers there name, and what else counts. */
export type SettingsJudge = Pick<HookSource, "own" | "claudeEnv" | "plugins">;
/**
 * The `env` keys of Claude Code's settings that do not count: switches from
 * its environment-variables reference (code.claude.com/docs/en/env-vars) that
 * pick a model, a budget or a timeout, or turn its own traffic and prompts
 * off, names no common program reads. A Bash timeout can only end a call
 * early (a failure, never a pass). Exact names: anything else counts.
 */
const ALLOWED_ENV = new Set([
  "ANTHROPIC_MODEL",
  "ANTHROPIC_SMALL_FAST_MODEL",
  "ANTHROPIC_DEFAULT_OPUS_MODEL",
  "ANTHROPIC_DEFAULT_SONNET_MODEL",
  "ANTHROPIC_DEFAULT_HAIKU_MODEL",
  "CLAUDE_CODE_SUBAGENT_MODEL",
  "CLAUDE_CODE_EFFORT_LEVEL",
  "CLAUDE_CODE_MAX_OUTPUT_TOKENS",
  "MAX_THINKING_TOKENS",
  "API_TIMEOUT_MS",
  "BASH_DEFAULT_TIMEOUT_MS",
  "BASH_MAX_TIMEOUT_MS",
  "MCP_TIMEOUT",
  "MCP_TOOL_TIMEOUT",
  "DISABLE_TELEMETRY",
  "DISABLE_ERROR_REPORTING",
  "DISABLE_AUTOUPDATER",
  "DISABLE_BUG_COMMAND",
  "DISABLE_COST_WARNINGS",
  "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
  "CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY",
  "CLAUDE_CODE_DISABLE_TERMINAL_TITLE",
]);
/** The keys by which an entry is a handler itself (Copilot's flat shape). */
const FLAT_KEYS = ["type", "command", "bash", "powershell"];
/** The keys of a handler baton writes. */
const OWN_KEYS = new Set(["type", "command", "timeout"]);
/** Most bytes read of one file; a larger one counts. */
const MAX_BYTES = 1024 * 1024;
/** Most entries in one folder, and folders deep, walked for component files. */
const MAX_DEPTH = 4;
/** Most entries listed in all component folders of one look together; past it counts. */
const MAX_TOTAL_ENTRIES = 4096;

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

/** Whether a handler is exactly one baton install writes for one of `hosts`, run by this baton. */
function isOwnHandler(
  handler: Json,
  own: BatonInvocation | null,
  hosts: readonly string[],
): boolean {
  const h = objectOf(handler);
  if (h === null || own === null || h.type !== "command" || typeof h.command !== "string") {
    return false;
  }
  if (Object.keys(h).some((k) => !OWN_KEYS.has(k))) return false;
  if (h.timeout !== undefined && typeof h.timeout !== "number") return false;
  const parsed = parseHookCommand(h.command, { invocation: own });
  return parsed !== null && hosts.includes(parsed.host) &&
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
 * // Copilot's flat shape: the entry is the handler, its matcher beside it.
 * assert.equal(settingsChangeBash({ version: 1, hooks: { preToolUse: [{ type: "command", bash: "./rw.sh" }] } }, own, "copilot"), true);
 * ```
 */
export function settingsChangeBash(
  settings: Json,
  own: BatonInvocation | null,
  judge: HookHost | SettingsJudge = "claude-code",
): boolean {
  const by = typeof judge === "string"
    ? { own: [judge], claudeEnv: judge === "claude-code", plugins: judge === "claude-code" }
    : judge;
  const root = objectOf(settings);
  if (root === null) return settings !== undefined && settings !== null;
  if (by.plugins && pluginsEnabled(root)) return true;
  if (by.claudeEnv && envCounts(root)) return true;
  if (root.hooks === undefined) return false;
  const hooks = objectOf(root.hooks);
  if (hooks === null) return true;
  for (const [event, groups] of Object.entries(hooks)) {
    // A handler under an env-file event reaches every Bash call, whatever its matcher.
    const envFile = by.claudeEnv && ENV_FILE_EVENTS.has(event.toLowerCase());
    if (!envFile && !TOOL_EVENTS.has(event.toLowerCase())) continue;
    if (!Array.isArray(groups)) return true;
    for (const group of groups) {
      const g = objectOf(group);
      if (g === null) return true;
      // An entry with no `hooks` that names what it runs is a handler itself (Copilot's flat
      // shape), judged whole; one naming neither is not understood, and counts.
      const flat = g.hooks === undefined && FLAT_KEYS.some((k) => Object.hasOwn(g, k));
      const handlers = flat ? [g] : g.hooks;
      if (!Array.isArray(handlers)) return true;
      if (!envFile && !matchesShell(g.matcher)) continue;
      if (!handlers.every((h) => isOwnHandler(h, own, by.own))) return true;
    }
  }
  return false;
}

/** Whether settings enable a plugin (one not set to false), or say so in a shape not read. */
function pluginsEnabled(root: Record<string, Json>): boolean {
  const plugins = root.enabledPlugins;
  if (plugins === undefined) return false;
  const enabled = objectOf(plugins);
  return enabled === null || Object.values(enabled).some((v) => v !== false);
}

/** Whether Claude Code's settings set a variable other than its allowed switches (or an odd `env`). */
function envCounts(root: Record<string, Json>): boolean {
  const env = root.env;
  if (env === undefined) return false;
  const vars = objectOf(env);
  return vars === null || Object.keys(vars).some((k) => !ALLOWED_ENV.has(k));
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
  judge: SettingsJudge,
  toml: boolean,
): Promise<boolean> {
  const text = await readText(fs, path);
  if (text === null) return false;
  if (text === "odd") return true;
  if (toml) {
    try {
      // smol-toml refuses a repeated key, as TOML does.
      const { parse } = await import("smol-toml");
      return settingsChangeBash(parse(text), own, judge);
    } catch {
      return true;
    }
  }
  const { parseConfig } = await import("../hosts/install/hook_config.ts");
  const { getNodeValue } = await import("jsonc-parser");
  try {
    // Comments allowed; a parse error or a repeated key (which reader wins?) counts.
    const root = parseConfig(text, "settings");
    return root !== null && settingsChangeBash(getNodeValue(root), own, judge);
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

/**
 * The first component file under `dir` whose frontmatter declares hooks, or
 * the folder where the walk grew too large (one folder past `MAX_LISTED`,
 * or all of them together past the `budget` left).
 */
async function componentWithHooks(
  fs: ReadFs,
  dir: string,
  depth: number,
  budget: { left: number },
): Promise<string | null> {
  const listed = await listFolder(fs, dir);
  if (listed === null) return null;
  if (listed.length > MAX_LISTED) return dir;
  budget.left -= listed.length;
  if (budget.left < 0) return dir;
  for (const e of listed) {
    const path = under(dir, e.name);
    if (/\.md$/i.test(e.name)) {
      const text = await readText(fs, path);
      if (text === "odd" || text !== null && frontmatterHasHooks(text)) return path;
    } else if (depth < MAX_DEPTH) {
      const found = await componentWithHooks(fs, path, depth + 1, budget);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Whether baton judges a host's project hooks (its record names where it reads them). */
export function isHookHost(host: string): host is HookHost {
  return isHostId(host) && HOOK_SOURCES[host].length > 0;
}

/** The first file of one source in one project folder that counts, or null. */
async function sourceCounts(
  fs: ReadFs,
  root: string,
  source: HookSource,
  own: BatonInvocation | null,
  budget: { left: number },
): Promise<string | null> {
  const listed = source.everyJson || source.anyEntry ? await listFolder(fs, root) : null;
  if (listed !== null && listed.length > MAX_LISTED) return root;
  if (source.anyEntry && listed !== null && listed.length > 0) return under(root, listed[0]!.name);
  const json = [
    ...source.json,
    ...(source.everyJson && listed !== null
      ? listed.map((e) => e.name).filter((n) => /\.json$/i.test(n)).sort()
      : []),
  ];
  for (const [names, toml] of [[json, false], [source.toml, true]] as const) {
    for (const name of names) {
      const path = under(root, name);
      if (await settingsFileCounts(fs, path, own, source, toml)) return path;
    }
  }
  if (!source.components) return null;
  for (const sub of ["skills", "agents", "commands"]) {
    const found = await componentWithHooks(fs, under(root, sub), 1, budget);
    if (found !== null) return found;
  }
  return null;
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
 * assert.equal(await projectHooks(none, "/r", "copilot", ["/opt/baton"]), null);
 * ```
 */
export async function projectHooks(
  fs: ReadFs,
  cwd: string,
  host: HookHost,
  own: BatonInvocation | null,
): Promise<string | null> {
  const budget = { left: MAX_TOTAL_ENTRIES };
  for (const dir of await projectDirs(fs, cwd)) {
    for (const source of HOOK_SOURCES[host]) {
      const found = await sourceCounts(fs, under(dir, source.dir), source, own, budget);
      if (found !== null) return found;
    }
  }
  return null;
}
