import assert from "node:assert/strict";
import { readHead, readTail } from "../../../commands/_adapters/tail_read.ts";

Deno.test("readTail() reads whole lines from the end of a sparse 1 GiB file without reading the rest", async () => {
  const dir = await Deno.makeTempDir({ prefix: "baton-tail-" });
  try {
    const path = `${dir}/big.jsonl`;
    const f = await Deno.open(path, { write: true, create: true });
    const tail = Array.from({ length: 50 }, (_, i) => JSON.stringify({ i })).join("\n") + "\n";
    await f.truncate(1024 * 1024 * 1024);
    await f.seek(0, Deno.SeekMode.End);
    await f.write(new TextEncoder().encode(tail));
    f.close();
    const r = await readTail(path, { maxLines: 20, maxBytes: 1024 * 1024 });
    assert.ok(r !== null);
    assert.equal(r.complete, false);
    assert.ok(r.bytes.length <= 64 * 1024, `read ${r.bytes.length} bytes`);
    assert.ok(new TextDecoder().decode(r.bytes).endsWith('{"i":49}\n'));
    const capped = await readTail(path, { maxBytes: 100 });
    assert.equal(capped!.bytes.length, 100, "the byte bound holds");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readTail() and readHead() give null for a missing file or a directory, and the whole of a small file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "baton-tail-" });
  try {
    assert.equal(await readTail(`${dir}/missing`), null);
    assert.equal(await readTail(dir), null);
    assert.equal(await readHead(`${dir}/missing`, 10), null);
    await Deno.writeTextFile(`${dir}/s`, "a\nb\n");
    const r = await readTail(`${dir}/s`, { chunkBytes: 1 });
    assert.deepEqual([new TextDecoder().decode(r!.bytes), r!.complete], ["a\nb\n", true]);
    assert.equal(new TextDecoder().decode((await readHead(`${dir}/s`, 2))!.bytes), "a\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
