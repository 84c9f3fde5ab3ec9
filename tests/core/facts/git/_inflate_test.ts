/**
 * The TypeScript zlib decoder against node:zlib (the oracle): generated data
 * compressed at every level and strategy inflates back byte for byte, a
 * truncated stream gives a prefix, trailing bytes are ignored, and damaged
 * streams are refused with GitCorruptError.
 * @module
 */
import assert from "node:assert/strict";
import { constants, deflateSync } from "node:zlib";
import fc from "fast-check";
import { inflateAll, inflatePrefix, inflateUpTo } from "../../../../core/facts/git/_inflate.ts";
import { GitCorruptError } from "../../../../core/facts/git/errors.ts";

const STRATEGIES = [
  constants.Z_DEFAULT_STRATEGY,
  constants.Z_FILTERED,
  constants.Z_HUFFMAN_ONLY,
  constants.Z_RLE,
  constants.Z_FIXED,
];

/** Data with structure (repeats, text) as well as noise. */
const DATA = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc.string({ maxLength: 4000 }).map((s) => new TextEncoder().encode(s)),
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 2000 }))
    .map(([unit, times]) => {
      const out = new Uint8Array(unit.length * times);
      for (let i = 0; i < times; i++) out.set(unit, i * unit.length);
      return out;
    }),
);

function deflate(data: Uint8Array, level: number, strategy: number): Uint8Array {
  const out = deflateSync(data, { level, strategy });
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

Deno.test("inflateAll() and inflateUpTo() agree with node:zlib at every level and strategy", () => {
  fc.assert(
    fc.property(
      DATA,
      fc.integer({ min: 0, max: 9 }),
      fc.constantFrom(...STRATEGIES),
      (data, level, strategy) => {
        const z = deflate(data, level, strategy);
        assert.deepEqual(inflateAll(z, data.length), data);
        assert.deepEqual(inflateUpTo(z, data.length), data);
      },
    ),
    { numRuns: 600 },
  );
});

Deno.test("inflateUpTo() ignores trailing bytes and returns a prefix of a truncated stream", () => {
  fc.assert(
    fc.property(DATA, fc.uint8Array({ maxLength: 64 }), fc.nat(), (data, tail, cut) => {
      const z = deflate(data, 6, constants.Z_DEFAULT_STRATEGY);
      const withTail = new Uint8Array(z.length + tail.length);
      withTail.set(z);
      withTail.set(tail, z.length);
      assert.deepEqual(inflateUpTo(withTail, data.length), data);
      const part = inflateUpTo(z.subarray(0, cut % (z.length + 1)), data.length);
      assert.deepEqual(part, data.subarray(0, part.length), "a truncated read is a prefix");
    }),
    { numRuns: 300 },
  );
});

Deno.test("inflatePrefix() stops at its limit", () => {
  const data = new TextEncoder().encode("blob 123456\u0000" + "x".repeat(100_000));
  const z = deflate(data, 9, constants.Z_DEFAULT_STRATEGY);
  assert.deepEqual(inflatePrefix(z, 32), data.subarray(0, 32));
  assert.deepEqual(
    inflatePrefix(z.subarray(0, 20), 32),
    data.subarray(0, inflatePrefix(z.subarray(0, 20), 32).length),
  );
});

Deno.test("inflate refuses oversized, truncated and damaged streams with GitCorruptError", () => {
  const data = new TextEncoder().encode("tree 0123456789abcdef\n".repeat(200));
  const z = deflate(data, 6, constants.Z_DEFAULT_STRATEGY);
  assert.deepEqual(inflateAll(z, data.length), data, "positive control");
  const corruptCases: [string, () => unknown][] = [
    ["larger than declared (all)", () => inflateAll(z, data.length - 1)],
    ["larger than declared (up to)", () => inflateUpTo(z, data.length - 1)],
    ["truncated", () => inflateAll(z.subarray(0, z.length - 5), data.length)],
    ["bad header", () => inflateAll(new Uint8Array([0x79, 0x9c, ...z.subarray(2)]), data.length)],
    ["bad checksum", () => {
      const bad = z.slice();
      bad[bad.length - 1]! ^= 1;
      return inflateAll(bad, data.length);
    }],
    ["block type 3", () => inflateAll(new Uint8Array([0x78, 0x9c, 0x07, 0, 0]), 10)],
  ];
  for (const [name, run] of corruptCases) {
    assert.throws(
      run,
      (e: unknown) => e instanceof GitCorruptError && e.code === "git_object_corrupt",
      name,
    );
  }
});

Deno.test("inflate never throws anything but GitCorruptError on random bytes", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      const input = new Uint8Array([0x78, 0x9c, ...bytes]);
      try {
        inflateAll(input, 4096);
        inflateUpTo(input, 4096);
      } catch (e) {
        assert.ok(e instanceof GitCorruptError, String(e));
      }
    }),
    { numRuns: 2000 },
  );
});
