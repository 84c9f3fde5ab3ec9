/**
 * The hook command baton writes into a host config,
 * `<baton invocation> hook <event> --host <host>`, and the recogniser that
 * tells baton's own entries from everything else in a user's config. Pure.
 * @module
 */
import { type HookEvent, type HostId, isHookEvent, isHostId } from "./ids.ts";
import { renderShellCommand, splitShellCommand } from "./shell_quote.ts";

/**
 * How baton is started: the compiled binary alone, or the Deno runtime with
 * its flags and the absolute path of main.ts. Never empty.
 */
export type BatonInvocation = readonly string[];

/**
 * The shell command a host runs for one event.
 *
 * @param invocation How baton is started.
 * @param hook baton's event name and the host id.
 * @returns The command line, each word quoted for a POSIX shell.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(
 *   renderHookCommand(["/opt/baton"], { event: "pre-compact", host: "codex" }),
 *   "/opt/baton hook pre-compact --host codex",
 * );
 * ```
 */
export function renderHookCommand(
  invocation: BatonInvocation,
  hook: { event: HookEvent; host: HostId },
): string {
  return renderShellCommand([...invocation, "hook", hook.event, "--host", hook.host]);
}

/** A hook command recognised as baton's. */
export interface ParsedHookCommand {
  /** The invocation part (program and its arguments before `hook`). */
  invocation: string[];
  event: HookEvent;
  host: HostId;
}

/**
 * True when a word names a baton binary in any directory: `baton`,
 * `baton.exe`, or a release binary still carrying its target name
 * (`baton-x86_64-unknown-linux-gnu`, `baton-x86_64-pc-windows-msvc.exe`).
 */
function isBatonProgram(word: string): boolean {
  const base = word.replaceAll("\\", "/").split("/").pop() ?? "";
  return /^baton([-_.][\w.-]*)?$/i.test(base);
}

/**
 * True when a command starts baton in a form {@linkcode parseHookCommand} does not read
 * (`env ./tools/baton hook …`, `sh -c 'baton hook …' 2>/dev/null`, `./tools/baton statusline
 * --json`): a baton binary's name as the first word or followed by `hook` or `statusline`, or
 * Deno running a `main.ts` with `hook` or `statusline` after it. Looser than parseHookCommand:
 * doctor says it did not judge such a command in a file baton never writes, where a commit can
 * put any wrapper in front of a program it brought along. A word that only mentions baton
 * (`cat .github/hooks/baton.json`, `make baton-docs`, `deno fmt src/main.ts`) is none.
 *
 * @param command A command string from a host config.
 * @returns Whether it starts baton.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(mentionsBaton("env ./tools/baton hook session-start --host claude-code"), true);
 * assert.equal(mentionsBaton("sh -c 'deno run -A /x/main.ts hook stop'"), true);
 * assert.equal(mentionsBaton("deno fmt src/main.ts"), false);
 * assert.equal(mentionsBaton("cat .github/hooks/baton.json"), false);
 * ```
 */
export function mentionsBaton(command: string): boolean {
  const words = command.split(/[\s'"`;&|()<>=]+/).filter((w) => w !== "");
  const action = (w: string | undefined) => w === "hook" || w === "statusline";
  const named = words.some((w, i) => isBatonProgram(w) && (i === 0 || action(words[i + 1])));
  const deno = words.findIndex((w) => /(^|[\\/])deno(\.exe)?$/i.test(w));
  const main = words.findIndex((w, i) => i > deno && /main\.ts$/.test(w));
  return named || (deno >= 0 && main > deno && words.slice(main + 1).some(action));
}

/** True when the words run baton's main.ts through a Deno runtime. */
function isDenoMain(words: readonly string[]): boolean {
  const base = (words[0] ?? "").replaceAll("\\", "/").split("/").pop() ?? "";
  return /^deno(\.exe)?$/i.test(base) && words.includes("run") &&
    words.some((w) => /(^|\/)main\.ts$/.test(w));
}

/** Options of {@linkcode parseHookCommand}. */
export interface ParseHookCommandOptions {
  /**
   * This process's invocation: a command starting with exactly these words
   * is baton's whatever the binary is called.
   * @default undefined
   */
  invocation?: BatonInvocation;
}

/**
 * Recognises a command baton wrote: it ends in `hook <event> --host <host>`
 * with a known event and host, and the program before it is a baton binary,
 * `deno run ... main.ts`, or exactly this process's invocation. Anything else
 * (a user's own hook, a wrapper script, a shell pipeline) gives null and is
 * never touched.
 *
 * @param command The command string from a host config.
 * @param options This process's invocation.
 * @returns The parts, or null when the command is not baton's.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(parseHookCommand("'/a b/baton' hook stop --host cursor")?.host, "cursor");
 * assert.equal(parseHookCommand("./my-script.sh hook stop --host cursor"), null);
 * const self = { invocation: ["/opt/bt"] };
 * assert.equal(parseHookCommand("/opt/bt hook stop --host cursor", self)?.event, "stop");
 * ```
 */
export function parseHookCommand(
  command: string,
  options: ParseHookCommandOptions = {},
): ParsedHookCommand | null {
  const words = splitShellCommand(command.trim());
  if (words === null || words.length < 5) return null;
  const [hook, event, flag, host] = words.slice(-4);
  if (hook !== "hook" || flag !== "--host" || event === undefined || host === undefined) {
    return null;
  }
  if (!isHookEvent(event) || !isHostId(host)) return null;
  const invocation = words.slice(0, -4);
  if (!isBatonInvocation(invocation, options)) return null;
  return { invocation, event, host };
}

/**
 * True when the words start baton: a baton binary alone, `deno run ...
 * main.ts`, or exactly this process's invocation. The recogniser behind
 * {@linkcode parseHookCommand}, shared with the permission entries.
 *
 * @param invocation The words before baton's own arguments.
 * @param options This process's invocation.
 * @returns Whether they start baton.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isBatonInvocation(["/home/jo/.local/bin/baton"]), true);
 * assert.equal(isBatonInvocation(["sh", "-c", "baton"]), false);
 * ```
 */
export function isBatonInvocation(
  invocation: readonly string[],
  options: ParseHookCommandOptions = {},
): boolean {
  const self = options.invocation;
  const isSelf = self !== undefined && self.length === invocation.length &&
    self.every((w, i) => w === invocation[i]);
  const named = invocation.length === 1 && isBatonProgram(invocation[0]!);
  return isSelf || named || isDenoMain(invocation);
}
