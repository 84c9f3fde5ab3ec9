/**
 * Where the directory-listing cache lives and how it is read and stored:
 * `<git dir>/baton/listing-cache.json`, inside the repository's own git
 * directory so it is never part of the work tree, never committed and never
 * shared by a clone (a cache shipped inside a repository could hide files).
 * Everything here is best effort: a cache that cannot be read is not used,
 * one that cannot be written is skipped, and neither ever fails a scan.
 * @module
 */
import type { WriteFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { type ListingCacheData, MAX_CACHE_BYTES, parseListingCache } from "./listing_cache.ts";

/** The cache file of a repository. */
export function listingCachePath(repo: RepoLocation): string {
  return `${repo.gitDir}/baton/listing-cache.json`;
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
  const path = listingCachePath(repo);
  try {
    // A `baton` directory that is a symbolic link could lead anywhere: refused.
    if ((await fs.lstat(`${repo.gitDir}/baton`))?.isDirectory !== true) {
      return { data: null, fileMtimeMs: null };
    }
    const st = await fs.lstat(path);
    if (st === null || !st.isFile || st.size > MAX_CACHE_BYTES) {
      return { data: null, fileMtimeMs: null };
    }
    const text = new TextDecoder().decode(await fs.readFile(path));
    return { data: parseListingCache(text, repo.workTree), fileMtimeMs: st.mtimeMs };
  } catch {
    return { data: null, fileMtimeMs: null };
  }
}

/** A temp file older than this was left by a writer that died (a hook's job is killed at its deadline). */
const STALE_TEMP_MS = 60_000;

/** Removes temp files of the cache that a killed writer left behind. */
async function sweepTemps(fs: WriteFs, dir: string, nowMs: number): Promise<void> {
  for (const e of await fs.readDir(dir)) {
    if (!/^\.listing-cache\.json\..+\.tmp$/.test(e.name)) continue;
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
export async function writeListingCache(
  fs: WriteFs,
  repo: RepoLocation,
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
    await sweepTemps(fs, dir, nowMs);
    // A cache needs no fsync: a torn or lost write only means a re-read.
    await fs.writeFileAtomic(listingCachePath(repo), new TextEncoder().encode(text), {
      durable: false,
      within,
    });
    return true;
  } catch {
    return false;
  }
}
