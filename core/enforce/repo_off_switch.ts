/**
 * Where a repository could have turned the gate off. BATON_ENFORCE=off is a
 * person's switch, but hosts hand their hooks an environment that files in
 * the project set: Claude Code's committed `.claude/settings.json` `env`
 * block, the `.env` files Gemini CLI and Qwen Code load from the working
 * folder up, and the like. A stranger's commit could then turn off the gate
 * this machine opted in to. So the gate honours the switch only when no such
 * file in the work tree (from the call's folder up to the work tree's root)
 * names BATON_ENFORCE; otherwise it keeps judging and says which file, and
 * `baton enforce status` shows it. The person's own ways stay: the variable
 * in their shell or user-level host settings, or `baton enforce off`.
 * Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { normalizePath, parentDir } from "../path.ts";

/** Files, relative to a folder, through which a host sets its hooks' environment. */
export const HOST_ENV_FILES: readonly string[] = [
  ".env",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".gemini/.env",
  ".gemini/settings.json",
  ".qwen/.env",
  ".qwen/settings.json",
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
];

/**
 * Folders whose every file with the suffix a host loads: GitHub Copilot CLI
 * reads each `.github/hooks/*.json`, and a hook entry's `env` sets its
 * command's environment (baton's own entry is in baton.json).
 */
export const HOST_ENV_FOLDERS: readonly { folder: string; suffix: string }[] = [
  { folder: ".github/hooks", suffix: ".json" },
];
/** The most files read from one such folder; past it the folder counts as naming it. */
const MAX_FOLDER_FILES = 256;

/** The variable's name as it must appear in such a file to set it. */
const NAME = new TextEncoder().encode("BATON_ENFORCE");
/** The most of each file read; a larger file counts as naming it (its host reads it whole). */
const MAX_BYTES = 1024 * 1024;
const BACKSLASH = 0x5c;
/** The escapes JSON, JSONC and TOML decode in a key: `\uXXXX` and TOML's `\UXXXXXXXX`. */
const UNICODE_ESCAPE = /\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})/g;

function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Whether a host reading `bytes` could find the name: as written, or spelled
 * with escapes its format decodes (`"BATON\u005fENFORCE"` is the same key to
 * JSON.parse). Decoding every escape, whatever its context, can only find
 * more.
 */
function namesVariable(bytes: Uint8Array): boolean {
  if (contains(bytes, NAME)) return true;
  if (!bytes.includes(BACKSLASH)) return false;
  const text = new TextDecoder().decode(bytes).replace(
    UNICODE_ESCAPE,
    (_, four: string | undefined, eight: string | undefined) => {
      const code = parseInt(four ?? eight ?? "", 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : "";
    },
  );
  return text.includes("BATON_ENFORCE");
}

/**
 * The first file (relative to `root`) inside the work tree at `root` that
 * names BATON_ENFORCE (or is too large to read whole), looking from `cwd`
 * up to `root`; null when none does
 * (or `cwd` is not inside `root`).
 */
export async function repositoryOffSwitch(
  fs: ReadFs,
  root: string,
  cwd: string,
): Promise<string | null> {
  const top = normalizePath(root);
  let dir: string | null = await fs.realPath(cwd).then(normalizePath).catch(() =>
    normalizePath(cwd)
  );
  const inside = (d: string) => d === top || d.startsWith(top.endsWith("/") ? top : `${top}/`);
  if (!inside(dir)) dir = top;
  for (let i = 0; i < 256 && dir !== null && inside(dir); i++) {
    const base = dir.endsWith("/") ? dir.slice(0, -1) : dir;
    const names = [...HOST_ENV_FILES];
    for (const { folder, suffix } of HOST_ENV_FOLDERS) {
      const listed = await fs.readDir(`${base}/${folder}`).catch(() => []);
      if (listed.length > MAX_FOLDER_FILES) return `${base}/${folder}`.slice(top.length + 1);
      for (const entry of listed) {
        const name = `${folder}/${entry.name}`;
        if (entry.name.endsWith(suffix) && !names.includes(name)) names.push(name);
      }
    }
    for (const name of names) {
      const path = `${base}/${name}`;
      // Regular files only, through links as a host reads them: a link to a FIFO or a
      // device (/dev/tty) would block the read or never end.
      const st = await fs.stat(path).catch(() => null);
      if (st === null || !st.isFile) continue;
      const bytes = await fs.readRange(path, 0, MAX_BYTES + 1).catch(() => null);
      if (bytes !== null && (bytes.length > MAX_BYTES || namesVariable(bytes))) {
        return path.slice(top.length).replace(/^\/+/, "");
      }
    }
    if (dir === top) break;
    dir = parentDir(dir);
  }
  return null;
}
