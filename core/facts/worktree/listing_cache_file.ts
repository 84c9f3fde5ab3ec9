/**
 * Where the scan's caches live and how they are read and stored: files in
 * `<git dir>/baton/` (the directory-listing cache `listing-cache.json`, the
 * verified index checksum `index-checksum.json`), inside the repository's
 * own git directory so they are never part of the work tree, never
 * committed and never shared by a clone (a cache shipped inside a
 * repository could hide files). Everything here is best effort: a cache
 * that cannot be read is not used, one that cannot be written is skipped,
 * and neither ever fails a scan.
 * @module
 */
import type { WriteFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { type ListingCacheData, MAX_CACHE_BYTES, parseListingCache } from "./listing_cache.ts";
import { releaseBytes } from "./index_file.ts";

const LISTING_CACHE_NAME = "listing-cache.json";

/** The cache file of a repository. */
export function listingCachePath(repo: RepoLocation): string {
  return `${repo.gitDir}/baton/${LISTING_CACHE_NAME}`;
}

/** A stored cache and its file's mtime, or nulls when there is none usable. */
export interface StoredListingCache {
  data: ListingCacheData | null;
  fileMtimeMs: number | null;
}

/** Reads the stored cache; never throws. */
export async function readListingCache(
  fs: WriteFs,
  repo: RepoLocation,
): Promise<StoredListingCache> {
  const stored = await readCacheFile(fs, repo, LISTING_CACHE_NAME, MAX_CACHE_BYTES);
  if (stored === null) return { data: null, fileMtimeMs: null };
  return { data: parseListingCache(stored.text, repo.workTree), fileMtimeMs: stored.mtimeMs };
}

/** A cache file's text and its mtime. */
export interface CacheFileText {
  text: string;
  mtimeMs: number | null;
}

/**
 * Reads `<git dir>/baton/<name>` when it is a regular file of at most
 * `maxBytes` in a real `baton` directory, written by this user (where both
 * owners are known); null otherwise. Never throws.
 */
export async function readCacheFile(
  fs: WriteFs,
  repo: RepoLocation,
  name: string,
  maxBytes: number,
): Promise<CacheFileText | null> {
  const path = `${repo.gitDir}/baton/${name}`;
  try {
    // A `baton` directory that is a symbolic link could lead anywhere: refused.
    if ((await fs.lstat(`${repo.gitDir}/baton`))?.isDirectory !== true) return null;
    const st = await fs.lstat(path);
    if (st === null || !st.isFile || st.size > maxBytes) return null;
    // Another user's cache (root's, read by a user): it may list what this one cannot read.
    const uid = fs.processUid?.() ?? null;
    if (uid !== null && st.uid !== null && st.uid !== uid) return null;
    const bytes = await fs.readFile(path);
    const text = new TextDecoder().decode(bytes);
    // Garbage once decoded, yet resident until a full collection (none runs
    // before the scan's end): freed now, the listing cache's 0.8 MB at 50k
    // files is not held twice through the untracked walk, the scan's peak.
    releaseBytes(bytes);
    return { text, mtimeMs: st.mtimeMs };
  } catch {
    return null;
  }
}

/** A temp file older than this was left by a writer that died (a hook's job is killed at its deadline). */
const STALE_TEMP_MS = 60_000;

/** Removes temp files of a cache file that a killed writer left behind. */
async function sweepTemps(fs: WriteFs, dir: string, name: string, nowMs: number): Promise<void> {
  for (const e of await fs.readDir(dir)) {
    if (!(e.name.startsWith(`.${name}.`) && e.name.endsWith(".tmp"))) continue;
    const st = await fs.lstat(`${dir}/${e.name}`);
    if (st !== null && st.isFile && st.mtimeMs !== null && nowMs - st.mtimeMs > STALE_TEMP_MS) {
      await fs.remove(`${dir}/${e.name}`);
    }
  }
}

/**
 * Stores the cache atomically; returns false when it could not be written.
 * `nowMs` (system clock) decides which leftover temp files are stale.
 */
export function writeListingCache(
  fs: WriteFs,
  repo: RepoLocation,
  text: string,
  nowMs: number,
): Promise<boolean> {
  return writeCacheFile(fs, repo, LISTING_CACHE_NAME, text, nowMs);
}

/**
 * Stores `<git dir>/baton/<name>` atomically, never through a symbolic
 * link; false when it could not be written. `nowMs` (system clock) decides
 * which leftover temp files are stale.
 */
export async function writeCacheFile(
  fs: WriteFs,
  repo: RepoLocation,
  name: string,
  text: string,
  nowMs: number,
): Promise<boolean> {
  try {
    const dir = `${repo.gitDir}/baton`;
    // A `baton` directory that is a symbolic link is refused: never written through.
    if ((await fs.lstat(dir))?.isSymlink === true) return false;
    await fs.mkdirp(dir);
    if ((await fs.lstat(dir))?.isDirectory !== true) return false;
    const within = `${(await fs.realPath(repo.gitDir)).replace(/\/+$/, "")}/baton`;
    if ((await fs.realPath(dir)) !== within) return false;
    await sweepTemps(fs, dir, name, nowMs);
    // A cache needs no fsync: a torn or lost write only means a re-read.
    await fs.writeFileAtomic(`${dir}/${name}`, new TextEncoder().encode(text), {
      durable: false,
      within,
    });
    return true;
  } catch {
    return false;
  }
}
