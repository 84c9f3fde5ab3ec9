import assert from "node:assert/strict";
import {
  INT_RESULT,
  intResult,
  LONG_RESULT,
  longResult,
  POINTER_RESULT,
  pointerResult,
} from "../../../commands/_adapters/ffi_result.ts";
import { SYMBOLS as STATX_SYMBOLS } from "../../../commands/_adapters/statx.ts";
import { SYMBOLS as RING_SYMBOLS } from "../../../commands/_adapters/statx_uring.ts";
import { SYMBOLS as TRIM_SYMBOLS } from "../../../commands/_adapters/malloc_trim.ts";

const linuxFfi = Deno.build.os === "linux" &&
  (Deno.build.arch === "x86_64" || Deno.build.arch === "aarch64");

type Native = Deno.NativeType | Deno.NativeResultType;

/**
 * Deno's rule for compiling a fast-call trampoline at dlopen (ext/ffi
 * turbocall's is_compatible): no struct among the parameters and the result.
 */
function fastCallable(def: { parameters: readonly Native[]; result: Native }): boolean {
  const isStruct = (t: Native) => typeof t === "object" && t !== null && "struct" in t;
  return !isStruct(def.result) && !def.parameters.some(isStruct);
}

Deno.test("no libc symbol baton loads is fast-callable, so dlopen compiles no trampoline", () => {
  for (
    const [name, table] of [
      ["statx", STATX_SYMBOLS],
      ["ring", RING_SYMBOLS],
      ["trim", TRIM_SYMBOLS],
    ] as const
  ) {
    for (const [symbol, def] of Object.entries(table)) {
      assert.equal(fastCallable(def), false, `${name}: ${symbol}`);
    }
  }
  // Control: the rule says yes to a scalar signature and no to a struct result.
  assert.equal(fastCallable({ parameters: ["i32"], result: "i32" }), true);
  assert.equal(fastCallable({ parameters: ["i32"], result: INT_RESULT }), false);
});

Deno.test("the result helpers read native-endian bytes as the scalar", () => {
  assert.equal(intResult(Uint8Array.of(5, 0, 0, 0)), 5);
  assert.equal(intResult(Uint8Array.of(0xff, 0xff, 0xff, 0xff)), -1);
  assert.equal(longResult(Uint8Array.of(0, 0, 0, 0, 1, 0, 0, 0)), 2n ** 32n);
  assert.equal(longResult(new Uint8Array(8).fill(0xff)), -1n);
  assert.equal(pointerResult(new Uint8Array(8)), null);
  const p = pointerResult(Uint8Array.of(0x10, 0x20, 0, 0, 0, 0, 0, 0));
  assert.equal(Deno.UnsafePointer.value(p), 0x2010n);
  // A view into a larger buffer reads its own bytes.
  const wide = Uint8Array.of(9, 9, 7, 0, 0, 0);
  assert.equal(intResult(wide.subarray(2)), 7);
});

Deno.test({
  name: "a one-field struct result comes back as the C scalar libc returned",
  ignore: !linuxFfi,
  fn() {
    const lib = Deno.dlopen("libc.so.6", {
      getpid: { parameters: [], result: INT_RESULT },
      close: { parameters: ["i32"], result: INT_RESULT },
      syscall: { parameters: ["i64"], result: LONG_RESULT },
      __errno_location: { parameters: [], result: POINTER_RESULT },
    });
    try {
      assert.equal(intResult(lib.symbols.getpid()), Deno.pid);
      // A negative int: close of a descriptor that cannot exist.
      assert.equal(intResult(lib.symbols.close(-1)), -1);
      // long: getpid through syscall(2) (39 on x86-64, 172 on arm64).
      const sysGetpid = Deno.build.arch === "x86_64" ? 39n : 172n;
      assert.equal(longResult(lib.symbols.syscall(sysGetpid)), BigInt(Deno.pid));
      // The pointer is errno's: close(-1) just set it to EBADF (9).
      const errno = pointerResult(lib.symbols.__errno_location());
      assert.ok(errno !== null);
      lib.symbols.close(-1);
      assert.equal(new Deno.UnsafePointerView(errno).getInt32(), 9);
    } finally {
      lib.close();
    }
  },
});
