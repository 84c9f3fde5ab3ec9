/**
 * Merges baton's hook entries into a host's JSON hook config and takes them
 * out again, editing the text in place (jsonc-parser edits) so comments,
 * key order, indentation and every unrelated setting stay as the user wrote
 * them. baton's entries are recognised by their command alone
 * ({@linkcode parseHookCommand}); everything else is never touched. Pure.
 * @module
 */
import {
  createScanner,
  getNodeValue,
  type JSONPath,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import { InputError } from "../../errors.ts";
import { type BatonInvocation, parseHookCommand, renderHookCommand } from "../hook_command.ts";
import type { HookEvent, HostId } from "../ids.ts";
import type { HookConfigFormat, HookSpec } from "./types.ts";

/** Largest hook config baton reads (far above any real settings file). */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** A config file that cannot be parsed or has an unexpected shape; nothing was written. */
export class HookConfigError extends InputError {
  /** @param message What is wrong, with position, never content. @param options Data. */
  constructor(message: string, options: { data?: Record<string, string | number> } = {}) {
    super(message, "config_unparseable", options.data === undefined ? {} : { data: options.data });
  }
}

/** Options shared by the functions of this module. */
export interface HookConfigOptions {
  /**
   * The file's path, shown in error messages (baton's own path, safe to show).
   * @default "the hook config"
   */
  label?: string;
  /**
   * This process's invocation, so its own entries are recognised whatever
   * the binary is called.
   * @default undefined
   */
  invocation?: BatonInvocation;
}

/** One hook handler found in a config. */
export interface FoundHook {
  /** The host's event name the handler is listed under. */
  native: string;
  /** The handler's command. */
  command: string;
  /** The handler's timeout as written (unit of the format), or null. */
  timeout: number | null;
  /** The matcher of the group holding it (grouped shape), or null when it has none. */
  matcher: string | null;
  /** baton's event, host and invocation when the command is baton's; null otherwise. */
  baton: { event: HookEvent; host: HostId; invocation: string[] } | null;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

/** Deepest nesting baton parses (the parser recurses; real configs nest a handful of levels). */
export const MAX_CONFIG_DEPTH = 256;

/** The deepest bracket nesting, counted with the scanner (no recursion, strings and comments skipped). */
function maxDepth(text: string): number {
  const scanner = createScanner(text, true);
  let depth = 0;
  let max = 0;
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) max = Math.max(max, ++depth);
    else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) depth--;
  }
  return max;
}

/** Offset of the first key repeated within one object, or null (iterative: no recursion). */
function findDuplicateKey(root: Node): number | null {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "object") {
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const key = prop.children?.[0];
        if (key !== undefined && typeof key.value === "string") {
          if (seen.has(key.value)) return key.offset;
          seen.add(key.value);
        }
        const value = prop.children?.[1];
        if (value !== undefined) stack.push(value);
      }
    } else if (node.type === "array") {
      for (const child of node.children ?? []) stack.push(child);
    }
  }
  return null;
}

