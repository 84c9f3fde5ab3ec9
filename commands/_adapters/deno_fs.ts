/**
 * Edge: the Deno-backed implementation of core's file-system capability.
 *
 * All whole-file writes go through a temp file in the same directory, fsync
 * and rename, so a reader sees either the old bytes or the new ones.
 * @module
 */
import { prefault } from "./prefault.ts";
import {
  type DirEntry,
  type FileLockHandle,
  type FileStat,
  FsExistsError,
  FsNotFoundError,
  PathEscapeError,
  type WriteFileOptions,
  type WriteFs,
} from "../../core/fs.ts";
import { BatonError, StorageError } from "../../core/errors.ts";
import { tempName } from "../../core/store/temp_name.ts";
import { processIdentity } from "./process_identity.ts";
import { CWD_FD, statxDecided, type StatxReader, statxReader } from "./statx.ts";
import { mallocTrim, trimFreedTopsPromptly } from "./malloc_trim.ts";

function toStat(info: Deno.FileInfo): FileStat {
  return fillStat(info, {} as FileStat);
}

/** Copies what baton reads of a Deno.FileInfo into `out` (reused by lstatEach). */
function fillStat(info: Deno.FileInfo, out: FileStat): FileStat {
  out.isFile = info.isFile;
  out.isDirectory = info.isDirectory;
  out.isSymlink = info.isSymlink;
  out.size = info.size;
  out.mtimeMs = info.mtime === null ? null : info.mtime.getTime();
  out.ctimeMs = info.ctime === null ? null : info.ctime.getTime();
  out.ino = info.ino;
  out.dev = info.dev;
  out.uid = info.uid;
  out.gid = info.gid;
  out.mode = info.mode;
  return out;
}

/** What an OS error code means, in the words of an error message. */
const OS_ERRORS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EROFS: "the file system is read-only",
  EIO: "input/output error",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  ENOTDIR: "a part of the path is not a directory",
  EISDIR: "it is a directory",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the name is too long",
  EXDEV: "it is on another file system",
  ENOTEMPTY: "the directory is not empty",
  EBUSY: "it is busy",
  ETXTBSY: "it is busy",
  EFBIG: "the file is too large",
};

/**
 * Maps a Deno error to core's: missing and existing paths to their own
 * types, every other operating-system error (permissions, disk full,
 * read-only) to a {@linkcode StorageError} (exit 5) naming the path and the
 * kind, never an internal error.
 */
function mapError(e: unknown, path: string): unknown {
  if (e instanceof Deno.errors.NotFound) return new FsNotFoundError(path);
  if (e instanceof Deno.errors.AlreadyExists) return new FsExistsError(path);
  if (e instanceof BatonError) return e;
  const code = typeof e === "object" && e !== null ? (e as { code?: unknown }).code : undefined;
  if (e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable) {
    const kind = code === "EPERM" ? OS_ERRORS.EPERM! : OS_ERRORS.EACCES!;
    return new StorageError(`Cannot use "${path}": ${kind}`, {
      cause: e,
      data: { path, os_error: typeof code === "string" ? code : "EACCES" },
    });
  }
  if (typeof code === "string" && /^E[A-Z0-9]{1,15}$/.test(code)) {
    return new StorageError(`Cannot use "${path}": ${OS_ERRORS[code] ?? `error ${code}`}`, {
      cause: e,
      data: { path, os_error: code },
    });
  }
  return e;
}

/** Why a symlink's text could not be read. */
const LINK_NOT_UTF8 = "its link text is not UTF-8";

/** 64 random bits as hex: temp names no other writer can share. */
function random16(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(8)),
    (b) => b.toString(16).padStart(2, "0"),
  )
    .join("");
}

/** The real path of a directory, or null when it cannot be resolved. */
function realDir(dir: string): string | null {
  try {
    return Deno.realPathSync(dir).replaceAll("\\", "/");
  } catch {
    return null;
  }
}

/**
 * The process's working directory with a trailing "/", when it is a plain
 * absolute path ("/" itself and a directory that is gone give null).
 */
