/**
 * Edge: lstat of many paths through Linux statx(2), called by Deno's FFI into
 * one reused buffer.
 *
 * `Deno.lstatSync` builds an FsStat object with three Date fields per call;
 * at 50k tracked files that object work was about 40 % of the lstat phase.
 * statx has one struct layout on every Linux architecture, so the fields are
 * read at fixed offsets, with no per-call object. Paths are resolved against
 * an O_PATH descriptor of their base directory (the kernel walks only the
 * relative part, as Deno does for paths below the working directory).
 *
 * The reader gives exactly what Deno's lstat gives baton ({@linkcode FileStat}:
 * mtime in whole milliseconds, ctime in whole seconds), so every answer stays
 * as it was: git (built without USE_NSEC, as distributions ship it) compares
 * whole seconds, and a finer comparison could only call "modified" what git
 * calls clean. Missing paths (ENOENT, ENOTDIR) give null; any other failure is
 * left to the caller, which asks Deno for the same path and so throws the
 * error Deno's path throws (EACCES, ELOOP, ENAMETOOLONG, ...).
 *
 * Available only on Linux with glibc ≥ 2.28 and when the process may use FFI
 * (`--allow-ffi`; hooks installed before it was granted lack it): otherwise
 * {@linkcode statxReader} says null, once, and callers use Deno's lstat.
 * @module
 */
import type { FileStat } from "../../core/fs.ts";
import {
  openStatxRing,
  RING_ENTRIES,
  STATX_SLOT,
  type StatxRing,
  StatxWords,
} from "./statx_uring.ts";
import { INT_RESULT, intResult, POINTER_RESULT, pointerResult } from "./ffi_result.ts";

/** The libc symbols called; struct results, so no fast-call trampoline is compiled (./ffi_result.ts). */
export const SYMBOLS = {
  statx: { parameters: ["i32", "buffer", "i32", "u32", "buffer"], result: INT_RESULT },
  openat: { parameters: ["i32", "buffer", "i32"], result: INT_RESULT },
  close: { parameters: ["i32"], result: INT_RESULT },
  __errno_location: { parameters: [], result: POINTER_RESULT },
} as const;

const AT_FDCWD = -100;
const AT_SYMLINK_NOFOLLOW = 0x100;
/** STATX_BASIC_STATS: type, mode, nlink, uid, gid, times, ino, size, blocks. */
const STATX_BASIC_STATS = 0x7ff;
/** O_RDONLY | O_DIRECTORY | O_PATH | O_CLOEXEC (asm-generic values: x86-64, arm64). */
const O_PATH_DIRECTORY = 0o200000 | 0o10000000 | 0o2000000;
const ENOENT = 2;
const ENOTDIR = 20;
const ENOSYS = 38;

/** Where the fields baton reads sit in struct statx. */
export type StatxOffsets = Readonly<
  Record<
    | "uid"
    | "gid"
    | "mode"
    | "ino"
    | "size"
    | "ctimeSec"
    | "mtimeSec"
    | "mtimeNsec"
    | "devMajor"
    | "devMinor",
    number
  >
>;

/** Offsets in struct statx (linux/stat.h; the same on every architecture). */
export const STATX_OFFSETS: StatxOffsets = {
  uid: 20,
  gid: 24,
  mode: 28,
  ino: 32,
  size: 40,
  ctimeSec: 96,
  mtimeSec: 112,
  mtimeNsec: 120,
  devMajor: 136,
  devMinor: 140,
};

/** Longest path the kernel takes (PATH_MAX, with its NUL). */
const PATH_BYTES = 4096;

/** What one lstat through statx concluded. */
export type StatxOutcome = "stat" | "missing" | "ask-deno";

/** Fewest paths in one call worth opening the io_uring for (./statx_uring.ts). */
export const RING_MIN_PATHS = 256;

/** A statx(2) caller over a loaded libc; one per isolate (see statxReader). */
export class StatxReader {
  readonly #lib: Deno.DynamicLibrary<typeof SYMBOLS>;
  readonly #errno: Deno.UnsafePointerView;
  readonly #buf = new Uint8Array(256);
  readonly #words = new StatxWords(this.#buf.buffer);
  readonly #path = new Uint8Array(PATH_BYTES);
  readonly #enc = new TextEncoder();
  readonly #offsets: StatxOffsets;
  /** Set when statx proved missing from the kernel: everything goes to Deno. */
  disabled = false;
  /** The io_uring batches go through: undefined until first wanted, null where there is none. */
  #ring: StatxRing | null | undefined;
  #inBatch = false;
  /** Opens the io_uring (./statx_uring.ts) when first wanted; null: one call per path. */
  readonly #openRing: () => StatxRing | null;

  constructor(
    lib: Deno.DynamicLibrary<typeof SYMBOLS>,
    offsets = STATX_OFFSETS,
    openRing: () => StatxRing | null = openStatxRing,
  ) {
    this.#openRing = openRing;
    this.#lib = lib;
    const at = pointerResult(lib.symbols.__errno_location());
    if (at === null) throw new Error("no errno");
    this.#errno = new Deno.UnsafePointerView(at);
    // The struct is read in native words (see #fill): a field off its word
    // would be read from the wrong bytes.
    for (const [field, at] of Object.entries(offsets)) {
      if (at % (field === "mode" ? 2 : 4) !== 0) throw new Error(`${field} is off its word`);
    }
    this.#offsets = offsets;
  }

