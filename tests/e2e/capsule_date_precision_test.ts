/**
 * A capsule's date may carry 0 to 9 digits of a second's fraction (the schema's), and a capsule
 * finalize writes on one dated a little ahead keeps that one's date as it is written. Dates were
 * ordered as strings, where `10:00:00Z` comes after `10:00:00.100Z`: with this machine's capsule
 * Y (10:00:00.100Z) continuing its X (10:00:00Z), load called latest.md = Y rolled back behind
 * X, and verify called the chain reordered (CRITICAL); with latest.md put back to X, load said
 * nothing of the newer Y. Both capsules are signed with this machine's key, in a real repository,
 * read by the real CLI; the controls are the same chain written with milliseconds throughout.
 * @module
 */
import assert from "node:assert/strict";
import { ownSignedRepo } from "../_helpers/own_signed.ts";
import { runBaton } from "../_helpers/cli.ts";
import { writeFiles } from "../_helpers/git.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";
import type { Capsule } from "../../core/capsule/types.ts";

/** X then Y (Y continues X), signed with this machine's key, dated `xAt` and `yAt`. */
async function chain(xAt: string, yAt: string): Promise<{ dir: string; x: Capsule; y: Capsule }> {
  const { dir, sign: make } = await ownSignedRepo("baton-date-precision-");
  const x = await make(null, xAt, "PLAN X");
  const y = await make(x.id, yAt, "PLAN Y");
  // Only X and Y: the seed and this clone's record of it (newer than both) are gone.
  await Deno.remove(`${dir}/.baton`, { recursive: true });
  await Deno.remove(`${dir}/.git/baton/head.json`);
  for (const c of [x, y]) {
    await writeFiles(dir, {
      [`.baton/capsules/${archiveName(c.created_at, c.id)}`]: renderCapsuleFile(c),
    });
  }
  return { dir, x, y };
}

async function loadJson(dir: string) {
  const r = await runBaton(["load", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const CASES: [name: string, xAt: string, yAt: string][] = [
  ["whole seconds, then milliseconds", "2026-12-01T10:00:00Z", "2026-12-01T10:00:00.100Z"],
  ["control: milliseconds throughout", "2026-12-01T10:00:00.000Z", "2026-12-01T10:00:00.100Z"],
];

for (const [name, xAt, yAt] of CASES) {
  Deno.test(`${name}: latest.md at the newer capsule is neither rolled back nor reordered`, async () => {
    const { dir, y } = await chain(xAt, yAt);
    try {
      await writeFiles(dir, { ".baton/latest.md": renderCapsuleFile(y) });
      const load = await loadJson(dir);
      assert.match(load.text, /PLAN Y/);
      assert.equal(load.integrity.status, "ok", JSON.stringify(load.integrity));
      const verify = await runBaton(["verify"], { cwd: dir });
      assert.equal(verify.code, 0, verify.stdout + verify.stderr);
      assert.doesNotMatch(verify.stdout, /CRITICAL/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  Deno.test(`${name}: latest.md put back to the older capsule is called rolled back`, async () => {
    const { dir, x, y } = await chain(xAt, yAt);
    try {
      await writeFiles(dir, { ".baton/latest.md": renderCapsuleFile(x) });
      const load = await loadJson(dir);
      assert.match(load.text, /PLAN X/);
      assert.deepEqual(load.integrity, { status: "behind_archive", newer: y.id });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