/** Parses the config; the root must be an object (an empty text counts as no config). */
export function parseConfig(text: string, label: string): Node | null {
  if (text.length > MAX_CONFIG_BYTES) {
    throw new HookConfigError(
      `Cannot read ${label}: it is ${text.length} characters, more than ${MAX_CONFIG_BYTES}; baton wrote nothing`,
    );
  }
  if (text.trim() === "") return null;
  const depth = maxDepth(text);
  if (depth > MAX_CONFIG_DEPTH) {
    throw new HookConfigError(
      `Cannot parse ${label}: it nests ${depth} levels deep, more than ${MAX_CONFIG_DEPTH}; baton wrote nothing`,
    );
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
  const first = errors[0];
  if (first !== undefined) {
    const { line, column } = lineColumn(text, first.offset);
    const kind = printParseErrorCode(first.error);
    throw new HookConfigError(
      `Cannot parse ${label}: ${kind} at line ${line}, column ${column}; fix the file, baton wrote nothing`,
      { data: { kind, line, column, offset: first.offset } },
    );
  }
  const duplicate = root === undefined ? null : findDuplicateKey(root);
  if (duplicate !== null) {
    // Hosts read the last of two equal keys, baton's editor the first: baton's
    // hooks would silently do nothing, so refuse.
    const { line, column } = lineColumn(text, duplicate);
    throw new HookConfigError(
      `Cannot merge hooks into ${label}: a key is repeated in one object at line ${line}, column ${column}; remove one copy, baton wrote nothing`,
      { data: { kind: "DuplicateKey", line, column, offset: duplicate } },
    );
  }
  if (root === undefined || root.type !== "object") {
    throw new HookConfigError(
      `Cannot merge hooks into ${label}: the top level is ${
        root === undefined ? "empty" : kindPhrase(root.type)
      }, expected an object; baton wrote nothing`,
    );
  }
  return root;
}

/** "an array", "an object", "a string", "null" ... for messages. */
export function kindPhrase(type: string): string {
  return type === "null" ? "null" : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** The value of `key` in an object node, or undefined. */
export function property(node: Node | undefined, key: string): Node | undefined {
  if (node?.type !== "object") return undefined;
  for (const p of node.children ?? []) {
    if (p.children?.[0]?.value === key) return p.children[1];
  }
  return undefined;
}

/** The `hooks` object, or undefined; anything but an object there is refused. */
function hooksNode(root: Node | null, label: string): Node | undefined {
  const hooks = property(root ?? undefined, "hooks");
  if (hooks !== undefined && hooks.type !== "object") {
    throw new HookConfigError(
      `Cannot merge hooks into ${label}: "hooks" is ${
        kindPhrase(hooks.type)
      }, expected an object; baton wrote nothing`,
    );
  }
  return hooks;
}

interface HandlerAt {
  native: string;
  /** Path of the handler object. */
  path: JSONPath;
  /** Path of the group holding it (grouped shape), else null. */
  groupPath: JSONPath | null;
  value: Record<string, unknown>;
  /** The group's `matcher` when it is a string, else null. */
  matcher: string | null;
}

/** Every handler object in the config, in document order. */
function handlers(root: Node | null, format: HookConfigFormat, label: string): HandlerAt[] {
  const hooks = hooksNode(root, label);
  const out: HandlerAt[] = [];
  for (const prop of hooks?.children ?? []) {
    const native = prop.children?.[0]?.value;
    const list = prop.children?.[1];
    if (typeof native !== "string" || list === undefined) continue;
    if (list.type !== "array") continue;
    (list.children ?? []).forEach((item, i) => {
      if (item.type !== "object") return;
      if (format.shape === "flat") {
        out.push({
          native,
          path: ["hooks", native, i],
          groupPath: null,
          value: getNodeValue(item),
          matcher: null,
        });
        return;
      }
      const inner = property(item, "hooks");
      if (inner?.type !== "array") return;
      const m = property(item, "matcher")?.value;
      const matcher = typeof m === "string" ? m : null;
      (inner.children ?? []).forEach((h, j) => {
        if (h.type !== "object") return;
        out.push({
          native,
          path: ["hooks", native, i, "hooks", j],
          groupPath: ["hooks", native, i],
          value: getNodeValue(h),
          matcher,
        });
      });
    });
  }
  return out;
}

/**
 * The handler as each key the host may run reads it, one FoundHook per present key (one with
 * an empty command when none is): `{"bash": "true", "command": "./tools/baton hook ..."}`
 * runs the second too, and a Windows host runs `powershell` where another runs `bash`.
 */
function foundEach(
  h: HandlerAt,
  invocation?: BatonInvocation,
  commandKeys: readonly string[] = ["command"],
): FoundHook[] {
  const commands = commandKeys.map((k) => h.value[k]).filter((v): v is string =>
    typeof v === "string" && v !== ""
  );
  const opts = invocation === undefined ? {} : { invocation };
  return (commands.length === 0 ? [""] : commands).map((command) => {
    const parsed = command === "" ? null : parseHookCommand(command, opts);
    return {
      native: h.native,
      command,
      timeout: typeof h.value.timeout === "number" ? h.value.timeout : null,
      matcher: h.matcher,
      baton: parsed === null
        ? null
        : { event: parsed.event, host: parsed.host, invocation: parsed.invocation },
    };
  });
}

/** The handler as its first command key reads it (install's and uninstall's view). */
function found(h: HandlerAt, invocation?: BatonInvocation): FoundHook {
  return foundEach(h, invocation)[0]!;
}

/**
 * Lists every hook handler in a config (doctor's view).
 *
 * @param text The file text.
 * @param format The host's layout.
 * @param options The label for errors.
 * @returns The handlers (one per command key present), baton's marked.
 * @throws {HookConfigError} when the file cannot be parsed.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const format = { shape: "flat", timeoutUnit: "seconds", requiredRoot: {}, typeField: false, nameField: false, comments: false } as const;
 * const text = '{"hooks":{"stop":[{"command":"baton hook stop --host cursor"}]}}';
 * assert.equal(listHooks(text, format)[0]?.baton?.event, "stop");
 * ```
 */
export function listHooks(
  text: string,
  format: HookConfigFormat,
  options: HookConfigOptions & {
    /** The handler keys that may hold its command, each present one listed. @default {["command"]} */
    commandKeys?: readonly string[];
  } = {},
): FoundHook[] {
  const label = options.label ?? "the hook config";
  return handlers(parseConfig(text, label), format, label).flatMap((h) =>
    foundEach(h, options.invocation, options.commandKeys)
  );
}

/** The file's line ending and indentation unit (first indented line; two spaces by default). */
function style(text: string): { eol: string; unit: string } {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = /\n([ \t]+)["}\]]/.exec(text)?.[1];
  return { eol, unit: indent === undefined ? "  " : indent.startsWith("\t") ? "\t" : indent };
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

/** The whitespace that opens the line holding `offset`. */
function leadingWhitespace(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset), offset))![0];
}

/** JSON text of a value, its lines after the first indented by `indent`. */
function pretty(value: unknown, unit: string, indent: string, eol: string): string {
  return JSON.stringify(value, null, unit).split("\n").join(eol + indent);
}

/**
 * Inserts a value at the end of an object (as `key`) or an array, as text:
 * only new lines are written, in the file's own indentation and line endings,
 * so no byte of the user's entries is re-formatted (jsonc-parser's formatter
 * would re-flow the neighbouring lines).
 */
export function insertValue(
  text: string,
  container: Node,
  key: string | null,
  value: unknown,
): string {
  const { eol, unit } = style(text);
  const entry = (indent: string) =>
    (key === null ? "" : `${JSON.stringify(key)}: `) + pretty(value, unit, indent, eol);
  const children = container.children ?? [];
  const last = children[children.length - 1];
  if (last !== undefined) {
    const end = last.offset + last.length;
    const onOwnLine = text.slice(lineStart(text, last.offset), last.offset).trim() === "";
    if (!onOwnLine) return text.slice(0, end) + `, ${entry("")}` + text.slice(end);
    const indent = leadingWhitespace(text, last.offset);
    let lineEnd = text.indexOf("\n", end);
    if (lineEnd < 0) lineEnd = text.length;
    if (text[lineEnd - 1] === "\r") lineEnd--;
    const rest = text.slice(end, lineEnd).trim();
    // A line comment after the last entry stays on its line, behind the new comma.
    const at = rest === "" || rest.startsWith("//") ? lineEnd : end;
    return text.slice(0, end) + "," + text.slice(end, at) + eol + indent + entry(indent) +
      text.slice(at);
  }
  const open = container.offset + 1;
  const close = container.offset + container.length - 1;
  const outer = leadingWhitespace(text, container.offset);
  const indent = outer + unit;
  if (text.slice(open, close).trim() === "") {
    return text.slice(0, open) + eol + indent + entry(indent) + eol + outer + text.slice(close);
  }
  return text.slice(0, open) + eol + indent + entry(indent) + text.slice(open);
}

/**
 * Offset of the comma token that follows `from` in a parsed document, comments and white space
 * skipped (a comma inside a comment is none); the caller knows one is there.
 */
function commaAfter(text: string, from: number): number {
  const scanner = createScanner(text, false);
  scanner.setPosition(from);
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === COMMA) return scanner.getTokenOffset();
    if (kind !== TRIVIA && kind !== LINE_BREAK && kind !== LINE_COMMENT && kind !== BLOCK_COMMENT) {
      break;
    }
  }
  throw new HookConfigError("Cannot edit the hook config: no comma between two entries");
}

