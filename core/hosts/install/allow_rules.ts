/**
 * The permission allow entries baton puts into a host's JSON settings for its
 * own state commands (`Bash(/home/jo/.local/bin/baton load:*)` ...), and
 * their removal. Like the hook entries they are edited into the text in place
 * (only new lines written, only baton's lines taken out), recognised by their
 * shape (the host's rule around a baton invocation followed by one of
 * {@linkcode ALLOWED_STATE_COMMANDS}) and as a set: this process's
 * invocation's, or another invocation's whose entries include load,
 * preflight and finalize (an earlier baton at another path). A user's own
 * entries, whatever they allow, are never touched. The list is an array of
 * rules (Claude Code) or an object of pattern -> action (OpenCode's
 * `permission.bash`, see {@linkcode AllowListFormat}). Pure.
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
  return allowEntries(format, invocation).map((e) => e.text);
}

/** One entry: its text, and for an object list the action it maps to. */
interface AllowEntry {
  text: string;
  value?: string;
}

/**
 * The entries for `invocation` with their values: per state command the
 * allow entry, then (an object list) its narrowing entries. None when the
 * command line holds one of the host's wildcard characters (an entry would
 * then allow more than that command).
 */
function allowEntries(format: AllowListFormat, invocation: BatonInvocation): AllowEntry[] {
  return commandEntries(format, invocation).flat();
}

/** {@linkcode allowEntries} grouped by state command (one group per command, in order). */
function commandEntries(format: AllowListFormat, invocation: BatonInvocation): AllowEntry[][] {
  const head = renderShellCommand(invocation);
  const map = format.map;
  if (map === undefined) {
    return ALLOWED_STATE_COMMANDS.map((c) => [{
      text: `${format.prefix}${head} ${c}${format.suffix}`,
    }]);
  }
  if ([...map.wildcards].some((w) => head.includes(w))) return [];
  return ALLOWED_STATE_COMMANDS.map((c) => [
    { text: `${format.prefix}${head} ${c}${format.suffix}`, value: map.allow },
    ...map.narrow.map((n) => ({
      text: `${format.prefix}${head} ${c}${n.suffix}`,
      value: n.action,
    })),
  ]);
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
  options: { invocation?: BatonInvocation; value?: string } = {},
): boolean {
  return shapeOf(entry, format, options) !== null;
}

