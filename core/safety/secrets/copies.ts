/**
 * Every copy of a found secret: once a rule confirms a value anywhere in an
 * input, each other occurrence of the same bytes in that input is a finding
 * too (a tool result echoing a command, a log repeating a header), though no
 * keyword sits beside it. Pure: no I/O.
 *
 * Decisions:
 * - Values are remembered as bytes in a {@linkcode CopyMemory} that lives as
 *   long as one input (one buffer, or one whole stream), each with its other
 *   forms (copy_forms.ts: percent-encoded, JSON-escaped, base64 and the
 *   text a base64 value encodes), whose copies are found the same way. Its
 *   memory is bounded: at most {@linkcode COPY_BOUNDS}.maxValues values and
 *   maxBytes bytes of them and their forms; past either bound the value
 *   found (or found again) longest ago is forgotten first, with its forms
 *   (a copy usually follows its original closely).
 * - A value shorter than minBytes is not remembered: a short password
 *   (`-pabc12`) would otherwise redact every unrelated `abc12`.
 * - A value that is one word (letters only, in one case or capitalised, at
 *   most 16 bytes: `nodejs`, `postgres`, `Admin`) is not remembered: the
 *   same word elsewhere is far more often a name (a package, a folder in a
 *   URL, a host) than the password again. A documentation line
 *   `PASSWORD=nodejs` redacted every `nodejs` of the Node.js changelog
 *   (8,345 copies, mostly inside `github.com/nodejs/node` links), and anyone
 *   could hide a word of their choosing in a transcript the same way. The
 *   rule's own finding is still redacted. The same holds for a form: the
 *   text a base64 value encodes, or its password after `user:`
 *   (`Basic ZGVwbG95OnByb2R1Y3Rpb24=` is `deploy:production`), is not
 *   remembered when it is one word.
 * - A copy must stand alone: not continued by a letter or digit on either
 *   side (so a value inside a longer identifier is not cut), except right
 *   after an escape (`\n`, `\u00XX`, `%XX`) as the rules' look-behind allows.
 * - The search is one linear pass that reads a 4-byte window every few
 *   bytes and looks it up in a bitmap; only bitmap hits are compared (see
 *   {@linkcode CopyMemory}). Its cost barely grows with the number of values:
 *   a window that indexes more than a few values (values sharing every
 *   block, a hostile stem) has them grouped by where they start and end, and
 *   one occurrence costs a lookup of the text there per group.
 * @module
 */
import { byteText, copyForms } from "./copy_forms.ts";
import { ProbeLists } from "./copy_index.ts";
import type { CopyProbe, RawFinding } from "./engine.ts";

/** Bounds of a {@linkcode CopyMemory}. */
export interface CopyBounds {
  /** Most values remembered at once. */
  maxValues: number;
  /** Most bytes of values remembered at once. */
  maxBytes: number;
  /** Shortest value remembered. */
  minBytes: number;
  /** Longest value remembered (longer ones are still redacted where a rule finds them). */
  maxValueBytes: number;
}

/**
 * The default bounds: 4,096 values and 4 MiB of them and their other forms
 * (a value's base64 forms alone take about 2.7 times its bytes); values of
 * 6 bytes to 16 KiB.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COPY_BOUNDS } from "./copies.ts";
 * assert.equal(COPY_BOUNDS.maxBytes, 4 * 1024 * 1024);
 * ```
 */
export const COPY_BOUNDS: Readonly<CopyBounds> = Object.freeze({
  maxValues: 4096,
  maxBytes: 4 * 1024 * 1024,
  minBytes: 6,
  maxValueBytes: 16 * 1024,
});

interface Remembered {
  bytes: Uint8Array;
  kind: string;
  key: string;
  /** The key of the value found, which this entry is (or is a form of). */
  group: string;
  /** Where its indexed block begins (set when it is indexed). */
  from: number;
  /** Its place in the index's list of values (set when it is indexed; the probe lists name it so). */
  id: number;
}

/** A value's 4-byte window at `offset`, as indexed for one stride. */
interface Probe {
  entry: Remembered;
  offset: number;
}

/**
 * The entries of a crowded probe list whose value starts `offset` before
 * the window and is `length` long, by their text: the bytes there are looked
 * up once for all of them.
 */
interface Shape {
  offset: number;
  length: number;
  byText: Map<string, Probe[]>;
}

/** Longest stride between probes (the search reads one window in this many bytes). */
const MAX_STRIDE = 16;

/**
 * Fewest bitmap bits per indexed window before the bitmap is made anew,
 * twice as large or more (see CopyMemory's regrow): false hits stay below
 * one in 1,000 probes (each costs a map lookup). A sparser bitmap (one
 * window in 256 bits) halved the bench transcript's false hits (6,500 of
 * 17,800 probe hits) but was larger sooner, and its probes' cache misses
 * cost the search more than the hits saved.
 */
const MOST_LOAD = 64;

/** Most bytes of the probe bitmap (2^23 bits). */
const MOST_BITMAP = 1 << 20;

