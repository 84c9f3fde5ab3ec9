/**
 * A directory-listing cache for the untracked walk, in the spirit of git's
 * untracked cache: a directory whose mtime, ctime and inode are unchanged
 * since it was listed still holds the same names (adding, removing or
 * renaming an entry updates the directory's mtime and ctime), so one lstat
 * replaces a readdir. The ctime matters: tools that restore timestamps (tar,
 * unzip, `touch -d`) can put an mtime back, but setting it moves the ctime,
 * which no user can set. Without a ctime (Windows) nothing is cached. At
 * 50k files the walk's 2,600 readdirs were measured at 130-146 ms; their
 * lstats at about 15 ms. Only the listing is cached, never the verdict: which
 * names are tracked or ignored is decided afresh on every scan, so index and
 * .gitignore changes need no invalidation. A directory whose every name the
 * index tracked is stored compact ({@linkcode compactListing}): its files'
 * names, which the walk never reads while they stay tracked, are only
 * counted, and the walk asks for the whole listing once they are not.
 *
 * Racy listings are never trusted: a directory changed within
 * {@linkcode RACY_MARGIN_MS} of the scan that listed it could change again
 * without its mtime moving. The scan's start time is recorded on the
 * system clock, and the clock the file system stamps mtimes with is tied to
 * it through the cache file's own mtime (the skew between the two), so a
 * file system whose clock runs behind does not make a racy listing look old.
 *
 * A listing is cached only where the directory's permission bits let this
 * user read and search it (as its owner, or as anyone): one read only
 * through root's override (a mode-000 directory) is listed afresh each
 * time, so a run that has lost the override (`setpriv`, dropped
 * capabilities) skips it as git does instead of reusing root's listing. A
 * cache another user wrote is not read at all (listing_cache_file.ts).
 *
 * Pure: data in, data out, reads and writes through an injected fs.
 * @module
 */
import type { DirEntry, FileStat, ReadFs } from "../../fs.ts";
import type { PackedListing } from "./untracked.ts";

/** Listings this close to the scan that made them are re-read next time. */
export const RACY_MARGIN_MS = 2000;

/** Past this skew between the cache file's mtime and its recorded write time, the cache is dropped. */
export const MAX_CLOCK_SKEW_MS = 5000;

/** Largest cache file read; a larger one is ignored. */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;

const FORMAT = "baton-listing-cache-3";

/** Deno reports ctime in whole seconds: a stored ctime C stands for [C, C + 1 s). */
const CTIME_GRANULARITY_MS = 1000;

/**
 * One cached listing: the directory's identity when listed, and its names
 * as stored ("/"-joined names, one kind letter per name). Kept in that form
 * rather than as entry objects: at 50k files that is 50k objects fewer held
 * for the whole scan, and the form is written back as it is.
 */
export interface Listing {
  mtimeMs: number;
  ctimeMs: number;
  ino: number | null;
  names: string;
  kinds: string;
  /**
   * Names left out of `names` (0 for a whole listing): a directory whose
   * every name was tracked when listed keeps only its subdirectories and its
   * `.git` and `.gitignore` entries, all the untracked walk reads of it while
   * the index still tracks every name (see {@linkcode compactListing}).
   */
  omitted: number;
}

/** The cache as read from disk. */
export interface ListingCacheData {
  workTree: string;
  /** System-clock start of the scan that wrote the cache. */
  scanStartMs: number;
  /** System-clock time the cache was written. */
  writtenMs: number;
  dirs: Map<string, Listing>;
}

/** What one scan did with the cache. */
export interface ListingCacheStats {
  hits: number;
  misses: number;
}

