// The secret scanner's hot loop: one pass of a keyword DFA over UTF-8 bytes.
//
// AssemblyScript, compiled with the stub runtime (no allocator, no GC): the
// caller owns every byte of linear memory and passes offsets. The DFA is an
// Aho-Corasick automaton with ASCII case folding built in TypeScript
// (core/safety/secrets/automaton.ts); each table entry holds the next state's
// row offset (state * classCount) with bit 31 set when that state ends at
// least one keyword and bit 30 when it is three or more bytes deep. For every byte whose state ends a keyword the loop
// writes one hit, (byte index, row offset), as two u32 values.
//
// Root skip: while the DFA is in its start state, a byte whose 3-byte window
// starts no keyword is stepped over with one independent bitmap load instead
// of the dependent table walk. This is exact because every keyword is at
// least three bytes long: the skipped byte can only lead to states of depth
// two or less, which end no keyword and are forgotten once the next two
// bytes are read from the start state. The window is case-folded by setting
// bit 5 of each byte (A-Z onto a-z, and some punctuation onto other
// punctuation: an over-approximation, never a miss) and hashed into a bitmap
// of 2^18 bits (see startsAt); a collision only skips less. Four windows are
// tested per step (one 8-byte load) while none passes; a window that passes
// is tested again over four bytes (startsAt4: a whole three-byte keyword, or
// the first four bytes of a longer one), which drops about 40 % of the stops
// in a transcript (`sec` of `second`, `pas` of `past`). Skipping a byte is
// exact whenever no keyword starts at it: the partial match it would begin
// dies within the window, before the end of the data.

// Name check: a state may carry a list of checks (see namePasses); a hit
// there is written only when one of them passes, with the set of those that
// passed (the engine then confirms only the rules whose check passed), so
// the keyword hits of assignment rules whose name is not followed by an
// operator (`"input_tokens"` in prose, `tokenizer.encode(`) never reach
// TypeScript, which would reject them with the same test. A list of eight or
// more checks first tests, per group of checks whose names end at one byte,
// the union of their operator sets at that name's landing (groupsMayPass),
// so a group with no operator there is skipped without decoding its checks.
//
// Shallow reset: a state one or two bytes deep goes back to the start state
// when neither 3-byte window its partial keywords start at begins a keyword
// (bit 30 of a table entry marks the deeper states), so ordinary words,
// whose letters keep the DFA one byte deep, are skipped too. Hits stay
// exact; the state after the last byte equals the plain loop's, because a
// reset needs the two bytes after it inside the data.
//
// Semantics shared with the pure-TS reference (scanDfaTs in
// core/safety/secrets/prefilter_ts.ts); a parity test holds them equal.

let resumeState: u32 = 0;
/** Where the placeholder openings begin in memory (see placeholderAt), 0 when none; set by scan. */
let openings: usize = 0;
let resumeIndex: u32 = 0;
let orBits: u32 = 0;

/** Row offset of the DFA state after the last scanned byte. */
export function lastState(): u32 {
  return resumeState;
}

/** Index of the first byte not yet scanned (equals `to` unless the hit buffer filled). */
export function lastIndex(): u32 {
  return resumeIndex;
}

/**
 * Bitwise OR of every byte scanned since the last reset, some of them OR-ed
 * in as little-endian 3-byte windows: pure ASCII when bits 7, 15 and 23 are
 * clear.
 */
export function bytesOr(): u32 {
  return orBits;
}

/** Clears the OR accumulator. */
export function resetOr(): void {
  orBits = 0;
}

/**
 * Runs the DFA over data[from, to) starting in row offset `state`; writes at
 * most `cap` hits at `out` (byte index, row offset) and each hit's passed
 * checks (see namePasses) at `out + cap * 8`, and returns how many were
 * written. When the buffer fills, lastIndex() tells where to resume.
 */
export function scan(
  data: usize,
  from: u32,
  to: u32,
  state: u32,
  classes: usize,
  table: usize,
  starts: usize,
  out: usize,
  cap: u32,
  checks: usize,
  program: usize,
  sets: usize,
  classCount: u32,
): u32 {
  memory.fill(RUNS, 0, 256 * 8);
  memory.fill(ENDS, 0, 256 * 16);
  memory.fill(REACHES, 0xff, 256 * 16);
  hitCount = 0;
  setsAt = sets;
  // A row offset is state * classCount: the state is the offset shifted
  // right by the class count's twos, times the inverse of its odd part
  // modulo 2^32 (Newton's iteration; exact for multiples), not a division.
  rowShift = ctz(classCount);
  const odd = classCount >> rowShift;
  let inv = odd;
  for (let k = 0; k < 5; k++) inv *= 2 - odd * inv;
  rowInverse = inv;
  // Word 0 of the program: the index of the placeholder openings (0: none).
  const openingsIndex = checks === 0 ? 0 : load<u32>(program);
  openings = openingsIndex === 0 ? 0 : program + (<usize> openingsIndex << 2);
  let row: u32 = state;
  let n: u32 = 0;
  let acc: u64 = 0;
  let i: u32 = from;
  // A reset is not possible while a window it would test is the one the
  // skip stopped at (it starts a keyword): up to two bytes past it.
  let guard: u32 = 0;
  const short3 = starts + START_BYTES;
  const long4 = short3 + START_BYTES;
  while (i < to) {
    if (row === 0) {
      while (true) {
        // Four windows per step while none passes the 3-byte test (one
        // 8-byte load; little-endian: a window's first byte is its low byte).
        while (i + 8 <= to) {
          const q = load<u64>(data + <usize> i);
          const lo = <u32> q;
          const mid = <u32> (q >> 16);
          if (
            (bitAt(lo & 0xffffff, starts) | bitAt(lo >> 8, starts) |
              bitAt(mid & 0xffffff, starts) | bitAt(mid >> 8, starts)) !== 0
          ) break;
          acc |= q;
          i += 4;
        }
        // Then one window at a time, up to four (or to the end), with the
        // 4-byte test after the 3-byte one.
        const last: u32 = to > 3 ? to - 3 : 0;
        const lim = i + 8 <= to ? i + 4 : last;
        let stop = false;
        while (i < lim) {
          const w = load<u32>(data + <usize> i);
          if (startsAt(w & 0xffffff, starts) && startsAt4(w, short3, long4)) {
            stop = true;
            break;
          }
          acc |= <u64> w;
          i++;
        }
        if (stop || i >= last) break;
      }
      guard = i + 2;
    }
    const b = <u32> load<u8>(data + <usize> i);
    acc |= <u64> b;
    const e = load<u32>(table + (<usize> (row + <u32> load<u8>(classes + <usize> b)) << 2));
    row = e & 0x3fffffff;
    const passed = e >> 31 ? namePasses(data, i, to, row, checks, program, sets) : 0;
    if (passed !== 0) {
      const o = out + (<usize> n << 3);
      store<u32>(o, i);
      store<u32>(o, row, 4);
      store<u32>(out + (<usize> cap << 3) + (<usize> n << 2), passed);
      n++;
      if (n === cap) {
        i++;
        break;
      }
    }
    i++;
    // Shallow reset: a state at most two bytes deep holds partial keywords
    // that start at byte i - 2 or i - 1; when no keyword starts with the
    // 3-byte window at either, none of them can end, and the start state
    // (with its skip) reads on. Only where both windows lie inside the data.
    if ((e & 0x40000000) === 0 && row !== 0 && i > guard && i >= 2 && i + 2 <= to) {
      if (
        !startsAt(load<u32>(data + <usize> (i - 2)) & 0xffffff, starts) &&
        !startsAt(load<u32>(data + <usize> (i - 1)) & 0xffffff, starts)
      ) row = 0;
    }
  }
  resumeState = row;
  resumeIndex = i;
  // Every byte's high bit lands on bit 7 (bytesOr's test).
  let folded = <u32> acc | <u32> (acc >> 32);
  folded |= folded >> 16;
  folded |= folded >> 8;
  orBits |= folded & 0xff;
  return n;
}

