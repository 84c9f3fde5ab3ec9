import assert from "node:assert/strict";
import { MAX_DRAFT_BYTES } from "../../../core/capsule/read_draft.ts";
import { factsEvidence, finalizeDraft, parseDraft } from "../../../core/workflow/finalize.ts";
import { DRAFT_TEMPLATE } from "../../../core/capsule/draft_template.ts";
import { InputError } from "../../../core/errors.ts";
import { StrictJsonError } from "../../../core/json/strict_json_error.ts";
import { notARepoFacts } from "../../../core/facts/empty_facts.ts";
import { collectFacts } from "../../../core/facts/collect.ts";
import { readLatest } from "../../../core/store/capsule_store.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { computeCapsuleId } from "../../../core/capsule/capsule_id.ts";
import { commitAll, git, writeFiles } from "../../_helpers/git.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { testContext, withRepo } from "../../_helpers/temp_fs.ts";
import { Rng, SAMPLES } from "../../_helpers/secret_fixtures.ts";

const enc = new TextEncoder();
const draft = (o: unknown) => enc.encode(JSON.stringify(o));

Deno.test("parseDraft() accepts the template it prints and a minimal draft (positive control)", () => {
  const full = parseDraft(draft(DRAFT_TEMPLATE));
  assert.equal(full.now, DRAFT_TEMPLATE.now);
  assert.equal(parseDraft(draft({ now: "here" })).now, "here");
});

Deno.test("parseDraft() refuses malformed JSON, an unknown field and a draft over the size cap", () => {
  assert.throws(() => parseDraft(enc.encode('{"now": ')), StrictJsonError);
  assert.throws(() => parseDraft(enc.encode('{"now":"a","now":"b"}')), StrictJsonError);
  assert.throws(
    () => parseDraft(draft({ now: "x", facts: { head: "deadbeef" } })),
    (e: unknown) => e instanceof InputError && e.code === "draft_invalid",
  );
  assert.throws(
    () => parseDraft(draft({ now: "x".repeat(MAX_DRAFT_BYTES) })),
    StrictJsonError,
  );
});

Deno.test("factsEvidence() records nothing for no facts, and the facts plus each hashed changed file", async () => {
  assert.deepEqual(await factsEvidence(notARepoFacts("2026-06-01T12:00:00.000Z")), []);
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n", "b.txt": "b\n" });
    await commitAll(dir);
    await writeFiles(dir, { "a.txt": "changed\n", "new.txt": "new\n" });
    const facts = await collectFacts(new TestFs(), dir, { now: () => new Date() });
    const ev = await factsEvidence(facts);
    assert.equal(ev[0]!.id, "git:facts");
    assert.match(ev[0]!.digest, /^sha256:[0-9a-f]{64}$/);
    assert.deepEqual(ev.slice(1).map((e) => e.id).sort(), ["file:a.txt", "file:new.txt"]);
    assert.ok(ev.every((e) => e.trust === "verified"));
  });
});

Deno.test("finalizeDraft() stores a capsule chained to the previous one, with facts collected now, unsigned without keys", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    const head = await commitAll(dir);
    const ctx = testContext(dir);
    const first = await finalizeDraft(ctx, draft({ now: "first", next_steps: ["x"] }));
    assert.equal(first.capsule.previous, null);
    assert.equal(first.capsule.facts.head, head);
    assert.equal(first.capsule.trigger, "manual");
    assert.deepEqual(first.signing, {
      signed: false,
      fingerprint: null,
      reason: "no key ring was given",
    });
    const { id, ...body } = first.capsule;
    assert.equal(id, await computeCapsuleId(body));

    const second = await finalizeDraft(ctx, draft({ now: "second" }), { trigger: "session_end" });
    assert.equal(second.capsule.previous, first.capsule.id);
    assert.equal(second.capsule.trigger, "session_end");
    const latest = await readLatest(new TestFs(), batonLayout(dir));
    assert.equal(latest?.capsule.id, second.capsule.id);
    assert.equal(latest?.capsule.meaning.now, "second");
    // Both are in the archive; git would share capsules, never the lock or temp files.
    const status = await git(dir, ["status", "--porcelain", "-uall"]);
    const untracked = status.stdout.trim().split("\n").map((l) => l.slice(3)).sort();
    assert.equal(untracked.length, 4, status.stdout);
    assert.deepEqual(untracked.filter((p) => !/^\.baton\/capsules\/[^/]+\.md$/.test(p)), [
      ".baton/.gitignore",
      ".baton/latest.md",
    ]);
  });
});

