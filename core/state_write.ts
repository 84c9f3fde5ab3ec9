/**
 * Writes under baton's private state directory (core/store/private_dir.ts)
 * that refuse symbolic links and stay inside it: the directory is made and
 * checked to be itself (not a link), every whole-file write passes its real
 * path as `within` (core/fs.ts), an append is a bounded rewrite through the
 * same atomic write (never an open-for-append that would follow a link),
 * a JSON state file is written bound to its directory (core/dir_binding.ts)
 * by one writer, and a move lands only in a real directory inside it. Edge-free: I/O
 * through `WriteFs`.
 * @module
 */
import { dirBinding } from "./dir_binding.ts";
import { StorageError } from "./errors.ts";
import { PathEscapeError, type WriteFs } from "./fs.ts";
import { parentDir } from "./path.ts";

/**
 * Makes `stateDir` (and `sub`, a folder inside it) and returns the state
 * directory's real path, for `within`.
 * @throws {StorageError} when the state directory is a symbolic link.
 * @throws {PathEscapeError} when it resolves anywhere but where it stands.
 */
export async function openStateDir(fs: WriteFs, stateDir: string, sub?: string): Promise<string> {
  if ((await fs.lstat(stateDir))?.isSymlink === true) {
    throw new StorageError(
      `Cannot use "${stateDir}": it is a symbolic link, and baton keeps its state only in real directories`,
    );
  }
  await fs.mkdirp(sub ?? stateDir);
  const parent = parentDir(stateDir) ?? stateDir;
  const name = stateDir.slice(stateDir.lastIndexOf("/") + 1);
  const real = (await fs.realPath(stateDir)).replaceAll("\\", "/");
  const expected = `${
    (await fs.realPath(parent)).replaceAll("\\", "/").replace(/\/+$/, "")
  }/${name}`;
  if (real !== expected) throw new PathEscapeError(stateDir, expected);
  if (sub !== undefined) await checkInside(fs, sub, real);
  return real;
}

/** Options of {@linkcode writeBoundJson}. */
export interface BoundJsonOptions {
  /** The state directory's real path, when the caller has opened it already ({@linkcode openStateDir}). */
  within?: string;
  /** Indented two spaces a level. @default {true} */
  pretty?: boolean;
  /** fsync the file and its directory (core/fs.ts). @default {true} */
  durable?: boolean;
}

/**
 * Writes the JSON state file `path` in `stateDir` (the private state
 * directory, or the baton home for the install record), bound to that
 * directory (core/dir_binding.ts): `doc` builds the
 * document around the directory's binding text (under `BINDING_KEY`, where
 * its key order puts it), and it is written atomically inside the
 * directory's real path, never through a link, with a final line break.
 * @returns false, writing nothing, when `stateDir` is not a real directory.
 * @throws {StorageError} {PathEscapeError} as {@linkcode openStateDir}, and what the write throws.
 */
export async function writeBoundJson(
  fs: WriteFs,
  stateDir: string,
  path: string,
  doc: (here: string) => unknown,
  options: BoundJsonOptions = {},
): Promise<boolean> {
  const within = options.within ?? await openStateDir(fs, stateDir);
  const here = await dirBinding(fs, stateDir);
  if (here === null) return false;
  const json = options.pretty === false
    ? JSON.stringify(doc(here))
    : JSON.stringify(doc(here), null, 2);
  const durable = options.durable === undefined ? {} : { durable: options.durable };
  await fs.writeFileAtomic(path, new TextEncoder().encode(json + "\n"), { within, ...durable });
  return true;
}

/** Refuses a directory whose real path is not inside `within`. @throws {PathEscapeError} */
export async function checkInside(fs: WriteFs, dir: string, within: string): Promise<void> {
  const real = (await fs.realPath(dir)).replaceAll("\\", "/");
  const w = within.replace(/\/+$/, "");
  if (real !== w && !real.startsWith(`${w}/`)) throw new PathEscapeError(dir, within);
}

/**
 * Appends `line` to `path` (inside `within`), keeping at most `maxBytes` of
 * the newest text: a log that cannot grow without bound and is never
 * written through a link.
 */
export async function appendBounded(
  fs: WriteFs,
  path: string,
  line: string,
  within: string,
  maxBytes: number,
): Promise<void> {
  const st = await fs.lstat(path);
  let old = "";
  if (st !== null && st.isFile) {
    const from = Math.max(0, st.size - maxBytes);
    old = new TextDecoder().decode(await fs.readRange(path, from, st.size - from));
    if (from > 0) old = old.slice(old.indexOf("\n") + 1);
  }
  await fs.writeFileAtomic(path, new TextEncoder().encode(old + line), {
    within,
    durable: false,
  });
}

/**
 * Moves `from` to `toDir/name`, `toDir` made inside `within` and checked to
 * be a real directory there, so a planted link cannot carry the move out.
 */
export async function moveInside(
  fs: WriteFs,
  from: string,
  toDir: string,
  name: string,
  within: string,
): Promise<void> {
  if ((await fs.lstat(toDir))?.isSymlink === true) throw new PathEscapeError(toDir, within);
  await fs.mkdirp(toDir);
  await checkInside(fs, toDir, within);
  await fs.rename(from, `${toDir}/${name}`);
}
