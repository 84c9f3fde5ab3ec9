/**
 * `baton evidence` end to end: the record (exit code passed through, full
 * digests, bounded redacted excerpt, signature), and what finalize and the
 * briefing make of a verified fact that cites it: kept when the record is
 * real and matches, lowered with the reason when it is missing, forged or
 * contradicts the fact, marked stale when HEAD moved since it was recorded.
 * @module
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { git, makeRepo } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";
import { evidenceDigest, evidenceIdOf } from "../../core/evidence/evidence_record.ts";

async function evidence(dir: string, ...argv: string[]) {
  const r = await runBaton(["evidence", "--json", "--", ...argv], { cwd: dir });
  return { code: r.code, stderr: r.stderr, record: r.stdout === "" ? null : JSON.parse(r.stdout) };
}

function sha256(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

Deno.test("evidence: a secret in the output is redacted in the excerpt; the digest covers the full output", async () => {
  const dir = await makeRepo("baton-evidence-secret-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    const token = SAMPLES.github_pat!(new Rng(21)).secret;
    const script =
      `i=0; while [ $i -lt 3000 ]; do echo "line $i of the test log"; i=$((i+1)); done; echo "token=${token}"`;
    const r = await evidence(dir, "sh", "-c", script);
    assert.equal(r.code, 0, r.stderr);
    const rec = r.record;
    const expected = new Deno.Command("sh", { args: ["-c", script], stdout: "piped" }).outputSync()
      .stdout;
    assert.equal(rec.stdout.sha256, sha256(expected));
    assert.equal(rec.stdout.bytes, expected.length);
    assert.ok(rec.excerpt.stdout.length <= 2048);
    assert.equal(rec.excerpt.truncated, true);
    assert.match(rec.excerpt.stdout, /line 2999 of the test log/); // the tail is kept
    assert.match(rec.excerpt.stdout, /REDACTED/);
    assert.ok(rec.excerpt.redactions >= 1);
    const stored = await Deno.readTextFile(`${dir}/.git/baton/evidence/${rec.id}.json`);
    assert.ok(!stored.includes(token), "the stored record holds the token");
    assert.ok(!JSON.stringify(rec.command).includes(token), "the argv holds the token");
    assert.ok(rec.signature.value.length > 0);
    assert.equal(rec.head, (await git(dir, ["rev-parse", "HEAD"])).stdout.trim());
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("evidence: exits with the command's status once recorded; a program that cannot start is exit 3", async () => {
  const dir = await makeRepo("baton-evidence-exit-");
  try {
    const seven = await evidence(dir, "sh", "-c", "exit 7");
    assert.equal(seven.code, 7);
    assert.equal(seven.record.exit_code, 7);
    const ok = await evidence(dir, "true");
    assert.equal(ok.code, 0);
    const missing = await evidence(dir, "baton-no-such-program-xyz");
    assert.equal(missing.code, 3);
    assert.equal(missing.record.error.code, "program_not_runnable");
    const usage = await runBaton(["evidence"], { cwd: dir });
    assert.equal(usage.code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function finalize(dir: string, facts: unknown[]) {
  const path = `${dir}/.git/draft.json`;
  await Deno.writeTextFile(
    path,
    JSON.stringify({ now: "checking evidence", verified_facts: facts }),
  );
  const r = await runBaton(["finalize", "--draft", path], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const capsule = JSON.parse(
    extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
  );
  const load = await runBaton(["load"], { cwd: dir });
  return { capsule, briefing: load.stdout };
}

Deno.test("evidence: only facts citing real, matching, trusted evidence stay verified", async () => {
  const dir = await makeRepo("baton-evidence-cite-");
  try {
    const pass = (await evidence(dir, "true")).record;
    const fail = (await evidence(dir, "false")).record;
    // A forged record: copied, exit code changed, id recomputed, no valid signature.
    const { id: _id, signature: _sig, ...body } = { ...fail, exit_code: 0 };
    delete (body as Record<string, unknown>)["path"];
    delete (body as Record<string, unknown>)["unsigned_reason"];
    const forgedId = evidenceIdOf(await evidenceDigest(body));
    await Deno.writeTextFile(
      `${dir}/.git/baton/evidence/${forgedId}.json`,
      JSON.stringify({ ...body, id: forgedId }),
    );
    // An altered record: content changed under the same id.
    const altered = JSON.parse(
      await Deno.readTextFile(`${dir}/.git/baton/evidence/${fail.id}.json`),
    );
    altered.duration_ms += 1;
    const alteredId = "ev-" + "a".repeat(16);
    await Deno.writeTextFile(
      `${dir}/.git/baton/evidence/${alteredId}.json`,
      JSON.stringify({ ...altered, id: alteredId }),
    );
    const { capsule, briefing } = await finalize(dir, [
      { text: "the check passes", evidence: pass.id },
      { text: "the failing check fails", evidence: fail.id, exit_code: 1 },
      { text: "the failing check passes", evidence: fail.id },
      { text: "cites nothing real", evidence: "ev-0123456789abcdef" },
      { text: "cites a forged record", evidence: forgedId },
      { text: "cites an altered record", evidence: alteredId },
      { text: "pins the wrong command", evidence: pass.id, command: "deno test" },
      { text: "cites a path", evidence: "../../etc/passwd" },
    ]);
    const trust = capsule.meaning.verified_facts.map((f: { trust: string }) => f.trust);
    assert.deepEqual(trust, [
      "verified",
      "verified",
      "claimed",
      "claimed",
      "claimed",
      "claimed",
      "claimed",
      "claimed",
    ]);
    const why = (i: number) =>
      capsule.downgrades.find((d: { field: string }) => d.field === `verified_facts[${i}]`)?.why;
    assert.match(why(2), /exited with 1, not 0/);
    assert.match(why(3), /does not exist/);
    assert.match(why(4), /not signed by a trusted key/);
    assert.match(why(5), /altered/);
    assert.match(why(6), /different command/);
    assert.match(why(7), /does not exist/);
    assert.equal(why(0), undefined);
    assert.ok(
      capsule.evidence.some((e: { id: string; provenance: string }) =>
        e.id === pass.id && e.provenance === "tool"
      ),
    );
    // The reader trusts this machine's key: the briefing keeps verified for the real one.
    assert.match(
      briefing,
      /- \[verified\] the check passes \(evidence ev-[0-9a-f]{16}: ran `true`, exit 0/,
    );
    assert.match(briefing, /- \[claimed\] cites a forged record/);
    assert.doesNotMatch(briefing, /STALE/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("evidence: recorded before HEAD changed is marked stale in the briefing", async () => {
  const dir = await makeRepo("baton-evidence-stale-");
  try {
    const old = (await evidence(dir, "true")).record;
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "later"]);
    const fresh = (await evidence(dir, "true")).record;
    const { briefing } = await finalize(dir, [
      { text: "checked before the commit", evidence: old.id },
      { text: "checked after the commit", evidence: fresh.id },
    ]);
    // Recorded on another tree (HEAD moved since): finalize does not let it vouch.
    assert.match(briefing, /- \[claimed\] checked before the commit/);
    assert.match(
      briefing,
      /checked after the commit \(evidence ev-[0-9a-f]{16}: ran `true`, exit 0[^)]*\)/,
    );
    assert.doesNotMatch(briefing, /checked after the commit \(evidence [^)]*STALE/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("evidence is bound to the work tree it ran on: an edit at the same HEAD before finalize or before load keeps it from verified, and the briefing names the command beside the claim", async () => {
  const dir = await makeRepo("baton-evidence-tree-");
  try {
    await Deno.writeTextFile(`${dir}/parser.ts`, "export const ok = true;\n");
    await git(dir, ["add", "parser.ts"]);
    await git(dir, ["commit", "-q", "-m", "parser"]);
    await Deno.writeTextFile(`${dir}/parser.ts`, "export const ok = 1;\n"); // a tracked change
    const before = (await evidence(dir, "sh", "-c", "grep -q ok parser.ts")).record;
    assert.equal(before.worktree.complete, true);
    // The same HEAD, the code edited after the run.
    await Deno.writeTextFile(`${dir}/parser.ts`, "export const broken = ;\n");
    const edited = await finalize(dir, [{ text: "the parser check passes", evidence: before.id }]);
    assert.equal(edited.capsule.meaning.verified_facts[0].trust, "claimed");
    assert.match(
      edited.capsule.downgrades.find((d: { field: string }) => d.field === "verified_facts[0]")
        .why,
      /work tree changed since/,
    );
    // Positive control: evidence recorded on the tree as it is now stays verified ...
    const now = (await evidence(dir, "sh", "-c", "grep -q broken parser.ts")).record;
    const ok = await finalize(dir, [{ text: "the parser check passes", evidence: now.id }]);
    assert.equal(ok.capsule.meaning.verified_facts[0].trust, "verified");
    assert.match(
      ok.briefing,
      /- \[verified\] the parser check passes \(evidence ev-[0-9a-f]{16}: ran `sh -c 'grep -q broken parser\.ts'`, exit 0/,
    );
    // ... until the file changes after finalize: STALE and never verified.
    await Deno.writeTextFile(`${dir}/parser.ts`, "export const fixed = 2;\n");
    const later = (await runBaton(["load"], { cwd: dir })).stdout;
    assert.match(
      later,
      /- \[claimed\] the parser check passes \(evidence [^)]*STALE: the work tree changed/,
    );
    assert.doesNotMatch(later, /\[verified\] the parser check passes/);
    // An untracked file appearing is a change too.
    await Deno.writeTextFile(`${dir}/parser.ts`, "export const broken = ;\n");
    assert.match((await runBaton(["load"], { cwd: dir })).stdout, /\[verified\] the parser check/);
    await Deno.writeTextFile(`${dir}/new_module.ts`, "x\n");
    assert.match((await runBaton(["load"], { cwd: dir })).stdout, /\[claimed\] the parser check/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("evidence of an unrelated command (baton evidence -- true) is shown with its command and a warning beside the claim", async () => {
  const dir = await makeRepo("baton-evidence-unrelated-");
  try {
    const t = (await evidence(dir, "true")).record;
    const test = (await evidence(dir, "sh", "-c", "echo all tests pass")).record;
    const { briefing } = await finalize(dir, [
      { text: "the migration is reversible", evidence: t.id },
      { text: "the tests pass", evidence: test.id },
    ]);
    assert.match(
      briefing,
      /the migration is reversible \(evidence ev-[0-9a-f]{16}: ran `true`, [^)]*WARNING: the command shares no word with this claim/,
    );
    // Positive control: a related command carries no warning.
    assert.match(
      briefing,
      /the tests pass \(evidence ev-[0-9a-f]{16}: ran `sh -c 'echo all tests pass'`/,
    );
    assert.doesNotMatch(briefing, /the tests pass \([^)]*WARNING/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
