/**
 * The capability the transcript store readers receive instead of touching
 * the machine: read-only file access (a transcript's end is read through
 * json_lines.ts's backward reader over `fs`), the environment, a bounded head
 * read of a file another program writes, and a read-only SQLite opener.
 * commands/_adapters/transcript_io.ts builds the real one; tests may pass
 * their own.
 * @module
 */
import type { ReadFs } from "../fs.ts";

/** Bytes read from the start or the end of a file. */
export interface ByteWindow {
  bytes: Uint8Array;
  /** The file's size when it was read. */
  fileBytes: number;
  /** True when `bytes` is the whole file. */
  complete: boolean;
}

/** A prepared read-only statement (the subset of node:sqlite's that the readers use). */
export interface ReadOnlyStatement {
  all(...params: (string | number)[]): unknown[];
  get(...params: (string | number)[]): unknown;
}

/** A read-only database handle. */
export interface ReadOnlyDb {
  prepare(sql: string): ReadOnlyStatement;
  close(): void;
}

/** What the store readers and session capture need from the machine. */
export interface TranscriptStoreIo {
  fs: ReadFs;
  env(name: string): string | undefined;
  /** The user's home directory, or null when it cannot be told. */
  home: string | null;
  /** The operating system ("linux", "darwin", "windows", ...). */
  os: string;
  now(): Date;
  /** The first `maxBytes` of a regular file; null when it cannot be read. */
  readHead(path: string, maxBytes: number): Promise<ByteWindow | null>;
  /** Opens a database read-only with a short busy timeout; null when it cannot be opened. */
  openReadOnlyDb(path: string): Promise<ReadOnlyDb | null>;
}
