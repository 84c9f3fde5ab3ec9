/**
 * Dump rows read back: the escape level a row's line start tells, each
 * layout's bytes and cells, rows nested in JSON, and the dump's end at the
 * first line that does not go on with the next offset.
 * @module
 */
import assert from "node:assert/strict";
import { dumpSpans, levelAt, readDump } from "../../../../core/safety/secrets/dump_rows.ts";

const encoder = new TextEncoder();

Deno.test("levelAt() tells a line's escape level from what opens it", () => {
  const at = (text: string) => levelAt(encoder.encode(text + "0"), text.length);
  assert.equal(at(""), 0);
  assert.equal(at("a\n"), 0);
  assert.equal(at('{"c":"'), 1);
  assert.equal(at("a\\n"), 1);
  assert.equal(at('\\"'), 2);
  assert.equal(at("a\\\\n"), 2);
  assert.equal(at("a\\\\\\\\n"), 3);
  assert.equal(at("a\\\\\\n"), -1);
  assert.equal(at("a "), -1);
});

Deno.test("readDump() reads each layout back, raw and nested in JSON, and ends at a gap", () => {
  const xxd = '00000000: 4142 2243 5c0a                           AB"C\\.\n';
  const hexdump = '00000000  41 42 22 43 5c 0a                                 |AB"C\\.|\n';
  const od = '0000000   A   B   "   C   \\  \\n\n0000006\n';
  const layouts = [["xxd", xxd], ["hexdump", hexdump], ["od", od]] as const;
  for (const [layout, text] of layouts) {
    for (
      const wrap of [
        (t: string) => t,
        (t: string) => JSON.stringify(t),
        (t: string) => JSON.stringify(JSON.stringify(t)),
      ]
    ) {
      const input = wrap(text);
      const start = input.indexOf("0");
      const bytes = encoder.encode(input);
      const view = readDump(bytes, start, layout, bytes.length);
      assert.deepEqual(
        [...view!.bytes],
        [0x41, 0x42, 0x22, 0x43, 0x5c, 0x0a],
        `${layout} ${input}`,
      );
      // Each byte's cell writes it: `"` and `\` as their escapes.
      const [cell] = dumpSpans(view!, 2, 3);
      const written = input.slice(cell![0], cell![1]);
      assert.ok(written === "22" || written.endsWith('"'), `${layout} ${written}`);
    }
  }
  // The gutter must show the bytes; the next row must carry the next offset.
  assert.equal(readDump(encoder.encode(xxd.replace("AB", "AX")), 0, "xxd", xxd.length), null);
  const full = "00000000: 4142 4344 4546 4748 494a 4b4c 4d4e 4f50  ABCDEFGHIJKLMNOP\n";
  const gap = full + full.replace("00000000", "00000020");
  assert.equal(readDump(encoder.encode(gap), 0, "xxd", gap.length)!.bytes.length, 16);
  const next = full + full.replace("00000000", "00000010");
  assert.equal(readDump(encoder.encode(next), 0, "xxd", next.length)!.bytes.length, 32);
  // A row cut by the reach is not read.
  assert.equal(readDump(encoder.encode(next), 0, "xxd", next.length - 2)!.bytes.length, 16);
});
