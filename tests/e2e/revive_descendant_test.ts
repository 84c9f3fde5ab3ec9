/**
 * `baton revive` makes the chain's tip current, not the capsule with the latest date. A
 * capsule written while this machine's clock ran ahead (by more than the skew finalize
 * follows), then one written on top of it once the clock was put back, leaves the chain's
 * newest capsule dated before the one it continues. revive chose the archive's newest date,
 * so a fresh clone (no record of the newest capsule it made current) was handed the capsule
 * its successor superseded, and load briefed that stale plan as the handoff. Both capsules are
 * signed with this machine's key and dated in the past (no wall-clock dependence); the control
 * is the same chain dated in order.
 * @module
 */
import assert from "node:assert/strict";
import { ownSignedRepo } from "../_helpers/own_signed.ts";
import { runBaton } from "../_helpers/cli.ts";
import { writeFiles } from "../_helpers/git.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";
import type { Capsule } from "../../core/capsule/types.ts";

const CASES: [name: string, xAt: string, yAt: string][] = [
  [
    "the successor dated before the capsule it continues (a clock put back)",
    "2026-03-01T12:00:00.000Z",
    "2026-03-01T10:00:00.000Z",
  ],
  [
    "the successor at the same instant as the capsule it continues",
    "2026-03-01T10:00:00.000Z",
    "2026-03-01T10:00:00.000Z",
  ],
  ["control: the chain dated in order", "2026-03-01T10:00:00.000Z", "2026-03-01T12:00:00.000Z"],
];

for (const [name, xAt, yAt] of CASES) {
  Deno.test(`revive, ${name}: the capsule that continues the other is made current`, async () => {
    const { dir, sign } = await ownSignedRepo("baton-revive-descendant-");
    try {
      // At one instant the archive orders by name: X's named after Y's, as the old choice
      // needed to pick X (re-signed with another word until so; ids are hashes).
      let x = await sign(null, xAt, "PLAN X (superseded) 0");
      let y = await sign(x.id, yAt, "PLAN Y (the newest)");
      for (let i = 1; xAt === yAt && archiveName(xAt, x.id) < archiveName(yAt, y.id); i++) {
        x = await sign(null, xAt, `PLAN X (superseded) ${i}`);
        y = await sign(x.id, yAt, "PLAN Y (the newest)");
      }
      // A fresh clone's state: both archived, no latest.md, no record of a newest capsule.
      await Deno.remove(`${dir}/.baton`, { recursive: true });
      await Deno.remove(`${dir}/.git/baton/head.json`);
      await writeFiles(dir, {
        [`.baton/capsules/${archiveName(x.created_at, x.id)}`]: renderCapsuleFile(x),
        [`.baton/capsules/${archiveName(y.created_at, y.id)}`]: renderCapsuleFile(y),
      });
      const r = await runBaton(["revive", "--json"], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).id, y.id);
      const latest: Capsule = JSON.parse(
        extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
      );
      assert.equal(latest.meaning.now, "PLAN Y (the newest)");
      const load = await runBaton(["load"], { cwd: dir });
      assert.equal(load.code, 0, load.stderr);
      assert.match(load.stdout, /PLAN Y \(the newest\)/);
      assert.doesNotMatch(load.stdout, /PLAN X/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
