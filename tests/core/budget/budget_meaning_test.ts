import assert from "node:assert/strict";
import { budgetMeaning, meaningChars } from "../../../core/budget/budget_meaning.ts";
import { truncateText, truncateUtf8 } from "../../../core/budget/truncate.ts";
import { normalizeDraft } from "../../../core/capsule/normalize_draft.ts";

Deno.test("budgetMeaning() keeps ordinary verbosity, truncates long text and lists the loss", () => {
  const long = "x".repeat(5000);
  const { meaning } = normalizeDraft({ now: long, completed: ["short", long] }, "t");
  const { meaning: out, report } = budgetMeaning(meaning);
  assert.equal(out.now!.length, 2000);
  assert.equal(out.completed[0]!.text, "short");
  assert.equal(out.completed[1]!.text.length, 2000);
  assert.deepEqual(report.truncated.map((t) => t.field), ["now", "completed[1]"]);
  assert.equal(report.truncated[0]!.from_chars, 5000);
});

Deno.test("budgetMeaning() drops from the least important lists first when over the total", () => {
  const items = (n: number, p: string) =>
    Array.from({ length: n }, (_, i) => `${p} ${i} ${"y".repeat(900)}`);
  const { meaning } = normalizeDraft({
    plan_changes: items(30, "plan"),
    decisions: items(30, "decision"),
    blockers: ["keep me"],
  }, "t");
  const { meaning: out, report } = budgetMeaning(meaning, { maxTotalChars: 20_000 });
  assert.ok(meaningChars(out) <= 20_000);
  assert.equal(out.plan_changes.length, 0);
  assert.equal(out.blockers.length, 1);
  assert.ok(out.decisions.length > 0);
  assert.equal(report.dropped[0]!.field, "plan_changes");
  assert.equal(report.dropped[0]!.count, 30);
});

Deno.test("budgetMeaning() cuts lists over the item limit and says how many went", () => {
  const { meaning } = normalizeDraft(
    { next_steps: Array.from({ length: 250 }, (_, i) => `s${i}`) },
    "t",
  );
  const { meaning: out, report } = budgetMeaning(meaning);
  assert.equal(out.next_steps.length, 100);
  assert.deepEqual(report.dropped, [{
    field: "next_steps",
    count: 150,
    reason: "more than 100 items",
  }]);
});

Deno.test("truncateText() and truncateUtf8() never split a code point", () => {
  const s = "😀".repeat(10);
  for (let n = 1; n < 20; n++) {
    const t = truncateText(s, n);
    assert.ok(t.length <= n);
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(t), "no lone high surrogate");
  }
  for (let n = 3; n < 40; n++) {
    const t = truncateUtf8("é😀a".repeat(10), n);
    assert.ok(new TextEncoder().encode(t).length <= n);
    assert.equal(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(t)), t);
  }
});
