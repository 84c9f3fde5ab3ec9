import assert from "node:assert/strict";
import {
  checkAuthorship,
  SIGNATURE_DOMAIN,
  signatureMessage,
  signCapsule,
} from "../../../core/capsule/capsule_signature.ts";
import { createSigningKeyFile, parseSigningKeyFile } from "../../../core/trust/signing_key.ts";
import { computeCapsuleId } from "../../../core/capsule/capsule_id.ts";
import { parseCapsule } from "../../../core/capsule/parse.ts";
import { renderCapsuleFile } from "../../../core/store/render_capsule.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";
import type { TrustedKeys } from "../../../core/trust/key_ring.ts";

const mine = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(1)));
const theirs = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(2)));
const TRUSTED: TrustedKeys = new Map([[mine.fingerprint, { name: "this machine", own: true }]]);

async function capsule() {
  return await makeCapsule((b) => {
    b.meaning.completed = [claim("done")];
  });
}

Deno.test("signCapsule() keeps the id: the signature is outside the id and the signed bytes", async () => {
  const c = await capsule();
  const signed = await signCapsule(c, mine);
  assert.equal(signed.id, c.id);
  assert.equal(await computeCapsuleId(signed), c.id);
  assert.deepEqual(signatureMessage(signed), signatureMessage(c));
  assert.ok(new TextDecoder().decode(signatureMessage(c)).startsWith(SIGNATURE_DOMAIN));
  assert.deepEqual(
    [signed.signature!.algorithm, signed.signature!.fingerprint],
    ["ed25519", mine.fingerprint],
  );
});

Deno.test("checkAuthorship() tells trusted, unknown key, unsigned and bad signatures apart", async () => {
  const c = await capsule();
  assert.equal((await checkAuthorship(await signCapsule(c, mine), TRUSTED)).status, "trusted");
  const unknown = await checkAuthorship(await signCapsule(c, theirs), TRUSTED);
  assert.deepEqual([unknown.status, unknown.fingerprint], ["unknown_key", theirs.fingerprint]);
  assert.equal((await checkAuthorship(c, TRUSTED)).status, "unsigned");
});

Deno.test("checkAuthorship() refuses every way of forging or altering a signed capsule", async () => {
  const c = await capsule();
  const signed = await signCapsule(c, mine);
  const sig = signed.signature!;
  const altered = structuredClone(signed);
  altered.meaning.completed[0]!.text = "undone";
  const forgedKey = { ...signed, signature: { ...sig, public_key: theirs.publicKey } };
  const claimedFingerprint = {
    ...(await signCapsule(c, theirs)),
  };
  claimedFingerprint.signature = {
    ...claimedFingerprint.signature!,
    fingerprint: mine.fingerprint,
  };
  const cases = {
    altered,
    "another key's public key": forgedKey,
    "my fingerprint on their key": claimedFingerprint,
    "flipped signature": { ...signed, signature: { ...sig, value: `B${sig.value.slice(1)}` } },
    "short signature": { ...signed, signature: { ...sig, value: sig.value.slice(0, 40) } },
    "other algorithm": { ...signed, signature: { ...sig, algorithm: "rsa" } },
    "malformed key": { ...signed, signature: { ...sig, public_key: "ed25519:xyz" } },
  };
  for (const [name, cap] of Object.entries(cases)) {
    const a = await checkAuthorship(cap, TRUSTED);
    assert.equal(a.status, "bad_signature", name);
    assert.notEqual(a.key_name, "this machine", name);
  }
});

Deno.test("parseCapsule() reads a signed capsule back, integrity and authorship apart; old unsigned ones still load", async () => {
  const c = await makeCapsule((b) => {
    b.evidence = [{
      id: "run:1",
      kind: "test_run",
      source: "deno test",
      digest: `sha256:${"ab".repeat(32)}`,
      summary: "ok",
      captured_at: "2026-11-01T00:00:00.000Z",
      provenance: "test",
      trust: "verified",
    }];
    b.meaning.verified_facts = [
      claim("tests pass", { provenance: "test", trust: "verified", evidence_refs: ["run:1"] }),
    ];
  });
  const signed = await signCapsule(c, mine);
  const text = renderCapsuleFile(signed);
  const ok = await parseCapsule(text, { trustedKeys: TRUSTED });
  assert.equal(ok.authorship.status, "trusted");
  assert.equal(ok.capsule.meaning.verified_facts[0]!.trust, "verified");
  assert.deepEqual(ok.capsule.signature, signed.signature);
  const none = await parseCapsule(text);
  assert.equal(none.authorship.status, "unknown_key", "no trusted keys given: a stranger's");
  assert.equal(none.capsule.meaning.verified_facts[0]!.trust, "claimed");
  const old = await parseCapsule(renderCapsuleFile(c), { trustedKeys: TRUSTED });
  assert.equal(old.authorship.status, "unsigned");
  assert.equal(old.capsule.meaning.verified_facts[0]!.trust, "claimed");
});