function onOwnLine(text: string, offset: number): boolean {
  return text.slice(lineStart(text, offset), offset).trim() === "";
}

/**
 * Removes the entry at `path` (an array element or an object property) and
 * its comma as text, taking whole lines where the entry had lines of its own,
 * so the lines around it stay byte for byte (jsonc-parser's removal would
 * swallow the line break before the closing bracket).
 */
export function removeAt(text: string, root: Node, path: JSONPath): string {
  const parent = findPath(root, path.slice(0, -1))!;
  const siblings = parent.children ?? [];
  const key = path[path.length - 1];
  const index = typeof key === "number"
    ? key
    : siblings.findIndex((p) => p.children?.[0]?.value === key);
  const node = siblings[index]!;
  const end = node.offset + node.length;
  const next = siblings[index + 1];
  const prev = siblings[index - 1];
  // The separating comma is found as a token: a comment between the entries is the user's
  // (baton writes none), may hold a comma of its own, and stays where it is.
  if (next !== undefined) {
    const comma = commaAfter(text, end);
    let to = comma + 1;
    while (text[to] === " " || text[to] === "\t") to++;
    const lineEnd = text[to] === "\r" && text[to + 1] === "\n" ? to + 1 : to;
    if (onOwnLine(text, node.offset) && (text[lineEnd] === "\n" || lineEnd === text.length)) {
      // The entry had its lines to itself: they go, the lines around them stay byte for byte.
      return text.slice(0, lineStart(text, node.offset)) + text.slice(lineEnd + 1);
    }
    return text.slice(0, node.offset) + text.slice(to);
  }
  if (prev !== undefined) {
    const comma = commaAfter(text, prev.offset + prev.length);
    if (onOwnLine(text, node.offset)) {
      let from = lineStart(text, node.offset) - 1;
      if (text[from - 1] === "\r") from--;
      return text.slice(0, comma) + text.slice(comma + 1, from) + text.slice(end);
    }
    return text.slice(0, comma) + text.slice(end);
  }
  const open = parent.offset + 1;
  const close = parent.offset + parent.length - 1;
  const inner = text.slice(open, node.offset) + text.slice(end, close);
  return inner.trim() === ""
    ? text.slice(0, open) + text.slice(close)
    : text.slice(0, node.offset) + text.slice(end);
}