function isAlnum(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a);
}

/**
 * Whether bytes[start, end) is one word: at most 16 ASCII letters, all
 * lower case, all upper case, or one capital and then lower case.
 */
function isOneWord(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start > 16) return false;
  let lower = 0;
  let upper = 0;
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b >= 0x61 && b <= 0x7a) lower++;
    else if (b >= 0x41 && b <= 0x5a) {
      upper++;
      if (i > start && lower > 0) return false;
    } else return false;
  }
  return lower === 0 || upper <= 1;
}

function isHexByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66);
}

/** True when bytes[..at) ends with an escape (`\x`, `\uXXXX`, `%XX`). */
function escapeEndsAt(bytes: Uint8Array, at: number): boolean {
  if (at >= 2 && bytes[at - 2] === 0x5c) return true;
  if (at >= 3 && bytes[at - 3] === 0x25 && isHexByte(bytes[at - 2]!) && isHexByte(bytes[at - 1]!)) {
    return true;
  }
  return at >= 6 && bytes[at - 6] === 0x5c && bytes[at - 5] === 0x75 &&
    isHexByte(bytes[at - 4]!) && isHexByte(bytes[at - 3]!) && isHexByte(bytes[at - 2]!) &&
    isHexByte(bytes[at - 1]!);
}

/**
 * The first probe position from `i` (stepping by `stride`, up to `last`)
 * whose 4-byte window's two bits are set in the bitmap, or -1: the hot loop, kept
 * small so it is optimised early, reading each window with one load.
 */
function nextProbeHit(
  words: DataView,
  i: number,
  last: number,
  stride: number,
  bitmap: Uint8Array,
  shift: number,
): number {
  for (; i <= last; i += stride) {
    const w = words.getInt32(i, true);
    const h = Math.imul(w, 0x9e3779b1) >>> shift;
    const g = Math.imul(w, 0x85ebca6b) >>> shift;
    if (((bitmap[h >>> 3]! >> (h & 7)) & (bitmap[g >>> 3]! >> (g & 7)) & 1) !== 0) return i;
  }
  return -1;
}

/**
 * Sets the two bits of the window whose big-endian `word` is given (as the
 * probe lists key it) in a bitmap of 2^(32 - shift) bits: the probe loops
 * hash the window read little-endian (the WebAssembly loop then needs no
 * byte swap), by two multipliers. A window of ordinary text whose one bit
 * collided with an indexed window's was met all along the input (42,000 of
 * the bench transcript's 56,000 probe hits were such); both bits colliding
 * is rarer by the bitmap's load again.
 */
function setBit(bitmap: Uint8Array, key: number, shift: number): void {
  const word = (key + 0x40000000) | 0;
  const little = ((word & 0xff) << 24) | ((word >>> 8 & 0xff) << 16) | ((word >>> 16 & 0xff) << 8) |
    (word >>> 24);
  const h = Math.imul(little, 0x9e3779b1) >>> shift;
  bitmap[h >>> 3]! |= 1 << (h & 7);
  const g = Math.imul(little, 0x85ebca6b) >>> shift;
  bitmap[g >>> 3]! |= 1 << (g & 7);
}

