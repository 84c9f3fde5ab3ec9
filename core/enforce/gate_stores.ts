/**
 * Which stores a tool call may fall under, for the mutation gate: the
 * call's working directory and, for an edit, the file it writes (for
 * Codex's `apply_patch`, every file its patch adds, updates, deletes or
 * moves to: a patch from one repository can write into another) — each
 * taken at its real path (a symbolic link, or a cwd the host reports
 * through one, leads to the same store) — and every work tree at or above
 * them whose private state (`<git dir>/baton/enforce`) holds this machine's
 * opt-in and deny records. A session that moves into a nested repository
 * (a submodule, a vendored checkout) is still judged by the outer one's
 * denies. Paths follow the platform's own rules (core/path.ts: `\`
 * separators, drive and UNC roots). Only lstat, realpath and, for a `.git`
 * file, one small read. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { isAbsolutePath, normalizePath, parentDir, resolvePath } from "../path.ts";
import { stateDirOfRoot } from "../store/private_dir.ts";
import { enforcePaths } from "./enforce_paths.ts";
import { optInState } from "./opt_in.ts";
import { PATCH_BEGIN, patchFiles } from "../patch_files.ts";

/**
 * The most folders climbed from one start: past any path a system call takes
 * (PATH_MAX 4096 holds at most 2,048 of them). A cap lower than that let an
 * edit under enough new folders (`d/` × 300) escape the search.
 */
const MAX_CLIMB = 4096;

/** Keys of an edit tool's input that name the file written. */
const PATH_KEYS = ["file_path", "filePath", "path", "target_file", "notebook_path"];

/** Keys of a tool's input that can carry an `apply_patch` envelope (Codex sends `command`). */
const PATCH_KEYS = ["command", "input", "patch"];

/** The envelopes in a tool's input: string values of PATCH_KEYS, or strings in an argv array. */
function patchesOf(o: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of PATCH_KEYS) {
    const v = o[k];
    for (const text of Array.isArray(v) ? v : [v]) {
      if (typeof text === "string" && text.includes(PATCH_BEGIN)) out.push(text);
    }
  }
  return out;
}

/** One store that judges a call. */
export interface GateStore {
  /** The work tree's real path. */
  root: string;
  /** Its private state directory. */
  stateDir: string;
}

/**
 * The directories to start from: the cwd, an edit's target folder and the
 * folder of every file an `apply_patch` envelope in the input names (made
 * absolute against the cwd, as Codex resolves them), each once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const patch = "*** Begin Patch\n*** Update File: /o/a.ts\n*** Add File: n/b.ts\n*** End Patch";
 * assert.deepEqual(startsOf("/r", { command: patch }), ["/r", "/o", "/r/n"]);
 * assert.deepEqual(startsOf("/r", { file_path: "src/x.ts" }), ["/r", "/r/src"]);
 * ```
 */
export function startsOf(cwd: string, input: unknown): string[] {
  const base = normalizePath(cwd);
  const starts = [base];
  const add = (v: string) => {
    const target = isAbsolutePath(v) ? normalizePath(v) : resolvePath(base, v);
    const dir = parentDir(target) ?? target;
    if (!starts.includes(dir)) starts.push(dir);
  };
  if (typeof input === "object" && input !== null) {
    const o = input as Record<string, unknown>;
    for (const k of PATH_KEYS) {
      const v = o[k];
      if (typeof v === "string" && v !== "") add(v);
    }
    for (const patch of patchesOf(o)) patchFiles(patch).forEach(add);
  }
  return starts;
}

/** The stores with an opt-in and deny records above `starts`, nearest first. */
export async function gateStores(fs: ReadFs, starts: readonly string[]): Promise<GateStore[]> {
  const found: GateStore[] = [];
  // Folders already climbed from: a patch naming many files in one tree climbs it once.
  const climbed = new Set<string>();
  for (const start of starts) {
    // A file that does not exist yet: walk from its nearest existing folder.
    let dir: string | null = normalizePath(start);
    let real: string | null = null;
    for (let i = 0; i < MAX_CLIMB && real === null && dir !== null; i++) {
      real = await fs.realPath(dir).then(normalizePath).catch(() => null);
      if (real === null) dir = parentDir(dir);
    }
    if (real === null) continue;
    dir = real;
    for (let i = 0; i < MAX_CLIMB && dir !== null; i++) {
      // Everything above a folder climbed from before was judged then.
      if (climbed.has(dir)) break;
      climbed.add(dir);
      const base = dir.endsWith("/") ? dir.slice(0, -1) : dir;
      if (
        !found.some((s) => s.root === dir) && (await fs.lstat(`${base}/.git`)) !== null
      ) {
        const stateDir = await stateDirOfRoot(fs, dir);
        if (stateDir !== null) {
          const p = enforcePaths(stateDir);
          const [optIn, denies] = await Promise.all([fs.lstat(p.optIn), fs.lstat(p.denies)]);
          // This machine's opt-in only: one that arrived with the folder (an archive, a copy)
          // opts nobody in, and the deny records beside it block nobody (core/enforce/opt_in.ts).
          if (
            optIn?.isFile === true && denies?.isDirectory === true &&
            await optInState(fs, p.dir, p.optIn) === "on"
          ) {
            found.push({ root: dir, stateDir });
          }
        }
      }
      dir = parentDir(dir);
    }
  }
  return found;
}
