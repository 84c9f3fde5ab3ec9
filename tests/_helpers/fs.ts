/**
 * Test helper: the file system core tests hand to core, implementing
 * core/fs.ts's {@linkcode WriteFs} over the real file system (in the temp
 * directories of tests/_helpers/temp.ts).
 *
 * It keeps core/fs.ts's contract, not the product's edge: a missing path is
 * {@linkcode FsNotFoundError}, an existing one {@linkcode FsExistsError},
 * whole-file writes go through a temp file named as core/store/temp_name.ts
 * says and a rename, `within` refuses a write whose directory resolves
 * elsewhere ({@linkcode PathEscapeError}), and file locks are the operating
 * system's. Other operating-system errors are passed through as Deno raises
 * them (commands/_adapters/deno_fs.ts maps them to StorageError; that mapping is
 * tested with it), except a link text that is not UTF-8, which both turn into the
 * StorageError ReadFs.readLink promises. Core tests use this, so they do not depend on commands/.
 * @module
 */
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
import { tempName } from "../../core/store/temp_name.ts";
import { StorageError } from "../../core/errors.ts";

function toStat(info: Deno.FileInfo): FileStat {
  return {
    isFile: info.isFile,
    isDirectory: info.isDirectory,
    isSymlink: info.isSymlink,
    size: info.size,
    mtimeMs: info.mtime === null ? null : info.mtime.getTime(),
    ctimeMs: info.ctime === null ? null : info.ctime.getTime(),
    ino: info.ino,
    dev: info.dev,
    uid: info.uid,
    gid: info.gid,
    mode: info.mode,
  };
}

function mapped(e: unknown, path: string): unknown {
  if (e instanceof Deno.errors.NotFound) return new FsNotFoundError(path);
  if (e instanceof Deno.errors.AlreadyExists) return new FsExistsError(path);
  return e;
}

/** Runs `f`, turning Deno's missing/existing errors into core's. */
async function mapping<T>(path: string, f: () => Promise<T> | T): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw mapped(e, path);
  }
}

function statOrNull(f: () => Deno.FileInfo): FileStat | null {
  try {
    return toStat(f());
  } catch (e) {
    if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) return null;
    throw e;
  }
}

function inside(dir: string, within: string): boolean {
  let real: string;
  try {
    real = Deno.realPathSync(dir).replaceAll("\\", "/");
  } catch {
    return false;
  }
  const w = within.replace(/\/+$/, "");
  return real === w || real.startsWith(`${w}/`);
}

function random16(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(8)),
    (b) => b.toString(16).padStart(2, "0"),
  )
    .join("");
}

/** core/fs.ts's WriteFs over the real file system, for core tests. */
export class TestFs implements WriteFs {
  /** Whole file. */
  readFile(path: string): Promise<Uint8Array> {
    return mapping(path, () => Deno.readFile(path));
  }

  /** Bytes from `offset` into `into`; the count read, 0 at end of file. */
  readInto(path: string, offset: number, into: Uint8Array): Promise<number> {
    return mapping(path, async () => {
      using file = await Deno.open(path, { read: true });
      await file.seek(offset, Deno.SeekMode.Start);
      let filled = 0;
      while (filled < into.length) {
        const n = await file.read(into.subarray(filled));
        if (n === null || n === 0) break;
        filled += n;
      }
      return filled;
    });
  }

