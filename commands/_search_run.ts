/**
 * Edge for `baton search`: locates the index, syncs it with the archive and
 * runs the query; every snippet comes out redacted and neutralised.
 * @module
 */
import type { Io } from "./_adapters/io.ts";
import { findBatonLayout } from "../core/store/find_layout.ts";
import { privateStateDir } from "../core/store/private_dir.ts";
import { syncCapsuleIndex } from "../core/search/sync_capsules.ts";
import { countIndexed, searchIndex } from "../core/search/search_index.ts";
import { loadSafeOutput } from "./_cli/safe_output.ts";
import { openSearchIndex } from "./_adapters/search_db.ts";
import { StorageError } from "../core/errors.ts";

/** What `baton search --json` prints. */
export interface SearchOutput {
  query: string;
  results: { source: string; id: string; created_at: string; field: string; snippet: string }[];
  index: {
    path: string;
    added: number;
    removed: number;
    skipped: number;
    indexed: number;
    recreated: boolean;
  };
}

/** Syncs the index and searches it. */
export async function searchChain(io: Io, query: string, limit: number): Promise<SearchOutput> {
  const found = await findBatonLayout(io.fs, io.cwd());
  const dir = privateStateDir(found);
  try {
    await io.fs.mkdirp(dir);
  } catch (e) {
    throw new StorageError("Cannot create the search index directory: it is not writable", {
      cause: e,
    });
  }
  // A state directory that is a symbolic link could lead anywhere: refused.
  if ((await io.fs.lstat(dir))?.isDirectory !== true) {
    throw new StorageError("Cannot open the search index: its directory is not a plain directory");
  }
  const path = `${dir}/search.sqlite`;
  const safe = await loadSafeOutput();
  const index = openSearchIndex(path);
  try {
    const sync = await syncCapsuleIndex(index.db, io.fs, found.layout, { redact: safe.value });
    const hits = searchIndex(index.db, query, limit);
    return {
      query: safe.value(query),
      results: hits.map((h) => ({
        source: h.source,
        id: h.ref,
        created_at: safe.line(h.created_at),
        field: safe.line(h.field),
        snippet: safe.line(h.snippet),
      })),
      index: {
        path,
        added: sync.added,
        removed: sync.removed,
        skipped: sync.skipped,
        indexed: countIndexed(index.db),
        recreated: index.recreated,
      },
    };
  } finally {
    index.close();
  }
}
