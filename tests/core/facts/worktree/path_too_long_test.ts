/**
 * pathTooLong against the system itself: for each path drawn, lstat of
 * `<temp dir>/<path>` fails with ENAMETOOLONG exactly where pathTooLong says
 * (a path that fits is missing, NotFound, never too long): whole paths
 * drawn around 4,096 bytes, in ASCII and in multi-byte text; and the exact
 * bounds of a whole path and of one name.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { tempDir } from "../../../_helpers/temp.ts";
import { pathTooLong, workTreeBytes } from "../../../../core/facts/worktree/path_too_long.ts";

/** Whether the system says the path is too long (else it is simply missing). */
function systemSaysTooLong(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return false;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    if (e instanceof Error && /os error 36/.test(e.message)) return true;
    throw e;
  }
}

Deno.test("pathTooLong says too long exactly where lstat fails with ENAMETOOLONG", async () => {
  const work = (await tempDir("baton-ptl-")).path;
  const bytes = workTreeBytes(work);
  // Names of up to 255 bytes (1, 2, 3 or 4 per unit), long and short: a
  // longer name below a missing directory is not what lstat checks first
  // (ENOENT comes before it), so name bounds are tested below, at the top.
  const unit = fc.constantFrom(["a", 255], ["é", 127], ["€", 85], ["😀", 63]);
  const size = fc.noBias(fc.integer({ min: 1, max: 255 }));
  const name = fc.tuple(unit, size).map(([[u, max], n]) =>
    u.repeat(Math.max(1, Math.floor((n * Number(max)) / 255)))
  );
  // 20 to 45 names of 128 bytes on average: whole paths on both sides of 4,096.
  const path = fc.array(name, { minLength: 20, maxLength: 45, size: "max" }).map((parts) =>
    parts.join("/")
  );
  const seen = { fits: 0, over: 0 };
  fc.assert(
    fc.property(path, (p) => {
      if (pathTooLong(bytes, p)) seen.over++;
      else seen.fits++;
      assert.equal(pathTooLong(bytes, p), systemSaysTooLong(`${work}/${p}`), `${p.length} units`);
    }),
    { numRuns: 400 },
  );
  assert.ok(seen.fits > 40 && seen.over > 40, `both sides drawn: ${JSON.stringify(seen)}`);
});

Deno.test("pathTooLong at the exact bounds: 4,095 bytes with the work tree fits, 4,096 does not; a name of 255 bytes fits, 256 does not", async () => {
  const work = (await tempDir("baton-ptl-")).path;
  const bytes = workTreeBytes(work);
  const fill = (total: number) => {
    const parts: string[] = [];
    let left = total;
    while (left > 201) {
      parts.push("a".repeat(200));
      left -= 201;
    }
    parts.push("b".repeat(left));
    return parts.join("/");
  };
  const fits = fill(4095 - bytes - 1);
  const over = fill(4096 - bytes - 1);
  assert.equal(pathTooLong(bytes, fits), false);
  assert.equal(systemSaysTooLong(`${work}/${fits}`), false);
  assert.equal(pathTooLong(bytes, over), true);
  assert.equal(systemSaysTooLong(`${work}/${over}`), true);
  for (const [n, want] of [[255, false], [256, true]] as const) {
    assert.equal(pathTooLong(bytes, "x".repeat(n)), want);
    assert.equal(systemSaysTooLong(`${work}/${"x".repeat(n)}`), want);
    assert.equal(pathTooLong(bytes, `d/${"é".repeat(n / 2)}${n % 2 ? "x" : ""}`), want);
  }
});