/** A readDir with a cache in front, and what it saw. */
export interface ListingCache {
  /**
   * Lists a directory, from the cache when its identity is unchanged and not
   * racy; `known` is the directory's lstat when the caller already has it.
   */
  readDir(path: string, known?: FileStat | null): Promise<DirEntry[]>;
  /**
   * Like `readDir`, but a cached listing comes in its stored form (the
   * untracked walk reads it in place, without an object per name), and may
   * be compact (`omitted` > 0) unless `whole` asks for every name.
   */
  readListing(
    path: string,
    known?: FileStat | null,
    whole?: boolean,
  ): Promise<DirEntry[] | PackedListing>;
  /**
   * Marks a directory as one whose every name the index tracks: it is stored
   * compact ({@linkcode compactListing}) when this scan stores the cache.
   */
  markAllTracked(path: string): void;
  /** Hits and misses so far. */
  stats(): ListingCacheStats;
  /**
   * The cache to store after this scan, or null when nothing new was listed
   * and no whole listing became compact.
   */
  toStore(writtenMs: number): string | null;
}

const KIND_CODE = { file: "f", dir: "d", link: "l", other: "o" } as const;

function kindOf(e: DirEntry): string {
  if (e.isSymlink) return KIND_CODE.link;
  if (e.isDirectory) return KIND_CODE.dir;
  if (e.isFile) return KIND_CODE.file;
  return KIND_CODE.other;
}

/**
 * Whether stored names and kinds describe a listing: as many kind letters
 * as names, every letter known, no empty, "." or ".." name. Checked without
 * splitting, so a valid cache costs no garbage to check.
 */
function wellFormed(names: string, kinds: string): boolean {
  if (names === "") return kinds === "";
  let count = 0;
  let start = 0;
  while (true) {
    const slash = names.indexOf("/", start);
    const end = slash < 0 ? names.length : slash;
    const len = end - start;
    if (len === 0) return false;
    if (
      names.charCodeAt(start) === 0x2e &&
      (len === 1 || (len === 2 && names.charCodeAt(start + 1) === 0x2e))
    ) {
      return false;
    }
    count++;
    if (slash < 0) break;
    start = slash + 1;
  }
  if (count !== kinds.length) return false;
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i];
    if (
      k !== KIND_CODE.file && k !== KIND_CODE.dir && k !== KIND_CODE.link && k !== KIND_CODE.other
    ) {
      return false;
    }
  }
  return true;
}

/**
 * A stored listing as fresh entry objects (the caller may keep or change them).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const entries = listingEntries({ mtimeMs: 1, ctimeMs: 1, ino: 1, names: "a/b", kinds: "fd", omitted: 0 });
 * assert.deepEqual(entries.map((e) => [e.name, e.isFile, e.isDirectory]), [["a", true, false], ["b", false, true]]);
 * ```
 */
export function listingEntries(listing: Listing): DirEntry[] {
  if (listing.names === "") return [];
  const names = listing.names.split("/");
  const kinds = listing.kinds;
  const out: DirEntry[] = new Array(names.length);
  for (let i = 0; i < names.length; i++) {
    const k = kinds[i];
    out[i] = {
      name: names[i]!,
      isFile: k === KIND_CODE.file,
      isDirectory: k === KIND_CODE.dir,
      isSymlink: k === KIND_CODE.link,
    };
  }
  return out;
}

function isInt(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v);
}

/**
 * Parses a stored cache; null for anything not exactly the expected shape
 * (a damaged or foreign cache is simply not used).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(parseListingCache("{not json", "/repo"), null);
 * const text = JSON.stringify({
 *   format: "baton-listing-cache-3", work_tree: "/repo", scan_start_ms: 1, written_ms: 2,
 *   dirs: { "": [5, 4000, 7, "a.txt/src", "fd", 0] },
 * });
 * assert.deepEqual(listingEntries(parseListingCache(text, "/repo")!.dirs.get("")!).map((e) => e.name), [
 *   "a.txt",
 *   "src",
 * ]);
 * assert.equal(parseListingCache(text, "/other"), null);
 * ```
 */
export function parseListingCache(text: string, workTree: string): ListingCacheData | null {
  const written = parseWrittenForm(text, workTree);
  return written !== undefined ? written : parseAnyForm(text, workTree);
}

/** What JSON.stringify escapes: where the text has none, every string is its raw characters. */
// deno-lint-ignore no-control-regex -- the control characters are what it looks for
const ESCAPED_OR_CONTROL = /[\u0000-\u001f\\]/;