function cwdPrefix(): string | null {
  try {
    const cwd = Deno.cwd();
    return cwd.startsWith("/") && cwd !== "/" ? `${cwd}/` : null;
  } catch {
    return null;
  }
}

function inside(real: string | null, within: string): boolean {
  const w = within.replace(/\/+$/, "");
  return real !== null && (real === w || real.startsWith(`${w}/`));
}

/** Files at least this large are read straight into a buffer of their size (see readWhole). */
const LARGE_FILE_BYTES = 256 * 1024;

/**
 * Smallest buffer before which glibc's trim threshold is fixed (see
 * backedBuffer): prefault's own lower bound, where libc is loaded anyway.
 */
const PROMPT_TRIM_MIN_BYTES = 256 * 1024;

/**
 * A zeroed buffer, its pages backed in one call where it is large enough
 * (./prefault.ts). Before the first large one (the index file's bytes, read
 * whole), glibc is told to give freed heap tops back at once
 * (./malloc_trim.ts): freeing those bytes would otherwise have it keep up to
 * twice their size free, and resident, for the rest of the scan.
 */
function backedBuffer(bytes: number): Uint8Array {
  if (bytes >= PROMPT_TRIM_MIN_BYTES) trimFreedTopsPromptly();
  const buf = new Uint8Array(bytes);
  prefault(buf);
  return buf;
}

/**
 * The whole file. Deno.readFileSync reads into a buffer a little larger than
 * the file and then copies it into one of the exact size: for the 4.5 MB
 * index of a 50k-file repository that second buffer is 4.5 MB more memory to
 * fault in (about 3 ms a MB on a virtual machine). A large file is read into
 * one buffer of the size fstat gives, then read on to the end (a file that
 * grew meanwhile is read whole; one that shrank gives what it holds). A
 * small one is stat-ed by name and read by Deno.readFileSync, one call that
 * opens, reads and closes it: opening it first to learn its size opened
 * each small file twice (a dirty 50k preflight hashes 150, 300 opens).
 * With `sizeHint` (the caller's lstat) there is no stat either: a file
 * that grew past it meanwhile is still read whole, only into the larger
 * buffer readFileSync makes.
 */
function readWhole(path: string, sizeHint?: number): Uint8Array {
  if ((sizeHint ?? Deno.statSync(path).size) < LARGE_FILE_BYTES) return Deno.readFileSync(path);
  const file = Deno.openSync(path, { read: true });
  let buf: Uint8Array;
  let filled = 0;
  try {
    const size = file.statSync().size;
    if (size < LARGE_FILE_BYTES) {
      file.close();
      return Deno.readFileSync(path);
    }
    // Its pages backed in one call rather than one fault each as the read fills them.
    buf = backedBuffer(size);
    while (true) {
      if (filled === buf.length) {
        const more = new Uint8Array(64 * 1024);
        const n = file.readSync(more);
        if (n === null) break;
        const grown = new Uint8Array(Math.max(buf.length * 2, filled + n));
        grown.set(buf.subarray(0, filled));
        grown.set(more.subarray(0, n), filled);
        buf = grown;
        filled += n;
        continue;
      }
      const n = file.readSync(buf.subarray(filled));
      if (n === null) break;
      filled += n;
    }
    file.close();
  } catch (e) {
    try {
      file.close();
    } catch {
      // already closed
    }
    throw e;
  }
  return filled === buf.length ? buf : buf.slice(0, filled);
}

/** Options of {@linkcode DenoFs}. */
export interface DenoFsOptions {
  /**
   * lstat many paths through statx where it can be used (./statx.ts); false
   * keeps Deno's lstat (the tests and the bench compare the two).
   * @default {true}
   */
  statx?: boolean;
}

/** Fewest paths in one call worth loading statx for (see #lstatLoop). */
const STATX_MIN_PATHS = 1024;

/** Deno implementation of {@linkcode WriteFs}. */
export class DenoFs implements WriteFs {
  readonly #statx: boolean;

  constructor(options: DenoFsOptions = {}) {
    this.#statx = options.statx ?? true;
  }