/** Bytes of each window bitmap (2^18 bits, see startsAt). */
const START_BYTES: usize = 32768;

/** startsAt as 0 or 1, for OR-ing several windows without a branch each. */
// @ts-ignore: decorator

function bitAt(window: u32, starts: usize): u32 {
  const h = ((window | 0x202020) * 0x9e3779b1) >>> 14;
  return (<u32> load<u8>(starts + <usize> (h >> 3)) >> (h & 7)) & 1;
}

/**
 * The second test of a window that passed startsAt, over four bytes (all
 * inside the data): true when its first three bytes, case-folded, may be a
 * whole three-byte keyword (bitmap `short3`, hashed as startsAt) or its four
 * bytes may begin a longer keyword (bitmap `long4`, the case-folded 4-byte
 * window hashed the same way). Exact for the skip as startsAt is: false only
 * when no keyword starts at the window.
 */
// @ts-ignore: decorator

function startsAt4(w: u32, short3: usize, long4: usize): bool {
  if (bitAt(w & 0xffffff, short3) !== 0) return true;
  const h = ((w | 0x20202020) * 0x9e3779b1) >>> 14;
  return ((<u32> load<u8>(long4 + <usize> (h >> 3)) >> (h & 7)) & 1) !== 0;
}

/**
 * True when a keyword may start at the 3-byte `window` (little-endian, all
 * inside the data): the bit of the case-folded window is set in the
 * 2^18-bit bitmap at `starts` (the hash of windowHash in wasm/mod.ts).
 */
function startsAt(window: u32, starts: usize): bool {
  const h = ((window | 0x202020) * 0x9e3779b1) >>> 14;
  return ((<u32> load<u8>(starts + <usize> (h >> 3)) >> (h & 7)) & 1) !== 0;
}

/** See scan: the state of a row offset is (row >> rowShift) * rowInverse. */
let rowShift: u32 = 0;
let rowInverse: u32 = 1;
/** This scan's `sets`. */
let setsAt: usize = 0;

/** Hits whose checks ran in this scan (namePasses calls that reached a list), from 1. */
let hitCount: u32 = 0;

/**
 * Per lead set (256 of them), four u32: the hit (hitCount) and keyword
 * length the name's end was last found for, and that end (NO_NAME when the
 * name is too long). A hit's checks of one lead set and keyword length
 * share it: a state's list holds several (`token` has five on one set).
 * Cleared by each scan.
 */
const ENDS: usize = memory.data(256 * 16);
const NO_NAME: u32 = 0xffffffff;

/** Longest name a check reads, plus one (the engine's MAX_NAME). */
const MAX_NAME: u32 = 98;

/**
 * Per lead set (256 of them), two u32: [from, to), a run of the data's
 * bytes known to be all in the set, from the last name walked with it.
 * Cleared by each scan (offsets are the data's). A walk that starts inside
 * the run goes on from its end.
 */
const RUNS: usize = memory.data(256 * 8);

/**
 * Per set (256 of them), four u32 from the last reach walk with it that ran
 * to its length or the data's end (see reachAt): [from, to), a stretch whose
 * every byte is in the set, the separator or the end byte, with no end byte
 * after its first separator; the last separator in it (NO_SEPARATOR: none);
 * and the separator and end byte walked for (the shape's bits 0-15, all
 * ones: nothing yet). Cleared by each scan (offsets are the data's). A walk
 * from inside the stretch reads on from its end: a run of hits in one long
 * run of the set (`token=token=…`, `<x>secret</x>` attributes) costs each
 * byte one read per set, not one per hit.
 */
const REACHES: usize = memory.data(256 * 16);
const NO_SEPARATOR: u32 = 0xffffffff;

/**
 * The name checks of the state at `row` for the keyword ending at byte `i`:
 * which of them pass, bit k for the k-th check of the state's list (bit 31
 * for the 32nd and later together), all bits when the state has none; 0
 * drops the hit. `checks` is 0 (no checks anywhere) or holds one u32 per
 * state: 0 (no check) or the index in `program` of a list [count, entry...],
 * each entry two u32: a keyword length, a lead set and an operator set
 * (bits 0-7, 8-15, 16-23; a set is a 256-byte table at sets + id * 256),
 * then the operator shape (bits 0-15, see operatorAfter), the least value
 * length (bits 16-23, 0 for no value check) and the blanks allowed before
 * the value (bits 24-31). A check passes when the run of lead bytes that
 * holds the keyword (its trailing non-lead bytes dropped) is shorter than
 * MAX_NAME, an operator follows it and, with a value check, a value can
 * follow the operator (see valueAt). An entry whose second word has bit 31
 * set is a tail check instead (see tailAt), or with bits 31 and 30 a reach
 * check (see reachAt); a shape of all ones always passes (a rule the
 * pass cannot check, beside rules it can).
 */