/**
 * The cache in the exact form `toStore` writes (JSON.stringify of the same
 * object: no spaces, the same key order, integers, no escapes), read with
 * one pass of string searches instead of JSON.parse: at 50k files (2,600
 * listings, 0.8 MB) JSON.parse took about 10 ms of a fresh process's CPU
 * and left its object tree as garbage in the untracked walk, where the
 * scan's memory peaks; here each listing's names and kinds are slices of
 * the text. Any other form (an escape, a space, a number with a fraction or
 * a leading zero, another key order, a listing {@linkcode wellFormed}
 * refuses) gives undefined, and {@linkcode parseAnyForm} decides: this never
 * accepts a text that one refuses, and gives the same data when both accept.
 */
function parseWrittenForm(text: string, workTree: string): ListingCacheData | null | undefined {
  if (ESCAPED_OR_CONTROL.test(text)) return undefined;
  const head = WRITTEN_HEAD.exec(text);
  if (head === null) return undefined;
  const scanStartMs = Number(head[2]);
  const writtenMs = Number(head[3]);
  if (!Number.isSafeInteger(scanStartMs) || !Number.isSafeInteger(writtenMs)) return undefined;
  const dirs = new Map<string, Listing>();
  let at = head[0].length;
  if (text.charCodeAt(at) === 0x7d) at++; // no listings
  else {
    const record = new RegExp(WRITTEN_LISTING.source, "y");
    while (true) {
      record.lastIndex = at;
      const m = record.exec(text);
      if (m === null) return undefined;
      const mtimeMs = Number(m[2]);
      const ctimeMs = Number(m[3]);
      const ino = m[4] === "null" ? null : Number(m[4]);
      if (!Number.isSafeInteger(mtimeMs) || !Number.isSafeInteger(ctimeMs)) return undefined;
      if (ino !== null && !Number.isSafeInteger(ino)) return undefined;
      const names = m[5]!;
      const kinds = m[6]!;
      const omitted = Number(m[7]);
      if (!Number.isSafeInteger(omitted) || !wellFormed(names, kinds)) return undefined;
      dirs.set(m[1]!, { mtimeMs, ctimeMs, ino, names, kinds, omitted });
      at = record.lastIndex;
      if (m[8] === "}") break;
    }
  }
  if (at !== text.length - 1 || text.charCodeAt(at) !== 0x7d) return undefined;
  if (head[1] !== workTree) return null;
  return { workTree, scanStartMs, writtenMs, dirs };
}

/** A JSON integer as JSON.stringify writes one. */
const INT = "(-?(?:0|[1-9][0-9]*))";
/** A JSON string without escapes (the text has none: see ESCAPED_OR_CONTROL). */
const STR = '"([^"]*)"';
/** The written form's start, through the opening of "dirs". */
const WRITTEN_HEAD = new RegExp(
  `^\\{"format":"${FORMAT}","work_tree":${STR},"scan_start_ms":${INT},"written_ms":${INT},"dirs":\\{`,
);
/** One listing of the written form, and what follows it ("," another, "}" the end of dirs). */
const WRITTEN_LISTING = new RegExp(
  `${STR}:\\[${INT},${INT},(null|-?(?:0|[1-9][0-9]*)),${STR},${STR},(0|[1-9][0-9]*)\\]([,}])`,
);

/** {@linkcode parseListingCache} of any JSON text: null for anything not exactly the expected shape. */
function parseAnyForm(text: string, workTree: string): ListingCacheData | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (o.format !== FORMAT || o.work_tree !== workTree) return null;
  if (!isInt(o.scan_start_ms) || !isInt(o.written_ms)) return null;
  if (typeof o.dirs !== "object" || o.dirs === null || Array.isArray(o.dirs)) return null;
  const dirs = new Map<string, Listing>();
  for (const [dir, value] of Object.entries(o.dirs as Record<string, unknown>)) {
    if (!Array.isArray(value) || value.length !== 6) return null;
    const [mtimeMs, ctimeMs, ino, names, kinds, omitted] = value as unknown[];
    if (!isInt(mtimeMs) || !isInt(ctimeMs) || !(ino === null || isInt(ino))) return null;
    if (typeof names !== "string" || typeof kinds !== "string") return null;
    if (!isInt(omitted) || omitted < 0 || !wellFormed(names, kinds)) return null;
    dirs.set(dir, { mtimeMs, ctimeMs, ino, names, kinds, omitted });
  }
  return { workTree, scanStartMs: o.scan_start_ms, writtenMs: o.written_ms, dirs };
}

