import assert from "node:assert/strict";
import {
  bytesSource,
  fileSource,
  parseJsonLines,
  readRecordsBackward,
} from "../../../core/transcript/json_lines.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

Deno.test("parseJsonLines() handles CRLF and counts what it cannot read", () => {
  const bytes = new TextEncoder().encode('tial":1}\r\n{"a":1}\r\n[1,2]\r\nnope\r\n{"b":');
  const r = parseJsonLines(bytes);
  assert.deepEqual(r.records, [{ a: 1 }, [1, 2]]);
  assert.deepEqual(r.counts, { records: 5, skipped: 0, unknown: 0, invalid: 3 });
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

Deno.test("readRecordsBackward() reads the whole lines at the end of a sparse 1 GiB file within its byte bound, newest kept, the cut line counted", async () => {
  await using dir = await tempDir("baton-tail-");
  const path = `${dir.path}/big.jsonl`;
  const f = await Deno.open(path, { write: true, create: true });
  const tail = Array.from({ length: 50 }, (_, i) => JSON.stringify({ i })).join("\n") + "\n";
  await f.truncate(1024 * 1024 * 1024);
  await f.seek(0, Deno.SeekMode.End);
  await f.write(new TextEncoder().encode(tail));
  f.close();
  const source = await fileSource(new TestFs(), path);
  let read = 0;
  const counted = {
    size: source!.size,
    read: (o: number, l: number) => {
      read += l;
      return source!.read(o, l);
    },
  };
  const r = await readRecordsBackward(counted, { maxBytes: 104 }); // 11 lines of 9 bytes and a cut one
  assert.ok(read <= 104, `read ${read} bytes`);
  assert.equal(r.bytesRead, 104);
  assert.equal(r.records.length, 11);
  assert.equal(r.complete, false);
  assert.deepEqual(r.records.at(-1), { i: 49 });
  assert.equal(r.counts.skipped, 1, "the line the bound cut is counted, not parsed");
  assert.equal(r.bytes, r.records.map((x) => JSON.stringify(x).length + 1).reduce((a, b) => a + b));
  // A stop record ends the read early; positive control: without it the bound does.
  const stopped = await readRecordsBackward(source!, {
    maxBytes: 64 * 1024,
    stopAt: (o) => o.i === 45,
  });
  assert.deepEqual(stopped.records.map((x) => (x as { i: number }).i), [45, 46, 47, 48, 49]);
  assert.equal(stopped.stoppedAt, source!.size - tail.length + tail.indexOf('{"i":45}') + 8);
  assert.equal(await fileSource(new TestFs(), dir.path), null, "a directory is no source");
  assert.equal(await fileSource(new TestFs(), `${dir.path}/missing`), null);
});

Deno.test("readRecordsBackward() gives the same records as parseJsonLines whatever the chunk size, CRLF and bad lines included", async () => {
  const text = '{"a":1}\r\n\n{"b":\nnot json\n[1,2]\n{"c":"\u00e9"}\n{"d":';
  const bytes = new TextEncoder().encode(text);
  const forward = parseJsonLines(bytes);
  for (const chunkBytes of [1, 2, 3, 7, 64]) {
    const r = await readRecordsBackward(bytesSource(bytes), { maxBytes: 1 << 20, chunkBytes });
    assert.deepEqual(r.records, forward.records, `chunk ${chunkBytes}`);
    assert.deepEqual(r.counts, forward.counts, `chunk ${chunkBytes}`);
    assert.equal(r.complete, true);
    assert.equal(r.bytes, bytes.length);
  }
});

Deno.test("readRecordsBackward() with keep: false keeps no record but shows stopAt every one and stops where it would", async () => {
  const text = '{"n":1}\n{"mark":true}\nnot json\n[1]\n{"n":3}\n{"n":4}\n';
  const bytes = new TextEncoder().encode(text);
  const stopAt = (seen: unknown[]) => (o: Readonly<Record<string, unknown>>) => {
    seen.push(o);
    return o.mark === true;
  };
  const keptSeen: unknown[] = [];
  const kept = await readRecordsBackward(bytesSource(bytes), {
    maxBytes: 1024,
    chunkBytes: 5,
    stopAt: stopAt(keptSeen),
  });
  const seen: unknown[] = [];
  const dropped = await readRecordsBackward(bytesSource(bytes), {
    maxBytes: 1024,
    chunkBytes: 5,
    stopAt: stopAt(seen),
    keep: false,
  });
  // Positive control: kept, the records are there (the array line included).
  assert.deepEqual(kept.records, [{ mark: true }, [1], { n: 3 }, { n: 4 }]);
  assert.deepEqual(dropped.records, []);
  assert.deepEqual(seen, [{ n: 4 }, { n: 3 }, { mark: true }]);
  assert.deepEqual(seen, keptSeen);
  assert.equal(dropped.stoppedAt, kept.stoppedAt);
  assert.deepEqual(dropped.counts, kept.counts);
  assert.equal(dropped.bytesRead, kept.bytesRead);
});

Deno.test("a line with invalid UTF-8 inside a JSON string is invalid; a U+FFFD the host wrote is kept (both readers)", async () => {
  const enc = new TextEncoder();
  const bytes = new Uint8Array([
    ...enc.encode('{"a":"'),
    0xff,
    ...enc.encode('"}\n{"b":"\uFFFD"}\n'),
  ]);
  const forward = parseJsonLines(bytes);
  assert.deepEqual(forward.records, [{ b: "\uFFFD" }]);
  assert.equal(forward.counts.invalid, 1);
  const backward = await readRecordsBackward(bytesSource(bytes), { maxBytes: 1024 });
  assert.deepEqual(backward.records, [{ b: "\uFFFD" }]);
  assert.equal(backward.counts.invalid, 1);
});

/** Bytes copied by Uint8Array set/slice while `f` runs (the reader's only copies). */
async function bytesCopied(f: () => Promise<unknown>): Promise<number> {
  const proto = Uint8Array.prototype as unknown as Record<string, unknown>;
  const set = Uint8Array.prototype.set;
  const slice = Uint8Array.prototype.slice;
  let copied = 0;
  proto.set = function (this: Uint8Array, src: ArrayLike<number>, offset?: number) {
    copied += src.length;
    return set.call(this, src, offset);
  };
  proto.slice = function (this: Uint8Array, start?: number, end?: number) {
    const out = slice.call(this, start, end);
    copied += out.length;
    return out;
  };
  try {
    await f();
  } finally {
    delete proto.set;
    delete proto.slice;
  }
  return copied;
}

Deno.test("readRecordsBackward() copies a long line's bytes a bounded number of times, not once per chunk", async () => {
  // One 1 MiB record read in 1 KiB chunks: joining the line's head to what was read after it at
  // every chunk copied ~1 GB (quadratic); `baton source show` on a 40 MB one-line transcript
  // took 20 s of CPU. Bytes copied, not time, is what this counts.
  const big = new TextEncoder().encode(`{"t":"${"A".repeat(1 << 20)}"}\n{"n":2}\n`);
  let r: Awaited<ReturnType<typeof readRecordsBackward>> | undefined;
  const copied = await bytesCopied(async () => {
    r = await readRecordsBackward(bytesSource(big), { maxBytes: 4 << 20, chunkBytes: 1024 });
  });
  assert.equal(r!.records.length, 2, "control: the long line is read whole");
  assert.equal((r!.records[0] as { t: string }).t.length, 1 << 20);
  assert.ok(copied <= 4 * big.length, `copied ${copied} bytes for a ${big.length}-byte file`);
  // Over the line bound, the line is counted invalid without being joined at all.
  const over = await bytesCopied(async () => {
    r = await readRecordsBackward(bytesSource(big), {
      maxBytes: 4 << 20,
      chunkBytes: 1024,
      maxLineBytes: 1000,
    });
  });
  assert.deepEqual(r!.records, [{ n: 2 }]);
  assert.equal(r!.counts.invalid, 1);
  assert.ok(over <= 2 * big.length, `copied ${over} bytes`);
});

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("json_lines.ts: the examples of its exports", async () => {
  {
    const s = bytesSource(new Uint8Array([1, 2, 3]));
    assert.deepEqual(await s.read(1, 5), new Uint8Array([2, 3]));
  }

  {
    const text = '{"n":1}\n{"mark":true}\nnot json\n{"n":3}\n';
    const r = await readRecordsBackward(bytesSource(new TextEncoder().encode(text)), {
      maxBytes: 1024,
      stopAt: (o) => o.mark === true,
    });
    assert.deepEqual(r.records, [{ mark: true }, { n: 3 }]);
    assert.equal(r.counts.invalid, 1);
    assert.equal(r.stoppedAt, 21);
  }

  {
    const r = parseJsonLines(new TextEncoder().encode('{"a":1}\nnot json\n{"b":'));
    assert.deepEqual(r.records, [{ a: 1 }]);
    assert.equal(r.counts.invalid, 2);
  }
});
