/**
 * Edge: libc results returned through Deno's FFI as a one-field struct.
 *
 * For every symbol whose parameters and result are all scalars, `Deno.dlopen`
 * compiles a fast-call trampoline with its code generator (Cranelift): the
 * first one pages in about 2 MiB of the deno executable (the code generator)
 * that stay resident to the end of the process (preflight at 50k files: peak
 * RSS 66.8 -> 65.4 MiB, medians of 10 runs), for calls baton makes a few
 * dozen times a run (the io_uring batches), or one per path only where there
 * is no ring. A symbol whose result is a struct is never fast-called, so
 * none is compiled.
 *
 * The ABI is the scalar's: on x86-64 (System V) and arm64 (AAPCS64), the only
 * architectures baton's FFI callers accept, a struct of one 4- or 8-byte
 * integer or pointer is returned in the same register as that scalar, so the
 * callee is called exactly as before. The result comes back as its bytes,
 * native-endian (little-endian on both), read by the helpers here.
 * @module
 */

/** The result type of a symbol returning a C `int`. */
export const INT_RESULT = { struct: ["i32"] } as const;
/** The result type of a symbol returning a C `long` (64-bit on both architectures). */
export const LONG_RESULT = { struct: ["i64"] } as const;
/** The result type of a symbol returning a pointer. */
export const POINTER_RESULT = { struct: ["pointer"] } as const;

/**
 * The `int` in a result of {@linkcode INT_RESULT}.
 *
 * @param bytes The 4 bytes the FFI call returned.
 * @returns The signed value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intResult } from "./ffi_result.ts";
 * assert.equal(intResult(Uint8Array.of(0xff, 0xff, 0xff, 0xff)), -1);
 * ```
 */
export function intResult(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0, true);
}

/**
 * The `long` in a result of {@linkcode LONG_RESULT}.
 *
 * @param bytes The 8 bytes the FFI call returned.
 * @returns The signed value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { longResult } from "./ffi_result.ts";
 * assert.equal(longResult(Uint8Array.of(0xfe, ...new Array(7).fill(0xff))), -2n);
 * ```
 */
export function longResult(bytes: Uint8Array): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigInt64(0, true);
}

/**
 * The pointer in a result of {@linkcode POINTER_RESULT}: null for address 0,
 * as Deno gives a pointer result.
 *
 * @param bytes The 8 bytes the FFI call returned.
 * @returns The pointer, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pointerResult } from "./ffi_result.ts";
 * assert.equal(pointerResult(new Uint8Array(8)), null);
 * ```
 */
export function pointerResult(bytes: Uint8Array): Deno.PointerValue {
  return Deno.UnsafePointer.create(
    new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true),
  );
}