function namePasses(
  data: usize,
  i: u32,
  to: u32,
  row: u32,
  checks: usize,
  program: usize,
  sets: usize,
): u32 {
  if (checks === 0) return 0xffffffff;
  const at = load<u32>(checks + (<usize> ((row >> rowShift) * rowInverse) << 2));
  if (at === 0) return 0xffffffff;
  const list = program + (<usize> at << 2);
  const count = load<u32>(list);
  hitCount++;
  landEnd = NO_LANDING;
  let maybe: u32 = 0xffffffff;
  if (count >= MIN_GROUPED) {
    maybe = groupsMayPass(data, i, to, at, list, count, program);
    if (maybe === 0) return 0;
  }
  let passed: u32 = 0;
  for (let k: u32 = 0; k < count; k++) {
    const bit: u32 = k < 31 ? <u32> 1 << k : 0x80000000;
    if ((passed | ~maybe) & bit) continue;
    if (checkPasses(data, i, to, list + (<usize> (1 + 2 * k) << 2), sets)) passed |= bit;
  }
  return passed;
}

/** Fewest checks in a list for its operator groups to be tested first (see groupsMayPass). */
const MIN_GROUPED: u32 = 8;
/** Most program words a list may start at to get operator groups (see groupsMayPass). */
const MAX_PROGRAM: u32 = 4096;
/** Most operator groups over all lists. */
const MAX_GROUPS: u32 = 256;
/** Most operator groups in one list (a list with more gets none). */
const MAX_LIST_GROUPS: u32 = 7;
/**
 * Per program word a list starts at, one u16: 0 (not built yet), else bit 15
 * set, the list's first group in GROUPS (bits 0-9) and its group count
 * (bits 10-12; 0: none, every check runs).
 */
const LIST_GROUPS: usize = memory.data(MAX_PROGRAM * 2);
/**
 * Per operator group, ten u32: its key (see groupKey), the bits of its
 * checks (only those below 31), then a 256-bit set: the union of their
 * operator sets.
 */
const GROUPS: usize = memory.data(MAX_GROUPS * 40);
let groupCount: u32 = 0;
/** The program LIST_GROUPS was built for (0: none yet). */
let groupsFor: usize = 0;

/**
 * An operator check's group: the checks of a list whose names end at the
 * same byte for every hit. With shape bit 3 (the name is the keyword) that
 * is the keyword's end; else the lead set's run from the keyword's start
 * (entry bits 0-15: keyword length and lead set).
 */
function groupKey(entry: u32, shape: u32): u32 {
  return (shape & 8) !== 0 ? 0x10000 : entry & 0xffff;
}

/**
 * Which checks of the list at `at` may pass for the keyword ending at byte
 * `i`: all but those of an operator group (checks with an operator and
 * neither tail nor reach) whose landing bytes hold no operator of any of
 * its checks, masked to the list's checks; 0 drops the hit without a check.
 * Exact: such a check finds its operator at one of the two landings of its
 * name's end (see operatorAfter: land1, or land2 after a quote) and every
 * check of the group has that end; its operator set is within the union,
 * so a landing outside the union fails the check, as a name too long does.
 * The groups of a list are built at its first hit (see buildGroups).
 */
function groupsMayPass(
  data: usize,
  i: u32,
  to: u32,
  at: u32,
  list: usize,
  count: u32,
  program: usize,
): u32 {
  const all: u32 = count >= 32 ? 0xffffffff : (<u32> 1 << count) - 1;
  if (at >= MAX_PROGRAM) return all;
  if (groupsFor !== program) {
    groupsFor = program;
    groupCount = 0;
    memory.fill(LIST_GROUPS, 0, MAX_PROGRAM * 2);
  }
  let info = <u32> load<u16>(LIST_GROUPS + (<usize> at << 1));
  if (info === 0) info = buildGroups(at, list, count);
  const groups = (info >> 10) & 7;
  let maybe = all;
  let g = GROUPS + <usize> (info & 0x3ff) * 40;
  for (let n: u32 = 0; n < groups; n++, g += 40) {
    const key = load<u32>(g);
    let end = i + 1;
    if (key !== 0x10000) {
      const known = ENDS + (<usize> ((key >> 8) & 0xff) << 4);
      end = load<u32>(known) === hitCount && load<u32>(known, 4) === (key & 0xff)
        ? load<u32>(known, 8)
        : nameEnd(data, i, to, key);
      if (end === NO_NAME) {
        maybe &= ~load<u32>(g, 4);
        continue;
      }
    }
    if (landEnd !== end) readLanding(data, end, to);
    const union = g + 8;
    if (land1 < to && unionHas(union, <u32> load<u8>(data + <usize> land1))) continue;
    if (quoted && land2 < to && unionHas(union, <u32> load<u8>(data + <usize> land2))) continue;
    maybe &= ~load<u32>(g, 4);
  }
  return maybe;
}

/** Whether byte `c` is in the 256-bit set at `union`. */
function unionHas(union: usize, c: u32): bool {
  return ((load<u32>(union + (<usize> (c >> 5) << 2)) >> (c & 31)) & 1) !== 0;
}

/**
 * Builds the operator groups of the list at `at` (program word) into
 * GROUPS and returns its LIST_GROUPS word: none when the list has more
 * than MAX_LIST_GROUPS or GROUPS is full (then every check runs).
 */
function buildGroups(at: u32, list: usize, count: u32): u32 {
  const first = groupCount;
  let groups: u32 = 0;
  let fits = true;
  for (let k: u32 = 0; k < count && k < 31 && fits; k++) {
    const entry = load<u32>(list + (<usize> (1 + 2 * k) << 2));
    const shape = load<u32>(list + (<usize> (1 + 2 * k) << 2), 4);
    if (shape === 0xffffffff || (shape >> 31) !== 0) continue;
    const key = groupKey(entry, shape);
    let g = GROUPS + <usize> first * 40;
    let n: u32 = 0;
    while (n < groups && load<u32>(g) !== key) {
      n++;
      g += 40;
    }
    if (n === groups) {
      if (groups === MAX_LIST_GROUPS || first + groups === MAX_GROUPS) {
        fits = false;
        break;
      }
      groups++;
      memory.fill(g, 0, 40);
      store<u32>(g, key);
    }
    store<u32>(g, load<u32>(g, 4) | (<u32> 1 << k), 4);
    const operators = setsAt + (<usize> ((entry >> 16) & 0xff) << 8);
    for (let c: u32 = 0; c < 256; c++) {
      if (load<u8>(operators + <usize> c) !== 0) {
        const w = g + 8 + (<usize> (c >> 5) << 2);
        store<u32>(w, load<u32>(w) | (<u32> 1 << (c & 31)));
      }
    }
  }
  if (!fits) groups = 0;
  groupCount = first + groups;
  const info: u32 = 0x8000 | (groups << 10) | first;
  store<u16>(LIST_GROUPS + (<usize> at << 1), <u16> info);
  return info;
}

