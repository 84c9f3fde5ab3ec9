/**
 * Hooks a host runs from files baton never writes (a repository's shared settings, Copilot's
 * other hook files, Codex's inline tables) and the status line it runs before every prompt:
 * those that look like baton's, with how they start it, and the files doctor could not judge.
 * A commit can name a program it brought along there. Reads through the injected file system.
 * @module
 */
import { getNodeValue } from "jsonc-parser";
import type { ReadFs } from "../../fs.ts";
import { isBatonInvocation, mentionsBaton } from "../hook_command.ts";
import { splitShellCommand } from "../shell_quote.ts";
import { readOrNull, TOO_LARGE } from "./config_read.ts";
import { type FoundHook, listHooks, MAX_CONFIG_BYTES, parseConfig } from "./hook_config.ts";
import type { HostContent, HostEnv, HostSpec, InstallScope } from "./types.ts";

/**
 * A hook that looks like baton's in a file install does not write, and how it starts baton;
 * `host` when it names another host, `statusLine` when it is the host's status line.
 */
export interface SharedHook {
  path: string;
  invocation: string[];
  host?: string;
  statusLine?: true;
}

/** A shared hook file's text as JSON of the same shape (TOML is parsed; throws when it cannot be). */
async function asJson(text: string, syntax: "json" | "toml" = "json"): Promise<string> {
  if (syntax === "json") return text;
  const { parse } = await import("smol-toml");
  return JSON.stringify(parse(text));
}

/**
 * True when a file's text may name baton (its name, or a JSON or TOML escape that could spell
 * it): one that cannot be parsed is named as not judged only then, so a project's own settings
 * with a trailing comma do not turn doctor's verdict.
 */
export function mayNameBaton(text: string): boolean {
  return /baton|\\u/i.test(text);
}

/**
 * Notes a hook config whose commands name baton in a form not recognised (`env ./tools/baton
 * hook ...`, a trailing redirection): the host runs it, and doctor cannot say what it starts.
 */
export function noteUnreadBaton(
  hooks: readonly FoundHook[],
  path: string,
  unjudged: string[],
): void {
  if (hooks.some((f) => f.baton === null && mentionsBaton(f.command))) {
    unjudged.push(`${path} has a hook that names baton in a form doctor does not read`);
  }
}

/**
 * The words that start baton in a settings file's `statusLine.command` (those before its
 * `statusline`), null when it names no such command, "unread" when it names baton in a form
 * not recognised, undefined when the file cannot be parsed (within a hook config's size and
 * nesting bounds, and refusing a key written twice, as a hook config is read: the host takes the
 * last of two, which a status line after a decoy would hide).
 */
function statusLineInvocation(
  text: string,
  invocation: readonly string[],
): string[] | null | "unread" | undefined {
  let value: unknown;
  try {
    // The same bounds as a hook config's (size, nesting), so a deep file cannot end doctor.
    const root = parseConfig(text.replace(/^\ufeff/, ""), "the status line's file");
    value = root === null ? null : getNodeValue(root);
  } catch {
    return undefined;
  }
  const line = (value as { statusLine?: { command?: unknown } } | null)?.statusLine;
  const command = typeof line === "object" && line !== null ? line.command : undefined;
  if (typeof command !== "string") return null;
  const words = splitShellCommand(command.trim());
  const at = words?.lastIndexOf("statusline") ?? -1;
  const start = words === null || at < 1 ? null : words.slice(0, at);
  if (start !== null && isBatonInvocation(start, { invocation })) return start;
  // Named in a form not recognised (`env ./tools/baton statusline`): not judged.
  return mentionsBaton(command) ? "unread" : null;
}

/**
 * The baton-looking hooks and status lines in `spec`'s files that install never writes, and
 * why any of them was not judged (one phrase each, naming the file or folder).
 */
export async function judgeSharedHooks(
  fs: ReadFs,
  spec: HostSpec,
  options: { scope: InstallScope; env: HostEnv; content: HostContent },
): Promise<{ shared: SharedHook[]; unjudged: string[] }> {
  const shared: SharedHook[] = [];
  const unjudged: string[] = [];
  const others = await spec.sharedHookFiles?.(fs, options.scope, options.env);
  // The status line the host runs before every prompt: one that looks like baton's is judged.
  for (const path of spec.statusLineFiles?.(options.scope, options.env) ?? []) {
    const text = await readOrNull(fs, path);
    if (text === null) continue;
    const start = text === TOO_LARGE
      ? undefined
      : statusLineInvocation(text, options.content.invocation);
    if (start === undefined) {
      if (text === TOO_LARGE || mayNameBaton(text)) {
        unjudged.push(`${path} cannot be parsed for its status line`);
      }
    } else if (start === "unread") {
      unjudged.push(`${path} has a status line that names baton in a form doctor does not read`);
    } else if (start !== null) shared.push({ path, invocation: start, statusLine: true });
  }
  if (others !== undefined && others.cut !== null) {
    unjudged.push(
      `${others.cut} is not listed in full (more files than doctor lists, or unreadable)`,
    );
  }
  for (const file of others?.files ?? []) {
    const text = await readOrNull(fs, file.path);
    if (text === null) continue;
    if (text === TOO_LARGE) {
      unjudged.push(`${file.path} is larger than ${MAX_CONFIG_BYTES} bytes`);
      continue;
    }
    let hooks;
    try {
      hooks = listHooks(await asJson(text.replace(/^\ufeff/, ""), file.syntax), file.format, {
        invocation: options.content.invocation,
        commandKeys: file.commandKeys,
      });
    } catch {
      if (mayNameBaton(text)) unjudged.push(`${file.path} cannot be parsed as a hook config`);
      continue;
    }
    const inFile = new Set<string>();
    noteUnreadBaton(hooks, file.path, unjudged);
    for (const f of hooks) {
      if (f.baton === null) continue;
      const key = JSON.stringify(f.baton.invocation);
      if (!inFile.has(key)) {
        inFile.add(key);
        shared.push({ path: file.path, invocation: f.baton.invocation });
      }
    }
  }
  return { shared, unjudged };
}