Deno.test("finalizeDraft() redacts a secret in the draft before storing, and records the redaction", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const secret = SAMPLES.github_pat!(new Rng(7)).secret;
    const r = await finalizeDraft(testContext(dir), draft({ now: `token is ${secret}` }));
    const stored = Deno.readTextFileSync(r.latestPath);
    assert.ok(!stored.includes(secret));
    assert.ok(r.capsule.sanitize.redactions.some((x) => x.field.startsWith("meaning.now")));
    // Control: the same draft without the secret records no redaction.
    const clean = await finalizeDraft(testContext(dir), draft({ now: "token is gone" }));
    assert.deepEqual(clean.capsule.sanitize.redactions, []);
  });
});

Deno.test("finalizeDraft() rewrites what a model may not claim (verified, git provenance) and counts it", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const r = await finalizeDraft(
      testContext(dir),
      draft({
        now: "x",
        verified_facts: [{ text: "tests pass", provenance: "git", trust: "verified" }],
      }),
    );
    assert.equal(r.downgrades, 2);
    assert.equal(r.capsule.downgrades.length, 2);
    const fact = r.capsule.meaning.verified_facts[0];
    assert.equal(fact?.trust, "claimed");
    // Control: a plain claim is not rewritten.
    const plain = await finalizeDraft(testContext(dir), draft({ now: "x", completed: ["done"] }));
    assert.equal(plain.downgrades, 0);
  });
});

Deno.test("finalize takes created_at under the lock with the link: a writer whose clock read earlier, committing after another, still verifies", async () => {
  const { readChain } = await import("../../../core/chain/read_chain.ts");
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    let release!: () => void;
    const gate = new Promise<void>((r) => release = r);
    let entered!: () => void;
    const waiting = new Promise<void>((r) => entered = r);
    // Writer A reads its clock (10:00:00) and then stalls before the lock; writer B (10:00:30) commits meanwhile.
    const slow = finalizeDraft(
      testContext(dir, {
        now: () => new Date("2026-06-01T10:00:00.000Z"),
        keys: {
          signingKey: async () => {
            entered();
            await gate;
            return { ok: false, reason: "no key in this test" };
          },
          trustedKeys: () => Promise.resolve({ keys: new Map(), problem: null }),
        },
      }),
      draft({ now: "slow writer" }),
    );
    await waiting;
    const fast = await finalizeDraft(
      testContext(dir, { now: () => new Date("2026-06-01T10:00:30.000Z") }),
      draft({ now: "fast writer" }),
    );
    release();
    const late = await slow;
    assert.equal(late.capsule.previous, fast.capsule.id);
    assert.ok(late.capsule.created_at >= fast.capsule.created_at, late.capsule.created_at);
    const walk = await readChain(new TestFs(), batonLayout(dir));
    assert.equal(walk.status, "intact", JSON.stringify(walk.problems));
    assert.equal(walk.links.length, 2);
  });
});

Deno.test("finalize never takes a far-future time from its previous capsule (a stranger's capsule dated 2099)", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await finalizeDraft(
      testContext(dir, { now: () => new Date("2099-01-01T00:00:00.000Z") }),
      draft({ now: "dated 2099" }),
    );
    const next = await finalizeDraft(testContext(dir), draft({ now: "mine" }));
    assert.equal(next.capsule.created_at, "2026-06-01T12:00:00.000Z");
  });
});

