/**
 * What a host's pre-tool call is, told from its payload: a file read, a
 * file edit, a shell command (with its text), or a tool baton does not know.
 * The vocabulary of each host's tool names is here. Pure.
 *
 * Decisions:
 * - Only a positive decision denies: a tool this table does not name is
 *   `other` and always passes (MCP tools, sub-agents, web tools, new tools
 *   a host adds later). Reads always pass.
 * - Edits are the tools that write files by name; shell tools are judged by
 *   the command classifier (read_only passes).
 * @module
 */

/** The kind of a pre-tool call. */
export type ToolCall =
  | { kind: "read"; tool: string }
  | { kind: "edit"; tool: string }
  | { kind: "shell"; tool: string; command: string }
  | { kind: "other"; tool: string };

/** Tools that only read (every host's names). */
const READ_TOOLS = new Set([
  "Read",
  "Glob",
  "Grep",
  "LS",
  "NotebookRead",
  "WebFetch",
  "WebSearch",
  "TodoWrite",
  "read_file",
  "read_many_files",
  "list_directory",
  "glob",
  "search_file_content",
  "grep",
  "view",
  "ls",
  "google_web_search",
  "web_fetch",
  "beforeReadFile",
  // OpenCode's lower-case names.
  "read",
  "list",
  "webfetch",
  "websearch",
  "codesearch",
  "todoread",
  "todowrite",
  // Qwen Code's.
  "grep_search",
  "web_search",
  // pi's file finder.
  "find",
  // Cline CLI's.
  "read_files",
  "search_codebase",
  "fetch_web_content",
]);

/** Tools that write files. */
const EDIT_TOOLS = new Set([
  "Edit",
  "Write",
  "MultiEdit",
  "NotebookEdit",
  "apply_patch",
  "write_file",
  "replace",
  "edit",
  "create",
  "str_replace_editor",
  "insert",
  "editFile",
  "createFile",
  "afterFileEdit",
  // OpenCode's lower-case names.
  "write",
  "patch",
  "multiedit",
  // Cursor's.
  "StrReplace",
  "Delete",
  "TabWrite",
  // Cline CLI's file editor.
  "editor",
]);

/** Tools that run a shell command. */
const SHELL_TOOLS = new Set([
  "Bash",
  "PowerShell",
  "shell",
  "exec_command",
  "run_shell_command",
  "runInTerminal",
  "bash",
  "powershell",
  "Shell",
  "beforeShellExecution",
  // Cline CLI's (its input is a list of commands).
  "run_commands",
]);

/** Tools that type text into a shell that is already running (the text is judged as a command). */
const SHELL_INPUT_TOOLS = new Set(["write_bash", "write_powershell", "write_stdin"]);

/** Shells whose `-c` script is the command a `[shell, -c, script]` array runs. */
const SHELLS = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|zsh|dash|ksh)$/;

/** A word as the shell would need it quoted to mean itself. */
function quoteWord(w: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`;
}

/**
 * The shell text an argv array runs: the script of `[sh|bash|zsh, -c|-lc, script]`
 * (Codex's form), else the words quoted and joined.
 */
function argvText(argv: readonly string[]): string {
  if (argv.length === 3 && SHELLS.test(argv[0]!) && /^-[a-z]*c$/.test(argv[1]!)) return argv[2]!;
  return argv.map(quoteWord).join(" ");
}

/**
 * Tells the call from a payload's tool name and input. Cursor's
 * beforeShellExecution carries `command` at the top level; pass it as input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolCallOf } from "./tool_call.ts";
 * assert.deepEqual(toolCallOf("Bash", { command: "ls" }), { kind: "shell", tool: "Bash", command: "ls" });
 * assert.equal(toolCallOf("mcp__x__y", {}).kind, "other");
 * ```
 */
export function toolCallOf(tool: string, input: unknown): ToolCall {
  if (READ_TOOLS.has(tool)) return { kind: "read", tool };
  if (EDIT_TOOLS.has(tool)) return { kind: "edit", tool };
  // Copilot CLI sends its tool arguments as a JSON string.
  if (typeof input === "string") {
    try {
      input = JSON.parse(input);
    } catch { /* unreadable: see below */ }
  }
  const o = typeof input === "object" && input !== null ? input as Record<string, unknown> : {};
  let command: string | null = null;
  if (SHELL_INPUT_TOOLS.has(tool)) {
    command = typeof o.input === "string" ? o.input : typeof o.chars === "string" ? o.chars : null;
  } else if (SHELL_TOOLS.has(tool)) {
    const raw = o.command ?? o.cmd;
    command = typeof raw === "string"
      ? raw
      : Array.isArray(raw) && raw.length > 0 && raw.every((w) => typeof w === "string")
      ? argvText(raw as string[])
      : null;
  } else return { kind: "other", tool };
  // A shell call in a shape baton cannot read is not a positive reason to deny.
  return command === null ? { kind: "other", tool } : { kind: "shell", tool, command };
}
