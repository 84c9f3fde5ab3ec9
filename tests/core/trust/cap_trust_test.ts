import assert from "node:assert/strict";
import { capTrust, verifiedProblem } from "../../../core/trust/cap_trust.ts";
import type { Evidence } from "../../../core/capsule/types.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";

const GOOD_DIGEST = `sha256:${"ab".repeat(32)}`;

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
  const { capsule, capped } = capTrust(c);
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
  const { capsule, capped } = capTrust(c);
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
  const { capsule, capped } = capTrust(c);
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
  const { capsule } = capTrust(c);
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