  /** Whole file. */
  // Small metadata reads and stats use the synchronous calls: an async fs op
  // goes through Deno's blocking thread pool, which costs more than the read
  // itself for the few small files start-up touches, and baton runs one
  // operation at a time anyway.
  readFile(path: string, sizeHint?: number): Promise<Uint8Array> {
    try {
      return Promise.resolve(readWhole(path, sizeHint));
    } catch (e) {
      return Promise.reject(mapError(e, path));
    }
  }

  /** Bytes from `offset` into the caller's buffer, read with one seek (one open per call). */
  readInto(path: string, offset: number, into: Uint8Array): Promise<number> {
    let file: Deno.FsFile;
    try {
      file = Deno.openSync(path, { read: true });
    } catch (e) {
      return Promise.reject(mapError(e, path));
    }
    try {
      // A fresh open is at 0 already; a pipe (process substitution) cannot seek at all.
      if (offset !== 0) file.seekSync(offset, Deno.SeekMode.Start);
      let filled = 0;
      while (filled < into.length) {
        const n = file.readSync(into.subarray(filled));
        if (n === null || n === 0) break;
        filled += n;
      }
      return Promise.resolve(filled);
    } catch (e) {
      return Promise.reject(mapError(e, path));
    } finally {
      file.close();
    }
  }

