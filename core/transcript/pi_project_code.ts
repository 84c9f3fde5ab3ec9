/**
 * Whether a project holds pi extensions, so that a pi session's `bash`
 * result is no longer only pi's word (attack120). pi loads project-local
 * extensions from `.pi/extensions/*.ts` and `.pi/extensions/<name>/index.ts`,
 * and the paths and packages a `.pi/settings.json` names (`extensions`,
 * `packages`); an extension can register a tool under a built-in's name
 * (`bash`) and its `tool_result` handler can change a result's content and
 * `isError` (pi's extensions docs), which is the success the pi reader takes
 * for `bash`. Looked for from the session's folder up to the work tree's
 * top; the extension baton install wrote (its exact bytes in this clone's
 * install record) is not counted. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { readRegularFile } from "../fs.ts";
import { batonWrote, isModule } from "./opencode_project_code.ts";
import { decodeJsonEscapes, listFolder, MAX_LISTED, projectDirs, under } from "./project_dirs.ts";

/** The most entries listed in the extensions folder; past it the folder counts. */
/** The most read of a settings file; a larger one counts. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/**
 * Whether a settings file's text may name extensions or packages: the quoted
 * key, JSON's `\u` escapes decoded, anywhere (only more is held back).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(namesExtensions('{"ext\\u0065nsions": ["./x.ts"]}'), true);
 * assert.equal(namesExtensions('{"theme": "dark"}'), false);
 * ```
 */
export function namesExtensions(text: string): boolean {
  return /"(?:extensions|packages)"/i.test(decodeJsonEscapes(text));
}

/**
 * The first path of project code pi loads in a session at `cwd` (an
 * extension, a folder of them, or settings naming some), or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { stat: () => Promise.resolve(null), lstat: () => Promise.resolve(null), readDir: () => Promise.reject(new Error("missing")) } as never;
 * assert.equal(await piProjectCode(none, "/r"), null);
 * ```
 */
export async function piProjectCode(fs: ReadFs, cwd: string): Promise<string | null> {
  for (const dir of await projectDirs(fs, cwd)) {
    const root = under(dir, ".pi");
    const settings = under(root, "settings.json");
    const read = await readRegularFile(fs, settings, MAX_SETTINGS_BYTES).catch(() => null);
    if (read === null || read.kind === "too_large" || read.kind === "not_regular") return settings;
    if (read.kind === "read" && namesExtensions(new TextDecoder().decode(read.bytes))) {
      return settings;
    }
    const folder = under(root, "extensions");
    const entries = await listFolder(fs, folder);
    // Missing, or not a folder: no extensions here.
    if (entries === null) continue;
    if (entries.length > MAX_LISTED) return folder;
    for (const e of entries) {
      const path = under(folder, e.name);
      if (isModule(e.name)) {
        if (!await batonWrote(fs, path)) return path;
      } else if (!e.isFile) {
        // A folder (or a link to one) pi loads through its index module.
        return path;
      }
    }
  }
  return null;
}