for (
  const [previousAt, expected] of <[string, string][]> [
    ["2026-06-01T12:00:30.5Z", "2026-06-01T12:00:30.501Z"],
    ["2026-06-01T12:00:30.5004Z", "2026-06-01T12:00:30.501Z"],
    ["2026-06-01T12:00:30.500Z", "2026-06-01T12:00:30.501Z"], // baton's own form
  ]
) {
  Deno.test(`finalize on a previous capsule dated a little ahead at ${previousAt} takes ${expected}: an archive name the archive lists, later than the previous`, async () => {
    const { readChain } = await import("../../../core/chain/read_chain.ts");
    const { listArchive } = await import("../../../core/store/capsule_store.ts");
    const { renderCapsuleFile } = await import("../../../core/store/render_capsule.ts");
    const { archiveName } = await import("../../../core/store/layout.ts");
    await withRepo(async (dir) => {
      await writeFiles(dir, { "a.txt": "a\n" });
      await commitAll(dir);
      // Another writer's capsule, its clock 30 s ahead, its date written with another precision.
      const theirs = await finalizeDraft(testContext(dir), draft({ now: "theirs" }));
      const { id: _id, ...body } = { ...theirs.capsule, created_at: previousAt };
      const previous = { ...body, id: await computeCapsuleId(body) };
      const text = renderCapsuleFile(previous);
      await Deno.remove(theirs.archivePath);
      await writeFiles(dir, {
        ".baton/latest.md": text,
        [`.baton/capsules/${archiveName(previous.created_at, previous.id)}`]: text,
      });
      const mine = await finalizeDraft(testContext(dir), draft({ now: "mine" }));
      assert.equal(mine.capsule.previous, previous.id);
      assert.equal(mine.capsule.created_at, expected);
      const layout = batonLayout(dir);
      const names = await listArchive(new TestFs(), layout);
      assert.ok(
        names.includes(archiveName(mine.capsule.created_at, mine.capsule.id)),
        `${names} lists the capsule written`,
      );
      // The previous one keeps its own name (another writer's form: the archive does not list it).
      const walk = await readChain(new TestFs(), layout);
      assert.ok(
        !walk.problems.some((p) => p.kind === "reordered" || p.kind === "head_mismatch"),
        JSON.stringify(walk.problems),
      );
    });
  });
}

Deno.test("a capsule written on one dated ahead is dated after it, never at its instant: latest.md put back to the previous one is a rollback load reports (control: not put back, load says ok)", async () => {
  const { ownKeys } = await import("../../_helpers/temp_fs.ts");
  const { isLater } = await import("../../../core/capsule/instant_order.ts");
  const { loadBriefing } = await import("../../../core/workflow/load.ts");
  for (const putBack of [true, false]) {
    await withRepo(async (dir) => {
      await writeFiles(dir, { "a.txt": "a\n" });
      await commitAll(dir);
      const keys = await ownKeys(7);
      // This machine's own capsule, written while its clock was 30 s ahead.
      const ahead = await finalizeDraft(
        testContext(dir, { keys, now: () => new Date("2026-06-01T12:00:30.000Z") }),
        draft({ now: "ahead" }),
      );
      const next = await finalizeDraft(testContext(dir, { keys }), draft({ now: "next" }));
      assert.equal(next.capsule.previous, ahead.capsule.id);
      // A commit (a revert, a stranger's push) puts the previous capsule back.
      if (putBack) await Deno.copyFile(ahead.archivePath, `${dir}/.baton/latest.md`);
      const r = await loadBriefing(testContext(dir, { keys }));
      assert.deepEqual(
        r!.integrity,
        putBack ? { status: "behind_archive", newer: next.capsule.id } : { status: "ok" },
      );
      assert.ok(isLater(next.capsule.created_at, ahead.capsule.created_at));
    });
  }
});
