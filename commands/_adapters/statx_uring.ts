/**
 * Edge: many statx(2) calls handed to the kernel at once through a Linux
 * io_uring (IORING_OP_STATX), called by Deno's FFI.
 *
 * One statx per tracked file is one system call each, and on a virtual
 * machine a system call is the expensive part of it (about 3-4 µs of the
 * 4 µs a path took at 50k files). Through the ring, a batch of up to
 * {@linkcode RING_ENTRIES} requests costs one call: the kernel runs them on
 * its own worker threads (on every core, as git's threaded index preload
 * does) and writes each result into the batch's buffer.
 *
 * The ring only moves where the same statx runs: the struct is read by
 * ./statx.ts as before, and what a request answers (a stat, ENOENT/ENOTDIR,
 * or any other errno, which the caller asks Deno about) is unchanged. Where a
 * ring cannot be had (not Linux, a kernel before 5.6, io_uring disabled by
 * sysctl or refused by a seccomp filter, as container runtimes often do),
 * {@linkcode openStatxRing} says null and callers make one call per path.
 * @module
 */

import {
  INT_RESULT,
  LONG_RESULT,
  longResult,
  POINTER_RESULT,
  pointerResult,
} from "./ffi_result.ts";

/** The libc symbols called; struct results, so no fast-call trampoline is compiled (./ffi_result.ts). */
export const SYMBOLS = {
  syscall: {
    parameters: ["i64", "i64", "i64", "i64", "i64", "i64", "i64"],
    result: LONG_RESULT,
  },
  mmap: {
    parameters: ["pointer", "usize", "i32", "i32", "i32", "i64"],
    result: POINTER_RESULT,
  },
  close: { parameters: ["i32"], result: INT_RESULT },
  __errno_location: { parameters: [], result: POINTER_RESULT },
} as const;

/**
 * Requests in one batch (one io_uring_enter). 256 rather than 1,024: the
 * two batches' results and the ring's queues are a quarter as large (about
 * 0.4 MB fewer resident at 50k files, where the scan's memory peaks) for
 * 200 calls instead of 50, which cost no measurable CPU.
 */
export const RING_ENTRIES = 256;
/** Bytes of struct statx each request is given. */
export const STATX_SLOT = 256;
/** Path bytes one batch can hold (NUL-terminated names, back to back). */
const PATH_BYTES = RING_ENTRIES * 256;
/** PATH_MAX: the kernel takes no longer name (ENAMETOOLONG is then Deno's to say). */
const NAME_MAX_BYTES = 4096;

// The same numbers on x86-64 and arm64 (asm-generic; io_uring came after the split).
const SYS_IO_URING_SETUP = 425n;
const SYS_IO_URING_ENTER = 426n;
const IORING_ENTER_GETEVENTS = 1n;
const IORING_OP_STATX = 21;
/**
 * Completions posted when this thread next enters the kernel for them
 * (io_uring_enter with GETEVENTS, as submit and wait both call it), not by
 * interrupting it for each one a worker finishes: IORING_SETUP_SINGLE_ISSUER
 * | IORING_SETUP_DEFER_TASKRUN (Linux 6.1), else IORING_SETUP_COOP_TASKRUN
 * (5.19), else none. The answers are the same; only when the kernel writes
 * them changes.
 */
const SETUP_FLAG_CHOICES = [(1 << 12) | (1 << 13), 1 << 8, 0] as const;
const IORING_FEAT_SINGLE_MMAP = 1;
const IORING_OFF_SQ_RING = 0n;
const IORING_OFF_CQ_RING = 0x8000000n;
const IORING_OFF_SQES = 0x10000000n;
const PROT_READ_WRITE = 3;
const MAP_SHARED_POPULATE = 0x1 | 0x8000;
const MAP_PRIVATE_ANONYMOUS = 0x2 | 0x20;
const AT_FDCWD = -100;
const AT_SYMLINK_NOFOLLOW = 0x100;
const STATX_BASIC_STATS = 0x7ff;
const EINTR = 4;
const SQE_BYTES = 64;
const CQE_BYTES = 16;

