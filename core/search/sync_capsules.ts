/**
 * Brings the search index up to date with the capsule archive: capsules
 * archived since the last update are read and indexed, capsules gone from
 * the archive are removed. Text is passed through `redact` before it is
 * stored, so the index never holds a secret a capsule let through (a
 * teammate's capsule, say) and every snippet comes from redacted text. A
 * capsule that does not parse (or whose id does not match its content) is
 * not indexed and is counted as skipped, so it is retried on the next update.
 * I/O through `WriteFs` and the injected database.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import type { BatonLayout } from "../store/layout.ts";
import { listArchive, readTextOrNull } from "../store/capsule_store.ts";
import { parseCapsule } from "../capsule/parse.ts";
import { capsuleDocuments } from "./search_documents.ts";
import {
  indexDocuments,
  indexedKeys,
  type IndexUpdate,
  type KeyedDocuments,
  type SqlDb,
} from "./search_index.ts";

/** What a sync did. */
export interface SyncResult extends IndexUpdate {
  /** Archived capsules that could not be read or parsed. */
  skipped: number;
  /** Capsules in the archive. */
  archived: number;
}

/** Options of {@linkcode syncCapsuleIndex}. */
export interface SyncOptions {
  /** Redacts one text (secret scanner). */
  redact: (text: string) => string;
  /** Called after each capsule read for the index, with how many of how many. */
  onProgress?: (done: number, total: number) => void;
}

/** Indexes new archived capsules and drops removed ones. */
export async function syncCapsuleIndex(
  db: SqlDb,
  fs: WriteFs,
  layout: BatonLayout,
  options: SyncOptions,
): Promise<SyncResult> {
  const names = await listArchive(fs, layout);
  const known = indexedKeys(db, "capsule");
  const present = new Set(names);
  const remove = [...known].filter((k) => !present.has(k));
  const add: KeyedDocuments[] = [];
  let skipped = 0;
  const todo = names.filter((n) => !known.has(n)).length;
  let read = 0;
  for (const name of names) {
    if (known.has(name)) continue;
    options.onProgress?.(++read, todo);
    let text: string | null;
    try {
      text = await readTextOrNull(fs, `${layout.capsules}/${name}`);
    } catch {
      text = null;
    }
    if (text === null) {
      skipped++;
      continue;
    }
    try {
      const { capsule } = await parseCapsule(text);
      const documents = capsuleDocuments(capsule).map((d) => ({
        ...d,
        text: options.redact(d.text),
      }));
      add.push({ key: name, documents });
    } catch {
      skipped++;
    }
  }
  const update = indexDocuments(db, "capsule", add, remove);
  return { ...update, skipped, archived: names.length };
}
