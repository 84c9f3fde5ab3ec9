import assert from "node:assert/strict";
import { staleEvidenceIds } from "../../../core/evidence/cite_evidence.ts";
import type { Evidence } from "../../../core/capsule/types.ts";

function ev(id: string, head: string | null | undefined, kind = "command"): Evidence {
  const base: Evidence = {
    id,
    kind,
    source: "deno test",
    digest: "sha256:" + "0".repeat(64),
    summary: "exit 0",
    captured_at: "t",
    provenance: "tool",
    trust: "verified",
  };
  return head === undefined ? base : { ...base, head };
}

Deno.test("staleEvidenceIds: recorded at another HEAD than the capsule's or than HEAD now", () => {
  const A = "a".repeat(40);
  const B = "b".repeat(40);
  const capsule = {
    facts: { head: A },
    evidence: [ev("same", A), ev("older", B), ev("no-head", undefined), ev("file", B, "file_hash")],
  } as never;
  assert.deepEqual([...staleEvidenceIds(capsule)], ["older"]);
  assert.deepEqual([...staleEvidenceIds(capsule, A)].sort(), ["older"]);
  // HEAD moved since the capsule: what matched the capsule is stale now too.
  assert.deepEqual([...staleEvidenceIds(capsule, B)].sort(), ["older", "same"]);
  assert.deepEqual([...staleEvidenceIds(capsule, null)], ["older"]);
});
