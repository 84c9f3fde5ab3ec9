import assert from "node:assert/strict";
import { readHead } from "../../../commands/_adapters/head_read.ts";

Deno.test("readHead() gives null for a missing file or a directory, the head within the bound, and the whole of a small file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "baton-head-" });
  try {
    assert.equal(await readHead(`${dir}/missing`, 10), null);
    assert.equal(await readHead(dir, 10), null);
    await Deno.writeTextFile(`${dir}/s`, "a\nb\n");
    const cut = await readHead(`${dir}/s`, 2);
    assert.deepEqual([new TextDecoder().decode(cut!.bytes), cut!.complete, cut!.fileBytes], [
      "a\n",
      false,
      4,
    ]);
    const whole = await readHead(`${dir}/s`, 100);
    assert.deepEqual([new TextDecoder().decode(whole!.bytes), whole!.complete], ["a\nb\n", true]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