/**
 * Where the name of a check with lead set `(entry >> 8) & 0xff` and keyword
 * length `entry & 0xff` ends for the keyword ending at byte `i`: the run of
 * lead bytes that holds the keyword, its trailing non-lead bytes dropped;
 * NO_NAME when it is MAX_NAME or longer. Found once per hit, lead set and
 * keyword length (ENDS); the walk reads on from the set's last run (RUNS).
 */
function nameEnd(data: usize, i: u32, to: u32, entry: u32): u32 {
  const lead = setsAt + (<usize> ((entry >> 8) & 0xff) << 8);
  const kwEnd = i + 1;
  const kwStart = kwEnd - (entry & 0xff);
  const known = ENDS + (<usize> ((entry >> 8) & 0xff) << 4);
  if (load<u32>(known) === hitCount && load<u32>(known, 4) === (entry & 0xff)) {
    // Found by an earlier check of this hit with the same lead set and keyword length.
    return load<u32>(known, 8);
  }
  let end = kwEnd;
  while (end > kwStart && load<u8>(lead + <usize> load<u8>(data + <usize> (end - 1))) === 0) {
    end--;
  }
  // The run of lead bytes goes on from `end`; what an earlier check of the
  // same lead set walked is not walked again (see RUNS), so a run of
  // keywords (`secret_token_secret_token_…`) costs each byte one read per
  // set, not one per keyword and check.
  const cap = kwStart + MAX_NAME < to ? kwStart + MAX_NAME : to;
  const run = RUNS + (<usize> ((entry >> 8) & 0xff) << 3);
  let runFrom = load<u32>(run);
  const runTo = load<u32>(run, 4);
  if (end >= runFrom && end <= runTo) end = runTo < cap ? runTo : cap;
  else runFrom = end;
  while (end < cap && load<u8>(lead + <usize> load<u8>(data + <usize> end)) !== 0) end++;
  if (end > runTo || runFrom !== load<u32>(run)) {
    store<u32>(run, runFrom);
    store<u32>(run, end, 4);
  }
  const found = end - kwStart >= MAX_NAME ? NO_NAME : end;
  store<u32>(known, hitCount);
  store<u32>(known, entry & 0xff, 4);
  store<u32>(known, found, 8);
  return found;
}

/** Whether the check whose two words are at `entryAt` passes for the keyword ending at byte `i`. */
function checkPasses(data: usize, i: u32, to: u32, entryAt: usize, sets: usize): bool {
  const entry = load<u32>(entryAt);
  const shape = load<u32>(entryAt, 4);
  // A rule the pass cannot check, beside rules it can: always passes.
  if (shape === 0xffffffff) return true;
  if (shape >> 31) {
    // A tail (or, with bit 30, reach) check: the set of entry bits 8-15, right after the keyword.
    const set = sets + (<usize> ((entry >> 8) & 0xff) << 8);
    if (shape & 0x40000000) {
      return reachAt(data, i + 1, to, shape, set, REACHES + (<usize> ((entry >> 8) & 0xff) << 4));
    }
    // Shape bit 16: the name (the lead run of entry bits 16-23's set) must open a line.
    // The tail first: it reads a few bytes, the line's opening up to OPENING_REACH.
    if (!tailAt(data, i + 1, to, shape, set)) return false;
    return (shape & 0x10000) === 0 ||
      opensLine(data, i + 1 - (entry & 0xff), sets + (<usize> ((entry >> 16) & 0xff) << 8));
  }
  const operators = sets + (<usize> ((entry >> 16) & 0xff) << 8);
  let end = i + 1;
  // Bit 3 of the shape: the name is the keyword itself.
  if ((shape & 8) === 0) {
    // Found by an earlier check of this hit with the same lead set and keyword length (or walked).
    const known = ENDS + (<usize> ((entry >> 8) & 0xff) << 4);
    end = load<u32>(known) === hitCount && load<u32>(known, 4) === (entry & 0xff)
      ? load<u32>(known, 8)
      : nameEnd(data, i, to, entry);
    if (end === NO_NAME) return false;
  }
  const op = operatorAfter(data, end, to, shape, operators);
  if (op < 0) return false;
  // Bit 4: a value that opens like a placeholder fails (as the engine's test rejects it),
  // tested last: only hits that pass the rest.
  const open = (shape & 16) !== 0;
  const min = (shape >> 16) & 0xff;
  if (min === 0) return !open || !placeholderAt(data, <u32> op + 1, to);
  const blanks = shape >> 24;
  // Entry bits 24-31: the value's character set, plus one (0: none).
  const cls = entry >> 24;
  const set: usize = cls === 0 ? 0 : sets + (<usize> (cls - 1) << 8);
  const at = <u32> op + 1;
  // Bit 5: the value must be quoted.
  const mustQuote = (shape & 32) !== 0;
  let value = valueAt(data, at, to, blanks, min, set, mustQuote);
  // A two-byte operator (`:=`, `=>`): the value may start after either byte.
  if (!value && at < to) {
    const c = load<u8>(data + <usize> at);
    value = (c === 0x3d || c === 0x3e) && valueAt(data, at + 1, to, blanks, min, set, mustQuote);
  }
  return value && (!open || !placeholderAt(data, at, to));
}

/**
 * True when the value after an operator that ends at `at` opens with one of
 * the placeholder openings (the engine's valueStart and opensAsPlaceholder):
 * not when the next byte is `=` or `>` (an operator's second byte); past
 * any blanks and one quote (`"`, `'` or a backtick, possibly after a
 * backslash; a backslash before anything else: not a placeholder), one of
 * the literals at `openings` ([count, eight words of a bitmap of their
 * first bytes, then per literal its length and its bytes, a u32 each])
 * begins there, ASCII letters matched in either case and DEL standing for
 * any byte >= 0x80 too.
 */
