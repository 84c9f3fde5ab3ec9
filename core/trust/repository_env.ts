/**
 * Which of baton's environment variables a repository could have set. Hosts
 * hand their hooks (and the agent's shell) an environment that files in the
 * project set: Claude Code's committed `.claude/settings.json` `env` block,
 * the `.env` files Gemini CLI and Qwen Code load from the working folder up,
 * and the like. So a variable is no proof that the person set it: a setting
 * that changes what baton shows, trusts, stamps into a signed capsule or
 * where it writes is honoured only when no such file in the work tree (from
 * the folder up to the work tree's root; the callers pass the outermost work
 * tree's, core/facts/git/outer_work_tree.ts) names it. The gate's off switch
 * (core/enforce/repo_off_switch.ts) and the settings in
 * core/trust/guarded_settings.ts are judged this way. Edge-free: I/O through
 * `ReadFs`; nothing is read unless a guarded variable is set.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { normalizePath, parentDir } from "../path.ts";

/**
 * Files, relative to a folder, through which a host sets its hooks'
 * environment. The `.env` family beside `.env` is what Bun loads into a
 * program's own environment from the folder it starts in (OpenCode is a Bun
 * executable, and its plugins, so baton, inherit what it loaded). Qwen Code
 * applies the `env` of its project and local settings (`.qwen/settings.json`,
 * `.qwen/settings.local.json`); OpenCode's project config may also sit in
 * `.opencode/`, and Kilo's (an OpenCode fork) in `kilo.json(c)` or `.kilo/`.
 */
export const HOST_ENV_FILES: readonly string[] = [
  ".env",
  ".env.local",
  ".env.development",
  ".env.production",
  ".env.test",
  ".env.development.local",
  ".env.production.local",
  ".env.test.local",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".gemini/.env",
  ".gemini/settings.json",
  ".qwen/.env",
  ".qwen/settings.json",
  ".qwen/settings.local.json",
  ".codex/config.toml",
  ".codex/hooks.json",
  "crush.json",
  ".crush.json",
  ".cursor/hooks.json",
  ".factory/settings.json",
  ".factory/settings.local.json",
  ".augment/settings.json",
  ".qoder/settings.json",
  ".github/hooks/hooks.json",
  "opencode.json",
  "opencode.jsonc",
  ".opencode/opencode.json",
  ".opencode/opencode.jsonc",
  "kilo.json",
  "kilo.jsonc",
  ".kilo/kilo.json",
  ".kilo/kilo.jsonc",
];

/**
 * Folders whose every file with the suffix a host loads: GitHub Copilot CLI
 * reads each `.github/hooks/*.json`, and a hook entry's `env` sets its
 * command's environment (baton's own entry is in baton.json).
 */
export const HOST_ENV_FOLDERS: readonly { folder: string; suffix: string }[] = [
  { folder: ".github/hooks", suffix: ".json" },
];
/**
 * The most files read from one such folder; past it the folder counts as
 * naming it (and no more of it is listed: 50,000 entries cost about 0.8 s a search).
 */
const MAX_FOLDER_FILES = 256;

/**
 * The most folders searched from the current one up to the root; from a
 * folder deeper than that below the root, every name counts as named (the
 * search is never cut short on the open side: at 256, a folder 300 levels
 * down, a tree a commit can carry, never reached the root's files). Each
 * folder costs some 30 stat calls whose paths the kernel walks whole, so the
 * work grows with the square of the depth: from 1,500 levels down one search
 * took about 20 s here, no hook budget can stop it (the file system is read
 * synchronously) and the host's hook timeout then lets the call through.
 */
const MAX_CLIMB = 128;

/** The most of each file read; a larger file counts as naming it (its host reads it whole). */
const MAX_BYTES = 1024 * 1024;
/**
 * The most read in one search, over every file: past it, the file that
 * crosses it counts as naming every name, as one too large does. Each file
 * under MAX_BYTES is not enough: the file system is read synchronously, so
 * no hook budget can stop a search while it runs, and 24 such files (one
 * blob in git) kept the gate searching past its host's hook timeout, which
 * lets the call through.
 */
const MAX_SEARCH_BYTES = MAX_BYTES;
/** The escapes JSON, JSONC and TOML decode in a key: `\uXXXX` and TOML's `\UXXXXXXXX`. */
const UNICODE_ESCAPE = /\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})/g;

/**
 * The names of `names` (upper case) a host reading `bytes` could find: as
 * written, or spelled with escapes its format decodes (`"BATON\u005fENFORCE"`
 * is the same key to JSON.parse), in any letter case (Windows reads an
 * environment variable's name without regard to case, so `baton_enforce`
 * sets BATON_ENFORCE there). Decoding every escape, whatever its context, and
 * folding every letter can only find more; with `anywhere`, a name inside a
 * longer one counts (only more again).
 */
function namedIn(bytes: Uint8Array, names: readonly string[], match: NameMatch): string[] {
  const raw = new TextDecoder().decode(bytes);
  const bare = raw.includes("/") ? withoutComments(raw) : "";
  const decode = (s: string) =>
    s.includes("\\")
      ? s.replace(
        UNICODE_ESCAPE,
        (_, four: string | undefined, eight: string | undefined) => {
          const code = parseInt(four ?? eight ?? "", 16);
          return code <= 0x10ffff ? String.fromCodePoint(code) : "";
        },
      )
      : "";
  const text = [raw, decode(raw), bare, decode(bare)].join("\n").toUpperCase();
  return names.filter((n) => match === "anywhere" ? text.includes(n) : setAsKey(n).test(text));
}

