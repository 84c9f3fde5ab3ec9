/**
 * The store rolls latest.md forward to an archived capsule of this machine's key that continues
 * it (a writer died between archiving and replacing latest.md) before it writes on top. It picked
 * the archive names after latest's as strings, where `…T100000Z-…` comes after `…T100000.100Z-…`
 * and `…T100000.5Z-…` after `…T100000.500Z-…`: with latest.md = X (10:00:00Z) and the archive
 * holding Y (10:00:00.100Z) that continues X, finalize refused as rolled back instead of rolling
 * forward; with X at 10:00:00.5Z and Y at 10:00:00.500Z (the date finalize gives a capsule on
 * top of one dated ahead of the clock), the new capsule went on top of X and left Y off the
 * chain. Both capsules are signed with this machine's key, in a real repository, written by the
 * real CLI; the control is the same chain written with milliseconds throughout.
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
  ["whole seconds, then milliseconds", "2026-12-01T10:00:00Z", "2026-12-01T10:00:00.100Z"],
  [
    "one digit, then the same instant in milliseconds",
    "2026-12-01T10:00:00.5Z",
    "2026-12-01T10:00:00.500Z",
  ],
  ["control: milliseconds throughout", "2026-12-01T10:00:00.000Z", "2026-12-01T10:00:00.100Z"],
];

for (const [name, xAt, yAt] of CASES) {
  Deno.test(`${name}: finalize rolls latest.md forward to the archived capsule that continues it`, async () => {
    const { dir, sign: make } = await ownSignedRepo("baton-roll-forward-");
    try {
      const x = await make(null, xAt, "PLAN X");
      const y = await make(x.id, yAt, "PLAN Y");
      // X is latest.md and this clone's record; Y was archived by a writer that died before it
      // replaced latest.md.
      await Deno.remove(`${dir}/.baton`, { recursive: true });
      await Deno.remove(`${dir}/.git/baton/head.json`);
      await writeFiles(dir, {
        ".baton/latest.md": renderCapsuleFile(x),
        [`.baton/capsules/${archiveName(x.created_at, x.id)}`]: renderCapsuleFile(x),
        [`.baton/capsules/${archiveName(y.created_at, y.id)}`]: renderCapsuleFile(y),
      });
      const next = await runBaton(["finalize", "--draft", "-"], {
        cwd: dir,
        stdin: '{"now":"PLAN Z"}',
      });
      assert.equal(next.code, 0, next.stderr);
      const z: Capsule = JSON.parse(
        extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
      );
      assert.equal(z.meaning.now, "PLAN Z");
      assert.equal(z.previous, y.id);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
