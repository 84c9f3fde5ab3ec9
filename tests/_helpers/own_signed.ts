/**
 * Test helper: a real repository with one capsule the real CLI finalized, and a signer of more
 * capsules like it (this machine's key, any `created_at`, a chosen `previous`), for tests that
 * lay out a chain by hand and have the CLI read it.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton, testBatonHome } from "./cli.ts";
import { commitAll, makeRepo, writeFiles } from "./git.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import { signCapsule } from "../../core/capsule/capsule_signature.ts";
import type { Capsule } from "../../core/capsule/types.ts";
import { parseSigningKeyFile } from "../../core/trust/signing_key.ts";

/** Signs a capsule like the seed: `previous`, dated `createdAt`, its plan `now`. */
export type OwnSigner = (
  previous: string | null,
  createdAt: string,
  now: string,
) => Promise<Capsule>;

/**
 * A repository (prefix `prefix`, one commit) whose `.baton/latest.md` the real CLI finalized,
 * and a signer of capsules with the seed's body under this machine's key.
 */
export async function ownSignedRepo(prefix: string): Promise<{ dir: string; sign: OwnSigner }> {
  const dir = await makeRepo(prefix);
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"seed"}' });
  assert.equal(fin.code, 0, fin.stderr);
  const seed: Capsule = JSON.parse(
    extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
  );
  const key = await parseSigningKeyFile(
    await Deno.readTextFile(`${testBatonHome()}/signing_key.jwk`),
  );
  const { id: _id, signature: _sig, ...body } = seed;
  const sign: OwnSigner = async (previous, createdAt, now) => {
    const b = { ...body, previous, created_at: createdAt, meaning: { ...body.meaning, now } };
    return await signCapsule({ ...b, id: await computeCapsuleId(b) } as Capsule, key);
  };
  return { dir, sign };
}