/**
 * A listing reduced to what the untracked walk reads of a directory whose
 * every name the index tracks: its subdirectories (the walk still enters
 * them) and its `.git` and `.gitignore` entries (a nested repository, an
 * ignore file), with the other names counted in `omitted`. The walk takes
 * it only while the index still tracks as many existing names as the
 * listing holds (untracked.ts), else it lists the directory again: what the
 * index tracks is never cached, only how many names there are.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const c = compactListing({
 *   mtimeMs: 1, ctimeMs: 1, ino: 1, names: "a.txt/src/.gitignore/b", kinds: "fdfl", omitted: 0,
 * });
 * assert.deepEqual([c.names, c.kinds, c.omitted], ["src/.gitignore", "df", 2]);
 * ```
 */
export function compactListing(listing: Listing): Listing {
  if (listing.omitted > 0 || listing.names === "") return listing;
  const names = listing.names.split("/");
  const keptNames: string[] = [];
  let keptKinds = "";
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const kind = listing.kinds[i]!;
    if (kind === KIND_CODE.dir || name === ".git" || name === ".gitignore") {
      keptNames.push(name);
      keptKinds += kind;
    }
  }
  if (keptNames.length === names.length) return listing;
  return {
    ...listing,
    names: keptNames.join("/"),
    kinds: keptKinds,
    omitted: names.length - keptNames.length,
  };
}

/**
 * Whether a directory's permission bits let `uid` list and enter it without
 * an override: read and search for its owner when that is `uid`, else for
 * its group and anyone. Without a mode or a user id (no such bits, or no user to compare)
 * it is taken as readable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = (mode: number, uid: number) => ({ mode: 0o040000 | mode, uid }) as import("../../fs.ts").FileStat;
 * assert.equal(readableByBits(dir(0o755, 5), 0), true);
 * assert.equal(readableByBits(dir(0o700, 5), 5), true);
 * assert.equal(readableByBits(dir(0o700, 5), 0), false);
 * assert.equal(readableByBits(dir(0o000, 0), 0), false);
 * assert.equal(readableByBits(dir(0o000, 0), null), true);
 * assert.equal(readableByBits(dir(0o075, 5), 5), false);
 * assert.equal(readableByBits(dir(0o705, 5), 0), false);
 * ```
 */
export function readableByBits(st: FileStat, uid: number | null): boolean {
  if (typeof st.mode !== "number" || uid === null) return true;
  // The kernel takes the owner's bits alone for the owner (a 0075 directory
  // is closed to it), and the group's for a member (not known here, so they
  // must allow it too) before anyone's.
  if (st.uid === uid) return (st.mode & 0o500) === 0o500;
  return (st.mode & 0o055) === 0o055;
}

/** Options of {@linkcode createListingCache}. */
export interface CreateListingCacheOptions {
  /** The stored cache, or null for none. */
  previous: ListingCacheData | null;
  /** The stored cache file's mtime (file-system clock), or null when there is none. */
  previousFileMtimeMs: number | null;
  /** System-clock time this scan started. */
  scanStartMs: number;
  /**
   * How much older than the scan that made it a listing must be to be
   * trusted (tests lower it). @default {RACY_MARGIN_MS}
   */
  racyMarginMs?: number;
}

/**
 * Puts a listing cache in front of `fs.readDir` for the directories of
 * `workTree` (paths outside it are passed through uncached).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const fs = {
 *   lstat: () => Promise.resolve({ mtimeMs: 1_000, ctimeMs: 1_000, ino: 1, isDirectory: true }),
 *   readDir: () => Promise.resolve([{ name: "a", isFile: true, isDirectory: false, isSymlink: false }]),
 * } as unknown as import("../../fs.ts").ReadFs;
 * const cache = createListingCache(fs, "/repo", {
 *   previous: null,
 *   previousFileMtimeMs: null,
 *   scanStartMs: 100_000,
 * });
 * assert.equal((await cache.readDir("/repo")).length, 1);
 * assert.deepEqual(cache.stats(), { hits: 0, misses: 1 });
 * assert.ok(cache.toStore(100_500)?.includes('"":[1000,1000,1,"a","f",0]'));
 * ```
 */
