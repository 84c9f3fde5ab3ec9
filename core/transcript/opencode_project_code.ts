/**
 * Whether a project holds code OpenCode loads that can write what a tool
 * part records, so that a `bash` part's `metadata.exit` is no longer only
 * OpenCode's word. OpenCode loads custom tools from `{tool,tools}/*.{js,ts}`
 * and plugins from `{plugin,plugins}/*.{js,ts}` in each `.opencode/` folder
 * from the session's directory up to its work tree, and the npm or file
 * plugins a config's `plugin` key names (`opencode.json(c)` there or in
 * `.opencode/`). A custom tool takes the place of a built-in one of the same
 * name (opencode.ai/docs/custom-tools: `.opencode/tools/bash.ts` replaces
 * `bash`), and OpenCode stores the `metadata` a custom tool returns as it is
 * (its tool registry's fromPlugin); a plugin's `tool.execute.after` hook may
 * change any tool's output and metadata. A committed file can so make a
 * failing `npm test` read `exit 0`. So can a config's `shell` key (honoured
 * from OpenCode 1.14.27): it names the program the bash tool runs every
 * command through (`"{env:PWD}/sh"` reaches a committed script), and that
 * program's exit, whatever the command's, is what `metadata.exit` records.
 * A config's `{file:…}` token is replaced by the named file's text before the
 * config is parsed (unescaped in some versions), so a file it names counts
 * as part of the config. The folders of Kilo (an OpenCode fork: `.kilo/`,
 * `.kilocode/`, `kilo.json(c)`) are looked in too: looking in more can only
 * hold more statuses back. baton's own plugin, a file whose exact bytes this
 * clone's install record holds (core/hosts/install/block_ledger.ts), is not
 * counted. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { sha256Hex } from "../hash.ts";
import { readRegularFile } from "../fs.ts";
import { parentDir } from "../path.ts";
import { decodeJsonEscapes, listFolder, MAX_LISTED, projectDirs } from "./project_dirs.ts";
import { blockOwnership } from "../hosts/install/block_ledger.ts";

/** The config folders of OpenCode-style hosts in a project. */
const CONFIG_DIRS = [".opencode", ".kilo", ".kilocode"];
/** Their folders of code the host imports. */
const TOOL_DIRS = ["tool", "tools"];
const PLUGIN_DIRS = ["plugin", "plugins"];
/** The config files whose `plugin` key names code to load, and `shell` the program to run commands. */
const CONFIG_FILES = ["opencode.json", "opencode.jsonc", "kilo.json", "kilo.jsonc"];
/** The most entries listed in one folder; past it the folder counts as holding code. */
/** The most read of a config file; a larger one counts as naming plugins. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** A module file name the host imports (`*.js`, `*.ts`, and the module forms beside them). */
export function isModule(name: string): boolean {
  return /\.(?:[cm]?[jt]s|[jt]sx)$/i.test(name);
}

/**
 * Whether a config file's text may hold a `plugin` or `shell` key: the word
 * as a quoted key, with JSON's `\u` escapes decoded (`"plug\u0069n"` is the
 * same key). Found anywhere, in a value or a comment too: that only holds
 * more back.
 */
function namesCode(text: string): boolean {
  return /"(?:plugins?|shell)"/i.test(decodeJsonEscapes(text));
}

/**
 * The files a config's `{file:…}` tokens name, resolved as OpenCode does
 * (absolute, or from the config's folder), but for `~/` ones: a file in the
 * user's home is the user's own, not the project's.
 */
function fileTokens(text: string, configDir: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\{file:([^}]+)\}/g)) {
    const named = m[1]!;
    if (named.startsWith("~/")) continue;
    out.push(named.startsWith("/") ? named : `${configDir === "/" ? "" : configDir}/${named}`);
  }
  return out;
}

/** A folder's names (none when missing or no folder), or null when it holds too many. */
async function listed(fs: ReadFs, dir: string): Promise<string[] | null> {
  const entries = await listFolder(fs, dir);
  if (entries === null) return [];
  return entries.length > MAX_LISTED ? null : entries.map((e) => e.name);
}

/** Whether the file at `path` holds exactly the bytes baton's install recorded writing there. */
export async function batonWrote(fs: ReadFs, path: string): Promise<boolean> {
  try {
    const read = await readRegularFile(fs, path, MAX_CONFIG_BYTES);
    if (read.kind !== "read") return false;
    const owned = await blockOwnership(fs, path);
    return owned.recorded !== null &&
      owned.recorded === await sha256Hex(new TextDecoder().decode(read.bytes));
  } catch {
    return false;
  }
}

/** Whether a config file there names plugins or a shell (or is too large or odd to tell). */
async function configNamesCode(fs: ReadFs, path: string): Promise<boolean> {
  const read = await readRegularFile(fs, path, MAX_CONFIG_BYTES).catch(() => null);
  if (read === null || read.kind === "too_large") return true;
  if (read.kind !== "read") return read.kind === "not_regular";
  const text = new TextDecoder().decode(read.bytes);
  if (namesCode(text)) return true;
  for (const named of fileTokens(text, parentDir(path) ?? "/")) {
    // A file OpenCode cannot read fails the config's load; one it can is part of the config.
    const part = await readRegularFile(fs, named, MAX_CONFIG_BYTES).catch(() => null);
    if (part === null || part.kind === "missing") continue;
    if (part.kind !== "read" || namesCode(new TextDecoder().decode(part.bytes))) return true;
  }
  return false;
}

/**
 * The first file (its path) of project code an OpenCode-style host would load
 * in a session at `cwd` that can write what a tool part records, or null when
 * there is none. Looks from `cwd` up to the folder holding `.git` (the work
 * tree's top), or `cwd` alone outside git.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { stat: () => Promise.resolve(null), lstat: () => Promise.resolve(null), readDir: () => Promise.reject(new Error("missing")) } as never;
 * assert.equal(await openCodeProjectCode(none, "/r"), null);
 * ```
 */
export async function openCodeProjectCode(fs: ReadFs, cwd: string): Promise<string | null> {
  const looked = await projectDirs(fs, cwd);
  for (const dir of looked) {
    const base = dir === "/" ? "" : dir;
    for (const file of CONFIG_FILES) {
      if (await configNamesCode(fs, `${base}/${file}`)) return `${base}/${file}`;
    }
    for (const config of CONFIG_DIRS) {
      const root = `${base}/${config}`;
      for (const file of CONFIG_FILES) {
        if (await configNamesCode(fs, `${root}/${file}`)) return `${root}/${file}`;
      }
      for (const sub of [...TOOL_DIRS, ...PLUGIN_DIRS]) {
        const names = await listed(fs, `${root}/${sub}`);
        if (names === null) return `${root}/${sub}`;
        for (const name of names) {
          if (!isModule(name)) continue;
          const path = `${root}/${sub}/${name}`;
          if (PLUGIN_DIRS.includes(sub) && await batonWrote(fs, path)) continue;
          return path;
        }
      }
    }
  }
  return null;
}
