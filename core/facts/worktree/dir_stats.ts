/**
 * The lstat of every tracked directory, as the scan keeps it through its
 * untracked walk: whether each is a real directory (the walk's and the
 * comparison's question) and its whole FileStat for the listing cache,
 * stored in columns rather than as one object each (at 50k files, 2,600
 * FileStat objects and their absolute names were about 0.6 MB of heap held
 * to the walk's end, where the scan's memory peaks).
 * @module
 */
import type { FileStat } from "../../fs.ts";

/** Numeric FileStat fields, in column order; NaN stands for null. */
const NUMBERS = ["size", "mtimeMs", "ctimeMs", "ino", "dev", "uid", "gid", "mode"] as const;
const WIDTH = NUMBERS.length;
const PRESENT = 1;
const IS_FILE = 2;
const IS_DIRECTORY = 4;
const IS_SYMLINK = 8;

/** lstat results of a fixed list of directories (relative to a work tree), one row each. */
export class DirStats {
  readonly #rows = new Map<string, number>();
  readonly #numbers: Float64Array;
  readonly #flags: Uint8Array;
  readonly #workPrefix: string;

  /**
   * @param workTree The work tree the directories are relative to.
   * @param dirs The directories, each relative and without a trailing slash.
   */
  constructor(workTree: string, dirs: readonly string[]) {
    this.#workPrefix = `${workTree}/`;
    this.#numbers = new Float64Array(dirs.length * WIDTH);
    this.#flags = new Uint8Array(dirs.length);
    dirs.forEach((d, k) => this.#rows.set(d, k));
  }

  /** Number of directories. */
  get size(): number {
    return this.#flags.length;
  }

  /** Records the lstat of the directory at row `k` (null: missing); `stat` is copied, not kept. */
  set(k: number, stat: FileStat | null): void {
    if (stat === null) {
      this.#flags[k] = 0;
      return;
    }
    this.#flags[k] = PRESENT | (stat.isFile ? IS_FILE : 0) |
      (stat.isDirectory ? IS_DIRECTORY : 0) | (stat.isSymlink ? IS_SYMLINK : 0);
    const at = k * WIDTH;
    for (let f = 0; f < WIDTH; f++) this.#numbers[at + f] = stat[NUMBERS[f]!] ?? NaN;
  }

  /** Whether `dir` (relative) is a real directory; undefined when it is not one of the list. */
  get(dir: string): boolean | undefined {
    const k = this.#rows.get(dir);
    return k === undefined ? undefined : (this.#flags[k]! & IS_DIRECTORY) !== 0;
  }

  /**
   * The lstat recorded for the directory at absolute path `abs` (null when
   * it was missing), as a new object; undefined when `abs` is not one of
   * the list.
   */
  statOf(abs: string): FileStat | null | undefined {
    if (!abs.startsWith(this.#workPrefix)) return undefined;
    const k = this.#rows.get(abs.slice(this.#workPrefix.length));
    if (k === undefined) return undefined;
    const flags = this.#flags[k]!;
    if ((flags & PRESENT) === 0) return null;
    const n = this.#numbers;
    const at = k * WIDTH;
    // Inline, not a helper closure per call: the walk asks this of every tracked directory.
    return {
      isFile: (flags & IS_FILE) !== 0,
      isDirectory: (flags & IS_DIRECTORY) !== 0,
      isSymlink: (flags & IS_SYMLINK) !== 0,
      size: n[at]!,
      mtimeMs: orNull(n[at + 1]!),
      ctimeMs: orNull(n[at + 2]!),
      ino: orNull(n[at + 3]!),
      dev: orNull(n[at + 4]!),
      uid: orNull(n[at + 5]!),
      gid: orNull(n[at + 6]!),
      mode: orNull(n[at + 7]!),
    };
  }
}

/** A stored number, NaN standing for null. */
function orNull(v: number): number | null {
  return Number.isNaN(v) ? null : v;
}
