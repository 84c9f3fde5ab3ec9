/**
 * The schema takes a capsule date with 0 to 9 digits of a second's fraction, and a capsule is
 * archived under its own date; the archive listed only names with 0 or 3 digits. A capsule
 * another writer dated `…:00.5Z`, committed as latest.md (a pull request, a teammate's tool),
 * was archived under a name the archive never listed once this clone wrote on top of it: from
 * then on `baton verify` called this clone's chain TAMPERED (its latest names a previous
 * capsule "not in the archive") and `baton list` left the capsule out. Real repository, real
 * git commit, the real CLI; the control is the same capsule dated with milliseconds.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";
import { computeCapsuleId, shortId } from "../../core/capsule/capsule_id.ts";
import { signCapsule } from "../../core/capsule/capsule_signature.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import type { Capsule } from "../../core/capsule/types.ts";
import { createSigningKeyFile, parseSigningKeyFile } from "../../core/trust/signing_key.ts";

for (const at of ["2026-12-01T10:00:00.5Z", "2026-12-01T10:00:00.500Z"]) {
  Deno.test(`a committed capsule dated ${at}, written on top of: verify finds the chain intact and list shows it`, async () => {
    const dir = await makeRepo("baton-archive-date-");
    try {
      await writeFiles(dir, { "a.txt": "a\n" });
      await commitAll(dir, "init");
      const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"a"}' });
      assert.equal(fin.code, 0, fin.stderr);
      const seed: Capsule = JSON.parse(
        extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
      );
      await Deno.remove(`${dir}/.baton`, { recursive: true });
      await Deno.remove(`${dir}/.git/baton/head.json`);
      // Another writer's capsule with its own date form, committed as latest.md alone.
      const { id: _id, signature: _sig, ...body } = seed;
      const b = { ...body, created_at: at, meaning: { ...body.meaning, now: "theirs" } };
      const key = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(5)));
      const theirs = await signCapsule({ ...b, id: await computeCapsuleId(b) } as Capsule, key);
      await writeFiles(dir, { ".baton/latest.md": renderCapsuleFile(theirs) });
      await commitAll(dir, "their handoff");
      const mine = await runBaton(["finalize", "--draft", "-"], {
        cwd: dir,
        stdin: '{"now":"mine"}',
      });
      assert.equal(mine.code, 0, mine.stderr);
      const verify = await runBaton(["verify"], { cwd: dir });
      assert.doesNotMatch(verify.stdout, /CRITICAL/, verify.stdout);
      assert.equal(verify.code, 0, verify.stdout + verify.stderr);
      const list = await runBaton(["list"], { cwd: dir });
      assert.equal(list.code, 0, list.stderr);
      assert.match(list.stdout, new RegExp(shortId(theirs.id)), list.stdout);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