/** The invocation and state command of an entry in baton's shape; null for any other entry. */
function shapeOf(
  entry: string,
  format: AllowListFormat,
  options: { invocation?: BatonInvocation; value?: string },
): { head: string[]; command: string } | null {
  // The suffixes an entry may end with, each with the value it maps to (an object list).
  const ends = format.map === undefined ? [{ suffix: format.suffix, value: undefined }] : [
    { suffix: format.suffix, value: format.map.allow },
    ...format.map.narrow.map((n) => ({ suffix: n.suffix, value: n.action })),
  ];
  // The longest suffix first (one suffix may end another).
  const end = ends
    .filter((e) => entry.startsWith(format.prefix) && entry.endsWith(e.suffix))
    .filter((e) => format.map === undefined || options.value === e.value)
    .sort((a, b) => b.suffix.length - a.suffix.length)[0];
  if (end === undefined) return null;
  const inner = entry.slice(format.prefix.length, entry.length - end.suffix.length);
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

/** Where each of baton's entries sits: an index in an array, a property name in an object. */
type EntryKey = number | string;

/** The list's node, or undefined; anything but the container the format names is refused. */
function listNode(root: Node | null, format: AllowListFormat, label: string): Node | undefined {
  if (root === null || shorthand(root, format)) return undefined;
  const list = findPath(root, [...format.key]);
  if (list === undefined) return undefined;
  const want = format.map === undefined ? "array" : "object";
  if (list.type !== want) {
    throw new HookConfigError(
      `Cannot merge permissions into ${label}: "${format.key.join(".")}" is ${
        kindPhrase(list.type)
      }, expected ${want === "array" ? "an array" : "an object"}; baton wrote nothing`,
    );
  }
  return list;
}

/**
 * True when an object list's key path holds a string (OpenCode's shorthand
 * `"bash": "ask"` or `"permission": "allow"`, one action for every command):
 * baton leaves it as the user wrote it and adds no entries there.
 */
function shorthand(root: Node, format: AllowListFormat): boolean {
  if (format.map === undefined) return false;
  for (let depth = 1; depth <= format.key.length; depth++) {
    if (findPath(root, format.key.slice(0, depth))?.type === "string") return true;
  }
  return false;
}

/** Each entry of the list: where it sits, its text and (an object list) its value. */
function entriesOf(list: Node, format: AllowListFormat): (AllowEntry & { at: EntryKey })[] {
  const out: (AllowEntry & { at: EntryKey })[] = [];
  (list.children ?? []).forEach((item, i) => {
    if (format.map === undefined) {
      if (item.type === "string" && typeof item.value === "string") {
        out.push({ at: i, text: item.value });
      }
      return;
    }
    const [name, value] = item.children ?? [];
    if (typeof name?.value !== "string") return;
    out.push({
      at: name.value,
      text: name.value,
      ...(typeof value?.value === "string" ? { value: value.value } : {}),
    });
  });
  return out;
}

/** Where baton's entries sit in the list (none when there is no list), in list order. */
function ourKeys(
  root: Node | null,
  format: AllowListFormat,
  options: AllowRuleOptions,
  label: string,
): EntryKey[] {
  const list = listNode(root, format, label);
  if (list === undefined) return [];
  const shaped: { at: EntryKey; head: string; command: string }[] = [];
  for (const e of entriesOf(list, format)) {
    const shape = shapeOf(e.text, format, {
      invocation: options.invocation,
      ...(e.value === undefined ? {} : { value: e.value }),
    });
    if (shape !== null) shaped.push({ at: e.at, head: key(shape.head), command: shape.command });
  }
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
  return shaped.filter((s) => ours.has(s.head)).map((s) => s.at);
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
  const ours = ourKeys(parseConfig(text, label), format, options, label);
  if (ours.length === 0) return text;
  let out = text;
  for (const at of ours.reverse()) {
    out = removeAt(out, parseConfig(out, label)!, [...format.key, at]);
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
  const root = parseConfig(text, label);
  if (root !== null && shorthand(root, format)) return text;
  const ours = ourKeys(root, format, options, label);
  // In an object list a pattern the user already maps (to deny, say) keeps the user's action,
  // and baton writes none of that command's entries: the last matching pattern decides, so
  // baton's allow written after a user's `X load *>*: deny` would let `X load > f` run, and its
  // `X load *>*: ask` after a user's `X load *: deny` would ask where the user refused.
  const list = listNode(root, format, label);
  const theirs = new Set(
    format.map === undefined || list === undefined
      ? []
      : entriesOf(list, format).filter((e) => !ours.includes(e.at)).map((e) => e.text),
  );
  const wanted = commandEntries(format, options.invocation)
    .filter((group) => !group.some((e) => theirs.has(e.text)))
    .flat();
  if (ours.length === 0 && wanted.length === 0) return text;
  if (list !== undefined && ours.length === wanted.length) {
    const present = new Map(
      entriesOf(list, format).map((e) => [e.at, e]),
    );
    const same = ours.every((at, n) =>
      present.get(at)?.text === wanted[n]!.text && present.get(at)?.value === wanted[n]!.value
    );
    if (same) return text;
  }
  let out = removeAllowRules(text, format, options);
  if (wanted.length === 0) return out;
  const container = format.map === undefined
    ? wanted.map((e) => e.text)
    : Object.fromEntries(wanted.map((e) => [e.text, e.value]));
  let current = parseConfig(out, label);
  if (current === null) return JSON.stringify(nested(format.key, container), null, 2) + "\n";
  let node: Node = current;
  for (let depth = 0; depth < format.key.length; depth++) {
    const key = format.key[depth]!;
    const next = property(node, key);
    if (next === undefined) {
      return insertValue(out, node, key, nested(format.key.slice(depth + 1), container));
    }
    const last = depth === format.key.length - 1;
    const want = last && format.map === undefined ? "array" : "object";
    if (next.type !== want) {
      throw new HookConfigError(
        `Cannot merge permissions into ${label}: "${format.key.slice(0, depth + 1).join(".")}" is ${
          kindPhrase(next.type)
        }, expected ${want === "array" ? "an array" : "an object"}; baton wrote nothing`,
      );
    }
    node = next;
  }
  // At the end of the list: in an object list the last matching pattern decides, so baton's
  // entries after the user's catch-all (`"*": "ask"`) are the ones that count for baton.
  for (const entry of wanted) {
    current = parseConfig(out, label)!;
    const list = findPath(current, [...format.key])!;
    out = format.map === undefined
      ? insertValue(out, list, null, entry.text)
      : insertValue(out, list, entry.text, entry.value);
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
