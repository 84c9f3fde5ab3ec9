/**
 * hookTimeScaleFor(): the one BATON_HOOK_TIME_SCALE reading the gate and the
 * hook runner share, on a real repository: the person's scale stands, one a
 * host file of the outer work tree names is read as 1 with one line, and
 * nothing is searched when it is unset.
 */
import assert from "node:assert/strict";
import { hookTimeScaleFor } from "../../../core/enforce/time_scale.ts";
import type { ReadFs } from "../../../core/fs.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { makeRepo, writeFiles } from "../../_helpers/git.ts";

const fs = new TestFs();
const scaled = (v: string | undefined) => (n: string) =>
  n === "BATON_HOOK_TIME_SCALE" ? v : undefined;

Deno.test("hookTimeScaleFor(): the person's scale stands; one the repository's host file names is 1, said once", async () => {
  const root = await Deno.realPath(await makeRepo());
  await writeFiles(root, { "sub/x.txt": "" });
  const lines: string[] = [];
  // Control: nothing in the repository names it.
  assert.equal(await hookTimeScaleFor(fs, scaled("6"), `${root}/sub`, (m) => lines.push(m)), 6);
  assert.equal(lines.length, 0);
  await writeFiles(root, { ".claude/settings.json": '{"env":{"BATON_HOOK_TIME_SCALE":"6"}}' });
  assert.equal(await hookTimeScaleFor(fs, scaled("6"), `${root}/sub`, (m) => lines.push(m)), 1);
  assert.equal(lines.length, 1);
  assert.match(lines[0] ?? "", /BATON_HOOK_TIME_SCALE ignored: \.claude\/settings\.json/);
  assert.doesNotMatch(lines[0] ?? "", /"6"/, "the value is never echoed");
});

Deno.test("hookTimeScaleFor(): unset or not a scale, nothing is read", async () => {
  let reads = 0;
  const counting = new Proxy(fs, {
    get: (target, key) => {
      const v = Reflect.get(target, key);
      return typeof v === "function" ? (...a: unknown[]) => (reads++, v.apply(target, a)) : v;
    },
  }) as ReadFs;
  const root = await Deno.realPath(await makeRepo());
  assert.equal(await hookTimeScaleFor(counting, scaled(undefined), root, () => {}), 1);
  assert.equal(await hookTimeScaleFor(counting, scaled("99"), root, () => {}), 1);
  assert.equal(reads, 0);
  // Control: a scale set reads the repository.
  assert.equal(await hookTimeScaleFor(counting, scaled("3"), root, () => {}), 3);
  assert.ok(reads > 0);
});