  /** An O_PATH descriptor of a directory (following links, as lstat of `dir/x` does), or null. */
  openDir(dir: string): number | null {
    if (!this.#encode(dir)) return null;
    const fd = intResult(this.#lib.symbols.openat(AT_FDCWD, this.#path, O_PATH_DIRECTORY));
    return fd < 0 ? null : fd;
  }

  /** Closes a descriptor from openDir. */
  closeDir(fd: number): void {
    this.#lib.symbols.close(fd);
  }

  /**
   * lstat of `path` relative to `dirFd` (AT_FDCWD for the working directory)
   * into `out`: "stat" when filled, "missing" for ENOENT and ENOTDIR,
   * "ask-deno" for anything else (another error, a name with a NUL or too long
   * for the kernel, statx missing).
   */
  lstatAt(dirFd: number, path: string, out: FileStat): StatxOutcome {
    if (this.disabled || !this.#encode(path)) return "ask-deno";
    if (
      intResult(this.#lib.symbols.statx(
        dirFd,
        this.#path,
        AT_SYMLINK_NOFOLLOW,
        STATX_BASIC_STATS,
        this.#buf,
      )) !== 0
    ) {
      const errno = this.#errno.getInt32();
      if (errno === ENOENT || errno === ENOTDIR) return "missing";
      if (errno === ENOSYS) this.disabled = true;
      return "ask-deno";
    }
    this.#fill(out, this.#words, 0);
    return "stat";
  }

  /**
   * {@linkcode lstatAt} of each of `paths` against `dirFd`, told to `visit`
   * in order with the stat filled into `into` (or a new object per path).
   * Many paths go to the kernel in batches through an io_uring, which runs
   * the same statx for each (one system call a batch instead of one a path);
   * where there is no ring, or it fails, the rest go one call at a time.
   * With `relative`, an absolute or empty name is not sent ("ask-deno"):
   * statx would not read it below the directory.
   */
  lstatEachAt(
    dirFd: number,
    paths: readonly string[],
    relative: boolean,
    visit: (index: number, got: StatxOutcome, stat: FileStat) => void,
    into?: FileStat,
  ): void {
    // A visit that lstats again (none does now) must not overwrite the batch being read.
    const ring = paths.length >= RING_MIN_PATHS && !this.disabled && !this.#inBatch
      ? this.#ringWanted()
      : null;
    let i = 0;
    if (ring !== null) {
      this.#inBatch = true;
      const relativeOut = (p: string) => relative && (p === "" || p.startsWith("/"));
      // Two batches: the kernel answers the next while this one is read.
      let slot = 0;
      let taken = ring.submit(slot, dirFd, paths, i, Math.min(RING_ENTRIES, paths.length - i));
      try {
        while (taken > 0) {
          const next = i + taken;
          const nextTaken = next < paths.length
            ? ring.submit(1 - slot, dirFd, paths, next, Math.min(RING_ENTRIES, paths.length - next))
            : 0;
          if (nextTaken < 0 || !ring.wait(slot)) break;
          const words = ring.resultsOf(slot);
          for (let j = 0; j < taken; j++) {
            const out = into ?? ({} as FileStat);
            const e = relativeOut(paths[i + j]!) ? -1 : ring.errnoOf(slot, j);
            if (e === 0) {
              this.#fill(out, words, j * STATX_SLOT);
              visit(i + j, "stat", out);
            } else if (e === ENOENT || e === ENOTDIR) visit(i + j, "missing", out);
            else visit(i + j, "ask-deno", out);
          }
          i = next;
          slot = 1 - slot;
          taken = nextTaken;
        }
      } finally {
        // A visit that threw leaves the next batch in flight: its answers land first.
        ring.drain();
        this.#inBatch = false;
      }
    }
    for (; i < paths.length; i++) {
      const out = into ?? ({} as FileStat);
      const p = paths[i]!;
      const got = relative && (p === "" || p.startsWith("/"))
        ? "ask-deno"
        : this.lstatAt(dirFd, p, out);
      visit(i, got, out);
    }
  }

  #ringWanted(): StatxRing | null {
    if (this.#ring === undefined) this.#ring = this.#openRing();
    return this.#ring === null || this.#ring.retired ? null : this.#ring;
  }

  /**
   * NUL-terminated UTF-8 of `s` in the path buffer; false when it cannot be
   * passed as is. An ASCII name (nearly every tracked path) is copied here
   * code unit by code unit: TextEncoder.encodeInto is a call into the
   * runtime, and at 50k paths those calls cost more than the copy.
   */
  #encode(s: string): boolean {
    const n = s.length;
    if (n >= PATH_BYTES) return false;
    const path = this.#path;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 0) return false;
      if (c >= 0x80) return this.#encodeUtf8(s);
      path[i] = c;
    }
    path[n] = 0;
    return true;
  }