/** Where io_uring_setup says the ring's fields are. */
interface RingOffsets {
  sqTail: number;
  sqMask: number;
  sqArray: number;
  cqHead: number;
  cqTail: number;
  cqMask: number;
  cqes: number;
}

/**
 * One buffer of struct statx seen as native 16-bit, 32-bit and signed
 * 32-bit words (the struct is native-endian; its fields sit on their words).
 */
export class StatxWords {
  readonly u16: Uint16Array;
  readonly u32: Uint32Array;
  readonly i32: Int32Array;

  constructor(buffer: ArrayBuffer) {
    this.u16 = new Uint16Array(buffer);
    this.u32 = new Uint32Array(buffer);
    this.i32 = new Int32Array(buffer);
  }
}

/** Memory the kernel writes into, outside the JavaScript heap: an address and a view of it. */
interface Region {
  at: number;
  buffer: ArrayBuffer;
}

/**
 * The buffers of one batch: the names sent, and what came back. They are
 * mapped memory that is never unmapped, not JavaScript buffers: a Worker
 * terminated while a batch is in flight frees its heap, and the kernel's
 * answers must not land in memory something else uses by then.
 */
class Batch {
  readonly names: Uint8Array;
  readonly namesAt: number;
  /** The struct statx of each request, {@linkcode STATX_SLOT} bytes apart. */
  readonly words: StatxWords;
  readonly resultsAt: number;
  /** Each request's outcome: 0, or the errno; -1 when not sent. */
  readonly errnos = new Int32Array(RING_ENTRIES);
  /** Requests sent and not yet answered. */
  pending = 0;

  constructor(names: Region, results: Region) {
    this.names = new Uint8Array(names.buffer);
    this.namesAt = names.at;
    this.words = new StatxWords(results.buffer);
    this.resultsAt = results.at;
  }
}

/**
 * One io_uring for statx, with the buffers its requests point at: two
 * batches, so the kernel answers one while the caller reads the other. Its
 * memory is never given back: the kernel may still write into a batch's
 * buffers after a failed call, so a ring that failed once is retired (after
 * every request in flight was answered), not reused.
 */
export class StatxRing {
  readonly #lib: Deno.DynamicLibrary<typeof SYMBOLS>;
  readonly #errno: Deno.UnsafePointerView;
  readonly #fd: number;
  readonly #off: RingOffsets;
  readonly #sq: Uint32Array;
  readonly #sqes: Uint32Array;
  readonly #cq: Uint32Array;
  readonly #cq32: Int32Array;
  readonly #enc = new TextEncoder();
  readonly #first: Batch;
  readonly #second: Batch;
  /** Set when a call failed: the ring is not used again. */
  retired = false;

  constructor(
    lib: Deno.DynamicLibrary<typeof SYMBOLS>,
    fd: number,
    off: RingOffsets,
    maps: { sq: ArrayBuffer; cq: ArrayBuffer; sqes: ArrayBuffer },
    batches: readonly [Batch, Batch],
  ) {
    this.#first = batches[0];
    this.#second = batches[1];
    this.#lib = lib;
    const at = pointerResult(lib.symbols.__errno_location());
    if (at === null) throw new Error("no errno");
    this.#errno = new Deno.UnsafePointerView(at);
    this.#fd = fd;
    this.#off = off;
    this.#sq = new Uint32Array(maps.sq);
    this.#cq = new Uint32Array(maps.cq);
    this.#cq32 = new Int32Array(maps.cq);
    this.#sqes = new Uint32Array(maps.sqes);
  }

