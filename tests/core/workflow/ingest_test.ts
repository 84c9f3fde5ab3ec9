import assert from "node:assert/strict";
import { ingestAnswer } from "../../../core/workflow/ingest.ts";
import { MAX_ANSWER_BYTES } from "../../../core/capsule/extract_answer.ts";
import { InputError } from "../../../core/errors.ts";
import { readLatest } from "../../../core/store/capsule_store.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { commitAll, writeFiles } from "../../_helpers/git.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { testContext, withRepo } from "../../_helpers/temp_fs.ts";

const enc = new TextEncoder();
const ANSWER = [
  "Here is the capsule you asked for.",
  "",
  "```json",
  '{"now": "pasted state", "next_steps": ["read a.txt"]}',
  "```",
  "",
].join("\n");

const code = (want: string) => (e: unknown) => e instanceof InputError && e.code === want;

Deno.test("ingestAnswer() stores the draft block of an answer as a paste capsule at the repository root, without facts", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await Deno.mkdir(`${dir}/sub`);
    const r = await ingestAnswer(testContext(`${dir}/sub`), enc.encode(ANSWER));
    assert.deepEqual(r.block, { kind: "fenced", line: 4, trailingCommas: false });
    assert.equal(r.capsule.trigger, "paste");
    assert.equal(r.capsule.meaning.now, "pasted state");
    assert.equal(r.capsule.facts.status, "unavailable");
    assert.equal(r.capsule.facts_collected_at_ingest, false);
    assert.equal(r.latestPath, `${dir}/.baton/latest.md`);
    const latest = await readLatest(new TestFs(), batonLayout(dir));
    assert.equal(latest?.capsule.id, r.capsule.id);
  });
});

Deno.test("ingestAnswer() with facts attaches facts collected now, labelled as collected at ingest", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    const head = await commitAll(dir);
    const r = await ingestAnswer(testContext(dir), enc.encode('{"now":"bare json"}'), {
      withFacts: true,
    });
    assert.equal(r.block.kind, "whole");
    assert.equal(r.capsule.facts.head, head);
    assert.equal(r.capsule.facts_collected_at_ingest, true);
  });
});

Deno.test("ingestAnswer() refuses an answer too large, not UTF-8, or whose block is not a draft, and writes nothing", async () => {
  await withRepo(async (dir) => {
    const ctx = testContext(dir);
    await assert.rejects(
      ingestAnswer(ctx, new Uint8Array(MAX_ANSWER_BYTES + 1)),
      code("answer_too_large"),
    );
    await assert.rejects(
      ingestAnswer(ctx, new Uint8Array([0x7b, 0xff, 0x7d])),
      code("answer_not_utf8"),
    );
    await assert.rejects(
      ingestAnswer(ctx, enc.encode('```json\n{"now": "x", "facts": {}}\n```\n')),
      code("draft_invalid"),
    );
    assert.equal(await new TestFs().lstat(`${dir}/.baton`), null);
  });
});
