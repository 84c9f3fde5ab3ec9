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
  "beforeShellExecution",
]);

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
  if (SHELL_TOOLS.has(tool)) {
    const o = typeof input === "object" && input !== null ? input as Record<string, unknown> : {};
    const command = typeof o.command === "string" ? o.command : Array.isArray(o.command) &&
        o.command.every((w) => typeof w === "string")
      ? (o.command as string[]).join(" ")
      : null;
    // A shell tool whose command cannot be read is judged as unknown shell text.
    return { kind: "shell", tool, command: command ?? "\u0000unreadable" };
  }
  return { kind: "other", tool };
}
