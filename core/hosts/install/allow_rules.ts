/**
 * The permission allow entries baton puts into a host's JSON settings for its
 * own state commands (`Bash(/home/jo/.local/bin/baton load:*)` ...), and
 * their removal. Like the hook entries they are edited into the text in place
 * (only new lines written, only baton's lines taken out), recognised by their
 * shape (the host's rule around a baton invocation followed by one of
 * {@linkcode ALLOWED_STATE_COMMANDS}) and as a set: this process's
 * invocation's, or another invocation's whose entries include load,
 * preflight and finalize (an earlier baton at another path). A user's own
 * entries, whatever they allow, are never touched. Pure.
 * @module
 */
import type { JSONPath, Node } from "jsonc-parser";
import { type BatonInvocation, isBatonInvocation } from "../hook_command.ts";
import { renderShellCommand, splitShellCommand } from "../shell_quote.ts";
import {
  findPath,
  HookConfigError,
  insertValue,
  kindPhrase,
  parseConfig,
  property,
  removeAt,
} from "./hook_config.ts";
import { ALLOWED_STATE_COMMANDS } from "./state_commands.ts";
import type { AllowListFormat } from "./types.ts";

/** Options of {@linkcode mergeAllowRules} and {@linkcode removeAllowRules}. */
export interface AllowRuleOptions {
  /** How baton is started (the entries name it as the hooks do). */
  invocation: BatonInvocation;
  /** The file's path for messages. @default "the settings file" */
  label?: string;
}

/**
 * The entries for `invocation`, one per state command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const format = { key: ["permissions", "allow"], prefix: "Bash(", suffix: ":*)" } as const;
 * assert.equal(allowRules(format, ["/opt/baton"])[0], "Bash(/opt/baton load:*)");
 * ```
 */
export function allowRules(format: AllowListFormat, invocation: BatonInvocation): string[] {
  const head = renderShellCommand(invocation);
  return ALLOWED_STATE_COMMANDS.map((c) => `${format.prefix}${head} ${c}${format.suffix}`);
}

/**
 * True when an entry is one baton writes: the host's rule around a baton
 * invocation and one state command, nothing more.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const format = { key: ["permissions", "allow"], prefix: "Bash(", suffix: ":*)" } as const;
 * assert.equal(isBatonAllowRule("Bash('/a b/baton' finalize:*)", format), true);
 * assert.equal(isBatonAllowRule("Bash(baton evidence:*)", format), false);
 * assert.equal(isBatonAllowRule("Bash(ls:*)", format), false);
 * ```
 */
export function isBatonAllowRule(
  entry: string,
  format: AllowListFormat,
  options: { invocation?: BatonInvocation } = {},
): boolean {
  return shapeOf(entry, format, options) !== null;
}

/** The invocation and state command of an entry in baton's shape; null for any other entry. */
function shapeOf(
  entry: string,
  format: AllowListFormat,
  options: { invocation?: BatonInvocation },
): { head: string[]; command: string } | null {
  if (!entry.startsWith(format.prefix) || !entry.endsWith(format.suffix)) return null;
  const inner = entry.slice(format.prefix.length, entry.length - format.suffix.length);
  const words = splitShellCommand(inner);
  if (words === null || words.length < 2) return null;
  const command = words[words.length - 1]!;
  if (!ALLOWED_STATE_COMMANDS.includes(command)) return null;
  const head = words.slice(0, -1);
  const ok = isBatonInvocation(
    head,
    options.invocation === undefined ? {} : { invocation: options.invocation },
  );
  return ok ? { head, command } : null;
}

/**
 * The commands every baton that wrote entries wrote one for: an invocation
 * other than this process's counts as baton's only when the list holds its
 * entries for all three. The shape alone (a program called `baton-...`, any
 * Deno project's `main.ts`, followed by a word such as `list`) also fits a
 * user's own entry for another program, which is never baton's to take out.
 */
const EVERY_SET_HOLDS: readonly string[] = ["load", "preflight", "finalize"];

/** Indexes of baton's entries in the list at the format's key (none when there is no list). */
function ourIndexes(
  root: Node | null,
  format: AllowListFormat,
  options: AllowRuleOptions,
  label: string,
): number[] {
  if (root === null) return [];
  const list = findPath(root, [...format.key]);
  if (list === undefined) return [];
  if (list.type !== "array") {
    throw new HookConfigError(
      `Cannot merge permissions into ${label}: "${format.key.join(".")}" is ${
        kindPhrase(list.type)
      }, expected an array; baton wrote nothing`,
    );
  }
  const shaped: { index: number; head: string; command: string }[] = [];
  (list.children ?? []).forEach((item, i) => {
    if (item.type !== "string" || typeof item.value !== "string") return;
    const shape = shapeOf(item.value, format, { invocation: options.invocation });
    if (shape !== null) shaped.push({ index: i, head: key(shape.head), command: shape.command });
  });
  const self = key(options.invocation);
  const commandsOf = (head: string) =>
    new Set(shaped.filter((s) => s.head === head).map((s) => s.command));
  const ours = new Set(
    [...new Set(shaped.map((s) => s.head))].filter((head) => {
      if (head === self) return true;
      const commands = commandsOf(head);
      return EVERY_SET_HOLDS.every((c) => commands.has(c));
    }),
  );
  return shaped.filter((s) => ours.has(s.head)).map((s) => s.index);
}

