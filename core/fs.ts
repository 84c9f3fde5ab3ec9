/**
 * The file-system capability core code receives instead of touching Deno.
 *
 * core/ never calls Deno.* itself: commands/_adapters/io.ts builds the Deno-backed
 * implementation and tests may pass their own. Paths are absolute, with "/"
 * separators on every OS.
 * @module
 */
import { BatonError, EXIT } from "./errors.ts";

/** What lstat/stat report, at the precision the runtime actually gives. */
export interface FileStat {
  isFile: boolean;
  isDirectory: boolean;
  isSymlink: boolean;
  size: number;
  /** Modification time in whole milliseconds since the epoch (Deno truncates). */
  mtimeMs: number | null;
  /** Status-change time in milliseconds; Deno returns whole seconds only. */
  ctimeMs: number | null;
  ino: number | null;
  dev: number | null;
  uid: number | null;
  gid: number | null;
  /** Full st_mode including the file-type bits, or null when the OS has none. */
  mode: number | null;
}

/** One entry of a directory listing. */
export interface DirEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  isSymlink: boolean;
}

/** Read-only file access, enough for git facts and capsule loading. */
export interface ReadFs {
  /**
   * Whole file, in a buffer of its own that the caller may detach (the
   * worktree scan frees the index's bytes that way); throws
   * {@linkcode FsNotFoundError} when it does not exist. `sizeHint`: its
   * size as the caller's own lstat just saw it, which spares an
   * implementation the stat it would take to choose how to read it; the
   * content read is the same with or without it, whatever the size is by
   * the time it is read.
   */
  readFile(path: string, sizeHint?: number): Promise<Uint8Array>;
  /** Bytes [offset, offset+length) of a file, shorter at end of file. */
  readRange(path: string, offset: number, length: number): Promise<Uint8Array>;
  /**
   * Reads bytes of a file from `offset` straight into `into` (no buffer of
   * its own); resolves to the count, 0 at end of file. Optional: streaming
   * readers fall back to {@linkcode readRange}.
   */
  readInto?(path: string, offset: number, into: Uint8Array): Promise<number>;
  /** lstat, or null when the path does not exist. */
  lstat(path: string): Promise<FileStat | null>;
  /**
   * lstat many paths at once (the implementation picks sync or parallel);
   * null for missing. With `base`, each path is relative to that directory
   * (`${base}/${path}`): an implementation may then skip building the
   * absolute names (50k of them for a big index).
   */
  lstatMany(paths: readonly string[], base?: string): Promise<(FileStat | null)[]>;
  /**
   * lstat each path in turn, handing each result to `visit` before the next
   * call (null for missing; `base` as for {@linkcode lstatMany}), so no
   * result outlives its turn: 50k results kept until the last is made are
   * megabytes of heap. The object passed may be reused for the next path;
   * copy what must be kept. Optional: callers fall back to `lstatMany`.
   */
  lstatEach?(
    paths: readonly string[],
    base: string | undefined,
    visit: (index: number, stat: FileStat | null) => void,
  ): Promise<void>;
  /**
   * Hands memory the process has freed back to the system now (the C
   * allocator keeps freed pages resident otherwise: a big scan's transient
   * buffers and the JIT's compile scratch). Optional, and a no-op where the
   * runtime cannot; never changes what any other call answers.
   */
  releaseFreedMemory?(): void;
  /**
   * A new zero-filled buffer of `bytes` bytes, of its own (the caller may
   * detach it), whose pages are backed now rather than one page fault at a
   * time as it is first written (a fault is the costly part of filling a
   * fresh buffer on a virtual machine). Optional: callers use
   * `new Uint8Array(bytes)`; either way the content is the same.
   */
  newBackedBuffer?(bytes: number): Uint8Array;
  /** stat following symlinks, or null when missing. */
  stat(path: string): Promise<FileStat | null>;
  /**
   * Directory entries; throws FsNotFoundError when missing. With `limit`, at
   * most that many are read (a folder a commit filled need not be listed whole).
   */
  readDir(path: string, limit?: number): Promise<DirEntry[]>;
  /**
   * Target of a symlink. A target that is not UTF-8 (a link may hold any bytes) throws a
   * StorageError whose `data.os_error` is "EILSEQ".
   */
  readLink(path: string): Promise<string>;
  /** Canonical absolute path (symlinks resolved). */
  realPath(path: string): Promise<string>;
  /**
   * The user id this process runs as (what git compares a repository's
   * owner with), or null where there is none (Windows). Optional: without
   * it ownership is not compared.
   */
  processUid?(): number | null;
}

/** Options of {@linkcode WriteFs.writeFileAtomic}. */
export interface WriteFileOptions {
  /**
   * A real (symlink-free) directory the file must stay inside: the real path
   * of the file's directory is checked before the temp file is made, before
   * the rename and after it, and the write is refused with
   * {@linkcode PathEscapeError} when it leads anywhere else (a directory
   * swapped for a symbolic link mid-write). @default {no check}
   */
  within?: string;
  /**
   * With `within`: make the temp file in that directory itself rather than
   * beside the target, so a directory below it swapped for a link while the
   * temp file is made cannot take even the temp file elsewhere (the rename
   * is then re-checked as usual). For stores whose root holds only baton's
   * files. @default {false}
   */
  tempInWithin?: boolean;
  /** fsync the file and its directory. @default {true} */
  durable?: boolean;
  /**
   * Permission bits of a new file. A file that already exists keeps its own
   * (a private config stays private). @default {0o644}
   */
  mode?: number;
}

