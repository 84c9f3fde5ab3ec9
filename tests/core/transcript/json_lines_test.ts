import assert from "node:assert/strict";
import { parseJsonLines } from "../../../core/transcript/json_lines.ts";

Deno.test("parseJsonLines() drops the partial first line of a tail, handles CRLF, and counts what it cannot read", () => {
  const bytes = new TextEncoder().encode('tial":1}\r\n{"a":1}\r\n[1,2]\r\nnope\r\n{"b":');
  const r = parseJsonLines(bytes, { startsMidFile: true });
  assert.deepEqual(r.records, [{ a: 1 }, [1, 2]]);
  assert.deepEqual(r.counts, { records: 4, skipped: 1, unknown: 0, invalid: 2 });
});

Deno.test("parseJsonLines() refuses a line over maxLineBytes without parsing it (positive control: under it parses)", () => {
  const line = JSON.stringify({ x: "y".repeat(100) });
  assert.equal(
    parseJsonLines(new TextEncoder().encode(line), { maxLineBytes: 50 }).counts.invalid,
    1,
  );
  assert.equal(
    parseJsonLines(new TextEncoder().encode(line), { maxLineBytes: 500 }).records.length,
    1,
  );
});
