import assert from "node:assert/strict";
import fc from "fast-check";
import { TailBuffer } from "../../../core/evidence/tail_buffer.ts";

Deno.test("TailBuffer keeps exactly the last capacity bytes of any chunking", () => {
  fc.assert(fc.property(
    fc.array(fc.uint8Array({ maxLength: 50 }), { maxLength: 20 }),
    fc.integer({ min: 1, max: 64 }),
    (chunks, cap) => {
      const t = new TailBuffer(cap);
      for (const c of chunks) t.push(c);
      const all = chunks.flatMap((c) => [...c]);
      assert.equal(t.total, all.length);
      const kept = all.slice(Math.max(0, all.length - cap));
      const { text, truncated } = t.text();
      assert.equal(truncated, all.length > cap);
      if (!truncated) assert.equal(text, new TextDecoder().decode(new Uint8Array(kept)));
    },
  ));
});

Deno.test("TailBuffer drops the partial first line once earlier bytes are gone", () => {
  const t = new TailBuffer(10);
  t.push(new TextEncoder().encode("ghp_secretpart\nok\n"));
  assert.deepEqual(t.text(), { text: "ok\n", truncated: true });
});
