import assert from "node:assert/strict";
import fc from "fast-check";
import { isTempName, parseTempName, tempName } from "../../../core/store/temp_name.ts";

Deno.test("parseTempName() reads back the writer tempName() recorded, for any base (property)", () => {
  const writer = fc.record({
    pid: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    started: fc.option(
      fc.tuple(fc.stringMatching(/^[0-9a-f]{8}$/), fc.bigInt({ min: 0n, max: 10n ** 19n }))
        .map(([h, n]) => `${h}-${n}`),
    ),
  });
  const base = fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/);
  fc.assert(fc.property(base, writer, fc.stringMatching(/^[0-9a-f]{16}$/), (b, w, r) => {
    const name = tempName(b, w, r);
    assert.ok(isTempName(name));
    assert.deepEqual(parseTempName(name), { pid: w.pid, started: w.started });
  }));
});

Deno.test("parseTempName() is null for names of another form; isTempName() still knows old temp names", () => {
  for (
    const n of ["latest.md", ".latest.md.42.1.tmp", ".latest.md.x.x.00112233445566ff.tmp", "a.tmp"]
  ) {
    assert.equal(parseTempName(n), null, n);
  }
  assert.ok(isTempName(".latest.md.42.1.tmp"));
  assert.ok(!isTempName("a.tmp"));
  assert.ok(!isTempName(".gitignore"));
});