  #batch(slot: number): Batch {
    return (slot & 1) === 0 ? this.#first : this.#second;
  }

  /** Request j's outcome in batch `slot` (0 or 1): 0, the errno, or -1 when not sent. */
  errnoOf(slot: number, j: number): number {
    return this.#batch(slot & 1).errnos[j]!;
  }

  /** The struct statx of request j in batch `slot` is at byte `j * STATX_SLOT` of these words. */
  resultsOf(slot: number): StatxWords {
    return this.#batch(slot & 1).words;
  }

  /**
   * Sends batch `slot` (0 or 1; the other may be in flight): statx of each
   * of `paths[from, from + count)` (count at most {@linkcode RING_ENTRIES})
   * relative to `dirFd`, not following a last symbolic link, until the
   * batch's name buffer is full. Returns how many names it took (then
   * {@linkcode wait} for them), or -1 when the ring failed: then it is
   * retired and neither batch may be read. A name that cannot be passed as it
   * is (a NUL in it, longer than the kernel takes) is not sent: its outcome
   * is -1.
   */
  submit(
    slot: number,
    dirFd: number,
    paths: readonly string[],
    from: number,
    count: number,
  ): number {
    if (this.retired) return -1;
    const b = this.#batch(slot & 1);
    const o = this.#off;
    const sq = this.#sq;
    const sqes = this.#sqes;
    const mask = sq[o.sqMask >> 2]!;
    const arrayAt = o.sqArray >> 2;
    let tail = sq[o.sqTail >> 2]!;
    let pos = 0;
    let sent = 0;
    let taken = 0;
    const tag = (slot & 1) << 16;
    for (let j = 0; j < count; j++) {
      const name = paths[from + j]!;
      // Room for the longest UTF-8 the name can have; the next batch takes the rest.
      if (j > 0 && pos + 3 * name.length + 1 > PATH_BYTES) break;
      taken = j + 1;
      const start = pos;
      pos = this.#encode(b.names, name, pos);
      if (pos < 0) {
        b.errnos[j] = -1;
        pos = start;
        continue;
      }
      b.errnos[j] = 0;
      const slotAt = tail & mask;
      const w = slotAt * (SQE_BYTES / 4);
      const buf = b.resultsAt + j * STATX_SLOT;
      const at = b.namesAt + start;
      sqes[w] = IORING_OP_STATX; // opcode, flags 0, ioprio 0
      sqes[w + 1] = dirFd >>> 0;
      sqes[w + 2] = buf % 2 ** 32; // addr2: the struct statx
      sqes[w + 3] = Math.floor(buf / 2 ** 32);
      sqes[w + 4] = at % 2 ** 32; // addr: the name
      sqes[w + 5] = Math.floor(at / 2 ** 32);
      sqes[w + 6] = STATX_BASIC_STATS; // len: the mask
      sqes[w + 7] = AT_SYMLINK_NOFOLLOW; // statx_flags
      sqes[w + 8] = tag | j; // user_data: the batch and the request
      sqes[w + 9] = 0;
      sqes[w + 10] = 0;
      sqes[w + 11] = 0;
      sqes[w + 12] = 0;
      sqes[w + 13] = 0;
      sqes[w + 14] = 0;
      sqes[w + 15] = 0;
      sq[arrayAt + slotAt] = slotAt;
      tail = (tail + 1) >>> 0;
      sent++;
    }
    if (sent === 0) return taken;
    // The kernel reads the tail on the call below (a full barrier).
    sq[o.sqTail >> 2] = tail;
    b.pending += sent;
    // A request the kernel refuses while taking it in (none should be: each
    // name fits and each pointer is ours) ends the submission there.
    const submitted = this.#enter(sent, 0);
    if (submitted !== sent) {
      b.pending -= sent - Math.max(0, submitted);
      this.#retire();
      return -1;
    }
    return taken;
  }

  /**
   * Waits until every request of batch `slot` is answered; false when the
   * ring failed (retired). Each call waits for as many completions as the
   * batch still lacks, not for one: the kernel then wakes this thread once
   * for them (with DEFER_TASKRUN it counts them before it wakes it), where
   * waiting for one woke it about ten times a batch, each a system call and
   * a trip through the scheduler (50k files: 2,286 waits for 206 batches).
   * The completions counted may include the other batch's, which is in
   * flight too; they are taken into it, and the loop waits again for what
   * this batch still lacks, never for more than is in flight.
   * The wait stays on this thread: the ring is single-issuer with deferred
   * task work, so the kernel refuses io_uring_enter from any other thread
   * (EEXIST), and a nonblocking FFI symbol, which Deno runs on a thread of
   * its own, cannot wait for it (checked with strace on Linux 6.18).
   */
  wait(slot: number): boolean {
    const b = this.#batch(slot & 1);
    while (true) {
      this.#reap();
      if (b.pending === 0) return true;
      if (this.retired || this.#enter(0, b.pending) < 0) {
        this.#retire();
        return false;
      }
    }
  }

  /** Waits for both batches (before a caller leaves with one in flight); false when the ring failed. */
  drain(): boolean {
    return this.wait(0) && this.wait(1);
  }

  /** Completions waiting in the queue, taken into their batch's outcomes. */
  #reap(): void {
    const o = this.#off;
    const cq = this.#cq;
    const cq32 = this.#cq32;
    let head = cq[o.cqHead >> 2]!;
    const tail = cq[o.cqTail >> 2]!;
    const mask = cq[o.cqMask >> 2]!;
    const base = o.cqes >> 2;
    while (head !== tail) {
      const at = base + (head & mask) * (CQE_BYTES / 4);
      const data = cq[at]!;
      const res = cq32[at + 2]!;
      const b = this.#batch((data >>> 16) & 1);
      const j = data & 0xffff;
      if (j < RING_ENTRIES) {
        b.errnos[j] = res < 0 ? -res : 0;
        b.pending--;
      }
      head = (head + 1) >>> 0;
    }
    cq[o.cqHead >> 2] = head;
  }

  /** io_uring_enter, again after a signal; the count it returns, or -1. */
  #enter(submit: number, wait: number): number {
    while (true) {
      const r = Number(longResult(this.#lib.symbols.syscall(
        SYS_IO_URING_ENTER,
        BigInt(this.#fd),
        BigInt(submit),
        BigInt(wait),
        IORING_ENTER_GETEVENTS,
        0n,
        0n,
      )));
      if (r >= 0) return r;
      if (this.#errno.getInt32() !== EINTR) return -1;
      // Interrupted before it submitted anything: the same call again.
    }
  }

  /**
   * Stops using the ring: waits for the requests still in flight (they
   * write into the batches' buffers), then closes it.
   */
  #retire(): void {
    if (this.retired) return;
    this.retired = true;
    while (this.#first.pending > 0 || this.#second.pending > 0) {
      if (this.#enter(0, 1) < 0) break;
      this.#reap();
    }
    this.#lib.symbols.close(this.#fd);
  }

  /** `s` NUL-terminated at `pos` of `buf`; the position after it, or -1. */
  #encode(buf: Uint8Array, s: string, pos: number): number {
    const n = s.length;
    // PATH_MAX with its NUL: a longer name is refused as the kernel takes it in.
    if (n >= NAME_MAX_BYTES) return -1;
    if (pos + n + 1 > PATH_BYTES) return this.#encodeUtf8(buf, s, pos);
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 0) return -1;
      if (c >= 0x80) return this.#encodeUtf8(buf, s, pos);
      buf[pos + i] = c;
    }
    buf[pos + n] = 0;
    return pos + n + 1;
  }

  #encodeUtf8(buf: Uint8Array, s: string, pos: number): number {
    if (s.includes("\0")) return -1;
    const room = buf.subarray(pos);
    const { read, written } = this.#enc.encodeInto(s, room);
    if (read !== s.length || written >= room.length || written >= NAME_MAX_BYTES) return -1;
    room[written] = 0;
    return pos + written + 1;
  }
}

