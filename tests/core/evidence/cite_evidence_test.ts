import assert from "node:assert/strict";
import { judgeCitation, staleEvidence } from "../../../core/evidence/cite_evidence.ts";
import type { Evidence } from "../../../core/capsule/types.ts";
import type { EvidenceRecord } from "../../../core/evidence/evidence_record.ts";

function ev(
  id: string,
  head: string | null | undefined,
  kind = "command",
  worktree: string | null | undefined = "sha256:" + "1".repeat(64),
): Evidence {
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
  return {
    ...base,
    ...(head === undefined ? {} : { head }),
    ...(worktree === undefined ? {} : { worktree }),
  };
}

Deno.test("staleEvidence: another HEAD, no recorded tree, or a tree changed or not re-checked now", () => {
  const A = "a".repeat(40);
  const B = "b".repeat(40);
  const capsule = {
    facts: { head: A },
    evidence: [
      ev("same", A),
      ev("older", B),
      ev("no-tree", A, "command", null),
      ev("file", B, "file_hash"),
    ],
  } as never;
  const same = { status: "same" as const, detail: "" };
  assert.deepEqual([...staleEvidence(capsule, same).keys()].sort(), ["no-tree", "older"]);
  const changed = staleEvidence(capsule, { status: "changed", detail: "a recorded file changed" });
  assert.deepEqual([...changed.keys()].sort(), ["no-tree", "older", "same"]);
  assert.match(changed.get("same")!, /work tree changed/);
  const unknown = staleEvidence(capsule, { status: "unknown", detail: "deadline" });
  assert.match(unknown.get("same")!, /could not be re-checked/);
});

const ENV = "sha256:" + "5".repeat(64);

function record(worktree: EvidenceRecord["worktree"]): EvidenceRecord {
  return {
    schema: "baton.evidence/1",
    id: "ev-0000000000000000",
    kind: "command",
    provenance: "tool",
    command: ["deno", "test"],
    shell: false,
    exit_code: 0,
    signal: null,
    spawn_error: null,
    duration_ms: 1,
    stdout: { sha256: "sha256:" + "0".repeat(64), bytes: 0 },
    stderr: { sha256: "sha256:" + "0".repeat(64), bytes: 0 },
    excerpt: { stdout: "", stderr: "", truncated: false, redactions: 0 },
    head: null,
    branch: null,
    recorded_at: "t",
    environment: ENV,
    ...(worktree === undefined ? {} : { worktree }),
  };
}

Deno.test("judgeCitation: kept only when the record ran on the tree the capsule records", () => {
  const checked = {
    intact: true,
    digest: "sha256:" + "2".repeat(64),
    authorship: { status: "trusted" as const, fingerprint: null, key_name: null, detail: "" },
  };
  const tree = { digest: "sha256:" + "3".repeat(64), files: 1, complete: true };
  const claim = { evidence: "ev-0000000000000000" };
  assert.equal(judgeCitation(claim, record(tree), checked, tree, ENV).ok, true, "positive control");
  const edited = { ...tree, digest: "sha256:" + "4".repeat(64) };
  const v = judgeCitation(claim, record(tree), checked, edited, ENV);
  assert.deepEqual(v, { ok: false, why: "the work tree changed since the cited command ran" });
  assert.equal(judgeCitation(claim, record(undefined), checked, tree, ENV).ok, false);
  assert.equal(
    judgeCitation(claim, record({ ...tree, complete: false }), checked, tree, ENV).ok,
    false,
  );
  assert.equal(judgeCitation(claim, record(tree), checked, null, ENV).ok, false);
  const other = judgeCitation(claim, record(tree), checked, tree, "sha256:" + "6".repeat(64));
  assert.match(other.ok ? "" : other.why, /ran in another environment/);
  assert.equal(judgeCitation(claim, record(tree), checked, tree, null).ok, false);
  const { environment: _e, ...older } = record(tree);
  assert.equal(judgeCitation(claim, older, checked, tree, ENV).ok, false);
});
