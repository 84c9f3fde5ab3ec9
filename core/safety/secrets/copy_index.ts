/**
 * The copy search's probe lists (copies.ts): for each indexed 4-byte
 * window, the values it was indexed for and where in them, in the order
 * they were added. Held in typed arrays (an open-addressing table of
 * windows, a pool of list cells), not as a Map of arrays of objects: a
 * value indexes up to 16 windows, the bench transcript's ~3,700 values and
 * forms about 26,000, and as objects each window was an allocation the
 * young-generation collector copied until it was promoted, and each lookup
 * a walk of several heap objects. Pure: no I/O.
 * @module
 */

/** Marks an empty slot of the table, and the end of a list. */
const NONE = -1;

/** Smallest table (slots) and pool (cells). */
const FIRST_SIZE = 1 << 10;

/**
 * Lists of (value id, offset) per window, in insertion order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ProbeLists } from "./copy_index.ts";
 * const lists = new ProbeLists();
 * lists.add(7, 0, 3);
 * assert.equal(lists.add(7, 1, 0), 2);
 * const cells: number[] = [];
 * for (let c = lists.first(7); c !== -1; c = lists.next[c]!) cells.push(lists.ids[c]!, lists.offsets[c]!);
 * assert.deepEqual(cells, [0, 3, 1, 0]);
 * assert.equal(lists.first(8), -1);
 * ```
 */
export class ProbeLists {
  /** Each slot's window (valid where heads is not NONE). */
  #keys = new Int32Array(FIRST_SIZE);
  /** Each slot's first cell, or NONE for an empty slot. */
  #heads = new Int32Array(FIRST_SIZE).fill(NONE);
  /** Each slot's last cell (appends go there). */
  #tails = new Int32Array(FIRST_SIZE);
  /** Each slot's list length. */
  #counts = new Int32Array(FIRST_SIZE);
  #shift = 32 - 10;
  #size = 0;
  /** Each cell's value id (read directly by the search: no call per cell). */
  ids = new Int32Array(FIRST_SIZE);
  /** Each cell's offset of the window in its value. */
  offsets = new Int32Array(FIRST_SIZE);
  /** Each cell's next cell in its list, or NONE. */
  next = new Int32Array(FIRST_SIZE);
  #cells = 0;

  /** Number of distinct windows. */
  get size(): number {
    return this.#size;
  }

  /** The slot of `word`, or of the empty slot where it would go. */
  #slot(word: number): number {
    const mask = this.#keys.length - 1;
    let s = Math.imul(word, 0x9e3779b1) >>> this.#shift;
    while (this.#heads[s] !== NONE && this.#keys[s] !== word) s = (s + 1) & mask;
    return s;
  }

  /** The first cell of the list of `word`, or NONE (-1). */
  first(word: number): number {
    return this.#heads[this.#slot(word)]!;
  }

  /** The length of the list of `word` (0 when it has none). */
  count(word: number): number {
    const s = this.#slot(word);
    return this.#heads[s] === NONE ? 0 : this.#counts[s]!;
  }

  /**
   * Appends (id, offset) to the list of `word`.
   * @returns The list's length now.
   */
  add(word: number, id: number, offset: number): number {
    if (this.#cells === this.ids.length) this.#growCells();
    if ((this.#size + 1) * 2 > this.#keys.length) this.#growTable();
    const c = this.#cells++;
    this.ids[c] = id;
    this.offsets[c] = offset;
    this.next[c] = NONE;
    const s = this.#slot(word);
    if (this.#heads[s] === NONE) {
      this.#keys[s] = word;
      this.#heads[s] = c;
      this.#tails[s] = c;
      this.#counts[s] = 1;
      this.#size++;
      return 1;
    }
    this.next[this.#tails[s]!] = c;
    this.#tails[s] = c;
    return ++this.#counts[s]!;
  }

  /** Calls `each` with every window that has a list, and its first cell and length. */
  forEach(each: (word: number, first: number, count: number) => void): void {
    for (let s = 0; s < this.#heads.length; s++) {
      const head = this.#heads[s]!;
      if (head !== NONE) each(this.#keys[s]!, head, this.#counts[s]!);
    }
  }

  #growCells(): void {
    const grown = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.ids = grown(this.ids);
    this.offsets = grown(this.offsets);
    this.next = grown(this.next);
  }

  #growTable(): void {
    const keys = this.#keys;
    const heads = this.#heads;
    const tails = this.#tails;
    const counts = this.#counts;
    const size = keys.length * 2;
    this.#keys = new Int32Array(size);
    this.#heads = new Int32Array(size).fill(NONE);
    this.#tails = new Int32Array(size);
    this.#counts = new Int32Array(size);
    this.#shift--;
    for (let s = 0; s < keys.length; s++) {
      if (heads[s] === NONE) continue;
      const t = this.#slot(keys[s]!);
      this.#keys[t] = keys[s]!;
      this.#heads[t] = heads[s]!;
      this.#tails[t] = tails[s]!;
      this.#counts[t] = counts[s]!;
    }
  }
}
