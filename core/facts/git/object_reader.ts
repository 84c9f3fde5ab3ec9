/**
 * A git object reader that never loads a whole packfile: pack indexes give
 * the offset, only that object's bytes are read and inflated, deltas are
 * resolved with bounded depth. Loose objects and objects/info/alternates are
 * covered too, and the stores git's GIT_OBJECT_DIRECTORY and
 * GIT_ALTERNATE_OBJECT_DIRECTORIES name (carried by the RepoLocation). Reads
 * through the injected ReadFs only.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { InputError } from "../../errors.ts";
import type { GitObject, GitObjectReader, RepoLocation } from "../types.ts";
import { hexToBytes, Pack, type PackContext } from "./_pack.ts";
import { PackIndex } from "./_pack_index.ts";
import { readLooseObject } from "./_loose.ts";
import { ByteLru } from "./_lru.ts";
import { isNotFound, readOptionalText } from "./_read_optional.ts";
import { alternatesEntries } from "./alternates_list.ts";
import { physicalPath, systemAbsolute } from "./physical_path.ts";

/** Options for {@linkcode createObjectReader}. */
export interface ObjectReaderOptions {
  /** Largest inflated object (or delta target) the reader accepts. @default 67108864 (64 MiB) */
  maxObjectBytes?: number;
  /** Longest delta chain followed; git never writes chains deeper than 4095. @default 4095 */
  maxDeltaDepth?: number;
  /** Bytes of recently read objects kept (delta bases, trees). @default 16777216 (16 MiB) */
  cacheBytes?: number;
  /**
   * Pack indexes up to this size are read whole; larger ones are read in
   * pieces (the fanout, then one 1/256 bucket per lookup, cached). A whole
   * 1.5 MB index (50k objects) was held for the few lookups a status
   * makes. @default 262144 (256 KiB)
   */
  wholeIndexBytes?: number;
}

/**
 * Deepest `info/alternates` read, as git counts: the first store's own file
 * (and the stores GIT_ALTERNATE_OBJECT_DIRECTORIES names) at 0, the file of
 * a store linked at depth d at d + 1; git refuses a file past 5 ("nesting
 * too deep"), so a chain of six alternates is followed and a seventh is not.
 */
const MAX_ALTERNATE_DEPTH = 5;
/** Most object directories one reader consults. */
const MAX_STORES = 16;
/** Most bytes of pack indexes held in memory whole, summed over packs. */
const MAX_WHOLE_INDEX_TOTAL = 64 * 1024 * 1024;
/** Bytes of pack windows cached. */
const WINDOW_CACHE_BYTES = 4 * 1024 * 1024;

const OID_RE = /^[0-9a-f]{40}$/;

/** One objects directory: its packs (listed lazily) and loose objects. */
interface Store {
  dir: string;
  /** The depth git reads this store's own info/alternates at. */
  depth: number;
  packs: Pack[];
  packNames: Set<string>;
  /** The first listing of the pack directory, shared by concurrent reads. */
  listed: Promise<unknown> | null;
  /** A listing in progress, so concurrent listings never open a pack twice. */
  scanning: Promise<boolean> | null;
  /** Whether git would link it (a directory its path resolves to), asked once. */
  usable: Promise<boolean> | null;
}

function newStore(dir: string, depth: number): Store {
  return {
    dir,
    depth,
    packs: [],
    packNames: new Set(),
    listed: null,
    scanning: null,
    usable: null,
  };
}

/**
 * Creates a reader for the repository's objects.
 *
 * Lookup order, as git's: the packs of objects/ (newest first), then of
 * each alternate, then loose objects in the same order. On a miss the pack
 * directories are listed again once, in case a concurrent `git gc` repacked.
 * Returned `data` is shared with the reader's cache: treat it as read-only.
 * SHA-1 repositories only.
 *
 * @param fs Read capability.
 * @param repo Repository location (objects live in its common dir).
 * @param options Size, depth and cache bounds.
 * @returns A reader; `read` resolves null for objects that are not present.
 * @throws {InputError} From `read`, when the id is not 40 hex digits.
 * @throws {GitCorruptError} From `read`, on malformed objects, packs or indexes.
 * @throws {GitLimitError} From `read`, when an object or delta chain exceeds a bound.
 *
 * @example
 * ```ts ignore
 * const reader = createObjectReader(fs, repo);
 * const commit = await reader.read(head.oid);
 * if (commit?.type === "commit") parseCommit(commit.data).tree;
 * ```
 */
