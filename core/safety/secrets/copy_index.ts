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
const FIRST_SIZE = 1 << 6;

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
  /**
   * The table: four numbers a slot, side by side so a lookup reads one
   * cache line: the window, its first cell (NONE for an empty slot), its
   * last cell (appends go there) and its list's length.
   */
  #slots: Int32Array;
  /** Slots in the table, less one (a power of two, less one). */
  #mask: number;
  #shift: number;
  #size = 0;
  /** Each cell's value id (read directly by the search: no call per cell). */
  ids: Int32Array;
  /** Each cell's offset of the window in its value. */
  offsets: Int32Array;
  /** Each cell's next cell in its list, or NONE. */
  next: Int32Array;
  #cells = 0;

  /**
   * @param cells How many cells to make room for at once (a rebuild knows
   *   about how many it will add; growing by doubling from the smallest
   *   table copied the arrays a dozen times).
   */
  constructor(cells = FIRST_SIZE) {
    let bits = 6;
    while (1 << bits < cells && bits < 28) bits++;
    const size = 1 << bits;
    this.#slots = ProbeLists.#table(size * 2);
    this.#mask = size * 2 - 1;
    this.#shift = 32 - bits - 1;
    this.ids = new Int32Array(size);
    this.offsets = new Int32Array(size);
    this.next = new Int32Array(size);
  }

  static #table(slots: number): Int32Array {
    const table = new Int32Array(slots * 4);
    for (let s = 1; s < table.length; s += 4) table[s] = NONE;
    return table;
  }

  /** Number of cells (list entries) held. */
  get cells(): number {
    return this.#cells;
  }

  /** Number of distinct windows. */
  get size(): number {
    return this.#size;
  }

  /** Where the slot of `word` begins in the table, or of the empty slot where it would go. */
  #slot(word: number): number {
    const slots = this.#slots;
    const mask = this.#mask;
    let s = Math.imul(word, 0x9e3779b1) >>> this.#shift;
    while (slots[s * 4 + 1] !== NONE && slots[s * 4] !== word) s = (s + 1) & mask;
    return s * 4;
  }

  /** The first cell of the list of `word`, or NONE (-1). */
  first(word: number): number {
    return this.#slots[this.#slot(word) + 1]!;
  }

  /** The length of the list of `word` (0 when it has none). */
  count(word: number): number {
    const at = this.#slot(word);
    return this.#slots[at + 1] === NONE ? 0 : this.#slots[at + 3]!;
  }

  /**
   * Appends (id, offset) to the list of `word`.
   * @returns The list's length now.
   */
  add(word: number, id: number, offset: number): number {
    if (this.#cells === this.ids.length) this.#growCells();
    if ((this.#size + 1) * 2 > this.#mask + 1) this.#growTable();
    const c = this.#cells++;
    this.ids[c] = id;
    this.offsets[c] = offset;
    this.next[c] = NONE;
    const at = this.#slot(word);
    const slots = this.#slots;
    if (slots[at + 1] === NONE) {
      slots[at] = word;
      slots[at + 1] = c;
      slots[at + 2] = c;
      slots[at + 3] = 1;
      this.#size++;
      return 1;
    }
    this.next[slots[at + 2]!] = c;
    slots[at + 2] = c;
    return ++slots[at + 3]!;
  }

  /** Calls `each` with every window that has a list, and its first cell and length. */
  forEach(each: (word: number, first: number, count: number) => void): void {
    const slots = this.#slots;
    for (let at = 0; at < slots.length; at += 4) {
      const head = slots[at + 1]!;
      if (head !== NONE) each(slots[at]!, head, slots[at + 3]!);
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
    const old = this.#slots;
    this.#slots = ProbeLists.#table((this.#mask + 1) * 2);
    this.#mask = this.#mask * 2 + 1;
    this.#shift--;
    for (let at = 0; at < old.length; at += 4) {
      if (old[at + 1] === NONE) continue;
      this.#slots.set(old.subarray(at, at + 4), this.#slot(old[at]!));
    }
  }
}
