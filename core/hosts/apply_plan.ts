/**
 * Carries out install/uninstall plans through the injected file system:
 * backups first, then each file with an atomic write (temp + rename; through
 * a symlink to the file it leads to), then removals (of the path itself),
 * pruning directories that removals left empty. Edge-free: all
 * I/O goes through `WriteFs`.
 * @module
 */
import { InputError } from "../errors.ts";
import { FsNotFoundError, type WriteFs } from "../fs.ts";
import type { HostPlan } from "./plan.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** A file changed between planning and writing (a host saved its settings meanwhile). */
export class ConfigChangedError extends InputError {
  /** @param path The file (baton's target path, safe to show). */
  constructor(path: string) {
    super(
      `Cannot change "${path}": it changed while baton was planning; run the command again (baton wrote nothing)`,
      "install_config_changed",
      { data: { path } },
    );
  }
}

async function currentText(fs: WriteFs, path: string): Promise<string | null> {
  try {
    return decoder.decode(await fs.readFile(path));
  } catch (e) {
    if (e instanceof FsNotFoundError) return null;
    throw e;
  }
}

/** Permission bits of an existing file, or null. */
async function modeOf(fs: WriteFs, path: string): Promise<number | null> {
  const st = await fs.stat(path);
  return st === null || st.mode === null ? null : st.mode & 0o777;
}

/** Options of {@linkcode applyPlans}. */
export interface ApplyPlansOptions {
  /**
   * Directories never pruned, nor anything above them (the scope roots:
   * repository root, home directory).
   */
  keepDirs: readonly string[];
}

function parentDir(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

/** Removes `dir` and its parents while they are empty and below a kept directory. */
async function pruneEmpty(fs: WriteFs, dir: string, keep: readonly string[]): Promise<void> {
  let current = dir;
  while (keep.some((k) => current.startsWith(k.replace(/\/+$/, "") + "/"))) {
    let entries;
    try {
      entries = await fs.readDir(current);
    } catch {
      return;
    }
    if (entries.length > 0) return;
    await fs.remove(current);
    current = parentDir(current);
  }
}

/**
 * Applies every change of every plan, in order; returns the number of files
 * written or removed.
 *
 * @param fs The file system.
 * @param plans The plans.
 * @param options Directories that are never pruned.
 * @returns How many files changed.
 */
export async function applyPlans(
  fs: WriteFs,
  plans: readonly HostPlan[],
  options: ApplyPlansOptions,
): Promise<number> {
  // Nothing is written when any file differs from what was planned against:
  // a host that saved its settings meanwhile must not lose that change.
  for (const plan of plans) {
    for (const c of plan.changes) {
      if (c.action === "unchanged" || c.action === "kept") continue;
      if ((await currentText(fs, c.writePath)) !== c.before) throw new ConfigChangedError(c.path);
    }
  }
  let count = 0;
  for (const plan of plans) {
    for (const c of plan.changes) {
      if (c.action === "unchanged" || c.action === "kept") continue;
      if (c.backup !== null) {
        // The backup is as private as the file it copies (a settings file may hold keys).
        const mode = await modeOf(fs, c.writePath);
        await fs.mkdirp(parentDir(c.backup.path));
        await fs.writeFileAtomic(
          c.backup.path,
          encoder.encode(c.backup.content),
          mode === null ? {} : { mode },
        );
      }
      if (c.after === null) {
        await fs.remove(c.path);
        await pruneEmpty(fs, parentDir(c.path), options.keepDirs);
      } else {
        await fs.mkdirp(parentDir(c.writePath));
        await fs.writeFileAtomic(c.writePath, encoder.encode(c.after));
      }
      if (c.dropBackup !== null) await fs.remove(c.dropBackup);
      count++;
    }
  }
  return count;
}