function address(buf: Uint8Array): number {
  return Number(Deno.UnsafePointer.value(Deno.UnsafePointer.of(buf)));
}

function mapped(p: Deno.PointerValue): boolean {
  if (p === null) return false;
  const v = BigInt(Deno.UnsafePointer.value(p));
  return v !== 0xffffffffffffffffn && v !== -1n;
}

/**
 * A new ring, or null where io_uring cannot run statx here (see the module
 * comment): checked by one real request, the root directory's statx, before
 * the ring is handed out.
 */
export function openStatxRing(): StatxRing | null {
  if (Deno.build.os !== "linux" || Deno.build.arch !== "x86_64" && Deno.build.arch !== "aarch64") {
    return null;
  }
  let lib: Deno.DynamicLibrary<typeof SYMBOLS> | undefined;
  let fd = -1;
  try {
    lib = Deno.dlopen("libc.so.6", SYMBOLS);
    const params = new Uint8Array(120);
    // A kernel that does not know a flag refuses the setup (EINVAL): the next choice is tried.
    for (const flags of SETUP_FLAG_CHOICES) {
      params.fill(0);
      new DataView(params.buffer).setUint32(8, flags, true);
      fd = Number(longResult(lib.symbols.syscall(
        SYS_IO_URING_SETUP,
        BigInt(RING_ENTRIES),
        BigInt(address(params)),
        0n,
        0n,
        0n,
        0n,
      )));
      if (fd >= 0) break;
    }
    if (fd < 0) throw new Error("no io_uring");
    const p = new DataView(params.buffer);
    const u = (at: number) => p.getUint32(at, true);
    const sqEntries = u(0);
    const cqEntries = u(4);
    if (sqEntries < RING_ENTRIES || cqEntries < RING_ENTRIES) throw new Error("small ring");
    const off: RingOffsets = {
      sqTail: u(44),
      sqMask: u(48),
      sqArray: u(64),
      cqHead: u(80),
      cqTail: u(84),
      cqMask: u(88),
      cqes: u(100),
    };
    const sqBytes = off.sqArray + sqEntries * 4;
    const cqBytes = off.cqes + cqEntries * CQE_BYTES;
    const single = (u(20) & IORING_FEAT_SINGLE_MMAP) !== 0;
    const ringBytes = single ? Math.max(sqBytes, cqBytes) : sqBytes;
    const map = (bytes: number, offset: bigint) => {
      const at = pointerResult(lib!.symbols.mmap(
        null,
        BigInt(bytes),
        PROT_READ_WRITE,
        MAP_SHARED_POPULATE,
        fd,
        offset,
      ));
      if (!mapped(at)) throw new Error("mmap");
      return Deno.UnsafePointerView.getArrayBuffer(at!, bytes);
    };
    const sq = map(ringBytes, IORING_OFF_SQ_RING);
    const cq = single ? sq : map(cqBytes, IORING_OFF_CQ_RING);
    const sqes = map(sqEntries * SQE_BYTES, IORING_OFF_SQES);
    const region = (bytes: number): Region => {
      const at = pointerResult(lib!.symbols.mmap(
        null,
        BigInt(bytes),
        PROT_READ_WRITE,
        MAP_PRIVATE_ANONYMOUS,
        -1,
        0n,
      ));
      if (!mapped(at)) throw new Error("mmap");
      return {
        at: Number(Deno.UnsafePointer.value(at)),
        buffer: Deno.UnsafePointerView.getArrayBuffer(at!, bytes),
      };
    };
    const batch = () => new Batch(region(PATH_BYTES), region(RING_ENTRIES * STATX_SLOT));
    const ring = new StatxRing(lib, fd, off, { sq, cq, sqes }, [batch(), batch()]);
    // A probe: "/" always exists (a kernel without IORING_OP_STATX says EINVAL).
    if (ring.submit(0, AT_FDCWD, ["/"], 0, 1) === 1 && ring.wait(0) && ring.errnoOf(0, 0) === 0) {
      return ring;
    }
    if (!ring.retired) lib.symbols.close(fd);
    return null;
  } catch {
    // No --allow-ffi, no io_uring (ENOSYS, EPERM), or its memory could not be mapped.
    if (fd >= 0) lib?.symbols.close(fd);
    return null;
  }
}