/**
 * Takes baton's allow entries out of a settings text, then the list and the
 * objects above it when only baton's entries filled them.
 *
 * @param text The file text.
 * @param format Where the host keeps its allow list and how an entry reads.
 * @param options The invocation and label.
 * @returns The new text (equal to `text` when nothing of baton's was there).
 * @throws {HookConfigError} when the file cannot be parsed or the list is not an array.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const format = { key: ["permissions", "allow"], prefix: "Bash(", suffix: ":*)" } as const;
 * const text = '{"permissions": {"allow": ["Bash(ls:*)", "Bash(baton load:*)"]}}';
 * assert.equal(removeAllowRules(text, format, { invocation: ["baton"] }), '{"permissions": {"allow": ["Bash(ls:*)"]}}');
 * ```
 */
export function removeAllowRules(
  text: string,
  format: AllowListFormat,
  options: AllowRuleOptions,
): string {
  const label = options.label ?? "the settings file";
  // Which entries are baton's is decided once, on the whole list (a set is
  // recognised by its members together); the last is taken out first, so the
  // indexes before it stay where they are.
  const ours = ourIndexes(parseConfig(text, label), format, options, label);
  if (ours.length === 0) return text;
  let out = text;
  for (const index of ours.reverse()) {
    out = removeAt(out, parseConfig(out, label)!, [...format.key, index]);
  }
  // The list and each object above it, when nothing is left in them.
  for (let depth = format.key.length; depth > 0; depth--) {
    const root = parseConfig(out, label)!;
    const path: JSONPath = format.key.slice(0, depth);
    const node = findPath(root, path);
    if (node === undefined || (node.children ?? []).length > 0) break;
    out = removeAt(out, root, path);
  }
  return out;
}

/**
 * Puts baton's allow entries into a settings text: its earlier entries (for
 * any invocation) are replaced, the user's stay where they are, and the list
 * and the objects above it are created when missing. Returns the text
 * unchanged, to the byte, when exactly these entries are already there.
 *
 * @param text The file text (a hook merge has already created the file).
 * @param format Where the host keeps its allow list and how an entry reads.
 * @param options The invocation and label.
 * @returns The new text.
 * @throws {HookConfigError} when the file cannot be parsed or a key on the way is not an object.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const format = { key: ["permissions", "allow"], prefix: "Bash(", suffix: ":*)" } as const;
 * const text = mergeAllowRules('{"theme": "dark"}', format, { invocation: ["/opt/baton"] });
 * assert.equal(JSON.parse(text).permissions.allow[1], "Bash(/opt/baton preflight:*)");
 * assert.equal(mergeAllowRules(text, format, { invocation: ["/opt/baton"] }), text);
 * ```
 */
export function mergeAllowRules(
  text: string,
  format: AllowListFormat,
  options: AllowRuleOptions,
): string {
  const label = options.label ?? "the settings file";
  const wanted = allowRules(format, options.invocation);
  const root = parseConfig(text, label);
  const ours = ourIndexes(root, format, options, label);
  if (root !== null && ours.length === wanted.length) {
    const list = findPath(root, [...format.key])!;
    if (ours.every((i, n) => list.children?.[i]?.value === wanted[n])) return text;
  }
  let out = removeAllowRules(text, format, options);
  let current = parseConfig(out, label);
  if (current === null) return JSON.stringify(nested(format.key, wanted), null, 2) + "\n";
  let node: Node = current;
  for (let depth = 0; depth < format.key.length; depth++) {
    const key = format.key[depth]!;
    const next = property(node, key);
    if (next === undefined) {
      return insertValue(out, node, key, nested(format.key.slice(depth + 1), wanted));
    }
    const last = depth === format.key.length - 1;
    if (next.type !== (last ? "array" : "object")) {
      throw new HookConfigError(
        `Cannot merge permissions into ${label}: "${format.key.slice(0, depth + 1).join(".")}" is ${
          kindPhrase(next.type)
        }, expected ${last ? "an array" : "an object"}; baton wrote nothing`,
      );
    }
    node = next;
  }
  for (const rule of wanted) {
    current = parseConfig(out, label)!;
    out = insertValue(out, findPath(current, [...format.key])!, null, rule);
  }
  return out;
}

/** One comparable key for an invocation's words. */
function key(words: readonly string[]): string {
  return JSON.stringify(words);
}

/** `{a: {b: value}}` for the key path `[a, b]` (the value itself for no keys). */
function nested(keys: readonly string[], value: unknown): unknown {
  return keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}