  /** Bytes of a range, read with one seek (a short file gives fewer bytes). */
  async readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
    const buf = new Uint8Array(length);
    const filled = await this.readInto(path, offset, buf);
    return filled === length ? buf : buf.subarray(0, filled);
  }

  lstat(path: string): Promise<FileStat | null> {
    return Promise.resolve(this.#lstatSync(path));
  }

  /**
   * The process's user id (Deno.uid: the run needs --allow-sys=uid, which
   * baton's invocation grants; /proc/self needs every permission), or null
   * without it or on Windows.
   */
  processUid(): number | null {
    try {
      return Deno.uid();
    } catch {
      return null;
    }
  }

  #lstatSync(path: string, shownAs: string = path, into?: FileStat): FileStat | null {
    try {
      const info = Deno.lstatSync(path);
      return into === undefined ? toStat(info) : fillStat(info, into);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) return null;
      throw mapError(e, shownAs);
    }
  }

  /**
   * Sync lstat in a loop: measured fastest under Deno (async lstat through
   * the blocking pool was 3-4x slower at 50k files, at any concurrency).
   * A path below the process's working directory is passed relative to it:
   * the kernel resolves that many fewer components per call (at 50k tracked
   * files 5 levels below /, 15-25 % less lstat time, in Deno as in Python).
   * Both name the same file; only an error names the absolute path. With
   * `base` at or below the working directory (preflight run at the root of
   * a work tree), the caller's relative paths are used as they are: no
   * absolute name is built, flattened and cut per path (at 50k paths about
   * a tenth of the loop's time, and that much less garbage).
   */
  lstatMany(paths: readonly string[], base?: string): Promise<(FileStat | null)[]> {
    const out: (FileStat | null)[] = new Array(paths.length);
    this.#lstatLoop(paths, base, (i, stat) => out[i] = stat);
    return Promise.resolve(out);
  }

  /** A zeroed buffer, its pages backed in one call where it is large enough (see backedBuffer). */
  newBackedBuffer(bytes: number): Uint8Array {
    return backedBuffer(bytes);
  }

  /** glibc's malloc_trim where FFI may be used (./malloc_trim.ts); else nothing. */
  releaseFreedMemory(): void {
    mallocTrim();
  }

  /** Like lstatMany, one reused result object handed to `visit` per path. */
  lstatEach(
    paths: readonly string[],
    base: string | undefined,
    visit: (index: number, stat: FileStat | null) => void,
  ): Promise<void> {
    try {
      this.#lstatLoop(paths, base, visit, {} as FileStat);
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e);
    }
  }

  #lstatLoop(
    paths: readonly string[],
    base: string | undefined,
    visit: (index: number, stat: FileStat | null) => void,
    into?: FileStat,
  ): void {
    // Loading statx (Deno.dlopen) costs about 2 ms; it saves 2-3 µs a path.
    const worth = paths.length >= STATX_MIN_PATHS || statxDecided();
    const statx = this.#statx && worth ? statxReader() : null;
    if (statx !== null && this.#statxLoop(statx, paths, base, visit, into)) return;
    const prefix = cwdPrefix();
    if (base !== undefined) {
      const dir = base.replace(/\/+$/, "");
      const rel = prefix === null
        ? null
        : `${dir}/` === prefix
        ? ""
        : dir.startsWith(prefix)
        ? `${dir.slice(prefix.length)}/`
        : null;
      for (let i = 0; i < paths.length; i++) {
        const p = paths[i]!;
        visit(
          i,
          rel === null
            ? this.#lstatSync(`${dir}/${p}`, `${dir}/${p}`, into)
            : this.#lstatSync(rel === "" ? p : rel + p, `${dir}/${p}`, into),
        );
      }
      return;
    }
    for (let i = 0; i < paths.length; i++) {
      const p = paths[i]!;
      visit(
        i,
        prefix !== null && p.length > prefix.length && p.startsWith(prefix)
          ? this.#lstatSync(p.slice(prefix.length), p, into)
          : this.#lstatSync(p, p, into),
      );
    }
  }

  /**
   * The same loop through statx (./statx.ts: about a third less time at 50k
   * files), paths resolved against a descriptor of `base`. A path statx
   * cannot answer (an error other than a missing file) is asked of Deno, so
   * it throws what Deno's lstat throws. False, with nothing visited, when
   * `base` cannot be opened: the Deno loop then says why.
   */
  #statxLoop(
    statx: StatxReader,
    paths: readonly string[],
    base: string | undefined,
    visit: (index: number, stat: FileStat | null) => void,
    into?: FileStat,
  ): boolean {
    const dir = base?.replace(/\/+$/, "");
    let fd = CWD_FD;
    if (dir !== undefined) {
      const opened = statx.openDir(dir === "" ? "/" : dir);
      if (opened === null) return false;
      fd = opened;
    }
    try {
      // statx takes an absolute name from the root and an empty one as
      // missing, where `${dir}/${p}` stays below the base: Deno answers those.
      statx.lstatEachAt(fd, paths, dir !== undefined, (i, got, out) => {
        if (got === "stat") visit(i, out);
        else if (got === "missing") visit(i, null);
        else {
          const p = paths[i]!;
          const name = dir === undefined ? p : `${dir}/${p}`;
          visit(i, this.#lstatSync(name, name, into));
        }
      }, into);
    } finally {
      if (fd !== CWD_FD) statx.closeDir(fd);
    }
    return true;
  }

  /** stat or null. */
  stat(path: string): Promise<FileStat | null> {
    try {
      return Promise.resolve(toStat(Deno.statSync(path)));
    } catch (e) {
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) {
        return Promise.resolve(null);
      }
      return Promise.reject(mapError(e, path));
    }
  }

  async #readDirUpTo(path: string, limit: number): Promise<DirEntry[]> {
    const out: DirEntry[] = [];
    try {
      // A folder that is not there (a repository without linked work trees
      // has no .git/worktrees) is refused as the listing would refuse it,
      // without the asynchronous call (see realPath).
      Deno.statSync(path);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) throw mapError(e, path);
    }
    try {
      for await (const e of Deno.readDir(path)) {
        if (out.length >= limit) break;
        out.push({
          name: e.name,
          isFile: e.isFile,
          isDirectory: e.isDirectory,
          isSymlink: e.isSymlink,
        });
      }
    } catch (e) {
      throw mapError(e, path);
    }
    return out;
  }

  /**
   * Directory listing. With a `limit`, at most that many entries, read through
   * Deno's streaming listing: its synchronous one reads the whole folder before
   * the first entry (50,000 entries: about 580 ms against 10 ms for the first 258).
   */
  readDir(path: string, limit?: number): Promise<DirEntry[]> {
    if (limit !== undefined) return this.#readDirUpTo(path, limit);
    try {
      const out: DirEntry[] = [];
      for (const e of Deno.readDirSync(path)) {
        out.push({
          name: e.name,
          isFile: e.isFile,
          isDirectory: e.isDirectory,
          isSymlink: e.isSymlink,
        });
      }
      return Promise.resolve(out);
    } catch (e) {
      return Promise.reject(mapError(e, path));
    }
  }

  /** Symlink target. */
  async readLink(path: string): Promise<string> {
    try {
      return await Deno.readLink(path);
    } catch (e) {
      // Deno returns a link's text as a string only: text that is not UTF-8 (any bytes are a
      // valid target) is refused. Typed, so a reader can set that one link aside.
      if (e instanceof Deno.errors.InvalidData) {
        throw new StorageError(`Cannot use "${path}": ${LINK_NOT_UTF8}`, {
          cause: e,
          data: { path, os_error: "EILSEQ" },
        });
      }
      throw mapError(e, path);
    }
  }

  /**
   * Canonical path, through Deno's synchronous call: its asynchronous one
   * runs on a thread of the runtime's blocking pool, and with these (load
   * makes a dozen) and the worktrees listing (above) the only asynchronous
   * file-system calls on its path, load at 50k files peaked 1.2-1.5 MiB
   * higher (57.70 -> 56.25 MiB, max 58.13 -> 56.61; medians of 13
   * interleaved runs), preflight 0.1-0.3 MiB. Same answer, same errors.
   */
  realPath(path: string): Promise<string> {
    try {
      return Promise.resolve(Deno.realPathSync(path));
    } catch (e) {
      return Promise.reject(mapError(e, path));
    }
  }

  /**
   * Temp file + fsync + rename in the same directory; the temp is removed on
   * failure. With `within`, the directory's real path is checked before the
   * temp file is made, before the rename and after it.
   */
  async writeFileAtomic(
    path: string,
    data: Uint8Array,
    options: WriteFileOptions = {},
  ): Promise<void> {
    try {
      return await this.#writeAtomic(path, data, options, options.tempInWithin === true);
    } catch (e) {
      // The checked root is on another file system than the target's directory.
      const exdev = e instanceof StorageError && e.data?.os_error === "EXDEV";
      if (!exdev || options.tempInWithin !== true) throw e;
      return await this.#writeAtomic(path, data, options, false);
    }
  }

  async #writeAtomic(
    path: string,
    data: Uint8Array,
    options: WriteFileOptions,
    tempInRoot: boolean,
  ): Promise<void> {
    const durable = options.durable ?? true;
    const within = options.within;
    // An existing file keeps its permission bits exactly (a private config
    // stays private); a new one gets the requested mode, or 0644 under the umask.
    let exact: number | null = options.mode ?? null;
    try {
      // lstat: a link in the file's place (a commit can carry one) is replaced by the rename
      // below, never written through, and its target's mode is not taken.
      const existing = Deno.lstatSync(path);
      if (existing.isFile && existing.mode !== null) exact = existing.mode & 0o7777;
    } catch {
      // A new file.
    }
    const slash = path.lastIndexOf("/");
    const dir = slash >= 0 ? path.slice(0, slash) : ".";
    const base = slash >= 0 ? path.slice(slash + 1) : path;
    const tempBase = tempName(base, processIdentity(), random16());
    // With `within`, the temp file is made in that real directory itself, not
    // through a directory below it that could be swapped for a link meanwhile.
    const tempDir = within !== undefined && tempInRoot ? within.replace(/\/+$/, "") : dir;
    const temp = `${tempDir}/${tempBase}`;
    // With `within`: every real directory the path resolved to is kept, so a
    // file that went astray can be taken back out of it.
    const seen: string[] = [];
    let ino: number | null = null;
    /** True when `dir` (the temp's, for the temp) resolves inside `within` and `name` there is ours. */
    const contained = (name: string | null): boolean => {
      const real = realDir(name === tempBase ? tempDir : dir);
      if (real !== null && !seen.includes(real)) seen.push(real);
      if (!inside(real, within!)) return false;
      if (name === null) return true;
      try {
        return Deno.lstatSync(`${real}/${name}`).ino === ino;
      } catch {
        return false;
      }
    };
    const escaped = (): PathEscapeError => {
      for (const real of seen) {
        // The target is removed only from a place outside: inside, it is where it belongs.
        for (const name of inside(real, within!) ? [tempBase] : [tempBase, base]) {
          try {
            if (ino !== null && Deno.lstatSync(`${real}/${name}`).ino === ino) {
              Deno.removeSync(`${real}/${name}`);
            }
          } catch {
            // not there
          }
        }
      }
      return new PathEscapeError(path, within!);
    };
    if (within !== undefined && !contained(null)) throw escaped();
    try {
      const file = await Deno.open(temp, {
        write: true,
        createNew: true,
        mode: exact ?? 0o644,
      });
      // Windows cannot rename an open file; elsewhere the temp stays open, and
      // advisory-locked, until it is renamed: a sweeper that can take the
      // lock knows its writer is gone.
      const keepOpen = Deno.build.os !== "windows";
      let open = true;
      try {
        if (keepOpen) await file.tryLock(true).catch(() => false);
        ino = file.statSync().ino;
        if (within !== undefined && !contained(tempBase)) throw escaped();
        if (exact !== null && Deno.build.os !== "windows") await Deno.chmod(temp, exact);
        let written = 0;
        while (written < data.length) written += await file.write(data.subarray(written));
        if (durable) await file.sync();
        if (!keepOpen) {
          file.close();
          open = false;
        }
        if (within !== undefined && !contained(tempBase)) throw escaped();
        // The target's directory is checked again right before the rename
        // (the first check came before the write and the fsync), and the
        // rename is synchronous: no event-loop turn between the two. Deno has
        // no renameat, so a swap inside that gap stays possible; the check
        // after the rename takes the file back from every place seen.
        if (within !== undefined && !contained(null)) throw escaped();
        Deno.renameSync(temp, path);
      } finally {
        if (open) file.close();
      }
    } catch (e) {
      if (e instanceof PathEscapeError) throw e;
      await Deno.remove(temp).catch(() => {});
      if (within !== undefined && !contained(null)) throw escaped();
      throw mapError(e, path);
    }
    // The directory may have been swapped between the last check and the
    // rename: the file must be where the real path says, or it is taken back.
    if (within !== undefined && !contained(base)) throw escaped();
    if (durable) await syncDir(dir);
  }

  /**
   * mkdir -p. "Already exists" is never an answer here: something that is not
   * a directory (a file, a link that leads nowhere) stands where one belongs.
   */
  async mkdirp(path: string): Promise<void> {
    try {
      await Deno.mkdir(path, { recursive: true });
    } catch (e) {
      if (e instanceof Deno.errors.AlreadyExists) {
        throw new StorageError(
          `Cannot use "${path}": something that is not a directory stands there`,
          { cause: e, data: { path, os_error: "EEXIST" } },
        );
      }
      throw mapError(e, path);
    }
  }

  /** mkdir that fails when present. */
  async mkdirExclusive(path: string): Promise<void> {
    try {
      await Deno.mkdir(path);
    } catch (e) {
      throw mapError(e, path);
    }
  }

  /** rm [-r], quiet when missing. */
  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    try {
      await Deno.remove(path, { recursive: options.recursive ?? false });
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return;
      throw mapError(e, path);
    }
  }

  /** flock-style exclusive lock, non-blocking. */
  async tryLockFile(path: string): Promise<FileLockHandle | null> {
    let file: Deno.FsFile;
    try {
      file = await Deno.open(path, { read: true, write: true, create: true });
    } catch (e) {
      throw mapError(e, path);
    }
    let locked = false;
    try {
      locked = await file.tryLock(true);
    } finally {
      if (!locked) file.close();
    }
    if (!locked) return null;
    return {
      release: () => {
        try {
          file.close();
        } catch {
          // already closed
        }
      },
    };
  }

  /** rename(2). */
  async rename(from: string, to: string): Promise<void> {
    try {
      await Deno.rename(from, to);
    } catch (e) {
      throw mapError(e, from);
    }
  }
}

/** fsync a directory so a rename survives power loss; not possible on every OS. */
async function syncDir(dir: string): Promise<void> {
  if (Deno.build.os === "windows") return;
  try {
    const d = await Deno.open(dir, { read: true });
    try {
      await d.sync();
    } finally {
      d.close();
    }
  } catch {
    // Some file systems refuse fsync on directories; the rename itself is still atomic.
  }
}
