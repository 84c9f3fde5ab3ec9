/**
 * Scripted tool calls for the fake model: a test gives the server a script
 * (what shell command the "model" runs next, given the tool results the host
 * has sent back so far), and each API module asks it before answering. The
 * shell tool is found in the tools the host itself offers (Claude Code's
 * `Bash`, Codex's `shell`/`exec_command`, Gemini's `run_shell_command`,
 * Copilot's and OpenCode's `bash`, Droid's `Execute`) and its arguments are built from that
 * tool's own schema, so a host that renames a field still gets a call it
 * accepts or the test says no shell tool was offered.
 * @module
 */

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** One tool the host offered: its name and JSON schema of parameters. */
export interface OfferedTool {
  name: string;
  schema: unknown;
}

/** A tool call the model makes. */
export interface ScriptedCall {
  tool: string;
  args: Json;
  /** The shell command it runs. */
  command: string;
}

/** What the script sees of one request. */
export interface ScriptContext {
  /** The text of every tool result in the request, oldest first. */
  results: string[];
  /** The whole request body. */
  body: string;
}

/** What an API module asks of the script for one request (the server makes one per request). */
export interface Scripting {
  /** The call to answer with (and logs it), or null to answer with text. */
  next(tools: readonly OfferedTool[], results: string[]): ScriptedCall | null;
  /** The text to answer with: the fixed reply, padded when the test asks for long replies. */
  text(): string;
}

/** A test's script: the next shell command, or null to answer with text. */
export type ToolScript = (ctx: ScriptContext) => string | null;

/** Names of shell tools, preferred first. */
const SHELL_TOOL_NAMES = [
  "Bash",
  "bash",
  "shell",
  "exec_command",
  "shell_command",
  "run_shell_command",
  "local_shell",
  // Factory Droid's.
  "Execute",
  // Cline CLI's: a list of commands.
  "run_commands",
];

/** The host's shell tool among `tools`, or null. */
export function shellToolOf(tools: readonly OfferedTool[]): OfferedTool | null {
  for (const name of SHELL_TOOL_NAMES) {
    const t = tools.find((x) => x.name === name);
    if (t !== undefined) return t;
  }
  return null;
}

/** Arguments for `tool` that run `command`, shaped by its schema. */
export function shellArgs(tool: OfferedTool, command: string): Json {
  const schema = isObject(tool.schema) ? tool.schema : {};
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const key = ["command", "cmd", "script", "commands"].find((k) => k in props) ??
    "command";
  const prop = isObject(props[key]) ? props[key] : {};
  // An array is an argv (Codex's `command`) or a list of whole commands (Cline's `commands`).
  const list = key === "commands" ? [command] : ["bash", "-lc", command];
  const args: Json = {
    [key]: prop.type === "array" ? list : command,
  };
  for (const r of required) {
    if (r in args) continue;
    const p = isObject(props[r]) ? props[r] : {};
    if (p.type === "string") args[r] = "run a command for the test";
    else if (p.type === "number" || p.type === "integer") args[r] = 60_000;
    else if (p.type === "boolean") args[r] = false;
  }
  return args;
}

/** The call the script asks for, or null (no script, no shell tool, or the script says text). */
export function scriptedCall(
  script: ToolScript | null,
  tools: readonly OfferedTool[],
  ctx: ScriptContext,
): ScriptedCall | null {
  if (script === null) return null;
  const tool = shellToolOf(tools);
  if (tool === null) return null;
  const command = script(ctx);
  if (command === null) return null;
  return { tool: tool.name, args: shellArgs(tool, command), command };
}

/** Text of a tool result's content in any of the APIs' shapes (string, parts, objects). */
export function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(resultText).join("\n");
  if (isObject(content)) {
    if (typeof content.text === "string") return content.text;
    return JSON.stringify(content);
  }
  return content === undefined || content === null ? "" : String(content);
}
