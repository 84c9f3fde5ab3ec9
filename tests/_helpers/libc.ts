/**
 * Whether this test process can call the C library's `symbols` through FFI
 * (Linux, x86-64 or arm64, glibc, FFI allowed): the adapters that use it do
 * nothing elsewhere, and their tests check that instead.
 * @module
 */

/**
 * True when libc.so.6 binds `symbols` here.
 * @param symbols The symbols an adapter binds.
 */
export function libcHere(symbols: Deno.ForeignLibraryInterface): boolean {
  if (Deno.build.os !== "linux") return false;
  if (Deno.build.arch !== "x86_64" && Deno.build.arch !== "aarch64") return false;
  try {
    Deno.dlopen("libc.so.6", symbols).close();
    return true;
  } catch {
    return false;
  }
}
