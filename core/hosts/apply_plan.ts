/**
 * Carries out install/uninstall plans through the injected file system:
 * backups first, then each file with an atomic write (temp + rename; through
 * a symlink to the file it leads to), then removals (of the path itself),
 * pruning directories that removals left empty. Edge-free: all
 * I/O goes through `WriteFs`.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { HostPlan } from "./plan.ts";

const encoder = new TextEncoder();

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
  let count = 0;
  for (const plan of plans) {
    for (const c of plan.changes) {
      if (c.action === "unchanged" || c.action === "kept") continue;
      if (c.backup !== null) {
        await fs.mkdirp(parentDir(c.backup.path));
        await fs.writeFileAtomic(c.backup.path, encoder.encode(c.backup.content));
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
