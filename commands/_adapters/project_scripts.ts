/**
 * Edge: reads what a script runner started by `baton evidence` would run,
 * before it runs: the nearest package.json (npm stops at a folder holding
 * node_modules too) and deno.json or deno.jsonc from the command's folder
 * up to the work tree's top, never above it; the .npmrc beside the
 * package.json and those above it (a workspace root's) within the work
 * tree, and the npm and make settings in the environment (not
 * npm_config_userconfig, which npm sets for every script it runs). Each file
 * is read only when it is a regular file no larger than the bound; what
 * the text means is judged in core/evidence/script_scope.ts.
 * @module
 */
import type { ReadFs } from "../../core/fs.ts";
import {
  type Manifest,
  MAX_MANIFEST_BYTES,
  npmrcMoves,
  type ProjectScripts,
} from "../../core/evidence/script_scope.ts";

/** npm settings in the environment that move it or its shell, or make a missing script exit 0. */
const NPM_SETTINGS = [
  "script_shell",
  "workspace",
  "workspaces",
  "include_workspace_root",
  "if_present",
];

/** A file's bytes when it is a regular file within the bound; null when there is none. */
async function readBounded(fs: ReadFs, path: string): Promise<Manifest | null> {
  let stat;
  try {
    stat = await fs.lstat(path);
  } catch {
    return { kind: "unreadable" };
  }
  if (stat === null) return null;
  if (!stat.isFile || stat.size > MAX_MANIFEST_BYTES) return { kind: "unreadable" };
  try {
    const bytes = await fs.readRange(path, 0, MAX_MANIFEST_BYTES + 1);
    return bytes.length > MAX_MANIFEST_BYTES ? { kind: "unreadable" } : { kind: "read", bytes };
  } catch {
    return { kind: "unreadable" };
  }
}

/** The folders from `cwd` up to `top`, nearest first; none when `cwd` is not inside `top` (nothing is read). */
function foldersUp(cwd: string, top: string): string[] {
  const inside = cwd === top || cwd.startsWith(top.endsWith("/") ? top : `${top}/`);
  if (!inside) return [];
  const out: string[] = [];
  for (let dir = cwd;;) {
    out.push(dir);
    if (dir === top) break;
    const up = dir.replace(/\/[^/]*$/, "");
    if (up === dir || up === "") break;
    dir = up;
  }
  return out;
}

/** What a runner in `cwd` would read, searching no higher than `workTree`. */
export async function readProjectScripts(
  fs: ReadFs,
  env: (name: string) => string | undefined,
  cwd: string,
  workTree: string,
): Promise<ProjectScripts> {
  let packageJson: Manifest = { kind: "absent" };
  let denoJson: Manifest = { kind: "absent" };
  let npmrc = false;
  const folders = foldersUp(cwd, workTree);
  for (const [i, dir] of folders.entries()) {
    const found = await readBounded(fs, `${dir}/package.json`);
    if (found !== null) {
      packageJson = found;
      // npm reads the .npmrc of the workspace root when the package is one of its workspaces:
      // each folder's from here up is read.
      for (const up of folders.slice(i)) {
        const rc = await readBounded(fs, `${up}/.npmrc`);
        npmrc ||= rc !== null &&
          (rc.kind !== "read" || npmrcMoves(new TextDecoder().decode(rc.bytes)));
      }
      break;
    }
    // npm takes a folder with node_modules as the package's, package.json or not.
    if ((await fs.lstat(`${dir}/node_modules`).catch(() => null)) !== null) break;
  }
  for (const dir of folders) {
    const found = (await readBounded(fs, `${dir}/deno.json`)) ??
      (await readBounded(fs, `${dir}/deno.jsonc`));
    if (found !== null) {
      denoJson = found;
      break;
    }
  }
  const setting = NPM_SETTINGS.some((n) =>
    env(`npm_config_${n}`) !== undefined || env(`NPM_CONFIG_${n.toUpperCase()}`) !== undefined
  );
  return {
    packageJson,
    denoJson,
    runnerMoved: npmrc || setting,
    // make reads all three (GNUMAKEFLAGS is GNU make's own).
    makeFlags: ["MAKEFLAGS", "GNUMAKEFLAGS", "MFLAGS"].flatMap((n) => env(n) ?? []),
  };
}
