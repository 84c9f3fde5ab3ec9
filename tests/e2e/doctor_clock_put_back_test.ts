/**
 * doctor's clock check reads the chain latest.md continues, not latest alone. With the clock
 * put back after a capsule was written (by more than the skew finalize follows), the next
 * capsule is dated by the clock put back, so latest.md is never ahead of it and doctor said
 * 'The clock is plausible' while the capsule latest continues was dated in the future (its
 * chain check named the order a CRITICAL problem, with no word of the clock). Both
 * capsules are signed with this machine's key; the one put ahead is dated 2099 and the control
 * chain in the past, so no answer depends on when the test runs.
 * @module
 */
import assert from "node:assert/strict";
import { ownSignedRepo } from "../_helpers/own_signed.ts";
import { runBaton } from "../_helpers/cli.ts";
import { writeFiles } from "../_helpers/git.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";

for (
  const [name, xAt, outcome] of [
    ["the capsule latest continues dated in the future", "2099-01-01T00:00:00.000Z", "warn"],
    ["control: the chain dated in order", "2026-02-01T00:00:00.000Z", "ok"],
  ] as const
) {
  Deno.test(`doctor's clock check, ${name}: ${outcome}`, async () => {
    const { dir, sign } = await ownSignedRepo("baton-doctor-clock-");
    try {
      const x = await sign(null, xAt, "written while the clock ran ahead");
      const y = await sign(x.id, "2026-03-01T00:00:00.000Z", "written once it was put back");
      await Deno.remove(`${dir}/.baton`, { recursive: true });
      await writeFiles(dir, {
        [`.baton/capsules/${archiveName(x.created_at, x.id)}`]: renderCapsuleFile(x),
        [`.baton/capsules/${archiveName(y.created_at, y.id)}`]: renderCapsuleFile(y),
        ".baton/latest.md": renderCapsuleFile(y),
      });
      const r = await runBaton(["doctor", "--json"], { cwd: dir });
      const checks: { name: string; outcome: string; reason: string }[] =
        JSON.parse(r.stdout).checks;
      const clock = checks.find((c) => c.name === "clock")!;
      assert.equal(clock.outcome, outcome, clock.reason);
      if (outcome === "warn") assert.match(clock.reason, /A capsule latest\.md continues/);
      // The chain check calls the order a problem either way (verify's known reading); the
      // clock check is what names the clock.
      assert.equal(checks.find((c) => c.name === "chain")!.outcome, outcome);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
