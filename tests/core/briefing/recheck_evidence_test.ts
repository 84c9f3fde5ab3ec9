import assert from "node:assert/strict";
import {
  applyEvidenceChecks,
  type RecheckAccess,
  recheckEvidence,
} from "../../../core/briefing/recheck_evidence.ts";
import type { Evidence } from "../../../core/capsule/types.ts";
import { canonicalJson } from "../../../core/json/canonical.ts";
import { sha256Id } from "../../../core/hash.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";

function ev(id: string, extra: Partial<Evidence>): Evidence {
  return {
    id,
    kind: "test_run",
    source: "deno test",
    digest: `sha256:${"ab".repeat(32)}`,
    summary: "",
    captured_at: "t",
    provenance: "git",
    trust: "verified",
    ...extra,
  };
}

const COMMIT = "c".repeat(40);
const TREE = "d".repeat(40);
const access: RecheckAccess = {
  objectType: (oid) => Promise.resolve(oid === COMMIT ? "commit" : oid === TREE ? "tree" : null),
  fileDigest: (path) =>
    Promise.resolve(
      path === "same.txt" ? `sha256:${"ab".repeat(32)}` : path === "gone.txt" ? null : "unknown",
    ),
};

Deno.test("recheckEvidence() re-checks commits, objects, file hashes and facts digests, and says what it cannot", async () => {
  const c = await makeCapsule(async (b) => {
    b.evidence = [
      ev("c1", { kind: "git_commit", source: COMMIT }),
      ev("c2", { kind: "git_commit", source: "1".repeat(40) }),
      ev("c3", { kind: "git_commit", source: TREE }),
      ev("o1", { kind: "anything", source: TREE }),
      ev("f1", { kind: "file_hash", source: "same.txt", provenance: "file" }),
      ev("f2", { kind: "file_hash", source: "other.txt", provenance: "file" }),
      ev("f3", { kind: "file_hash", source: "gone.txt", provenance: "file" }),
      ev("t1", {}),
      ev("g1", { kind: "git_facts", digest: await sha256Id(canonicalJson(b.facts)) }),
      ev("g2", { kind: "git_facts" }),
      ev("c4", { kind: "git_commit", source: "not an id" }),
    ];
  });
  const checks = await recheckEvidence(c, access);
  assert.deepEqual(checks.map((x) => x.status), [
    "confirmed",
    "contradicted",
    "contradicted",
    "confirmed",
    "confirmed",
    "unknown",
    "contradicted",
    "not_recheckable",
    "confirmed",
    "contradicted",
    "contradicted",
  ]);
});

Deno.test("applyEvidenceChecks() takes verified from claims citing contradicted evidence only", async () => {
  const c = await makeCapsule((b) => {
    b.evidence = [
      ev("good", { kind: "git_commit", source: COMMIT }),
      ev("bad", { kind: "git_commit", source: "1".repeat(40) }),
    ];
    b.meaning.verified_facts = [
      claim("on good", { provenance: "git", trust: "verified", evidence_refs: ["good"] }),
      claim("on bad", { provenance: "git", trust: "verified", evidence_refs: ["good", "bad"] }),
    ];
  });
  const { capsule, capped } = applyEvidenceChecks(c, await recheckEvidence(c, access));
  assert.deepEqual(capsule.meaning.verified_facts.map((x) => x.trust), ["verified", "claimed"]);
  assert.deepEqual(capsule.evidence.map((x) => x.trust), ["verified", "claimed"]);
  assert.deepEqual(capped.map((x) => [x.field, x.why]), [
    ["evidence[1]", "evidence_not_confirmed"],
    ["verified_facts[1]", "evidence_not_confirmed"],
  ]);
  assert.equal(c.meaning.verified_facts[1]!.trust, "verified", "the input is untouched");
});