  /** Bytes [offset, offset+length), shorter at end of file. */
  async readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
    const buf = new Uint8Array(length);
    const filled = await this.readInto(path, offset, buf);
    return buf.subarray(0, filled);
  }

  /** lstat or null. */
  lstat(path: string): Promise<FileStat | null> {
    return mapping(path, () => statOrNull(() => Deno.lstatSync(path)));
  }

  /** lstat of each path, null for a missing one. */
  lstatMany(paths: readonly string[], base?: string): Promise<(FileStat | null)[]> {
    return Promise.all(paths.map((p) => this.lstat(base === undefined ? p : `${base}/${p}`)));
  }

  /**
   * lstat of each path in turn, all handed over in ONE reused object (as the
   * Deno adapter does), so a caller that keeps a result past its turn reads
   * a later path's data and fails its test.
   */
  async lstatEach(
    paths: readonly string[],
    base: string | undefined,
    visit: (index: number, stat: FileStat | null) => void,
  ): Promise<void> {
    const reused = {} as FileStat;
    for (let i = 0; i < paths.length; i++) {
      const stat = await this.lstat(base === undefined ? paths[i]! : `${base}/${paths[i]}`);
      visit(i, stat === null ? null : Object.assign(reused, stat));
    }
  }

  /** stat or null. */
  stat(path: string): Promise<FileStat | null> {
    return mapping(path, () => statOrNull(() => Deno.statSync(path)));
  }

  /** Directory entries (at most `limit`). */
  readDir(path: string, limit = Infinity): Promise<DirEntry[]> {
    return mapping(path, async () => {
      const out: DirEntry[] = [];
      for await (const e of Deno.readDir(path)) {
        if (out.length >= limit) break;
        out.push({
          name: e.name,
          isFile: e.isFile,
          isDirectory: e.isDirectory,
          isSymlink: e.isSymlink,
        });
      }
      return out;
    });
  }

  /** Symlink target. */
  readLink(path: string): Promise<string> {
    return mapping(path, async () => {
      try {
        return await Deno.readLink(path);
      } catch (e) {
        // As the Deno adapter does (ReadFs.readLink): a link text that is not UTF-8 is EILSEQ.
        if (!(e instanceof Deno.errors.InvalidData)) throw e;
        throw new StorageError(`Cannot use "${path}": its link text is not UTF-8`, {
          cause: e,
          data: { path, os_error: "EILSEQ" },
        });
      }
    });
  }

  /** Canonical path. */
  realPath(path: string): Promise<string> {
    return mapping(path, () => Deno.realPath(path));
  }

  /** Temp file (in the target's directory, or in `within` with `tempInWithin`) + rename. */
  async writeFileAtomic(
    path: string,
    data: Uint8Array,
    options: WriteFileOptions = {},
  ): Promise<void> {
    const within = options.within;
    const slash = path.lastIndexOf("/");
    const dir = slash >= 0 ? path.slice(0, slash) : ".";
    const base = path.slice(slash + 1);
    const tempDir = within !== undefined && options.tempInWithin === true
      ? within.replace(/\/+$/, "")
      : dir;
    const temp = `${tempDir}/${tempName(base, { pid: Deno.pid, started: null }, random16())}`;
    if (within !== undefined && !inside(dir, within)) throw new PathEscapeError(path, within);
    let mode = options.mode ?? 0o644;
    try {
      const existing = Deno.statSync(path).mode;
      if (existing !== null) mode = existing & 0o7777;
    } catch {
      // a new file
    }
    await mapping(path, async () => {
      try {
        await Deno.writeFile(temp, data, { createNew: true, mode });
        if (Deno.build.os !== "windows") await Deno.chmod(temp, mode);
        if (within !== undefined && !inside(dir, within)) throw new PathEscapeError(path, within);
        await Deno.rename(temp, path);
      } catch (e) {
        await Deno.remove(temp).catch(() => {});
        throw e;
      }
    });
    if (within !== undefined && !inside(dir, within)) {
      await Deno.remove(path).catch(() => {});
      throw new PathEscapeError(path, within);
    }
  }

  /** mkdir -p. */
  mkdirp(path: string): Promise<void> {
    return mapping(path, () => Deno.mkdir(path, { recursive: true }));
  }

  /** mkdir, FsExistsError when present. */
  mkdirExclusive(path: string): Promise<void> {
    return mapping(path, () => Deno.mkdir(path));
  }

  /** rm [-r], quiet when missing. */
  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    try {
      await Deno.remove(path, { recursive: options.recursive ?? false });
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }

  /** rename(2). */
  rename(from: string, to: string): Promise<void> {
    return mapping(from, () => Deno.rename(from, to));
  }

  /** The operating system's exclusive advisory lock, without waiting. */
  async tryLockFile(path: string): Promise<FileLockHandle | null> {
    const file = await mapping(
      path,
      () => Deno.open(path, { read: true, write: true, create: true }),
    );
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
}

/** A TestFs that counts whole-file reads of one path (how often the index is read, say). */
export class CountingFs extends TestFs {
  reads = 0;
  constructor(readonly watched: string) {
    super();
  }
  override readFile(path: string): Promise<Uint8Array> {
    if (path === this.watched) this.reads++;
    return super.readFile(path);
  }
}
