import assert from "node:assert/strict";
import fc from "fast-check";
import { positionOf, utf8SequenceLength } from "../../../core/json/_utf8.ts";

function validPrefix(bytes: Uint8Array, n: number): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, n));
    return true;
  } catch {
    return false;
  }
}

Deno.test("utf8SequenceLength() agrees with a strict UTF-8 decoder on any lead byte and what follows (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0xc0, max: 0xff }),
      fc.uint8Array({ maxLength: 3 }),
      (lead, rest) => {
        const bytes = new Uint8Array([lead, ...rest]);
        const n = utf8SequenceLength(bytes, 0);
        if (n > 0) assert.ok(validPrefix(bytes, n), `${[...bytes]} as ${n}`);
        else {
          for (let k = 2; k <= bytes.length; k++) {
            assert.ok(
              !validPrefix(bytes, k),
              `${[...bytes]}`,
            );
          }
        }
      },
    ),
  );
  assert.equal(utf8SequenceLength(new TextEncoder().encode("é"), 0), 2);
  assert.equal(utf8SequenceLength(new Uint8Array([0xed, 0xa0, 0x80]), 0), -1, "a surrogate");
});

Deno.test("positionOf() counts lines and characters, not bytes", () => {
  const bytes = new TextEncoder().encode("ab\né€x");
  assert.deepEqual(positionOf(bytes, 0), { offset: 0, line: 1, column: 1 });
  assert.deepEqual(positionOf(bytes, 3), { offset: 3, line: 2, column: 1 });
  assert.deepEqual(positionOf(bytes, bytes.length - 1), { offset: 8, line: 2, column: 3 });
  assert.equal(positionOf(bytes, bytes.length + 4).column, 8);
});