function placeholderAt(data: usize, at: u32, to: u32): bool {
  if (openings === 0 || at >= to) return false;
  let p = at;
  let c = <u32> load<u8>(data + <usize> p);
  if (c === 0x3d || c === 0x3e) return false;
  while (c === 0x20 || c === 0x09) {
    if (++p >= to) return false;
    c = <u32> load<u8>(data + <usize> p);
  }
  if (c === 0x5c) {
    if (++p >= to) return false;
    c = <u32> load<u8>(data + <usize> p);
    if (c !== 0x22 && c !== 0x27 && c !== 0x60) return false;
  }
  if (c === 0x22 || c === 0x27 || c === 0x60) {
    if (++p >= to) return false;
    c = <u32> load<u8>(data + <usize> p);
  }
  // Most values open with no literal's first byte (folded as the literals are).
  const first = c >= 0x80 ? 0x7f : (c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
  if (((load<u32>(openings + 4 + (<usize> (first >> 5) << 2)) >> (first & 31)) & 1) === 0) {
    return false;
  }
  if (indexedFor !== openings) indexOpenings();
  // Only the literals whose first byte is this one (see indexOpenings): any other fails there.
  const head = OPENING_HEADS + (<usize> first << 3);
  let k = load<u32>(head);
  const last = k + load<u32>(head, 4);
  for (; k < last; k++) {
    const w = <usize> load<u32>(OPENING_AT + (<usize> k << 2));
    const len = load<u32>(w);
    if (p + len <= to) {
      let same = true;
      for (let j: u32 = 0; j < len; j++) {
        const b = <u32> load<u8>(data + <usize> (p + j));
        const l = load<u32>(w + 4 + (<usize> j << 2));
        const folded = l >= 0x61 && l <= 0x7a ? b | 0x20 : (l === 0x7f && b >= 0x80 ? 0x7f : b);
        if (folded !== l) {
          same = false;
          break;
        }
      }
      if (same) return true;
    }
  }
  return false;
}

/** Most placeholder openings (mod.ts refuses a longer list; see indexOpenings). */
const MAX_OPENINGS: u32 = 1024;

/**
 * Per first byte (folded as the literals are, so 0 to 0x7f), two u32: where
 * its literals' addresses begin in OPENING_AT and how many there are; built
 * from the list at `openings` when it is first read (see indexOpenings).
 */
const OPENING_HEADS: usize = memory.data(128 * 8);
/** The placeholder literals' addresses (their length word), grouped by first byte, in list order. */
const OPENING_AT: usize = memory.data(MAX_OPENINGS * 4);
/** The `openings` the index was built for (0: none yet). */
let indexedFor: usize = 0;

/**
 * Groups the placeholder literals at `openings` by their first byte
 * (OPENING_HEADS, OPENING_AT), so placeholderAt compares a value only with
 * the literals that can match its first byte, not with every literal in
 * turn (a run of `token=token=…` tried all of them at every hit). A
 * literal's first byte (ASCII, folded) is the only value's first byte,
 * folded the same way, it can match; the list holds no empty literal
 * (placeholderOpenings builds none) and at most MAX_OPENINGS of them.
 */
function indexOpenings(): void {
  indexedFor = openings;
  memory.fill(OPENING_HEADS, 0, 128 * 8);
  const count = load<u32>(openings);
  // Count each first byte's literals, then place them: offsets from the counts.
  let w = openings + 36;
  for (let k: u32 = 0; k < count; k++) {
    const len = load<u32>(w);
    const first = len === 0 ? 0 : load<u32>(w, 4) & 0x7f;
    store<u32>(
      OPENING_HEADS + (<usize> first << 3),
      load<u32>(OPENING_HEADS + (<usize> first << 3), 4) + 1,
      4,
    );
    w += 4 + (<usize> len << 2);
  }
  let at: u32 = 0;
  for (let b: usize = 0; b < 128; b++) {
    store<u32>(OPENING_HEADS + (b << 3), at);
    at += load<u32>(OPENING_HEADS + (b << 3), 4);
    store<u32>(OPENING_HEADS + (b << 3), 0, 4);
  }
  w = openings + 36;
  for (let k: u32 = 0; k < count; k++) {
    const len = load<u32>(w);
    const head = OPENING_HEADS + (<usize> (len === 0 ? 0 : load<u32>(w, 4) & 0x7f) << 3);
    const n = load<u32>(head, 4);
    store<u32>(OPENING_AT + (<usize> (load<u32>(head) + n) << 2), <u32> w);
    store<u32>(head, n + 1, 4);
    w += 4 + (<usize> len << 2);
  }
}

/**
 * True when, from `p`, a run of at most `(shape >> 16) & 0x3fff` bytes, each
 * in the set or the byte `shape & 0xff` (the separator) or `(shape >> 8) &
 * 0xff` (the end), holds the separator and, after it, the end byte (a rule's
 * reach: `user:password@`). Reads until the end byte after a separator, the
 * first byte outside the run, or the length. A walk that starts inside the
 * stretch the set's last walk left at `known` (see REACHES) reads on from
 * its end, with a separator seen when one lies in the stretch from `p`: the
 * stretch holds no end byte after any of its separators, and every byte of it
 * may be read on, so the plain walk would reach its end the same way.
 */
function reachAt(data: usize, p: u32, to: u32, shape: u32, set: usize, known: usize): bool {
  const sep = shape & 0xff;
  const end = (shape >> 8) & 0xff;
  const max = (shape >> 16) & 0x3fff;
  const key = shape & 0xffff;
  const start = p;
  let seen = false;
  let lastSep = NO_SEPARATOR;
  let n: u32 = 0;
  if (load<u32>(known, 12) === key) {
    const from = load<u32>(known);
    const upTo = load<u32>(known, 4);
    if (p >= from && p < upTo) {
      // The whole walk lies in the stretch: it runs to its length.
      if (upTo - p >= max) return false;
      lastSep = load<u32>(known, 8);
      seen = lastSep !== NO_SEPARATOR && lastSep >= p;
      n = upTo - p;
      p = upTo;
    }
  }
  for (; n < max && p < to; n++, p++) {
    const c = <u32> load<u8>(data + <usize> p);
    if (c === end && seen) return true;
    if (c === sep) {
      seen = true;
      lastSep = p;
    } else if (c !== end && load<u8>(set + <usize> c) === 0) return false;
  }
  // Run to its length or the data's end: [start, p) is such a stretch.
  store<u32>(known, start);
  store<u32>(known, p, 4);
  store<u32>(known, lastSep, 8);
  store<u32>(known, key, 12);
  return false;
}

/** Bytes before a name this far back are not looked at: opensLine passes. */
const OPENING_REACH: u32 = 160;

/**
 * True when the name whose run of `lead` bytes ends at `kwStart` can open a
 * line as a directive does: before it, past blanks and tabs, the data's
 * start, a line break, `{`, `;`, a JSON string's opening quote after a colon, or a backslash escape's letter (`\n`,
 * `\r`, `\t`, whose letter the run may hold). True as well when the run is
 * longer than OPENING_REACH: a necessary condition, never a stricter one.
 */
function opensLine(data: usize, kwStart: u32, lead: usize): bool {
  let p = kwStart;
  let steps: u32 = 0;
  while (p > 0 && load<u8>(lead + <usize> load<u8>(data + <usize> (p - 1))) !== 0) {
    p--;
    if (++steps > OPENING_REACH) return true;
  }
  if (p === 0) return true;
  let c = <u32> load<u8>(data + <usize> (p - 1));
  if (c === 0x5c) return true;
  while (c === 0x20 || c === 0x09) {
    p--;
    if (p === 0 || ++steps > OPENING_REACH) return true;
    c = <u32> load<u8>(data + <usize> (p - 1));
  }
  if (
    (c === 0x6e || c === 0x72 || c === 0x74) && p >= 2 && load<u8>(data + <usize> (p - 2)) === 0x5c
  ) {
    return true;
  }
  if (c !== 0x22) return c === 0x0a || c === 0x0d || c === 0x7b || c === 0x3b;
  // A JSON string's opening quote after a colon (`"out": "`), escaped up to three times.
  let q = p - 1;
  for (let n = 0; n < 3 && q > 0 && load<u8>(data + <usize> (q - 1)) === 0x5c; n++) q--;
  for (let n = 0; n < 2 && q > 0; n++) {
    const b = load<u8>(data + <usize> (q - 1));
    if (b !== 0x20 && b !== 0x09) break;
    q--;
  }
  return q === 0 || load<u8>(data + <usize> (q - 1)) === 0x3a;
}

/**
 * True when, from `p`, at most `(shape >> 8) & 0xff` blanks are followed by
 * at least `shape & 0xff` bytes of the set (a rule's tail).
 */
function tailAt(data: usize, p: u32, to: u32, shape: u32, set: usize): bool {
  const blanks = (shape >> 8) & 0xff;
  const min = shape & 0xff;
  let n: u32 = 0;
  while (p < to) {
    const c = load<u8>(data + <usize> p);
    if (c !== 0x20 && c !== 0x09) break;
    if (++n > blanks) return false;
    p++;
  }
  if (p + min > to) return false;
  for (let k: u32 = 0; k < min; k++) {
    if (load<u8>(set + <usize> load<u8>(data + <usize> (p + k))) === 0) return false;
  }
  return true;
}

/**
 * True when a value of at least `min` bytes can start at `p`, after at most
 * `blanks` blanks: quoted (the quote possibly after one backslash) with no
 * line break or that quote among its first `min` bytes, or bare, with no
 * blank, line break, quote or backslash among them and no `=` first (an
 * inner `=` stays in a bare value, rules.ts bareRun). A necessary
 * condition of every assignment rule's value pattern (rules.ts,
 * assignedValue). With a character set (`set`, not 0), quoted or bare, its
 * first `min` bytes must all be in the set instead. With `mustQuote` (shape
 * bit 5), a bare value fails: the quote may follow up to three backslashes.
 */
function valueAt(
  data: usize,
  p: u32,
  to: u32,
  blanks: u32,
  min: u32,
  set: usize,
  mustQuote: bool,
): bool {
  let n: u32 = 0;
  while (p < to) {
    const c = load<u8>(data + <usize> p);
    if (c !== 0x20 && c !== 0x09) break;
    if (++n > blanks) return false;
    p++;
  }
  if (p >= to) return false;
  let c = load<u8>(data + <usize> p);
  if (mustQuote) {
    // A quoted value only: its quote after at most three backslashes.
    let e: u32 = 0;
    while (c === 0x5c && e < 3 && p + 1 < to) {
      c = load<u8>(data + <usize> ++p);
      e++;
    }
    if (c !== 0x22 && c !== 0x27 && c !== 0x60) return false;
  }
  if (c === 0x5c && p + 1 < to) {
    const q = load<u8>(data + <usize> (p + 1));
    if (q === 0x22 || q === 0x27 || q === 0x60) {
      p++;
      c = q;
    }
  }
  const quoted = c === 0x22 || c === 0x27 || c === 0x60;
  if (set !== 0) {
    if (quoted) p++;
    if (p + min > to) return false;
    for (let k: u32 = 0; k < min; k++) {
      if (load<u8>(set + <usize> load<u8>(data + <usize> (p + k))) === 0) return false;
    }
    return true;
  }
  if (quoted) {
    p++;
    if (p + min > to) return false;
    for (let k: u32 = 0; k < min; k++) {
      const d = load<u8>(data + <usize> (p + k));
      if (d === c || d === 0x0a || d === 0x0d) return false;
    }
    return true;
  }
  if (p + min > to) return false;
  for (let k: u32 = 0; k < min; k++) {
    const d = load<u8>(data + <usize> (p + k));
    if (
      d === 0x20 || d === 0x09 || d === 0x0a || d === 0x0d || d === 0x22 || d === 0x27 ||
      d === 0x60 || d === 0x5c || d === 0x0b || d === 0x0c || (d === 0x3d && k === 0)
    ) return false;
  }
  return true;
}

/**
 * What follows the name that ends at `landEnd`, read once per hit for every
 * check of its state (namePasses clears it): the first byte past the blanks
 * there (`land1`, after `blanks1` blanks); the backslashes there (`escapes`,
 * at most 4); whether a quote (`"`, `'` or a backtick, `tick`) follows them and, if so, the
 * first byte past the blanks after it (`land2`, after `blanks2`). Blank
 * counts stop at 256, more than any check allows.
 */
const NO_LANDING: u32 = 0xffffffff;
let landEnd: u32 = NO_LANDING;
let land1: u32 = 0;
let blanks1: u32 = 0;
let escapes: u32 = 0;
let quoted: bool = false;
/** With `quoted`: the quote is a backtick (a check takes it only with shape bit 6). */
let tick: bool = false;
let land2: u32 = 0;
let blanks2: u32 = 0;

/** Reads what follows the name ending at `end` into the landing fields above. */
function readLanding(data: usize, end: u32, to: u32): void {
  landEnd = end;
  let p = end;
  let n: u32 = 0;
  while (p < to && n < 256) {
    const c = load<u8>(data + <usize> p);
    if (c !== 0x20 && c !== 0x09) break;
    n++;
    p++;
  }
  land1 = p;
  blanks1 = n;
  let q = end;
  while (q < to && q - end < 4 && load<u8>(data + <usize> q) === 0x5c) q++;
  escapes = q - end;
  quoted = false;
  tick = false;
  if (q < to) {
    const c = load<u8>(data + <usize> q);
    if (c === 0x22 || c === 0x27 || c === 0x60) {
      quoted = true;
      tick = c === 0x60;
      p = q + 1;
      n = 0;
      while (p < to && n < 256) {
        const d = load<u8>(data + <usize> p);
        if (d !== 0x20 && d !== 0x09) break;
        n++;
        p++;
      }
      land2 = p;
      blanks2 = n;
    }
  }
}

/**
 * The offset of the operator when the bytes at `end` are, in order:
 * optionally (when bit 2 of `shape` is set) a closing quote (`"` or `'`,
 * a backtick too with bit 6) after at most `shape & 3` backslashes; at most `shape >> 8` blanks
 * (space, tab); one byte of the operator set; else -1. The regex
 * `(?:\\{0,E}["'])?[ \t]{0,B}[ops]` tried at `end`, which backtracking
 * cannot help: its parts begin with disjoint bytes. Answered from the
 * landing (see readLanding), read once per hit for all its checks: they
 * differ in shape and operator set, rarely in where the name ends.
 */
function operatorAfter(data: usize, end: u32, to: u32, shape: u32, operators: usize): i32 {
  if (landEnd !== end) readLanding(data, end, to);
  let p = land1;
  let n = blanks1;
  if (shape & 4) {
    // At most `shape & 3` backslashes, then a closing quote; backslashes without one fail.
    if (escapes > (shape & 3)) return -1;
    // Shape bit 6: a backtick closes the name too.
    if (quoted && (!tick || (shape & 64) !== 0)) {
      p = land2;
      n = blanks2;
    } else if (escapes > 0) return -1;
  }
  if (n > ((shape >> 8) & 0xff)) return -1;
  return p < to && load<u8>(operators + <usize> load<u8>(data + <usize> p)) !== 0 ? <i32> p : -1;
}

/**
 * Copies data[0, len) to dst with every byte >= 0x80 replaced by 0x7f (DEL),
 * so the copy decodes to an ASCII string whose offsets are byte offsets.
 * Sixteen bytes at a time (the unsigned minimum with 0x7f in each lane),
 * then eight: a word without high bits is copied as it is.
 */
export function maskHigh(data: usize, dst: usize, len: u32): void {
  let i: u32 = 0;
  const del = i8x16.splat(0x7f);
  while (i + 16 <= len) {
    v128.store(dst + <usize> i, i8x16.min_u(v128.load(data + <usize> i), del));
    i += 16;
  }
  const words = len & ~7;
  while (i < words) {
    const w = load<u64>(data + <usize> i);
    if (w & 0x8080808080808080) {
      for (let j: u32 = 0; j < 8; j++) {
        const b = load<u8>(data + <usize> (i + j));
        store<u8>(dst + <usize> (i + j), b >= 0x80 ? 0x7f : b);
      }
    } else {
      store<u64>(dst + <usize> i, w);
    }
    i += 8;
  }
  while (i < len) {
    const b = load<u8>(data + <usize> i);
    store<u8>(dst + <usize> i, b >= 0x80 ? 0x7f : b);
    i++;
  }
}

/**
 * The copy search's probe loop (core/safety/secrets/copies.ts): from
 * `first`, every `stride` bytes up to `last`, the 4-byte window read
 * little-endian (one load, no byte swap), times 0x9e3779b1 and times 0x85ebca6b, each shifted right by
 * `shift`, indexes two bits of `bitmap` (bit h & 7 of byte h >> 3); each position whose bits are both set is
 * written to `out` (u32), at most `cap`; lastIndex() tells where to resume
 * when the buffer filled.
 */
export function probe(
  data: usize,
  first: u32,
  last: u32,
  stride: u32,
  bitmap: usize,
  shift: u32,
  out: usize,
  cap: u32,
): u32 {
  let n: u32 = 0;
  let i = first;
  while (i <= last) {
    const w = load<u32>(data + <usize> i);
    const h = (w * 0x9e3779b1) >>> shift;
    const g = (w * 0x85ebca6b) >>> shift;
    if (
      (((<u32> load<u8>(bitmap + <usize> (h >> 3)) >> (h & 7)) &
        (<u32> load<u8>(bitmap + <usize> (g >> 3)) >> (g & 7))) & 1) !== 0
    ) {
      store<u32>(out + (<usize> n << 2), i);
      n++;
      if (n === cap) {
        i += stride;
        break;
      }
    }
    i += stride;
  }
  resumeIndex = i;
  return n;
}

/**
 * 1 when data[0, len) may hold a colour code (core/safety/secrets/ansi.ts
 * mayHoldColour, its twin): a `[` at 1 or later right after a raw ESC or
 * after `\u001b` / `\u001B`; else 0. Sixteen bytes at a time, the lanes
 * equal to `[` as a mask: `[` is rare in text, so most steps test nothing
 * more (the runtime's byte search read the 50 MB bench transcript at about
 * 0.3 ns a byte).
 */
export function mayHoldColour(data: usize, len: u32): u32 {
  let i: u32 = 1;
  const bracket = i8x16.splat(0x5b);
  while (i + 16 <= len) {
    let m = <u32> i8x16.bitmask(i8x16.eq(v128.load(data + <usize> i), bracket));
    while (m !== 0) {
      if (colourOpensAt(data, i + ctz<u32>(m))) return 1;
      m &= m - 1;
    }
    i += 16;
  }
  for (; i < len; i++) {
    if (load<u8>(data + <usize> i) === 0x5b && colourOpensAt(data, i)) return 1;
  }
  return 0;
}

/** Whether the `[` at `i` (1 or more) follows a raw ESC or `\u001b` / `\u001B`. */
function colourOpensAt(data: usize, i: u32): bool {
  const p = data + <usize> i;
  if (load<u8>(p - 1) === 0x1b) return true;
  return i >= 6 && (load<u8>(p - 1) | 0x20) === 0x62 && load<u8>(p - 2) === 0x31 &&
    load<u8>(p - 3) === 0x30 && load<u8>(p - 4) === 0x30 && load<u8>(p - 5) === 0x75 &&
    load<u8>(p - 6) === 0x5c;
}

/**
 * Which readings of core/safety/secrets/views.ts data[0, len) can need (its
 * twin: view_triggers.ts viewTriggers): bit 0 when it holds `\u00` and then
 * 3d, 2b, 26 or 27 (hex letters in either case), bit 1 when it holds
 * `delta` or `candidates` right before a quote or a backslash. Sixteen
 * positions a step, each tested on its second and third byte at once (`u0`;
 * `el`; `an`), so most steps test nothing more.
 */
export function viewTriggers(data: usize, len: u32): u32 {
  let found: u32 = 0;
  let i: u32 = 0;
  const u = i8x16.splat(0x75);
  const zero = i8x16.splat(0x30);
  const e = i8x16.splat(0x65);
  const l = i8x16.splat(0x6c);
  const a = i8x16.splat(0x61);
  const n = i8x16.splat(0x6e);
  // A step reads bytes i + 1 to i + 17: the second and third byte of each
  // position's trigger, `u0` of `\u00`, `el` of `delta`, `an` of `candidates`.
  while (i + 18 <= len) {
    const p = data + <usize> i;
    const x1 = v128.load(p + 1);
    const x2 = v128.load(p + 2);
    const pairs = v128.or(
      v128.or(
        v128.and(i8x16.eq(x1, u), i8x16.eq(x2, zero)),
        v128.and(i8x16.eq(x1, e), i8x16.eq(x2, l)),
      ),
      v128.and(i8x16.eq(x1, a), i8x16.eq(x2, n)),
    );
    let m = <u32> i8x16.bitmask(pairs);
    while (m !== 0) {
      found |= triggerAt(data, i + ctz<u32>(m), len);
      if (found === 3) return found;
      m &= m - 1;
    }
    i += 16;
  }
  for (; i < len && found !== 3; i++) found |= triggerAt(data, i, len);
  return found;
}

/** The trigger of viewTriggers that starts at `i` (1 or 2), or 0. */
function triggerAt(data: usize, i: u32, len: u32): u32 {
  if (i + 6 > len) return 0;
  const p = data + <usize> i;
  const c = load<u8>(p);
  if (c === 0x5c) {
    if (load<u8>(p + 1) !== 0x75 || load<u8>(p + 2) !== 0x30 || load<u8>(p + 3) !== 0x30) return 0;
    const h = load<u8>(p + 4);
    const l = load<u8>(p + 5);
    const lo = l | 0x20;
    if (h === 0x33) return lo === 0x64 ? 1 : 0;
    return h === 0x32 && (lo === 0x62 || l === 0x36 || l === 0x37) ? 1 : 0;
  }
  if (c === 0x63) {
    // candidates"
    if (
      i + 11 > len || load<u8>(p + 1) !== 0x61 || load<u8>(p + 2) !== 0x6e ||
      load<u8>(p + 3) !== 0x64 || load<u8>(p + 4) !== 0x69 || load<u8>(p + 5) !== 0x64 ||
      load<u8>(p + 6) !== 0x61 || load<u8>(p + 7) !== 0x74 || load<u8>(p + 8) !== 0x65 ||
      load<u8>(p + 9) !== 0x73
    ) return 0;
    const qc = load<u8>(p + 10);
    return qc === 0x22 || qc === 0x5c ? 2 : 0;
  }
  if (
    c !== 0x64 || load<u8>(p + 1) !== 0x65 || load<u8>(p + 2) !== 0x6c ||
    load<u8>(p + 3) !== 0x74 || load<u8>(p + 4) !== 0x61
  ) return 0;
  const q = load<u8>(p + 5);
  return q === 0x22 || q === 0x5c ? 2 : 0;
}

/**
 * Counts the line feeds (0x0a) in data[from, to): sixteen bytes at a time in
 * SIMD, then eight with an exact zero-byte test on each word.
 */
export function countNewlines(data: usize, from: u32, to: u32): u32 {
  let n: u32 = 0;
  let i: u32 = from;
  while (i < to && (i & 7) !== 0) {
    if (load<u8>(data + <usize> i) === 0x0a) n++;
    i++;
  }
  // Sixteen bytes at a time: the lanes equal to a line feed, as a mask, counted.
  const lf = i8x16.splat(0x0a);
  while (i + 16 <= to) {
    n += <u32> popcnt<u32>(<u32> i8x16.bitmask(i8x16.eq(v128.load(data + <usize> i), lf)));
    i += 16;
  }
  const lo: u64 = 0x7f7f7f7f7f7f7f7f;
  while (i + 8 <= to) {
    const x = load<u64>(data + <usize> i) ^ 0x0a0a0a0a0a0a0a0a;
    const t = ((x & lo) + lo) | x;
    n += <u32> popcnt<u64>(~t & 0x8080808080808080);
    i += 8;
  }
  while (i < to) {
    if (load<u8>(data + <usize> i) === 0x0a) n++;
    i++;
  }
  return n;
}

/**
 * Writes the transition table from a packed trie (core/safety/secrets/
 * prebuilt.ts, fillRows there is the TypeScript twin): u16 records, per
 * state in breadth-first order, of (state, failure state, edge count, then
 * a (class, child) pair per edge). A state's row is its failure state's row
 * (filled already, being shallower) with its own edges written over it; an
 * edge's entry is the child's row offset, bit 31 set when the child ends a
 * keyword (`outputStart`, u32 per state plus one, grows at it) and bit 30
 * when it is three or more bytes deep. `table` and `depth` (one byte per
 * state) must be zero.
 */
export function fillRows(
  trie: usize,
  trieLen: u32,
  table: usize,
  classCount: u32,
  outputStart: usize,
  depth: usize,
): void {
  const rowBytes = <usize> classCount << 2;
  let p: u32 = 0;
  while (p + 3 <= trieLen) {
    const s = <u32> load<u16>(trie + (<usize> p << 1));
    const f = <u32> load<u16>(trie + (<usize> (p + 1) << 1));
    const n = <u32> load<u16>(trie + (<usize> (p + 2) << 1));
    p += 3;
    const row = table + <usize> s * rowBytes;
    if (s !== 0) memory.copy(row, table + <usize> f * rowBytes, rowBytes);
    const d = (<u32> load<u8>(depth + <usize> s) + 1) & 0xff;
    for (let k: u32 = 0; k < n && p + 2 <= trieLen; k++) {
      const c = <u32> load<u16>(trie + (<usize> p << 1));
      const t = <u32> load<u16>(trie + (<usize> (p + 1) << 1));
      p += 2;
      store<u8>(depth + <usize> t, <u8> d);
      let e = t * classCount;
      const out = outputStart + (<usize> t << 2);
      if (load<u32>(out + 4) > load<u32>(out)) e |= 0x80000000;
      if (d >= 3) e |= 0x40000000;
      store<u32>(row + (<usize> c << 2), e);
    }
  }
}