/**
 * `text` with the comments of JSONC (`//` to the end of the line, `/* … *\/`)
 * outside its double-quoted strings made one blank each, as the hosts that
 * read their settings as JSONC do (Gemini CLI and Qwen Code strip them from
 * settings.json, OpenCode and Kilo read .jsonc): `"HOME" /* x *\/ : "/tmp"`
 * sets HOME there. One pass, strings followed as JSON writes them (a `/*`
 * inside a value opens no comment); its result is searched beside the text
 * as written, so a file that is not JSONC loses nothing by it.
 */
function withoutComments(text: string): string {
  let out = "";
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"' && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      const end = text[i + 1] === "/" ? text.indexOf("\n", i + 2) : text.indexOf("*/", i + 2);
      out += `${text.slice(from, i)} `;
      i = end === -1 ? text.length : text[i + 1] === "/" ? end : end + 2;
      from = i;
    } else i++;
  }
  return out + text.slice(from);
}

/**
 * Where a file sets `name` rather than mentions it: the name as a whole word
 * (not after a letter, digit, `_`, or the `$` or `${` of a reference: `${HOME:-/tmp}`
 * sets nothing), then at most a
 * closing quote and spaces, then `:` or `=` (a JSON or JSONC key, a dotenv
 * line, TOML's `HOME = "…"` and `env.HOME =`, a `"HOME=…"` list entry).
 */
function setAsKey(name: string): RegExp {
  const word = name.replace(/[^A-Z0-9_]/g, (c) => `\\${c}`);
  return new RegExp(`(?:^|[^A-Z0-9_$])(?<!\\$\\{)${word}["']?\\s*[:=]`);
}

/**
 * How a name counts as named: `anywhere` in the text (baton's own settings,
 * whose names nothing else uses), or only where a file sets it `as-key` (the
 * common words of core/trust/guarded_settings.ts's second list).
 */
export type NameMatch = "anywhere" | "as-key";

/**
 * For each of `names`, the first file (relative to `root`) inside the work
 * tree at `root` that names it (or is too large to read whole, which names
 * every one), looking from `cwd` up to `root`; a name no file names is not in
 * the map. Nothing is read when `names` is empty. `match` says how a name
 * counts as named ({@linkcode NameMatch}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { realPath: (p: string) => Promise.resolve(p), readDir: () => Promise.resolve([]), stat: () => Promise.resolve(null) } as never;
 * assert.equal((await repositorySetVariables(none, "/r", "/r", ["BATON_HOST"])).size, 0);
 * ```
 */
export async function repositorySetVariables(
  fs: ReadFs,
  root: string,
  cwd: string,
  names: readonly string[],
  match: NameMatch = "anywhere",
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (names.length === 0) return out;
  // Both at their real paths: a host hands in its logical cwd (through a link), and the
  // folders between it and the root must all be looked in.
  const real = (path: string) =>
    fs.realPath(path).then(normalizePath).catch(() => normalizePath(path));
  const top = await real(root);
  let dir: string | null = await real(cwd);
  const inside = (d: string) => d === top || d.startsWith(top.endsWith("/") ? top : `${top}/`);
  const relative = (path: string) => path.slice(top.length).replace(/^\/+/, "");
  const mark = (file: string, named: readonly string[]) => {
    for (const n of named) if (!out.has(n)) out.set(n, file);
  };
  if (!inside(dir)) dir = top;
  let left = MAX_SEARCH_BYTES;
  // Deeper than that below the root: named, before a single path that long is walked.
  if (relative(dir).split("/").length > MAX_CLIMB) {
    mark(relative(dir), names);
    return out;
  }
  for (let i = 0; dir !== null && inside(dir); i++) {
    const base = dir.endsWith("/") ? dir.slice(0, -1) : dir;
    const files = [...HOST_ENV_FILES];
    for (const { folder, suffix } of HOST_ENV_FOLDERS) {
      const listed = await fs.readDir(`${base}/${folder}`, MAX_FOLDER_FILES + 1).catch(() => []);
      if (listed.length > MAX_FOLDER_FILES) mark(relative(`${base}/${folder}`), names);
      else {
        for (const entry of listed) {
          const name = `${folder}/${entry.name}`;
          if (entry.name.endsWith(suffix) && !files.includes(name)) files.push(name);
        }
      }
    }
    for (const name of files) {
      if (out.size === names.length) return out;
      const path = `${base}/${name}`;
      // Regular files only, through links as a host reads them: a link to a FIFO or a
      // device (/dev/tty) would block the read or never end.
      const st = await fs.stat(path).catch(() => null);
      if (st === null || !st.isFile) continue;
      const bytes = await fs.readRange(path, 0, Math.min(MAX_BYTES, left) + 1).catch(() => null);
      if (bytes === null) continue;
      mark(relative(path), bytes.length > left ? names : namedIn(bytes, names, match));
      left -= bytes.length;
    }
    if (out.size === names.length || dir === top) break;
    dir = parentDir(dir);
  }
  return out;
}

/**
 * A file {@linkcode repositorySetVariables} named, as printed: its path when
 * it has a plain shape (a `.github/hooks/` file's name is the repository's
 * choice), else a fixed phrase.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(shownEnvFile(".claude/settings.json"), ".claude/settings.json");
 * assert.equal(shownEnvFile(".github/hooks/\u202erun.json"), "a host settings file");
 * ```
 */
export function shownEnvFile(file: string): string {
  return /^[A-Za-z0-9._/-]{1,200}$/.test(file) ? file : "a host settings file";
}
