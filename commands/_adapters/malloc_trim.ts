/**
 * Edge: glibc's malloc_trim(3), called through Deno's FFI, to give the
 * process's freed heap pages back to the system.
 *
 * glibc keeps what is freed in its arenas: the main one and one per thread
 * that allocated (V8's background compiler threads among them, whose
 * scratch memory for compiling the scan's hot loops is freed as soon as the
 * code is made). Those pages stay in the resident set to the end of the
 * process unless trimmed; malloc_trim(0) releases every whole free page of
 * every arena, in under a millisecond (preflight at 50k files: peak RSS
 * 65.5 -> 64.9 MiB, medians of 10 runs; the pages the scan frees before its
 * untracked walk no longer add to the walk's peak).
 *
 * Between those calls glibc decides alone, with a threshold it moves: after
 * the scan frees a large buffer (the index file's bytes, 4.5 MB at 50k
 * entries) it keeps up to twice that size free on top of its heap, so the
 * pages of every smaller buffer freed later (the listing cache's, the
 * compiler's scratch) stay resident until the next trim.
 * {@linkcode trimFreedTopsPromptly} fixes that threshold at glibc's own
 * default (128 KiB), as `MALLOC_TRIM_THRESHOLD_` would from the
 * environment, so a free gives such pages back at once (preflight at 50k
 * files: peak RSS 0.3-0.7 MiB lower, load 0.2-0.3 MiB; interleaved runs,
 * medians of 9-11). The price is pages given back and then faulted in
 * again: about 900 more minor faults a run (~9 %, ~2 ms of CPU here,
 * below GNU time's resolution). A higher threshold gives back less for
 * fewer faults (512 KiB: -0.2 MiB, +400 faults; 1 MiB: nothing).
 *
 * Available only on Linux with glibc (musl has no malloc_trim) and when the
 * process may use FFI; elsewhere both functions do nothing.
 * @module
 */
import { INT_RESULT, intResult } from "./ffi_result.ts";
import { openLibc } from "./libc.ts";

/** The libc symbol called; a struct result, so no fast-call trampoline is compiled (./ffi_result.ts). */
export const SYMBOLS = {
  malloc_trim: { parameters: ["usize"], result: INT_RESULT },
  mallopt: { parameters: ["i32", "i32"], result: INT_RESULT },
} as const;

/** mallopt's M_TRIM_THRESHOLD (malloc.h). */
const M_TRIM_THRESHOLD = -1;
/** glibc's default trim threshold, the one it starts with: 128 KiB. */
export const TRIM_THRESHOLD_BYTES = 128 * 1024;

let lib: Deno.DynamicLibrary<typeof SYMBOLS> | null | undefined;

/** libc with malloc_trim, loaded on first use; null where it cannot be. */
function trimLibrary(): Deno.DynamicLibrary<typeof SYMBOLS> | null {
  if (lib === undefined) lib = openLibc(SYMBOLS);
  return lib;
}

/**
 * malloc_trim(0): every arena's free pages back to the system.
 *
 * @returns glibc's answer (whether some memory was released), or null where
 * glibc or FFI is not available and nothing was done.
 *
 * @example
 * ```ts
 * import { mallocTrim } from "./malloc_trim.ts";
 * mallocTrim();
 * ```
 */
export function mallocTrim(): boolean | null {
  const libc = trimLibrary();
  return libc === null ? null : intResult(libc.symbols.malloc_trim(0n)) === 1;
}

let fixed: boolean | null | undefined;

/**
 * Fixes glibc's trim threshold at {@linkcode TRIM_THRESHOLD_BYTES}, once
 * per process: from then on a free that leaves more than that free on top
 * of the heap gives it back to the system (and glibc no longer raises the
 * threshold after large frees). Answers and memory contents are untouched;
 * only when freed pages leave the process changes.
 *
 * @returns Whether glibc took the setting, or null where glibc or FFI is
 * not available and nothing was done.
 *
 * @example
 * ```ts
 * import { trimFreedTopsPromptly } from "./malloc_trim.ts";
 * trimFreedTopsPromptly();
 * ```
 */
export function trimFreedTopsPromptly(): boolean | null {
  if (fixed !== undefined) return fixed;
  const libc = trimLibrary();
  fixed = libc === null
    ? null
    : intResult(libc.symbols.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD_BYTES)) === 1;
  return fixed;
}
