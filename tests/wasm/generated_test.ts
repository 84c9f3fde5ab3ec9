// wasm/_generated.ts is current with its AssemblyScript source (deno task
// check runs the same hash compare), and the check can fail.

import assert from "node:assert/strict";
import { recordedHash, sourceHash, WASM_GENERATED } from "../_tools/gen_wasm.ts";
import { PREFILTER_WASM_BASE64, PREFILTER_WASM_BYTES } from "../../wasm/_generated.ts";

const root = new URL("../../", import.meta.url).pathname;
const read = (p: string) => Deno.readTextFileSync(`${root}${p}`);

Deno.test("wasm/_generated.ts records the hash of the current source (run deno task gen when this fails)", async () => {
  assert.equal(recordedHash(read(WASM_GENERATED)), await sourceHash(read));
  assert.equal(atob(PREFILTER_WASM_BASE64).length, PREFILTER_WASM_BYTES);
  assert.ok(
    WebAssembly.validate(Uint8Array.from(atob(PREFILTER_WASM_BASE64), (c) => c.charCodeAt(0))),
  );
});

Deno.test("the staleness check can fail: an edited source changes the hash", async () => {
  const edited = (p: string) =>
    p.endsWith(".ts") && p.startsWith("wasm/assembly/") ? read(p) + "\n// edit\n" : read(p);
  assert.notEqual(await sourceHash(edited), await sourceHash(read));
  assert.equal(recordedHash("no header here"), null);
});