export function createObjectReader(
  fs: ReadFs,
  repo: RepoLocation,
  options: ObjectReaderOptions = {},
): GitObjectReader {
  return new ObjectReader(fs, repo, options);
}

class ObjectReader implements GitObjectReader {
  #fs: ReadFs;
  #ctx: PackContext;
  #stores: Store[];
  #alternates: Promise<void> | null = null;
  #rescanned = false;
  #wholeIndexBudget = MAX_WHOLE_INDEX_TOTAL;
  #wholeIndexBytes: number;

  constructor(fs: ReadFs, repo: RepoLocation, options: ObjectReaderOptions) {
    this.#fs = fs;
    this.#wholeIndexBytes = options.wholeIndexBytes ?? 256 * 1024;
    this.#ctx = {
      fs,
      maxObjectBytes: options.maxObjectBytes ?? 64 * 1024 * 1024,
      maxDeltaDepth: options.maxDeltaDepth ?? 4095,
      windows: new ByteLru(WINDOW_CACHE_BYTES),
      objects: new ByteLru(options.cacheBytes ?? 16 * 1024 * 1024),
      readBase: (oid, depth) => this.#read(oid, depth),
    };
    this.#stores = [newStore(repo.objectDirectory ?? `${repo.commonDir}/objects`, 0)];
    // git links these at depth 0, before the first store's info/alternates.
    for (const dir of repo.alternateObjectDirectories ?? []) {
      if (this.#stores.length >= MAX_STORES) break;
      if (!this.#stores.some((s) => s.dir === dir)) this.#stores.push(newStore(dir, 1));
    }
  }

  read(oid: string): Promise<GitObject | null> {
    const id = oid.toLowerCase();
    if (!OID_RE.test(id)) {
      return Promise.reject(
        new InputError("Cannot read git object: the id is not 40 hex digits", "invalid_object_id"),
      );
    }
    return this.#read(id, 0);
  }

  async #read(oid: string, depth: number): Promise<GitObject | null> {
    const bytes = hexToBytes(oid);
    // As git looks: every store's packs (the repository's own first), then
    // every store's loose objects, so an alternate's packed copy wins over
    // a loose one of the same name here.
    for (const loose of [false, true]) {
      for (let i = 0; i < this.#stores.length; i++) {
        const store = this.#stores[i]!;
        const found = loose
          ? await this.#readLoose(store, oid)
          : await this.#readPacked(store, bytes, depth);
        if (found !== null) return found;
        if (i === this.#stores.length - 1) await (this.#alternates ??= this.#loadAlternates());
      }
    }
    if (!this.#rescanned) {
      this.#rescanned = true;
      let added = false;
      for (const store of this.#stores) added = (await this.#scanPacks(store)) || added;
      if (added) return await this.#read(oid, depth);
    }
    return null;
  }

  async #readPacked(store: Store, bytes: Uint8Array, depth: number): Promise<GitObject | null> {
    if (!(await (store.usable ??= this.#usable(store.dir)))) return null;
    await (store.listed ??= this.#scanPacks(store));
    for (const pack of store.packs) {
      const offset = await pack.index.find(bytes);
      if (offset !== null) return await pack.readAt(offset, depth);
    }
    return null;
  }

  async #readLoose(store: Store, oid: string): Promise<GitObject | null> {
    if (!(await (store.usable ??= this.#usable(store.dir)))) return null;
    return await readLooseObject(this.#fs, store.dir, oid, this.#ctx.maxObjectBytes);
  }

  /** Lists objects/pack/*.idx with a matching .pack, newest first; true when a new pack appeared. */
  #scanPacks(store: Store): Promise<boolean> {
    store.scanning ??= this.#listPacks(store).finally(() => {
      store.scanning = null;
    });
    return store.scanning;
  }

  async #listPacks(store: Store): Promise<boolean> {
    if (!(await (store.usable ??= this.#usable(store.dir)))) return false;
    const packDir = `${store.dir}/pack`;
    let entries;
    try {
      entries = await this.#fs.readDir(packDir);
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
    const names = new Set(entries.map((e) => e.name));
    const fresh = [...names].filter((n) =>
      n.endsWith(".idx") && names.has(`${n.slice(0, -4)}.pack`) && !store.packNames.has(n)
    );
    if (fresh.length === 0) return false;
    const paths = fresh.flatMap((n) => [`${packDir}/${n}`, `${packDir}/${n.slice(0, -4)}.pack`]);
    const stats = await this.#fs.lstatMany(paths);
    // A pack or index kept as a symlink is read through it, as git reads it.
    for (let i = 0; i < stats.length; i++) {
      if (stats[i]?.isSymlink === true) stats[i] = await this.#fs.stat(paths[i]!).catch(() => null);
    }
    const opened: { pack: Pack; mtime: number }[] = [];
    for (let i = 0; i < fresh.length; i++) {
      const idxStat = stats[2 * i];
      const packStat = stats[2 * i + 1];
      if (!idxStat?.isFile || !packStat?.isFile) continue;
      const whole = idxStat.size <= Math.min(this.#wholeIndexBytes, this.#wholeIndexBudget);
      if (whole) this.#wholeIndexBudget -= idxStat.size;
      const index = await PackIndex.open(
        this.#fs,
        paths[2 * i]!,
        idxStat.size,
        whole ? idxStat.size : -1,
      );
      store.packNames.add(fresh[i]!);
      opened.push({
        pack: new Pack(paths[2 * i + 1]!, packStat.size, index, this.#ctx),
        mtime: packStat.mtimeMs ?? 0,
      });
    }
    opened.sort((a, b) => b.mtime - a.mtime);
    store.packs.unshift(...opened.map((o) => o.pack));
    return opened.length > 0;
  }

  /**
   * Follows objects/info/alternates breadth-first, bounded in depth (git's)
   * and count. A line is a path as git reads it (no blank trimmed: git
   * takes `dir ` for another directory); a relative one is resolved from
   * the real path of the store whose file names it, and the joined line is
   * read as the system reads it (git takes its real path).
   */
  async #loadAlternates(): Promise<void> {
    for (let i = 0; i < this.#stores.length && this.#stores.length < MAX_STORES; i++) {
      const store = this.#stores[i]!;
      if (store.depth > MAX_ALTERNATE_DEPTH) continue;
      if (!(await (store.usable ??= this.#usable(store.dir)))) continue;
      const text = await readOptionalText(this.#fs, `${store.dir}/info/alternates`);
      if (text === null) continue;
      let base: string | null = null;
      // A list with a quoted path that is no UTF-8 is not followed at all:
      // what needs one of its stores is then unknown.
      for (const line of alternatesEntries(text, "\n") ?? []) {
        if (!systemAbsolute(store.dir, line)) {
          base ??= await this.#fs.realPath(store.dir).catch(() => store.dir);
        }
        // git takes the joined line's real path: a `..` after a link climbs
        // from its target, and one past a missing step names nothing.
        const dir = await physicalPath(this.#fs, base ?? store.dir, line);
        if (dir === null) continue;
        if (this.#stores.some((s) => s.dir === dir) || this.#stores.length >= MAX_STORES) continue;
        const linked = newStore(dir, store.depth + 1);
        if (!(await (linked.usable = this.#usable(dir)))) continue;
        this.#stores.push(linked);
      }
    }
  }

  /**
   * Whether git links a store (an alternates line, an entry of
   * GIT_ALTERNATE_OBJECT_DIRECTORIES): it skips one whose path does not
   * resolve (a symlink loop: "unable to normalize") or is no directory, and
   * reads on from the next; baton then does too.
   */
  async #usable(dir: string): Promise<boolean> {
    try {
      return (await this.#fs.stat(dir))?.isDirectory === true;
    } catch {
      return false;
    }
  }
}
