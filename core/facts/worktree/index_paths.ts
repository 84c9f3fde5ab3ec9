/**
 * The index's entry paths as one text and a column of where each ends,
 * rather than one string each. A path is cut out of the text when it is
 * asked for, and that short-lived string dies young. At 50k entries the
 * strings held for the whole scan cost 1.6 MB (a 32-byte sliced string each)
 * plus a 0.4 MB array, where the column is 0.2 MB. Measured: 2 MB of such
 * strings is 2 MB of preflight's peak RSS.
 * @module
 */

import { compareTextRanges } from "./compare_paths.ts";

/** Entry paths in index order, read one at a time with {@linkcode IndexPaths.get}. */
export class IndexPaths {
  readonly #text: string;
  readonly #ends: Uint32Array;

  /**
   * @param text The paths joined by one separator unit each (a NUL in the index).
   * @param ends Per path, where it ends in `text` (exclusive); the next path
   *   starts one unit later. Its length is the number of paths.
   */
  constructor(text: string, ends: Uint32Array) {
    this.#text = text;
    this.#ends = ends;
  }

  /**
   * The paths of a list, in its order.
   *
   * @param paths Any strings (a NUL inside one is kept: ends come from lengths).
   * @returns Them as {@linkcode IndexPaths}.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { IndexPaths } from "./index_paths.ts";
   * const p = IndexPaths.of(["a", "", "b/c"]);
   * assert.deepEqual([p.length, p.get(0), p.get(1), p.get(2), p.get(3)], [3, "a", "", "b/c", undefined]);
   * ```
   */
  static of(paths: readonly string[]): IndexPaths {
    const ends = new Uint32Array(paths.length);
    let at = 0;
    for (let i = 0; i < paths.length; i++) {
      ends[i] = at + paths[i]!.length;
      at = ends[i]! + 1;
    }
    return new IndexPaths(paths.join("\0"), ends);
  }

  /** Number of paths. */
  get length(): number {
    return this.#ends.length;
  }

  /** Path `i`, or undefined when `i` is not a position (0 <= i < length, an integer). */
  get(i: number): string | undefined {
    const ends = this.#ends;
    if (!(i >= 0 && i < ends.length) || !Number.isInteger(i)) return undefined;
    return this.#text.slice(i === 0 ? 0 : ends[i - 1]! + 1, ends[i]!);
  }

  /**
   * comparePaths (./compare_paths.ts) of path `i - 1` and path `i` (0 < i < length),
   * without cutting either out: 0 only when they are the same.
   */
  compareWithPrevious(i: number): number {
    const ends = this.#ends;
    const start = ends[i - 1]! + 1;
    const before = i === 1 ? 0 : ends[i - 2]! + 1;
    return compareTextRanges(this.#text, before, ends[i - 1]!, start, ends[i]!);
  }

  /** Whether `path` is one of the paths. */
  includes(path: string): boolean {
    for (let i = 0; i < this.#ends.length; i++) {
      if (this.get(i) === path) return true;
    }
    return false;
  }

  /** The paths as an array (one string each: for small indexes and tests). */
  toArray(): string[] {
    const out: string[] = new Array(this.#ends.length);
    for (let i = 0; i < out.length; i++) out[i] = this.get(i)!;
    return out;
  }

  /** The paths in order. */
  *[Symbol.iterator](): IterableIterator<string> {
    for (let i = 0; i < this.#ends.length; i++) yield this.get(i)!;
  }
}
