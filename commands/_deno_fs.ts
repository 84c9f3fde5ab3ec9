/**
 * Edge: the Deno-backed implementation of core's file-system capability.
 *
 * All whole-file writes go through a temp file in the same directory, fsync
 * and rename, so a reader sees either the old bytes or the new ones.
 * @module
 */
import {
  type DirEntry,
  type FileLockHandle,
  type FileStat,
  FsExistsError,
  FsNotFoundError,
  type WriteFileOptions,
  type WriteFs,
} from "../core/fs.ts";

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

function mapError(e: unknown, path: string): unknown {
  if (e instanceof Deno.errors.NotFound) return new FsNotFoundError(path);
  if (e instanceof Deno.errors.AlreadyExists) return new FsExistsError(path);
  return e;
}

/** Counter that keeps temp names unique inside one process. */
let tempCounter = 0;

/** Deno implementation of {@linkcode WriteFs}. */
export class DenoFs implements WriteFs {
  /** Whole file. */
  // Small metadata reads and stats use the synchronous calls: an async fs op
  // goes through Deno's blocking thread pool, which costs more than the read
  // itself for the few small files start-up touches, and baton runs one
  // operation at a time anyway.
  readFile(path: string): Promise<Uint8Array> {
    try {
      return Promise.resolve(Deno.readFileSync(path));
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
      file.seekSync(offset, Deno.SeekMode.Start);
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

  /** Bytes of a range, read with one seek. */
  readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
    let file: Deno.FsFile;
    try {
      file = Deno.openSync(path, { read: true });
    } catch (e) {
      return Promise.reject(mapError(e, path));
    }
    try {
      file.seekSync(offset, Deno.SeekMode.Start);
      const buf = new Uint8Array(length);
      let filled = 0;
      while (filled < length) {
        const n = file.readSync(buf.subarray(filled));
        if (n === null || n === 0) break;
        filled += n;
      }
      return Promise.resolve(filled === length ? buf : buf.subarray(0, filled));
    } catch (e) {
      return Promise.reject(mapError(e, path));
    } finally {
      file.close();
    }
  }

  lstat(path: string): Promise<FileStat | null> {
    return Promise.resolve(this.#lstatSync(path));
  }

  #lstatSync(path: string): FileStat | null {
    try {
      return toStat(Deno.lstatSync(path));
    } catch (e) {
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) return null;
      throw e;
    }
  }

  /** Sync lstat in a loop: measured fastest under Deno (about 6 µs per call). */
  lstatMany(paths: readonly string[]): Promise<(FileStat | null)[]> {
    const out: (FileStat | null)[] = new Array(paths.length);
    for (let i = 0; i < paths.length; i++) out[i] = this.#lstatSync(paths[i]!);
    return Promise.resolve(out);
  }

  /** stat or null. */
  stat(path: string): Promise<FileStat | null> {
    try {
      return Promise.resolve(toStat(Deno.statSync(path)));
    } catch (e) {
      if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) {
        return Promise.resolve(null);
      }
      return Promise.reject(e);
    }
  }

  /** Directory listing. */
  readDir(path: string): Promise<DirEntry[]> {
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
      throw mapError(e, path);
    }
  }

  /** Canonical path. */
  async realPath(path: string): Promise<string> {
    try {
      return await Deno.realPath(path);
    } catch (e) {
      throw mapError(e, path);
    }
  }

  /** Temp file + fsync + rename in the same directory; the temp is removed on failure. */
  async writeFileAtomic(
    path: string,
    data: Uint8Array,
    options: WriteFileOptions = {},
  ): Promise<void> {
    const durable = options.durable ?? true;
    // An existing file keeps its permission bits exactly (a private config
    // stays private); a new one gets the requested mode, or 0644 under the umask.
    let exact: number | null = options.mode ?? null;
    try {
      const existing = Deno.statSync(path).mode;
      if (existing !== null) exact = existing & 0o7777;
    } catch {
      // A new file.
    }
    const slash = path.lastIndexOf("/");
    const dir = slash >= 0 ? path.slice(0, slash) : ".";
    const base = slash >= 0 ? path.slice(slash + 1) : path;
    const temp = `${dir}/.${base}.${Deno.pid}.${++tempCounter}.tmp`;
    try {
      const file = await Deno.open(temp, {
        write: true,
        createNew: true,
        mode: exact ?? 0o644,
      });
      try {
        if (exact !== null && Deno.build.os !== "windows") await Deno.chmod(temp, exact);
        let written = 0;
        while (written < data.length) written += await file.write(data.subarray(written));
        if (durable) await file.sync();
      } finally {
        file.close();
      }
      await Deno.rename(temp, path);
    } catch (e) {
      await Deno.remove(temp).catch(() => {});
      throw mapError(e, path);
    }
    if (durable) await syncDir(dir);
  }

  /** mkdir -p. */
  async mkdirp(path: string): Promise<void> {
    await Deno.mkdir(path, { recursive: true });
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
      throw e;
    }
  }

  /** flock-style exclusive lock, non-blocking. */
  async tryLockFile(path: string): Promise<FileLockHandle | null> {
    const file = await Deno.open(path, { read: true, write: true, create: true });
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
