/**
 * Edge: the real {@linkcode TranscriptStoreIo} of a running process, built
 * from an Io: the bounded head read (./head_read.ts) and SQLite opened
 * read-only with a 100 ms busy timeout (node:sqlite ignores its own
 * `timeout` option). node:sqlite is imported only when a database is opened.
 * @module
 */
import type { Io } from "./io.ts";
import { homeDir } from "./home.ts";
import { readHead } from "./head_read.ts";
import type { ReadOnlyDb, TranscriptStoreIo } from "../../core/transcript/store_io.ts";

/** The transcript stores' capability over `io`. */
export function transcriptStoreIo(io: Io): TranscriptStoreIo {
  return {
    fs: io.fs,
    env: (name) => io.env(name),
    home: homeDir(io),
    os: Deno.build.os,
    now: () => io.now(),
    readHead,
    openReadOnlyDb,
  };
}

async function openReadOnlyDb(path: string): Promise<ReadOnlyDb | null> {
  try {
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(path, { readOnly: true });
    db.exec("PRAGMA busy_timeout = 100");
    return db as unknown as ReadOnlyDb;
  } catch {
    return null;
  }
}
