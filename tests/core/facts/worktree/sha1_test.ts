/**
 * The incremental SHA-1 against WebCrypto's, over random messages handed
 * in random parts (every length around a block's edges included).
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { Sha1 } from "../../../../core/facts/worktree/sha1.ts";

async function webSha1(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-1", bytes.slice()));
}

function hashInParts(bytes: Uint8Array, cuts: number[]): Uint8Array {
  const h = new Sha1();
  let at = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1))].sort((a, b) => a - b)) {
    h.update(bytes.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  h.update(bytes.subarray(at));
  return h.digest();
}

Deno.test("Sha1 gives WebCrypto's SHA-1 for every length from 0 to 300 bytes, whole and a byte at a time", async () => {
  const bytes = new Uint8Array(300).map((_, i) => (i * 131 + 7) & 0xff);
  for (let n = 0; n <= 300; n++) {
    const message = bytes.subarray(0, n);
    const expected = await webSha1(message);
    const whole = new Sha1();
    whole.update(message);
    assert.deepEqual(whole.digest(), expected, `length ${n}`);
    const byByte = new Sha1();
    for (let i = 0; i < n; i++) byByte.update(message.subarray(i, i + 1));
    assert.deepEqual(byByte.digest(), expected, `length ${n}, a byte at a time`);
  }
});

Deno.test("Sha1 gives WebCrypto's SHA-1 for random messages cut in random parts", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uint8Array({ maxLength: 5000 }),
      fc.array(fc.nat(), { maxLength: 8 }),
      async (bytes, cuts) => {
        assert.deepEqual(hashInParts(bytes, cuts), await webSha1(bytes));
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("Sha1 of a 1 MiB message of zeros cut across 64 KiB and 128 KiB edges matches WebCrypto's", async () => {
  const bytes = new Uint8Array(1 << 20);
  assert.deepEqual(hashInParts(bytes, [65535, 131072, 700001]), await webSha1(bytes));
});
