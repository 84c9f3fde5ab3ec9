/**
 * Edge: this machine's C library through Deno's FFI, where there is one to
 * call — Linux on x86-64 or arm64 with glibc (`libc.so.6`), and the process
 * allowed FFI — for the adapters that call a symbol or two of it
 * (malloc_trim.ts, prefault.ts).
 * @module
 */

/**
 * libc.so.6 with `symbols`, or null where it cannot be had (another system
 * or architecture, no `--allow-ffi`, no glibc, a symbol it lacks).
 * @param symbols The symbols to bind.
 * @returns The library, or null.
 * @example
 * ```ts
 * import { openLibc } from "./libc.ts";
 * openLibc({ getpid: { parameters: [], result: "i32" } })?.close();
 * ```
 */
export function openLibc<S extends Deno.ForeignLibraryInterface>(
  symbols: S,
): Deno.DynamicLibrary<S> | null {
  if (Deno.build.os !== "linux" || Deno.build.arch !== "x86_64" && Deno.build.arch !== "aarch64") {
    return null;
  }
  try {
    return Deno.dlopen("libc.so.6", symbols);
  } catch {
    // No --allow-ffi (NotCapable), no libc.so.6 (musl), or a symbol it lacks.
    return null;
  }
}