/** The handler object baton writes for one hook. */
function handlerValue(
  format: HookConfigFormat,
  spec: HookSpec,
  command: string,
): Record<string, unknown> {
  return {
    ...(format.typeField ? { type: "command" } : {}),
    ...(format.nameField ? { name: "baton" } : {}),
    command,
    timeout: format.timeoutUnit === "milliseconds"
      ? spec.timeoutSeconds * 1000
      : spec.timeoutSeconds,
  };
}

function entryValue(format: HookConfigFormat, spec: HookSpec, command: string): unknown {
  const handler = handlerValue(format, spec, command);
  if (format.shape === "flat") return handler;
  return spec.matcher === undefined ? { hooks: [handler] } : {
    matcher: spec.matcher,
    hooks: [handler],
  };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A host's hook layout and the hooks baton registers in it. */
export interface HookSet {
  format: HookConfigFormat;
  hooks: readonly HookSpec[];
}

/** Options of {@linkcode mergeHooks}. */
export interface MergeHooksOptions extends HookConfigOptions {
  /** The host whose entries these are. */
  host: HostId;
  /** How baton is started. */
  invocation: BatonInvocation;
}

/** True when the config already holds exactly the wanted entries for the host. */
function alreadyMerged(
  root: Node | null,
  format: HookConfigFormat,
  hooks: readonly HookSpec[],
  options: MergeHooksOptions,
  label: string,
): boolean {
  if (root === null) return false;
  for (const [k, v] of Object.entries(format.requiredRoot)) {
    const node = property(root, k);
    if (node === undefined || !sameJson(getNodeValue(node), v)) return false;
  }
  const ours = handlers(root, format, label).filter((h) =>
    found(h, options.invocation).baton?.host === options.host
  );
  if (ours.length !== hooks.length) return false;
  return hooks.every((spec) => {
    const command = renderHookCommand(options.invocation, {
      event: spec.event,
      host: options.host,
    });
    const match = ours.filter((h) => h.native === spec.native);
    if (match.length !== 1) return false;
    const h = match[0]!;
    if (!sameJson(h.value, handlerValue(format, spec, command))) return false;
    if (h.groupPath === null) return true;
    const group = getNodeValue(findPath(root, h.groupPath)!);
    return sameJson(group, entryValue(format, spec, command));
  });
}

/** The node at `path` (object keys and array indexes), or undefined. */
export function findPath(root: Node, path: JSONPath): Node | undefined {
  let node: Node | undefined = root;
  for (const seg of path) {
    if (node === undefined) return undefined;
    if (typeof seg === "number") node = node.type === "array" ? node.children?.[seg] : undefined;
    else node = property(node, seg);
  }
  return node;
}

/**
 * Removes the host's baton handlers, then groups, event lists and `hooks` left empty
 * (`hooks` kept when `keepHooksObject`: a merge that puts entries back keeps the object where it
 * was, so the keys after it, an allow list say, keep their order).
 */
function removeOurs(
  text: string,
  format: HookConfigFormat,
  host: HostId,
  options: { label: string; invocation: BatonInvocation | undefined; keepHooksObject?: boolean },
): string {
  const label = options.label;
  let out = text;
  // One removal per pass, re-parsing in between, so every path is current.
  for (;;) {
    const root = parseConfig(out, label);
    const ours = handlers(root, format, label).filter((h) =>
      found(h, options.invocation).baton?.host === host
    );
    const last = ours[ours.length - 1];
    if (last === undefined) break;
    out = removeAt(out, root!, last.path);
    const after = parseConfig(out, label)!;
    if (last.groupPath !== null) {
      const group = findPath(after, last.groupPath);
      const inner = property(group, "hooks");
      if (inner?.type === "array" && (inner.children ?? []).length === 0) {
        out = removeAt(out, after, last.groupPath);
      }
    }
    const list = findPath(parseConfig(out, label)!, ["hooks", last.native]);
    if (list?.type === "array" && (list.children ?? []).length === 0) {
      out = removeAt(out, parseConfig(out, label)!, ["hooks", last.native]);
    }
    const hooks = property(parseConfig(out, label)!, "hooks");
    if (
      options.keepHooksObject !== true && hooks?.type === "object" &&
      (hooks.children ?? []).length === 0
    ) {
      out = removeAt(out, parseConfig(out, label)!, ["hooks"]);
    }
  }
  return out;
}

/**
 * Puts baton's hook entries for one host into a config: an existing config is
 * edited in place (baton's earlier entries for the host replaced, nothing
 * else changed), a missing one is created. Returns the text unchanged, to the
 * byte, when the entries are already there.
 *
 * @param text The current file text, or null when the file does not exist.
 * @param set The host's layout and the hooks to register.
 * @param options Host, invocation and label.
 * @returns The new file text.
 * @throws {HookConfigError} when the file cannot be parsed or has an unexpected shape.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const format = { shape: "flat", timeoutUnit: "seconds", requiredRoot: { version: 1 }, typeField: false, nameField: false, comments: false } as const;
 * const hooks = [{ event: "stop", native: "stop", timeoutSeconds: 5 }] as const;
 * const opts = { host: "cursor", invocation: ["baton"] } as const;
 * const text = mergeHooks('{\n  // mine\n  "theme": "dark"\n}\n', { format, hooks }, opts);
 * assert.match(text, /\/\/ mine/);
 * assert.equal(JSON.parse(text.replace("// mine", "")).hooks.stop[0].command, "baton hook stop --host cursor");
 * assert.equal(mergeHooks(text, { format, hooks }, opts), text);
 * ```
 */
export function mergeHooks(
  text: string | null,
  set: HookSet,
  options: MergeHooksOptions,
): string {
  const { format, hooks } = set;
  const label = options.label ?? "the hook config";
  const root = text === null ? null : parseConfig(text, label);
  hooksNode(root, label);
  if (root === null) {
    const value: Record<string, unknown> = { ...format.requiredRoot, hooks: {} };
    const byEvent = value.hooks as Record<string, unknown[]>;
    for (const spec of hooks) {
      const command = renderHookCommand(options.invocation, {
        event: spec.event,
        host: options.host,
      });
      (byEvent[spec.native] ??= []).push(entryValue(format, spec, command));
    }
    return JSON.stringify(value, null, 2) + "\n";
  }
  if (alreadyMerged(root, format, hooks, options, label)) return text!;
  let out = removeOurs(text!, format, options.host, {
    label,
    invocation: options.invocation,
    keepHooksObject: hooks.length > 0,
  });
  for (const [k, v] of Object.entries(format.requiredRoot)) {
    const current = parseConfig(out, label)!;
    if (property(current, k) === undefined) out = insertValue(out, current, k, v);
  }
  for (const spec of hooks) {
    const command = renderHookCommand(options.invocation, {
      event: spec.event,
      host: options.host,
    });
    const current = parseConfig(out, label)!;
    const list = findPath(current, ["hooks", spec.native]);
    if (list !== undefined && list.type !== "array") {
      throw new HookConfigError(
        `Cannot merge hooks into ${label}: "hooks.${spec.native}" is ${
          kindPhrase(list.type)
        }, expected an array; baton wrote nothing`,
      );
    }
    const hooksObject = property(current, "hooks");
    out = list !== undefined
      ? insertValue(out, list, null, entryValue(format, spec, command))
      : hooksObject !== undefined
      ? insertValue(out, hooksObject, spec.native, [entryValue(format, spec, command)])
      : insertValue(out, current, "hooks", { [spec.native]: [entryValue(format, spec, command)] });
  }
  return out;
}

/**
 * Takes baton's hook entries for one host out of a config, leaving every
 * other byte as it is where possible; groups, event lists and a `hooks`
 * object that only baton's entries filled are removed with them.
 *
 * @param text The file text.
 * @param format The host's layout.
 * @param options Host and label.
 * @returns The new text (equal to `text` when there was nothing of baton's).
 * @throws {HookConfigError} when the file cannot be parsed.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const format = { shape: "flat", timeoutUnit: "seconds", requiredRoot: {}, typeField: false, nameField: false, comments: false } as const;
 * const text = '{"a": 1, "hooks": {"stop": [{"command": "baton hook stop --host cursor"}]}}';
 * assert.deepEqual(JSON.parse(removeHooks(text, format, { host: "cursor" })), { a: 1 });
 * ```
 */
export function removeHooks(
  text: string,
  format: HookConfigFormat,
  options: HookConfigOptions & { host: HostId },
): string {
  return removeOurs(text, format, options.host, {
    label: options.label ?? "the hook config",
    invocation: options.invocation,
  });
}

/**
 * True when a config holds nothing but the keys baton itself puts in a file
 * it creates (after its hooks were removed), so the file can be deleted.
 *
 * @param text The file text.
 * @param format The host's layout.
 * @returns Whether nothing of the user's is in it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const format = { shape: "flat", timeoutUnit: "seconds", requiredRoot: { version: 1 }, typeField: false, nameField: false, comments: false } as const;
 * assert.equal(isBareConfig('{\n  "version": 1\n}\n', format), true);
 * assert.equal(isBareConfig('{"version": 1, "x": 2}', format), false);
 * ```
 */
export function isBareConfig(text: string, format: HookConfigFormat): boolean {
  const root = parseConfig(text, "the hook config");
  if (root === null) return true;
  if (/\/\/|\/\*/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return false;
  return sameJson(getNodeValue(root), format.requiredRoot);
}

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const LINE_BREAK = 14;
const TRIVIA = 15;
const EOF = 17;

function tokens(text: string): string[] {
  const scanner = createScanner(text, false);
  const out: string[] = [];
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === TRIVIA || kind === LINE_BREAK) continue;
    const value = kind === LINE_COMMENT || kind === BLOCK_COMMENT
      ? scanner.getTokenValue().trim()
      : scanner.getTokenValue();
    out.push(`${kind}:${value}`);
  }
  return out;
}

/**
 * True when two config texts differ at most in whitespace between tokens
 * (same keys, values, order and comments): uninstall then restores the
 * user's backup byte for byte instead of keeping its own re-formatted text.
 *
 * @param a One text.
 * @param b The other.
 * @returns Whether they are the same document.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(sameTokens('{ "a": 1 } // x', '{"a":1}\n// x\n'), true);
 * assert.equal(sameTokens('{"a": "1 "}', '{"a": "1"}'), false);
 * ```
 */
export function sameTokens(a: string, b: string): boolean {
  const x = tokens(a);
  const y = tokens(b);
  return x.length === y.length && x.every((t, i) => t === y[i]);
}