function wordAt(bytes: Uint8Array, at: number): number {
  return (((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) -
    0x40000000) | 0;
}

/** A byte of ordinary prose or code: a lower-case letter, a blank or common punctuation. */
function isWordy(b: number): boolean {
  return (b >= 0x61 && b <= 0x7a) || b === 0x20 || b === 0x2d || b === 0x5f || b === 0x2e ||
    b === 0x2f || b === 0x3a || b === 0x3d || b === 0x22 || b === 0x27 || b === 0x5c;
}

/**
 * Where the `stride` windows indexed for `value` begin: the block of
 * `stride` consecutive 4-byte windows with the fewest made of wordy bytes
 * only ({@linkcode isWordy}), the first such block on a tie. A value often
 * opens with words (`secret-live-…`, `sk_test_…`) whose windows occur all
 * over ordinary text, and each probe that meets one costs a comparison;
 * any `stride` consecutive windows find every copy (see CopyMemory), so the
 * rarest block is indexed.
 * @param value The remembered bytes (at least `stride + 3` of them).
 * @param stride The probe stride.
 * @returns The offset of the first indexed window, 0 to `value.length - 3 - stride`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { indexedFrom } from "./copies.ts";
 * const value = new TextEncoder().encode("secret-live-Q7uEGb0yUYAw");
 * assert.equal(indexedFrom(value, 4), 9); // "ve-Q", "e-Q7", "-Q7u", "Q7uE"
 * assert.equal(indexedFrom(new TextEncoder().encode("Q7uEGb0y"), 5), 0);
 * ```
 */
export function indexedFrom(value: Uint8Array, stride: number): number {
  const windows = value.length - 3;
  const most = windows - stride;
  if (most <= 0) return 0;
  // Each window's wordiness is read when the block reaches it, not for the
  // whole value first: a block without a wordy window ends the search, and
  // most values (random tokens) have one at their start.
  let count = 0;
  for (let j = 0; j < stride; j++) count += wordyWindow(value, j);
  let best = 0;
  let bestCount = count;
  for (let k = 1; k <= most && bestCount > 0; k++) {
    count += wordyWindow(value, k + stride - 1) - wordyWindow(value, k - 1);
    if (count < bestCount) {
      best = k;
      bestCount = count;
    }
  }
  return best;
}

/** 1 when the window at `j` is four wordy bytes ({@linkcode isWordy}), else 0. */
function wordyWindow(value: Uint8Array, j: number): number {
  return isWordy(value[j]!) && isWordy(value[j + 1]!) && isWordy(value[j + 2]!) &&
      isWordy(value[j + 3]!)
    ? 1
    : 0;
}

/** Furthest offset {@linkcode leastCrowded} moves a block to (it bounds how far past a chunk a search reads). */
const MOST_REACH = 1024;

/**
 * Where the `stride` windows indexed for `value` begin, given the probe
 * lists so far: the block {@linkcode indexedFrom} picks, unless its windows
 * already index other values or are ordinary text; then the value's last
 * block, its middle one and its first and last lightest ones (by
 * {@linkcode windowWeight}; all at most MOST_REACH in) are weighed too
 * ({@linkcode blockCost}), and the cheapest is taken. Values that
 * share a stem (JWTs with one header, `ghp_` tokens, a generated prefix)
 * would otherwise all sit in the lists of the stem's windows, and every
 * occurrence of the stem would compare every one of them: 4,096 values with
 * a 250-byte stem took 20 s to search. A value indexed by its indentation,
 * a date or a key name inside it is met by ordinary text all along (150,000
 * probe hits, each a map lookup and a comparison, in the bench's 50 MB).
 * Any block finds every copy (see CopyMemory), so the choice is free.
 */
function leastCrowded(
  entry: Remembered,
  stride: number,
  probes: ProbeLists,
  byId: readonly Remembered[],
): number {
  const value = entry.bytes;
  const known = Math.min(WEIGHED, value.length - 3);
  weights.fill(-1, 0, known);
  costs.fill(-1, 0, known);
  const first = indexedFrom(value, stride);
  let best = first;
  let bestCost = blockCost(entry, first, stride, probes, byId, Infinity);
  if (bestCost === 0) return best;
  const last = Math.min(value.length - 3 - stride, MOST_REACH);
  const [lightFirst, lightLast] = lightest(value, stride, last);
  for (const from of [lightFirst, lightLast, last, last >>> 1]) {
    if (bestCost === 0) break;
    if (from === best) continue;
    const cost = blockCost(entry, from, stride, probes, byId, bestCost);
    if (cost < bestCost) {
      best = from;
      bestCost = cost;
    }
  }
  return best;
}

/** How many block starts {@linkcode lightest} weighs from each end of a value. */
const LIGHT_REACH = 16;

/**
 * The lightest block ({@linkcode windowWeight}, summed over the block)
 * among the first LIGHT_REACH starts, and the lightest among the last
 * LIGHT_REACH up to `last` (the first or the last on a tie; a block that
 * weighs nothing ends its search). Bounded: it runs for every value
 * remembered whose first block is not free.
 */
function lightest(value: Uint8Array, stride: number, last: number): [number, number] {
  if (last <= 0) return [0, 0];
  return [
    lightestIn(value, stride, 0, Math.min(last, LIGHT_REACH), 1),
    lightestIn(value, stride, last, Math.max(0, last - LIGHT_REACH), -1),
  ];
}

/** The lightest block starting from `from` to `to` (either way, by `step`), the first found on a tie. */
function lightestIn(
  value: Uint8Array,
  stride: number,
  from: number,
  to: number,
  step: 1 | -1,
): number {
  let sum = 0;
  for (let j = from; j < from + stride; j++) sum += weightOf(value, j);
  let best = from;
  let least = sum;
  for (let k = from + step; least > 0 && (step === 1 ? k <= to : k >= to); k += step) {
    // The window leaving the block and the one entering it.
    sum += step === 1
      ? weightOf(value, k + stride - 1) - weightOf(value, k - 1)
      : weightOf(value, k) - weightOf(value, k + stride);
    if (sum < least) {
      least = sum;
      best = k;
    }
  }
  return best;
}

/**
 * What a window of ordinary text weighs against one value its probe list
 * holds: such a window (`2026`, `\\n  `, `SECR`, `Pass`, `":"2`) meets
 * ordinary text thousands of times in 50 MB, each hit a map lookup and a
 * comparison, while a list entry costs a comparison only where the window
 * itself occurs (the value's own copies, or a stem shared with it). So a
 * value whose first block is shared with its own other forms (a JSON-escaped
 * copy has the same bytes up to its first escape) moves to a block of random
 * bytes, not to its indentation, its date or a key name inside it.
 */
const COMMON_WEIGHT = 16;

/**
 * What each other value a window's probe list holds already weighs: half
 * a plain window. A list entry costs a comparison wherever the window
 * occurs, and a window of random bytes occurs only in the copies of the
 * values it indexes. A value's own forms are not counted: they share its
 * bytes up to their first escape (a value has up to a dozen: JSON-escaped,
 * percent-encoded, base64 with and without a line break), and where one
 * occurs the others' comparisons end at that escape.
 */
const LISTED_WEIGHT = 2;

/**
 * A probe list this long weighs as much per value as a window of ordinary
 * text: a block is crowded further only when every block weighed is.
 */
const CROWDED = 8;

/**
 * What a window of digits, or of an upper-case or capitalised word, weighs
 * (`2026`, `SECR`, `Pass`): less than a window of prose, since a random
 * token's upper-case letters make such windows too.
 */
const PLAIN_WEIGHT = 4;

/** True when bytes[at] is a letter right after a backslash, as is or percent-encoded (`%5C`). */
function escapedLetter(bytes: Uint8Array, at: number): boolean {
  const b = bytes[at]! | 0x20;
  if (b < 0x61 || b > 0x7a) return false;
  if (at > 0 && bytes[at - 1] === 0x5c) return true;
  return at > 2 && bytes[at - 3] === 0x25 && bytes[at - 2] === 0x35 &&
    (bytes[at - 1]! | 0x20) === 0x63;
}

/** {@linkcode WINDOW_CLASS}: a lower-case letter. */
const LOWER = 1;
/** {@linkcode WINDOW_CLASS}: an upper-case letter. */
const UPPER = 2;
/** {@linkcode WINDOW_CLASS}: a digit. */
const DIGIT = 3;
/** {@linkcode WINDOW_CLASS}: a byte of ordinary text besides letters and digits (blank, line break, common punctuation). */
const PUNCT = 4;
/** {@linkcode WINDOW_CLASS}'s flag of a wordy byte ({@linkcode isWordy}). */
const WORDY = 8;

/**
 * Each byte's class for {@linkcode windowWeight} (0 for anything rarer:
 * `+`, `~`, a byte over 0x7f), with WORDY or'd in: one load a byte instead
 * of a chain of comparisons (windowWeight runs for every window of every
 * block weighed).
 */
const WINDOW_CLASS = new Uint8Array(256);
for (let b = 0x61; b <= 0x7a; b++) WINDOW_CLASS[b] = LOWER;
for (let b = 0x41; b <= 0x5a; b++) WINDOW_CLASS[b] = UPPER;
for (let b = 0x30; b <= 0x39; b++) WINDOW_CLASS[b] = DIGIT;
for (const c of " \n\t\r-_./:=\"'\\,;(){}[]") WINDOW_CLASS[c.charCodeAt(0)] = PUNCT;
for (let b = 0; b < 256; b++) if (isWordy(b)) WINDOW_CLASS[b]! |= WORDY;

/**
 * How ordinary the window at `j` is: COMMON_WEIGHT for prose (wordy, see
 * {@linkcode isWordy}), PLAIN_WEIGHT for other text (a word in upper case
 * or capitalised, or digits, with blanks and punctuation), 0 for anything
 * rarer (letters mixed with digits, a lower-case letter before an
 * upper-case one, a byte such as `+`, `~`).
 */
function windowWeight(value: Uint8Array, j: number): number {
  let letters = false;
  let digits = false;
  let lower = false;
  let wordy = WORDY;
  for (let d = 0; d < 4; d++) {
    const c = WINDOW_CLASS[value[j + d]!]!;
    const k = c & 7;
    if (k === 0) return 0;
    wordy &= c;
    // The letter of an escape (`\n2026`, `%5Cn`) is punctuation here.
    if (k <= UPPER && escapedLetter(value, j + d)) {
      lower = false;
    } else if (k === LOWER) {
      letters = true;
      lower = true;
    } else if (k === UPPER) {
      if (lower) return 0; // `uE`: a case change inside a word is a random token's
      letters = true;
    } else if (k === DIGIT) {
      digits = true;
      lower = false;
    } else lower = false;
  }
  if (letters && digits) return 0;
  return wordy !== 0 ? COMMON_WEIGHT : PLAIN_WEIGHT;
}

/**
 * Windows of one value whose weight and cost {@linkcode leastCrowded} keeps
 * while it weighs the value's blocks: every block it weighs lies within them
 * (but indexedFrom's, which may lie further in), and the blocks overlap, so
 * each window is read once, not once per block (about three times before).
 */
const WEIGHED = MOST_REACH + MAX_STRIDE;
/** The windowWeight of each window of the value being weighed, -1 until it is read. */
const weights = new Int8Array(WEIGHED);
/** The blockCost term of each window of the value being weighed, -1 until it is read. */
const costs = new Int32Array(WEIGHED);

/** {@linkcode windowWeight}, kept for the value leastCrowded weighs. */
function weightOf(value: Uint8Array, j: number): number {
  if (j >= WEIGHED) return windowWeight(value, j);
  let w = weights[j]!;
  if (w < 0) weights[j] = w = windowWeight(value, j);
  return w;
}

/**
 * The other values the windows of the block at `from` index already (each
 * LISTED_WEIGHT, COMMON_WEIGHT once a list is CROWDED; the entry's own
 * forms are free), plus each window's {@linkcode windowWeight} (stops at
 * `enough`).
 */
function blockCost(
  entry: Remembered,
  from: number,
  stride: number,
  probes: ProbeLists,
  byId: readonly Remembered[],
  enough: number,
): number {
  let cost = 0;
  for (let j = from; j < from + stride && cost < enough; j++) {
    let c = j < WEIGHED ? costs[j]! : -1;
    if (c < 0) {
      c = windowCost(entry, j, probes, byId);
      if (j < WEIGHED) costs[j] = c;
    }
    cost += c;
  }
  return cost;
}

/** The other values the window at `j` of `entry` indexes already, weighed, plus its weight (see blockCost). */
function windowCost(
  entry: Remembered,
  j: number,
  probes: ProbeLists,
  byId: readonly Remembered[],
): number {
  const value = entry.bytes;
  let others = 0;
  for (let c = probes.first(wordAt(value, j)); c !== -1; c = probes.next[c]!) {
    if (byId[probes.ids[c]!]!.group !== entry.group && ++others >= CROWDED) break;
  }
  return others * (others < CROWDED ? LISTED_WEIGHT : COMMON_WEIGHT) + weightOf(value, j);
}

/**
 * The values found so far in one input, bounded, and the search for their
 * copies.
 *
 * The search reads one 4-byte window every `stride` bytes (the shortest
 * value's length minus 3, at most 16) and looks it up in a bitmap (two bits
 * a window, by two hashes) of `stride` consecutive windows of every value
 * (from the offset leastCrowded picks: {@linkcode indexedFrom}'s, or a block
 * of rarer windows): any occurrence of a value spans one probe at one of
 * those offsets, and only bitmap hits are compared.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CopyMemory } from "./copies.ts";
 * const bytes = new TextEncoder().encode("TOKEN=q8Zr1mXw4Lp0 then echo q8Zr1mXw4Lp0");
 * const memory = new CopyMemory();
 * memory.remember(bytes, [{ kind: "env_secret", start: 6, end: 18 }]);
 * assert.deepEqual(memory.find(bytes, 0, bytes.length), [
 *   { kind: "env_secret", start: 6, end: 18 },
 *   { kind: "env_secret", start: 29, end: 41 },
 * ]);
 * ```
 */
export class CopyMemory {
  #bounds: CopyBounds;
  /** Insertion order (oldest first); the map keeps the same order. */
  #values = new Map<string, Remembered>();
  /** Each value found (by its key) and the entries of it and its other forms, oldest first. */
  #groups = new Map<string, Remembered[]>();
  #bytes = 0;
  /** The index, rebuilt lazily when values came or went. */
  #stale = true;
  /** Values remembered since the index was last brought up to date. */
  #added: Remembered[] = [];
  /** A value was forgotten since the last rebuild (its probes must go). */
  #forgot = false;
  #stride = MAX_STRIDE;
  /**
   * The largest offset of a value's first indexed window: a copy starting at
   * `a` is met by a probe at most `a + reach + stride - 1`.
   */
  #reach = 0;
  #probes = new ProbeLists();
  /** The values indexed, by the id their probe list cells hold. */
  #byId: Remembered[] = [];
  /** The probe lists longer than CROWDED, their entries grouped by shape (see {@linkcode Shape}). */
  #shapes = new Map<number, Shape[]>();
  /** Words whose list grew past CROWDED since their shapes were grouped. */
  #regroup = new Set<number>();
  /** Candidates compared so far: a value against the bytes, or a shape's text looked up. */
  #comparisons = 0;
  /** Blocks chosen so far (see indexed). */
  #indexed = 0;
  #bitmap = new Uint8Array(0);
  #shift = 32;
  /** Changes with the bitmap's content (for a probe that keeps a copy of it). */
  #version = 0;

  /**
   * @param bounds Overrides of {@linkcode COPY_BOUNDS}.
   */
  constructor(bounds: Partial<CopyBounds> = {}) {
    this.#bounds = { ...COPY_BOUNDS, ...bounds };
  }

  /** Number of values remembered now. */
  get size(): number {
    return this.#groups.size;
  }

  /**
   * Most values one probe window is indexed for (the comparisons a probe
   * hit may cost): the index's crowding, for tests and benches.
   */
  get longestProbeList(): number {
    if (this.#values.size === 0) return 0;
    if (this.#stale) this.#update();
    let most = 0;
    this.#probes.forEach((_word, _first, count) => most = Math.max(most, count));
    return most;
  }

  /**
   * Candidates the searches so far compared (a value against the bytes at
   * one place, or the text of one shape looked up): their work, for tests
   * and benches.
   */
  get comparisons(): number {
    return this.#comparisons;
  }

  /**
   * Blocks chosen so far (a value or form indexed, each again when a
   * forgotten value rebuilds the index): the index's upkeep, for tests and
   * benches.
   */
  get indexed(): number {
    return this.#indexed;
  }

  /** Bytes of values and their other forms remembered now. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Remembers the value of each finding (bytes[start, end)).
   * @param bytes The buffer the findings are in.
   * @param findings Findings with offsets into `bytes`.
   */
  remember(bytes: Uint8Array, findings: readonly RawFinding[]): void {
    const b = this.#bounds;
    const minBytes = Math.max(4, b.minBytes);
    for (const f of findings) {
      const len = f.end - f.start;
      if (len < minBytes || len > b.maxValueBytes || f.start < 0) continue;
      if (f.end > bytes.length) continue;
      if (isOneWord(bytes, f.start, f.end)) continue;
      this.#add(bytes.slice(f.start, f.end), f.kind);
    }
  }

  /**
   * Remembers one value that is not in the input as such (a wrapped value
   * joined from its lines, see wraps.ts), under the same bounds.
   * @param value The value's bytes (kept: pass a copy).
   * @param kind The kind its copies are redacted as.
   */
  rememberValue(value: Uint8Array, kind: string): void {
    const b = this.#bounds;
    if (value.length < Math.max(4, b.minBytes) || value.length > b.maxValueBytes) return;
    if (isOneWord(value, 0, value.length)) return;
    this.#add(value, kind);
  }

  /** Remembers `value` and its other forms (the checks of its length and words are done). */
  #add(value: Uint8Array, kind: string): void {
    const b = this.#bounds;
    const minBytes = Math.max(4, b.minBytes);
    const key = byteText(value);
    const known = this.#groups.get(key);
    if (known !== undefined) {
      // Found again: now the newest, the last to be forgotten.
      this.#groups.delete(key);
      this.#groups.set(key, known);
      return;
    }
    const group: Remembered[] = [];
    for (const form of [{ key, bytes: value }, ...copyForms(value, minBytes)]) {
      if (form.bytes.length > b.maxValueBytes || this.#values.has(form.key)) continue;
      // A form that is one word is skipped as such a value is: the password of a Basic
      // header's `deploy:production` would otherwise redact every `production`.
      if (form.bytes !== value && isOneWord(form.bytes, 0, form.bytes.length)) continue;
      const entry = { bytes: form.bytes, kind, key: form.key, group: key, from: 0, id: -1 };
      this.#values.set(form.key, entry);
      this.#bytes += form.bytes.length;
      this.#added.push(entry);
      group.push(entry);
    }
    this.#groups.set(key, group);
    this.#stale = true;
    while (this.#groups.size > b.maxValues || this.#bytes > b.maxBytes) {
      const oldest = this.#groups.entries().next();
      if (oldest.done === true) break;
      this.#groups.delete(oldest.value[0]);
      for (const entry of oldest.value[1]) {
        this.#values.delete(entry.key);
        this.#bytes -= entry.bytes.length;
      }
      this.#forgot = true;
    }
  }

  /**
   * Brings the index up to date: the values added since the last search are
   * indexed in place; only a forgotten value (its probes must go) rebuilds
   * it. A value shorter than the stride lowers it for the values indexed
   * from then on: those indexed before keep their wider blocks, which any
   * probe of the lower stride still meets (every `stride` consecutive
   * windows of a block hold one probe), so nothing is indexed again. A
   * bitmap grown too crowded is made anew from the probe lists' windows,
   * the blocks as they are.
   */
  #update(): void {
    const added = this.#added;
    this.#added = [];
    this.#stale = false;
    if (this.#forgot || this.#bitmap.length === 0) return this.#rebuild();
    let stride = this.#stride;
    for (const entry of added) stride = Math.min(stride, Math.max(1, entry.bytes.length - 3));
    if (stride < this.#stride) this.#narrow(stride);
    const windows = this.#probes.size + added.length * this.#stride;
    if (windows * MOST_LOAD > this.#bitmap.length * 8 && this.#bitmap.length < MOST_BITMAP) {
      this.#regrow(windows);
    }
    for (const entry of added) {
      const from = leastCrowded(entry, this.#stride, this.#probes, this.#byId);
      entry.from = from;
      entry.id = this.#byId.length;
      this.#byId.push(entry);
      this.#indexed++;
      if (from > this.#reach) this.#reach = from;
      for (let offset = from; offset < from + this.#stride; offset++) {
        const word = wordAt(entry.bytes, offset);
        if (this.#probes.add(word, entry.id, offset) > CROWDED) this.#regroup.add(word);
        setBit(this.#bitmap, word, this.#shift);
      }
    }
    this.#group();
    this.#version++;
  }

  /**
   * Lowers the stride to `stride`: each indexed value's block keeps its
   * first `stride` windows (any `stride` consecutive windows of a value meet
   * a probe), the probes of the rest go; their bits stay in the bitmap until
   * it is made anew (a stale bit costs a lookup where it is met, no more).
   */
  #narrow(stride: number): void {
    const old = this.#probes;
    const lists = new ProbeLists(old.cells);
    old.forEach((word, first, count) => {
      let kept = 0;
      for (let c = first; c !== -1; c = old.next[c]!) {
        const id = old.ids[c]!;
        const offset = old.offsets[c]!;
        if (offset - this.#byId[id]!.from >= stride) continue;
        lists.add(word, id, offset);
        kept++;
      }
      if (kept !== count && count > CROWDED) this.#regroup.add(word);
    });
    this.#probes = lists;
    this.#stride = stride;
  }

  /**
   * A new bitmap sized for `windows` indexed windows, the probe lists'
   * windows set in it: about 512 bits per window (two set each) keeps false
   * hits far below 0.2 % (one bit a window: 0.2 %); in place additions may
   * fill it to one in MOST_LOAD before it is made anew. At most
   * MOST_BITMAP bytes.
   */
  #regrow(windows: number): void {
    let bits = 15;
    while (2 ** (bits - 3) < MOST_BITMAP && 2 ** bits < windows * 512) bits++;
    const bitmap = new Uint8Array(2 ** (bits - 3));
    const shift = 32 - bits;
    this.#probes.forEach((word) => setBit(bitmap, word, shift));
    this.#bitmap = bitmap;
    this.#shift = shift;
  }

  /**
   * Groups the entries of each list longer than CROWDED by shape: in the
   * worst case (values sharing every block: a hostile stem with a distinct
   * part shorter than a block) one occurrence of the stem then costs a
   * lookup per shape, not a comparison per value.
   */
  #group(): void {
    const lists = this.#probes;
    for (const word of this.#regroup) {
      if (lists.count(word) <= CROWDED) {
        this.#shapes.delete(word);
        continue;
      }
      const shapes = new Map<string, Shape>();
      for (let c = lists.first(word); c !== -1; c = lists.next[c]!) {
        const p = { entry: this.#byId[lists.ids[c]!]!, offset: lists.offsets[c]! };
        const id = `${p.offset}:${p.entry.bytes.length}`;
        let shape = shapes.get(id);
        if (shape === undefined) {
          shape = { offset: p.offset, length: p.entry.bytes.length, byText: new Map() };
          shapes.set(id, shape);
        }
        const same = shape.byText.get(p.entry.key);
        if (same === undefined) shape.byText.set(p.entry.key, [p]);
        else same.push(p);
      }
      this.#shapes.set(word, [...shapes.values()]);
    }
    this.#regroup.clear();
  }

  #rebuild(): void {
    let shortest = Infinity;
    for (const e of this.#values.values()) shortest = Math.min(shortest, e.bytes.length);
    const stride = Math.max(1, Math.min(MAX_STRIDE, shortest - 3));
    const probes = new ProbeLists(this.#values.size * stride);
    const byId: Remembered[] = [];
    let reach = 0;
    for (const entry of this.#values.values()) {
      const from = leastCrowded(entry, stride, probes, byId);
      entry.from = from;
      entry.id = byId.length;
      byId.push(entry);
      this.#indexed++;
      if (from > reach) reach = from;
      for (let offset = from; offset < from + stride; offset++) {
        probes.add(wordAt(entry.bytes, offset), entry.id, offset);
      }
    }
    this.#reach = reach;
    this.#shapes.clear();
    this.#regroup.clear();
    probes.forEach((word, _first, count) => {
      if (count > CROWDED) this.#regroup.add(word);
    });
    this.#stride = stride;
    this.#probes = probes;
    this.#byId = byId;
    this.#regrow(probes.size);
    this.#stale = false;
    this.#forgot = false;
    this.#group();
    this.#version++;
  }

  /**
   * Every standalone occurrence of a remembered value that starts in
   * [from, to) of `bytes` (it may end past `to`, within `bytes`). Where
   * occurrences overlap, the longer (then the earlier) one is kept.
   * @param bytes The buffer to search.
   * @param from First start offset.
   * @param to End of the start offsets.
   * @param probe The probe loop run elsewhere over these bytes (the engine's WebAssembly), if any.
   * @returns Non-overlapping occurrences sorted by start.
   */
  find(bytes: Uint8Array, from: number, to: number, probe?: CopyProbe | null): RawFinding[] {
    if (this.#values.size === 0) return [];
    if (this.#stale) this.#update();
    const bitmap = this.#bitmap;
    const shift = this.#shift;
    const stride = this.#stride;
    const hits: RawFinding[] = [];
    const first = Math.max(0, from);
    const last = Math.min(to + this.#reach + stride - 1, bytes.length - 4);
    const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const lists = this.#probes;
    const { ids, offsets, next } = lists;
    const byId = this.#byId;
    const look = (i: number) => {
      // The big-endian word the probe lists are keyed by, read from the
      // bytes: a DataView call is not inlined at every tier, four byte loads are.
      const word = wordAt(bytes, i);
      const shapes = this.#shapes.size === 0 ? undefined : this.#shapes.get(word);
      if (shapes !== undefined) return this.#lookShapes(bytes, i, first, to, shapes, hits);
      for (let c = lists.first(word); c !== -1; c = next[c]!) {
        const offset = offsets[c]!;
        const at = i - offset;
        if (at < first || at >= to) continue;
        const entry = byId[ids[c]!]!;
        this.#comparisons++;
        if (this.#standsAt(bytes, at, entry.bytes, offset)) {
          hits.push({ kind: entry.kind, start: at, end: at + entry.bytes.length });
        }
      }
    };
    if (probe !== undefined && probe !== null && first <= last) {
      for (const i of probe(bitmap, this.#version, first, last, stride, shift)) look(i);
    } else {
      for (let i = first; i <= last; i += stride) {
        i = nextProbeHit(words, i, last, stride, bitmap, shift);
        if (i < 0) break;
        look(i);
      }
    }
    if (hits.length < 2) return hits;
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    const out: RawFinding[] = [];
    for (const h of hits) {
      const prev = out[out.length - 1];
      if (prev !== undefined && h.start < prev.end) {
        if (h.end - h.start <= prev.end - prev.start) continue;
        out.pop();
      }
      out.push(h);
    }
    return out;
  }

  /** The values of a crowded list's shapes that stand at the probe at `i`, into `hits`. */
  #lookShapes(
    bytes: Uint8Array,
    i: number,
    first: number,
    to: number,
    shapes: readonly Shape[],
    hits: RawFinding[],
  ): void {
    for (const shape of shapes) {
      const at = i - shape.offset;
      if (at < first || at >= to || at + shape.length > bytes.length) continue;
      this.#comparisons++;
      const same = shape.byText.get(byteText(bytes.subarray(at, at + shape.length)));
      if (same === undefined) continue;
      for (const p of same) {
        if (this.#standsAt(bytes, at, p.entry.bytes, p.offset)) {
          hits.push({ kind: p.entry.kind, start: at, end: at + p.entry.bytes.length });
        }
      }
    }
  }

  /**
   * True when `value` occurs at `at` in `bytes`, not continued by a letter
   * or digit. Compared from `from` (the probed window) to the end, then from
   * the start: values that share a stem differ past it, where their block is.
   */
  #standsAt(bytes: Uint8Array, at: number, value: Uint8Array, from: number): boolean {
    const end = at + value.length;
    if (end > bytes.length) return false;
    for (let k = from; k < value.length; k++) if (bytes[at + k] !== value[k]) return false;
    for (let k = 0; k < from; k++) if (bytes[at + k] !== value[k]) return false;
    if (isAlnum(value[0]!) && at > 0 && isAlnum(bytes[at - 1]!) && !escapeEndsAt(bytes, at)) {
      return false;
    }
    return !(isAlnum(value[value.length - 1]!) && end < bytes.length && isAlnum(bytes[end]!));
  }
}

/**
 * Joins rule findings and copies in start order. A copy inside a rule
 * finding adds nothing; where a copy and a rule finding overlap otherwise,
 * one finding covers both, of the rule's kind: a rule that stops inside a
 * remembered value (`curl -u admin:pass word` ends at the blank) must not
 * leave the rest of the value's copy in clear.
 * @param found Rule findings, sorted and non-overlapping.
 * @param copies Copies, sorted and non-overlapping.
 * @returns The union, sorted and non-overlapping.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeCopies } from "./copies.ts";
 * const a = [{ kind: "x", start: 0, end: 10 }];
 * const b = [{ kind: "y", start: 2, end: 8 }, { kind: "y", start: 20, end: 28 }];
 * assert.deepEqual(mergeCopies(a, b), [a[0], b[1]]);
 * assert.deepEqual(mergeCopies(a, [{ kind: "y", start: 6, end: 14 }]), [{ kind: "x", start: 0, end: 14 }]);
 * ```
 */
export function mergeCopies(
  found: readonly RawFinding[],
  copies: readonly RawFinding[],
): RawFinding[] {
  if (copies.length === 0) return [...found];
  const out: RawFinding[] = [];
  /** Whether the last span of `out` holds a rule finding (whose kind it keeps). */
  let lastIsRule = false;
  let i = 0;
  let j = 0;
  while (i < found.length || j < copies.length) {
    const rule = j >= copies.length || (i < found.length && found[i]!.start <= copies[j]!.start);
    const next = rule ? found[i++]! : copies[j++]!;
    const last = out[out.length - 1];
    if (last === undefined || next.start >= last.end) {
      out.push(next);
      lastIsRule = rule;
      continue;
    }
    if (next.end <= last.end && (lastIsRule || !rule)) continue;
    out[out.length - 1] = {
      kind: lastIsRule || !rule ? last.kind : next.kind,
      start: last.start,
      end: Math.max(last.end, next.end),
    };
    lastIsRule ||= rule;
  }
  return out;
}
