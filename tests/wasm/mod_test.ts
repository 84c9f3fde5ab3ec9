// Tests for wasm/mod.ts's start-up: the module's bytes are decoded without
// `atob`, whose first call makes Deno load and compile a script of its own.

import assert from "node:assert/strict";

const scope = globalThis as unknown as { atob: (s: string) => string };

/** A fresh instance of wasm/mod.ts (nothing compiled yet), loaded under its own URL. */
async function freshWasmModule(tag: string): Promise<typeof import("../../wasm/mod.ts")> {
  return await import(`../../wasm/mod.ts?${tag}`);
}

/** A DFA that ends a keyword on every "a". */
function tinyTables(): import("../../wasm/mod.ts").DfaTables {
  const classes = new Uint8Array(256);
  classes[0x61] = 1;
  return {
    classes,
    table: new Uint32Array([0, 2 | 0x80000000, 0, 2 | 0x80000000]),
    starts: new Uint8Array(32768).fill(0xff),
  };
}

Deno.test("building a WebAssembly DFA calls no atob", async () => {
  const { createWasmDfa } = await freshWasmModule("no-atob");
  const original = scope.atob;
  let calls = 0;
  scope.atob = (s) => {
    calls++;
    return original(s);
  };
  try {
    const dfa = createWasmDfa(tinyTables());
    assert.equal(dfa.scan(new TextEncoder().encode("xax"), 0).hits.length, 2);
  } finally {
    scope.atob = original;
  }
  assert.equal(calls, 0);
});

Deno.test("without V8's base64 decoder the module still loads, through atob", async () => {
  const { createWasmDfa } = await freshWasmModule("fallback");
  const u8 = Uint8Array as unknown as { fromBase64?: unknown };
  const native = u8.fromBase64;
  const original = scope.atob;
  let calls = 0;
  scope.atob = (s) => {
    calls++;
    return original(s);
  };
  u8.fromBase64 = undefined;
  try {
    const dfa = createWasmDfa(tinyTables());
    assert.equal(dfa.scan(new TextEncoder().encode("aa"), 0).hits.length, 4);
  } finally {
    u8.fromBase64 = native;
    scope.atob = original;
  }
  // Control: this path is the one that decodes through atob.
  assert.equal(calls, 1);
});
