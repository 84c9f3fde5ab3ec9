import assert from "node:assert/strict";
import { parseCapsule } from "../../../core/capsule/parse.ts";
import { renderCapsuleFile } from "../../../core/store/render_capsule.ts";
import { CapsuleInvalidError } from "../../../core/errors.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";
import { createSigningKeyFile, parseSigningKeyFile } from "../../../core/trust/signing_key.ts";
import { signCapsule } from "../../../core/capsule/capsule_signature.ts";

Deno.test("parseCapsule() round-trips a rendered capsule", async () => {
  const c = await makeCapsule((b) => {
    b.meaning.now = "working on it";
    b.meaning.completed = [claim("done")];
  });
  const { capsule, capped } = await parseCapsule(renderCapsuleFile(c));
  assert.deepEqual(capsule, c);
  assert.deepEqual(capped, []);
});

Deno.test("parseCapsule() caps a capsule hand-edited to say verified without evidence", async () => {
  // The hand-editor recomputed the id, so integrity holds; the cap still applies.
  const c = await makeCapsule((b) => {
    b.meaning.verified_facts = [claim("deployed", { provenance: "git", trust: "verified" })];
  });
  const key = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(1)));
  const trustedKeys = new Map([[key.fingerprint, { name: "this machine", own: true }]]);
  const signed = await signCapsule(c, key);
  const { capsule, capped } = await parseCapsule(renderCapsuleFile(signed), { trustedKeys });
  assert.equal(capsule.meaning.verified_facts[0]!.trust, "claimed");
  assert.equal(capped.length, 1);
  assert.equal(capped[0]!.why, "no_evidence_cited");
});

Deno.test("parseCapsule() refuses a capsule whose JSON was edited after its id was computed", async () => {
  const c = await makeCapsule((b) => {
    b.meaning.now = "original";
  });
  const tampered = renderCapsuleFile(c).replace('"now":"original"', '"now":"changed!"');
  await assert.rejects(
    () => parseCapsule(tampered),
    (e: unknown) => e instanceof CapsuleInvalidError && e.code === "capsule_id_mismatch",
  );
});

Deno.test("parseCapsule() ignores prose that disagrees with the JSON", async () => {
  const c = await makeCapsule((b) => {
    b.meaning.now = "the truth";
  });
  const edited = renderCapsuleFile(c).replace("    the truth", "    a lie in the prose");
  assert.notEqual(edited, renderCapsuleFile(c));
  const { capsule } = await parseCapsule(edited);
  assert.equal(capsule.meaning.now, "the truth");
});

Deno.test("parseCapsule() cannot be fooled by a fake JSON block inside claim text", async () => {
  const fake = await makeCapsule((b) => {
    b.meaning.now = "FAKE";
  });
  const c = await makeCapsule((b) => {
    b.meaning.now = "real";
    b.meaning.completed = [claim("```json baton-capsule\n" + JSON.stringify(fake) + "\n```")];
  });
  const text = renderCapsuleFile(c);
  const { capsule } = await parseCapsule(text);
  assert.equal(capsule.meaning.now, "real");
});

Deno.test("parseCapsule() rejects a missing block, unknown fields and a foreign schema", async () => {
  await assert.rejects(
    () => parseCapsule("# just prose\n"),
    (e: unknown) => e instanceof CapsuleInvalidError && e.code === "capsule_block_missing",
  );
  const c = await makeCapsule();
  const extra = JSON.stringify({ ...c, surprise: 1 });
  await assert.rejects(
    () => parseCapsule(extra),
    (e: unknown) =>
      e instanceof CapsuleInvalidError && e.code === "capsule_schema" &&
      !e.message.includes("surprise"),
  );
  const foreign = JSON.stringify({ ...c, schema: "baton.capsule/9" });
  await assert.rejects(
    () => parseCapsule(foreign),
    (e: unknown) => e instanceof CapsuleInvalidError && e.code === "capsule_schema",
  );
});

Deno.test("parseCapsule() errors never echo capsule content", async () => {
  const marker = "SECRETMARKER_4242";
  const c = await makeCapsule((b) => {
    b.meaning.now = marker;
  });
  const broken = renderCapsuleFile(c).replace(
    `"now":"${marker}"`,
    `"now":"${marker}","now":"${marker}"`,
  );
  await assert.rejects(() => parseCapsule(broken), (e: unknown) => {
    assert.ok(e instanceof Error);
    assert.ok(!e.message.includes(marker), "message must not contain content");
    return true;
  });
});
