import assert from "node:assert/strict";
import { openLibc } from "../../../commands/_adapters/libc.ts";
import { libcHere } from "../../_helpers/libc.ts";

const GETPID = { getpid: { parameters: [], result: "i32" } } as const;

Deno.test("openLibc() binds glibc's symbols where there is a glibc to call, and says null elsewhere", () => {
  const libc = openLibc(GETPID);
  if (!libcHere(GETPID)) {
    assert.equal(libc, null);
    return;
  }
  assert.ok(libc !== null);
  try {
    assert.equal(libc.symbols.getpid(), Deno.pid);
  } finally {
    libc.close();
  }
});

Deno.test("openLibc() says null for a symbol the library lacks, rather than throwing", () => {
  const missing = { baton_no_such_symbol: { parameters: [], result: "i32" } } as const;
  assert.equal(openLibc(missing), null);
});
