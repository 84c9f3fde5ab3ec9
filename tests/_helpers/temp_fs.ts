/**
 * Test helper: a minimal real-file-system {@linkcode WriteFs} for core tests,
 * so they need not import commands/_deno_fs.ts, and a temp git repo that is
 * always removed. Writes are temp + rename (not fsynced: test files need not
 * survive a crash); `within` is checked before the rename.
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
import type { WorkflowContext } from "../../core/workflow/context.ts";
import { makeRepo } from "./git.ts";

function toStat(info: Deno.FileInfo): FileStat {
  return {
    isFile: info.isFile,
    isDirectory: info.isDirectory,
    isSymlink: info.isSymlink,
    size: info.size,
    mtimeMs: info.mtime?.getTime() ?? null,
    ctimeMs: info.ctime?.getTime() ?? null,
    ino: info.ino,
    dev: info.dev,
    uid: info.uid,
    gid: info.gid,
    mode: info.mode,
  };
}

function mapped<T>(path: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) throw new FsNotFoundError(path);
    if (e instanceof Deno.errors.AlreadyExists) throw new FsExistsError(path);
    throw e;
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

let counter = 0;

/** The real file system through core's interface. */
export class TempFs implements WriteFs {
  /** @inheritdoc */
  readFile(path: string): Promise<Uint8Array> {
    return Promise.resolve().then(() => mapped(path, () => Deno.readFileSync(path)));
  }
  /** @inheritdoc */
  async readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
    const all = await this.readFile(path);
    return all.slice(offset, offset + length);
  }
  /** @inheritdoc */
  lstat(path: string): Promise<FileStat | null> {
    return Promise.resolve().then(() => statOrNull(() => Deno.lstatSync(path)));
  }
  /** @inheritdoc */
  lstatMany(paths: readonly string[]): Promise<(FileStat | null)[]> {
    return Promise.all(paths.map((p) => this.lstat(p)));
  }
  /** @inheritdoc */
  stat(path: string): Promise<FileStat | null> {
    return Promise.resolve().then(() => statOrNull(() => Deno.statSync(path)));
  }
  /** @inheritdoc */
  readDir(path: string): Promise<DirEntry[]> {
    return Promise.resolve().then(() =>
      mapped(path, () =>
        [...Deno.readDirSync(path)].map((e) => ({
          name: e.name,
          isFile: e.isFile,
          isDirectory: e.isDirectory,
          isSymlink: e.isSymlink,
        })))
    );
  }
  /** @inheritdoc */
  readLink(path: string): Promise<string> {
    return Promise.resolve().then(() => mapped(path, () => Deno.readLinkSync(path)));
  }
  /** @inheritdoc */
  realPath(path: string): Promise<string> {
    return Promise.resolve().then(() => mapped(path, () => Deno.realPathSync(path)));
  }
  /** @inheritdoc */
  async writeFileAtomic(
    path: string,
    data: Uint8Array,
    options: WriteFileOptions = {},
  ): Promise<void> {
    const dir = path.slice(0, path.lastIndexOf("/"));
    const within = options.within?.replace(/\/+$/, "");
    const contained = () => {
      const real = mapped(dir, () => Deno.realPathSync(dir));
      return within === undefined || real === within || real.startsWith(`${within}/`);
    };
    if (!contained()) throw new PathEscapeError(path, within!);
    const temp = `${dir}/.baton-test-tmp-${Deno.pid}-${counter++}`;
    let mode = options.mode ?? 0o644;
    const existing = statOrNull(() => Deno.statSync(path));
    if (existing !== null && existing.mode !== null) mode = existing.mode & 0o7777;
    await Deno.writeFile(temp, data, { createNew: true, mode });
    if (!contained()) {
      await Deno.remove(temp);
      throw new PathEscapeError(path, within!);
    }
    await Deno.rename(temp, path);
  }
  /** @inheritdoc */
  mkdirp(path: string): Promise<void> {
    return Deno.mkdir(path, { recursive: true });
  }
  /** @inheritdoc */
  mkdirExclusive(path: string): Promise<void> {
    return Promise.resolve().then(() => mapped(path, () => Deno.mkdirSync(path)));
  }
  /** @inheritdoc */
  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    try {
      await Deno.remove(path, options);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
  /** @inheritdoc */
  rename(from: string, to: string): Promise<void> {
    return Promise.resolve().then(() => mapped(from, () => Deno.renameSync(from, to)));
  }
  /** @inheritdoc */
  async tryLockFile(path: string): Promise<FileLockHandle | null> {
    const file = await Deno.open(path, { read: true, write: true, create: true });
    const got = await file.tryLock(true);
    if (!got) {
      file.close();
      return null;
    }
    return { release: () => file.close() };
  }
}

/** Runs `f` in a fresh temp git repo (real path), removed afterwards. */
export async function withRepo(f: (dir: string) => Promise<void>): Promise<void> {
  const made = await makeRepo("baton-test-");
  const dir = await Deno.realPath(made);
  try {
    await f(dir);
  } finally {
    await Deno.remove(made, { recursive: true });
  }
}

/** A workflow context on the real file system with a fixed clock and no keys. */
export function testContext(
  cwd: string,
  overrides: Partial<WorkflowContext> = {},
): WorkflowContext {
  let token = 0;
  return {
    fs: new TempFs(),
    cwd,
    now: () => new Date("2026-06-01T12:00:00.000Z"),
    homeDir: null,
    xdgConfigHome: null,
    pid: Deno.pid,
    host: "test-host",
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    randomToken: () => `tok${(token++).toString().padStart(5, "0")}`,
    ...overrides,
  };
}