  /** The same as `#encode`, for a name that is not all ASCII. */
  #encodeUtf8(s: string): boolean {
    if (s.includes("\0")) return false;
    const { read, written } = this.#enc.encodeInto(s, this.#path);
    if (read !== s.length || written >= PATH_BYTES) return false;
    this.#path[written] = 0;
    return true;
  }

  /**
   * The struct's fields as Deno's lstat reports them (see toStat in
   * deno_fs.ts), read as native words (the struct is native-endian) with
   * the 64-bit halves joined here: a DataView call per word and a helper
   * call per 64-bit field cost about 12 ms of JavaScript CPU at 50k files,
   * these loads about 4 (a fresh process, as baton runs).
   */
  #fill(out: FileStat, words: StatxWords, at: number): void {
    const o = this.#offsets;
    const { u16, u32, i32 } = words;
    const mode = u16[(at + o.mode) >> 1]!;
    const type = mode & 0o170000;
    out.isFile = type === 0o100000;
    out.isDirectory = type === 0o040000;
    out.isSymlink = type === 0o120000;
    const size = (at + o.size) >> 2;
    out.size = u32[size + HIGH]! * 2 ** 32 + u32[size + LOW]!;
    const mtime = (at + o.mtimeSec) >> 2;
    const mtimeSec = i32[mtime + HIGH]! * 2 ** 32 + u32[mtime + LOW]!;
    const mtimeNsec = u32[(at + o.mtimeNsec) >> 2]!;
    out.mtimeMs = mtimeSec >= 0
      ? mtimeSec * 1000 + Math.floor(mtimeNsec / 1e6)
      : denoMs(mtimeSec, mtimeNsec);
    // Deno's ctime is whole seconds.
    const ctime = (at + o.ctimeSec) >> 2;
    out.ctimeMs = (i32[ctime + HIGH]! * 2 ** 32 + u32[ctime + LOW]!) * 1000;
    const ino = (at + o.ino) >> 2;
    out.ino = u32[ino + HIGH]! * 2 ** 32 + u32[ino + LOW]!;
    out.dev = makedev(u32[(at + o.devMajor) >> 2]!, u32[(at + o.devMinor) >> 2]!);
    out.uid = u32[(at + o.uid) >> 2]!;
    out.gid = u32[(at + o.gid) >> 2]!;
    out.mode = mode;
  }
}

/**
 * Word order of a 64-bit field: Deno's Linux targets (x86-64, arm64) are
 * little-endian, low word first.
 */
const LOW = 0;
const HIGH = 1;

/**
 * Milliseconds as Deno gives them: whole milliseconds since the epoch,
 * truncated towards it (a time before 1970 rounds up to the epoch).
 */
export function denoMs(sec: number, nsec: number): number {
  if (sec >= 0) return sec * 1000 + Math.floor(nsec / 1e6);
  if (nsec === 0) return sec * 1000;
  return -((-sec - 1) * 1000 + Math.floor((1e9 - nsec) / 1e6));
}

/** glibc's makedev: st_dev as Deno reports it. The parts do not overlap, so + is |. */
export function makedev(major: number, minor: number): number {
  return ((major & 0xfffff000) >>> 0) * 2 ** 32 + (major & 0xfff) * 256 +
    ((minor & 0xffffff00) >>> 0) * 4096 + (minor & 0xff);
}

/**
 * A new statx reader reading the struct at `offsets` (tests pass wrong ones
 * as a control), or null where statx cannot be used: not Linux on x86-64 or
 * arm64, FFI not permitted, no libc.so.6 or no statx in it, or statx missing
 * from the kernel or refused by a seccomp filter.
 */
export function loadStatxReader(
  offsets: StatxOffsets = STATX_OFFSETS,
  openRing: () => StatxRing | null = openStatxRing,
): StatxReader | null {
  if (Deno.build.os !== "linux" || Deno.build.arch !== "x86_64" && Deno.build.arch !== "aarch64") {
    return null;
  }
  let lib: Deno.DynamicLibrary<typeof SYMBOLS> | undefined;
  try {
    lib = Deno.dlopen("libc.so.6", SYMBOLS);
    const reader = new StatxReader(lib, offsets, openRing);
    // A probe: "/" always exists.
    if (reader.lstatAt(AT_FDCWD, "/", {} as FileStat) === "stat") return reader;
  } catch {
    // No --allow-ffi (NotCapable), no libc.so.6, or a libc without statx.
  }
  try {
    lib?.close();
  } catch {
    // already closed
  }
  return null;
}

let cached: StatxReader | null | undefined;

/** True once {@linkcode statxReader} has decided (whatever it decided). */
export function statxDecided(): boolean {
  return cached !== undefined;
}

/** {@linkcode loadStatxReader}, decided on first use and kept for the process (one per Worker). */
export function statxReader(): StatxReader | null {
  if (cached === undefined) cached = loadStatxReader();
  return cached === null || cached.disabled ? null : cached;
}

/** The working directory, for paths without a base. */
export const CWD_FD = AT_FDCWD;