export function createListingCache(
  fs: ReadFs,
  workTree: string,
  options: CreateListingCacheOptions,
): ListingCache {
  const prev = options.previous;
  let trustBefore = -Infinity;
  if (prev !== null && options.previousFileMtimeMs !== null) {
    const skew = options.previousFileMtimeMs - prev.writtenMs;
    if (Math.abs(skew) <= MAX_CLOCK_SKEW_MS) {
      trustBefore = prev.scanStartMs + skew - (options.racyMarginMs ?? RACY_MARGIN_MS);
    }
  }
  const next = new Map<string, Listing>();
  let hits = 0;
  let misses = 0;
  const keyOf = (path: string): string | null => {
    if (path === workTree) return "";
    return path.startsWith(`${workTree}/`) ? path.slice(workTree.length + 1) : null;
  };
  const usable = (listing: Listing | undefined, st: FileStat): listing is Listing =>
    listing !== undefined && st.mtimeMs === listing.mtimeMs && st.ctimeMs === listing.ctimeMs &&
    st.ino === listing.ino && listing.mtimeMs < trustBefore &&
    listing.ctimeMs + CTIME_GRANULARITY_MS <= trustBefore;

  const uid = fs.processUid?.() ?? null;
  const allTracked = new Set<string>();
  let compactable = false;
  const readListing = async (
    path: string,
    known?: FileStat | null,
    whole = false,
  ): Promise<DirEntry[] | Listing> => {
    const key = keyOf(path);
    if (key === null) return await fs.readDir(path);
    const st = known === undefined ? await fs.lstat(path) : known;
    if (st !== null && st.isDirectory && st.mtimeMs !== null && st.ctimeMs !== null) {
      const cached = prev?.dirs.get(key);
      if (usable(cached, st) && !(whole && cached.omitted > 0)) {
        hits++;
        next.set(key, cached);
        return cached;
      }
    }
    misses++;
    const entries = await fs.readDir(path);
    // Names holding "/" cannot occur in a listing; refuse to cache rather
    // than store something that would parse back differently.
    if (
      st !== null && st.isDirectory && st.mtimeMs !== null && st.ctimeMs !== null &&
      readableByBits(st, uid) && !entries.some((e) => e.name.includes("/"))
    ) {
      next.set(key, {
        mtimeMs: st.mtimeMs,
        ctimeMs: st.ctimeMs,
        ino: st.ino,
        names: entries.map((e) => e.name).join("/"),
        kinds: entries.map(kindOf).join(""),
        omitted: 0,
      });
    }
    return entries;
  };

  return {
    async readDir(path: string, known?: FileStat | null): Promise<DirEntry[]> {
      const listed = await readListing(path, known, true);
      return Array.isArray(listed) ? listed : listingEntries(listed);
    },
    readListing,
    markAllTracked(path: string): void {
      const key = keyOf(path);
      if (key === null) return;
      allTracked.add(key);
      // A whole listing kept from the cache that can now be stored compact
      // is worth one write (every later scan parses and walks less).
      const l = next.get(key);
      if (l !== undefined && l.omitted === 0 && compactListing(l) !== l) compactable = true;
    },
    stats(): ListingCacheStats {
      return { hits, misses };
    },
    toStore(writtenMs: number): string | null {
      if (misses === 0 && !compactable) return null;
      const dirs: Record<string, [number, number, number | null, string, string, number]> = {};
      for (const [key, whole] of next) {
        const l = allTracked.has(key) ? compactListing(whole) : whole;
        dirs[key] = [l.mtimeMs, l.ctimeMs, l.ino, l.names, l.kinds, l.omitted];
      }
      return JSON.stringify({
        format: FORMAT,
        work_tree: workTree,
        scan_start_ms: options.scanStartMs,
        written_ms: writtenMs,
        dirs,
      });
    },
  };
}
