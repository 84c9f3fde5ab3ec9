import assert from "node:assert/strict";
import { capTrust, verifiedProblem } from "../../../core/capsule/cap_trust.ts";
import type { Evidence } from "../../../core/capsule/types.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";

const GOOD_DIGEST = `sha256:${"ab".repeat(32)}`;
/** A capsule whose signature verified under a trusted key. */
const TRUSTED = { authorship: { status: "trusted" } } as const;

function evidence(id: string, digest = GOOD_DIGEST, extra: Partial<Evidence> = {}): Evidence {
  return {
    id,
    kind: "test_run",
    source: "deno test",
    digest,
    summary: "ok",
    captured_at: "2026-11-01T00:00:00.000Z",
    provenance: "test",
    trust: "verified",
    ...extra,
  };
}

Deno.test("capTrust() keeps verified with deterministic provenance and valid cited evidence", async () => {
  const c = await makeCapsule((b) => {
    b.evidence = [evidence("run:1")];
    b.meaning.verified_facts = [
      claim("tests pass", { provenance: "test", trust: "verified", evidence_refs: ["run:1"] }),
    ];
  });
  const { capsule, capped } = capTrust(c, TRUSTED);
  assert.equal(capsule.meaning.verified_facts[0]!.trust, "verified");
  assert.deepEqual(capped, []);
});

Deno.test("capTrust() caps verified claims without deterministic provenance", async () => {
  const c = await makeCapsule((b) => {
    b.evidence = [evidence("run:1")];
    b.meaning.verified_facts = [
      claim("x", { provenance: "assistant", trust: "verified", evidence_refs: ["run:1"] }),
    ];
  });
  const { capsule, capped } = capTrust(c, TRUSTED);
  assert.equal(capsule.meaning.verified_facts[0]!.trust, "claimed");
  assert.deepEqual(capped.map((f) => [f.field, f.why]), [[
    "verified_facts[0]",
    "provenance_not_deterministic",
  ]]);
});

Deno.test("capTrust() caps verified claims citing missing evidence, no evidence, or a malformed digest", async () => {
  const c = await makeCapsule((b) => {
    b.evidence = [evidence("bad", "sha256:nothex"), evidence("ok")];
    b.meaning.completed = [
      claim("a", { provenance: "git", trust: "verified", evidence_refs: ["missing"] }),
      claim("b", { provenance: "git", trust: "verified", evidence_refs: [] }),
      claim("c", { provenance: "git", trust: "verified", evidence_refs: ["bad"] }),
      claim("d", { provenance: "git", trust: "verified", evidence_refs: ["ok"] }),
      claim("e", { provenance: "git", trust: "verified", evidence_refs: ["said"] }),
    ];
    b.evidence.push(evidence("said", GOOD_DIGEST, { provenance: "assistant", trust: "claimed" }));
  });
  const { capsule, capped } = capTrust(c, TRUSTED);
  assert.deepEqual(capsule.meaning.completed.map((x) => x.trust), [
    "claimed",
    "claimed",
    "claimed",
    "verified",
    "claimed",
  ]);
  assert.deepEqual(
    capped.map((f) => f.why),
    [
      "digest_malformed",
      "evidence_missing",
      "no_evidence_cited",
      "digest_malformed",
      "evidence_not_machine",
    ],
  );
});

Deno.test("capTrust() leaves the original capsule untouched", async () => {
  const c = await makeCapsule((b) => {
    b.meaning.next_action = { ...claim("go", { trust: "verified" }), command: null };
  });
  const { capsule } = capTrust(c, TRUSTED);
  assert.equal(capsule.meaning.next_action!.trust, "claimed");
  assert.equal(c.meaning.next_action!.trust, "verified");
});

Deno.test("verifiedProblem() accepts every deterministic provenance", () => {
  const ev = new Map([["e", evidence("e")]]);
  for (const p of ["git", "tool", "test", "file", "transcript"] as const) {
    assert.equal(
      verifiedProblem(claim("x", { provenance: p, trust: "verified", evidence_refs: ["e"] }), ev),
      null,
    );
  }
  for (const p of ["user", "assistant", "model_inference"] as const) {
    assert.notEqual(
      verifiedProblem(claim("x", { provenance: p, trust: "verified", evidence_refs: ["e"] }), ev),
      null,
    );
  }
});

Deno.test("capTrust() caps verified and observed everywhere unless the capsule's signer is trusted", async () => {
  const c = await makeCapsule((b) => {
    b.evidence = [evidence("run:1"), evidence("seen:1", GOOD_DIGEST, { trust: "observed" })];
    b.meaning.verified_facts = [
      claim("tests pass", { provenance: "test", trust: "verified", evidence_refs: ["run:1"] }),
    ];
    b.meaning.completed = [claim("saw it", { provenance: "tool", trust: "observed" })];
    b.meaning.next_action = { ...claim("go", { trust: "observed" }), command: null };
    b.meaning.hypotheses = [claim("maybe", { provenance: "model_inference", trust: "inferred" })];
  });
  // Positive control: trusted, the valid verified claim and the observed ones survive.
  const kept = capTrust(c, TRUSTED).capsule;
  assert.equal(kept.meaning.verified_facts[0]!.trust, "verified");
  assert.equal(kept.meaning.completed[0]!.trust, "observed");
  for (const status of ["unsigned", "unknown_key", "bad_signature"] as const) {
    const { capsule, capped } = capTrust(c, { authorship: { status } });
    assert.equal(capsule.meaning.verified_facts[0]!.trust, "claimed", status);
    assert.equal(capsule.meaning.completed[0]!.trust, "claimed", status);
    assert.equal(capsule.meaning.next_action!.trust, "claimed", status);
    assert.deepEqual(capsule.evidence.map((e) => e.trust), ["claimed", "claimed"]);
    assert.equal(capsule.meaning.hypotheses[0]!.trust, "inferred", "lower states are kept");
    assert.deepEqual(
      capped.map((f) => [f.field, f.from, f.why]),
      [
        ["evidence[0]", "verified", status],
        ["evidence[1]", "observed", status],
        ["completed[0]", "observed", status],
        ["verified_facts[0]", "verified", status],
        ["next_action", "observed", status],
      ],
    );
  }
  // No authorship given at all counts as unsigned.
  assert.equal(capTrust(c).capsule.meaning.verified_facts[0]!.trust, "claimed");
});
