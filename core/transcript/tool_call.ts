/**
 * Turns a host's tool call (a tool name and its input object) into the
 * parts baton records: the shell command it runs, the files it names and
 * whether it reads or edits them. The field names are the ones the hosts'
 * own tools use (Claude Code `Bash`/`Read`/`Edit` with `file_path`, Codex
 * `exec_command`/`shell` and `apply_patch`, Gemini CLI `run_shell_command`/
 * `read_file`/`replace`, OpenCode `bash`/`read`/`edit` with `filePath`,
 * Copilot CLI `bash`/`view`/`edit` with `path`, Cursor `run_terminal_cmd`/
 * `edit_file` with `target_file`). Pure.
 * @module
 */
import { MAX_COMMAND_CHARS, objectOf, textOf } from "./record_text.ts";
import { PATCH_BEGIN, patchFiles } from "../patch_files.ts";
import { truncateUnsplit } from "../budget/truncate.ts";
import type { ToolCallTurn } from "./types.ts";

/** Most paths kept from one call. */
const MAX_PATHS = 20;
const PATH_FIELDS = [
  "file_path",
  "filePath",
  "absolute_path",
  "notebook_path",
  "target_file",
  "path",
];
const LIST_FIELDS = ["paths", "file_paths", "filePaths"];
const EDIT_NAME = /write|edit|replace|create|patch|notebook|insert|delete|move|rename/i;
const READ_NAME = /read|view|cat|open|glob|grep|list|^ls$|search|find/i;

/**
 * Whether a call's own arguments ask the host to run the command detached:
 * Claude Code's `run_in_background`, Gemini CLI's `is_background`, Copilot
 * CLI's `mode: "async"` and `detach`.
 */
function detachedCall(input: Record<string, unknown>): boolean {
  return input.run_in_background === true || input.is_background === true ||
    input.mode === "async" || input.detach === true;
}

function commandOf(input: Record<string, unknown>): string | null {
  for (const key of ["command", "cmd"]) {
    const v = input[key];
    if (typeof v === "string") return textOf(v);
    if (Array.isArray(v) && v.every((p) => typeof p === "string")) {
      const parts = v as string[];
      // ["bash", "-lc", "script"]: the script is the command.
      if (
        parts.length === 3 && /(^|\/)(ba|z|da)?sh$/.test(parts[0]!) && /^-\w*c$/.test(parts[1]!)
      ) {
        return textOf(parts[2]);
      }
      return textOf(parts.join(" "));
    }
  }
  return null;
}

/**
 * The files a patch in the `apply_patch` envelope format names
 * (`*** Add File: p`, `*** Update File: p`, `*** Delete File: p`, `*** Move to: p`).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { patchPaths } from "./tool_call.ts";
 * assert.deepEqual(patchPaths("*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** End Patch"), ["src/a.ts"]);
 * ```
 */
export function patchPaths(patch: string): string[] {
  return patchFiles(patch, MAX_PATHS).map((p) => truncateUnsplit(p, MAX_COMMAND_CHARS));
}

/**
 * The tool call turn for a named tool and its input.
 * @param name The tool's name as the host records it.
 * @param input The call's input: an object, or a JSON string of one (Codex), or a patch text.
 * @param extra The call's id and time.
 * @returns The turn.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolCallTurn } from "./tool_call.ts";
 * const t = toolCallTurn("Edit", { file_path: "/r/a.ts", old_string: "x" }, { id: "t1", at: null });
 * assert.deepEqual([t.access, t.paths, t.command], ["edit", ["/r/a.ts"], null]);
 * assert.equal(toolCallTurn("shell", '{"command":["bash","-lc","npm test"]}', { id: null, at: null }).command, "npm test");
 * ```
 */
export function toolCallTurn(
  name: string,
  input: unknown,
  extra: { id: string | null; at: string | null },
): ToolCallTurn {
  let args = objectOf(input);
  let patch: string | null = null;
  if (args === null && typeof input === "string") {
    if (input.trimStart().startsWith("{") && input.length <= 4 * 1024 * 1024) {
      try {
        args = objectOf(JSON.parse(input));
      } catch {
        args = null;
      }
    }
    if (args === null && input.includes(PATCH_BEGIN)) patch = input;
  }
  const paths: string[] = [];
  const add = (p: unknown) => {
    const s = textOf(p);
    if (s !== null && !paths.includes(s) && paths.length < MAX_PATHS) paths.push(s);
  };
  let command: string | null = null;
  if (args !== null) {
    command = commandOf(args);
    for (const f of PATH_FIELDS) add(args[f]);
    for (const f of LIST_FIELDS) {
      const v = args[f];
      if (Array.isArray(v)) v.slice(0, MAX_PATHS).forEach(add);
    }
    const inner = args.input ?? args.patch;
    if (typeof inner === "string" && inner.includes(PATCH_BEGIN)) patch = inner;
  }
  if (patch !== null) patchPaths(patch).forEach(add);
  // A shell call that is itself an apply_patch heredoc edits files too.
  if (command !== null && command.includes(PATCH_BEGIN)) patchPaths(command).forEach(add);
  const access: ToolCallTurn["access"] = patch !== null || EDIT_NAME.test(name)
    ? "edit"
    : command !== null
    ? "other"
    : READ_NAME.test(name)
    ? "read"
    : "other";
  return {
    kind: "tool_call",
    id: extra.id,
    name: name.slice(0, 200),
    command,
    paths,
    access,
    ...(command !== null && args !== null && detachedCall(args) ? { detached: true } : {}),
    at: extra.at,
  };
}
