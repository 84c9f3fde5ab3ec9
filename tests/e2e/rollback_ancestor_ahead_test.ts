/**
 * load calls latest.md rolled back only for a newer capsule it does not continue. A capsule
 * written while this machine's clock ran ahead (by more than the skew finalize follows), then
 * latest.md written on top of it once the clock was put back, leaves the capsule latest.md
 * continues dated after it: load warned "this is not the newest capsule of its signer ... so
 * .baton/latest.md was rolled back", where latest.md is the chain's tip. Both capsules are
 * signed with this machine's key and dated in the past (no wall-clock dependence); the control
 * is a real rollback: latest.md put back to the capsule the newer one continues.
 * @module
 */
import assert from "node:assert/strict";
import { ownSignedRepo } from "../_helpers/own_signed.ts";
import { runBaton } from "../_helpers/cli.ts";
import { writeFiles } from "../_helpers/git.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";

const ROLLED_BACK = /rolled back/;

Deno.test("load: latest.md dated before the capsule it continues (a clock put back) is not rolled back", async () => {
  const { dir, sign } = await ownSignedRepo("baton-ancestor-ahead-");
  try {
    const w = await sign(null, "2026-03-01T11:00:00.000Z", "PLAN W");
    const x = await sign(w.id, "2026-03-01T12:00:00.000Z", "PLAN X (superseded)");
    const y = await sign(x.id, "2026-03-01T10:00:00.000Z", "PLAN Y (the newest)");
    await Deno.remove(`${dir}/.baton`, { recursive: true });
    await Deno.remove(`${dir}/.git/baton/head.json`);
    await writeFiles(dir, {
      ".baton/latest.md": renderCapsuleFile(y),
      [`.baton/capsules/${archiveName(w.created_at, w.id)}`]: renderCapsuleFile(w),
      [`.baton/capsules/${archiveName(x.created_at, x.id)}`]: renderCapsuleFile(x),
      [`.baton/capsules/${archiveName(y.created_at, y.id)}`]: renderCapsuleFile(y),
    });
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /PLAN Y \(the newest\)/);
    assert.doesNotMatch(load.stdout, ROLLED_BACK);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("load, control: latest.md put back to the capsule a newer one continues is rolled back", async () => {
  const { dir, sign } = await ownSignedRepo("baton-ancestor-ahead-");
  try {
    const x = await sign(null, "2026-03-01T10:00:00.000Z", "PLAN X (put back)");
    const y = await sign(x.id, "2026-03-01T12:00:00.000Z", "PLAN Y (the newest)");
    await Deno.remove(`${dir}/.baton`, { recursive: true });
    await Deno.remove(`${dir}/.git/baton/head.json`);
    await writeFiles(dir, {
      ".baton/latest.md": renderCapsuleFile(x),
      [`.baton/capsules/${archiveName(x.created_at, x.id)}`]: renderCapsuleFile(x),
      [`.baton/capsules/${archiveName(y.created_at, y.id)}`]: renderCapsuleFile(y),
    });
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, ROLLED_BACK);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
