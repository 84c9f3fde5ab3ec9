/**
 * Edge: a large buffer's pages backed in one call, before a read fills it,
 * through Linux's madvise(MADV_POPULATE_WRITE) called by Deno's FFI.
 *
 * A fresh buffer's pages are backed one page fault at a time as the read
 * writes them. On a virtual machine a fault is the expensive part (about
 * 7 µs a page here, where populating costs about 1.2 µs): the 4.5 MB index
 * of a 50k-file repository took some 1,100 faults to read. One madvise backs
 * them all at once, with the same zeroed pages, so what the read then writes
 * and what the buffer holds are unchanged.
 *
 * Only where it can help and cannot harm: Linux on x86-64 or arm64 with
 * glibc, FFI allowed, kernel 5.14 or later (an older one says EINVAL and
 * nothing happens). Elsewhere {@linkcode prefault} does nothing.
 * @module
 */
import { INT_RESULT, intResult } from "./ffi_result.ts";
import { openLibc } from "./libc.ts";

/** The libc symbol called; a struct result, so no fast-call trampoline is compiled (./ffi_result.ts). */
export const SYMBOLS = {
  madvise: { parameters: ["usize", "usize", "i32"], result: INT_RESULT },
} as const;

/** MADV_POPULATE_WRITE (Linux 5.14; the same number on x86-64 and arm64). */
const MADV_POPULATE_WRITE = 23;
const PAGE = 4096;
/** Smaller buffers are left to fault: one call costs more than the few faults it saves. */
const MIN_BYTES = 256 * 1024;

let lib: Deno.DynamicLibrary<typeof SYMBOLS> | null | undefined;

function library(): Deno.DynamicLibrary<typeof SYMBOLS> | null {
  if (lib === undefined) lib = openLibc(SYMBOLS);
  return lib;
}

/**
 * Backs the whole pages inside `buf` now, as writing to them would.
 *
 * @param buf A buffer about to be filled (its content is kept either way).
 * @returns The bytes populated: 0 where nothing was done (a small buffer,
 * no FFI, not Linux, a kernel without MADV_POPULATE_WRITE).
 *
 * @example
 * ```ts
 * import { prefault } from "./prefault.ts";
 * const buf = new Uint8Array(1024 * 1024);
 * prefault(buf);
 * ```
 */
export function prefault(buf: Uint8Array): number {
  if (buf.byteLength < MIN_BYTES) return 0;
  const libc = library();
  if (libc === null) return 0;
  const at = Number(Deno.UnsafePointer.value(Deno.UnsafePointer.of(buf)));
  const start = Math.ceil(at / PAGE) * PAGE;
  const end = Math.floor((at + buf.byteLength) / PAGE) * PAGE;
  if (end <= start) return 0;
  const ok = intResult(
    libc.symbols.madvise(BigInt(start), BigInt(end - start), MADV_POPULATE_WRITE),
  );
  return ok === 0 ? end - start : 0;
}