/** Writing capability; every whole-file write is atomic (temp + fsync + rename). */
export interface WriteFs extends ReadFs {
  /**
   * Atomically replaces `path` with `data`, keeping an existing file's
   * permission bits. `durable: false` skips the fsyncs, for caches: a reader
   * still sees the old or the new file whole, but a crash may lose the write.
   */
  writeFileAtomic(path: string, data: Uint8Array, options?: WriteFileOptions): Promise<void>;
  /** mkdir -p. */
  mkdirp(path: string): Promise<void>;
  /** mkdir that fails with FsExistsError when the directory exists (used for locks). */
  mkdirExclusive(path: string): Promise<void>;
  /** Removes a file or a directory tree; no error when missing. */
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  /** Atomic rename within one file system. */
  rename(from: string, to: string): Promise<void>;
  /**
   * Takes an exclusive advisory lock on a file (created when missing) without
   * waiting; null when another open handle holds it. The operating system
   * drops the lock when the holding process dies, which is how a dead lock
   * owner is told from a live one.
   */
  tryLockFile(path: string): Promise<FileLockHandle | null>;
}

/** A held advisory file lock. */
export interface FileLockHandle {
  /** Unlocks and closes the file. */
  release(): void;
}

/** Raised by ReadFs implementations when a path does not exist. */
export class FsNotFoundError extends Error {
  /** Stable code. */
  readonly code = "ENOENT";
  /** @param path The missing path (our own path, safe to show). */
  constructor(path: string) {
    super(`No such file or directory: "${path}"`);
    this.name = "FsNotFoundError";
  }
}

/** A write that would land outside the directory it must stay in (exit 5). */
export class PathEscapeError extends BatonError {
  /** @param path The path baton meant to write (its own, safe to show). @param within The directory. */
  constructor(path: string, within: string) {
    super(
      `Cannot write "${path}": its directory leads outside "${within}" (a symbolic link); baton wrote nothing there`,
      "path_escape",
      EXIT.io.code,
      { data: { path, within } },
    );
  }
}

/** Raised by mkdirExclusive when the directory already exists. */
export class FsExistsError extends Error {
  /** Stable code. */
  readonly code = "EEXIST";
  /** @param path The existing path. */
  constructor(path: string) {
    super(`Already exists: "${path}"`);
    this.name = "FsExistsError";
  }
}

/** What {@linkcode readRegularFile} found at a path. */
export type RegularRead =
  | { kind: "missing" }
  | { kind: "not_regular" }
  | { kind: "too_large" }
  | { kind: "read"; bytes: Uint8Array };

/**
 * A regular file's bytes, never more than `maxBytes`: a FIFO, a device (a
 * committed symbolic link to /dev/zero) or a directory is `not_regular`,
 * never opened, so a planted path cannot hang a reader or fill its memory.
 * Symbolic links to regular files are followed, as `stat` does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type FileStat, readRegularFile, type ReadFs } from "./fs.ts";
 * const text = new TextEncoder().encode("hello");
 * const fifo: FileStat = { isFile: false, isDirectory: false, isSymlink: false, size: 0,
 *   mtimeMs: null, ctimeMs: null, ino: null, dev: null, uid: null, gid: null, mode: null };
 * const fs = {
 *   stat: (p: string) => Promise.resolve(p.endsWith("fifo") ? fifo : { ...fifo, isFile: true, size: 5 }),
 *   readRange: (_p: string, at: number, n: number) => Promise.resolve(text.slice(at, at + n)),
 * } as unknown as ReadFs;
 * assert.equal((await readRegularFile(fs, "/r/latest.md", 1024)).kind, "read");
 * assert.equal((await readRegularFile(fs, "/r/latest.md", 4)).kind, "too_large");
 * assert.equal((await readRegularFile(fs, "/r/fifo", 1024)).kind, "not_regular");
 * ```
 */
export async function readRegularFile(
  fs: ReadFs,
  path: string,
  maxBytes: number,
): Promise<RegularRead> {
  const st = await fs.stat(path);
  if (st === null) return { kind: "missing" };
  if (!st.isFile) return { kind: "not_regular" };
  if (st.size > maxBytes) return { kind: "too_large" };
  try {
    // One byte past what stat said shows a file that grew since; then read to the bound.
    const want = st.size + 1;
    let bytes = await fs.readRange(path, 0, want);
    if (bytes.length === want) bytes = await fs.readRange(path, 0, maxBytes + 1);
    return bytes.length > maxBytes ? { kind: "too_large" } : { kind: "read", bytes };
  } catch (e) {
    if (e instanceof FsNotFoundError) return { kind: "missing" };
    throw e;
  }
}
