import assert from "node:assert/strict";
import { renderDoneText } from "../../../core/done/render_done.ts";
import type { GateResult } from "../../../core/done/gate_report.ts";

const gate = (over: Partial<GateResult>): GateResult => ({
  gate: "tests",
  status: "pass",
  required: true,
  detail: "exit 0",
  duration_ms: 40,
  warning: null,
  ...over,
});

Deno.test("renderDoneText() says pass, a forced pass with its audit, and which required gates failed", () => {
  const pass = renderDoneText([gate({})], {
    result: "pass",
    failed_required: [],
    warnings: 0,
    audit: null,
  }, (s) => s);
  assert.equal(pass, "pass  tests         required  exit 0 (40 ms)\ndone: pass\n");
  const forced = renderDoneText(
    [gate({ status: "fail", detail: "exit 1" }), gate({ gate: "rules", status: "fail" })],
    { result: "forced", failed_required: ["tests", "rules"], warnings: 0, audit: "/r/a.json" },
    (s) => s,
  );
  assert.match(
    forced,
    /done: forced pass over failed gates tests, rules; audited in \/r\/a\.json\n$/,
  );
});

Deno.test("renderDoneText() passes every detail through the neutraliser", () => {
  const text = renderDoneText(
    [gate({ status: "fail", detail: "src/\u001b[31ma.ts:1" })],
    { result: "fail", failed_required: ["tests"], warnings: 0, audit: null },
    (s) => s.replaceAll("\u001b", "\\x1b"),
  );
  assert.ok(!text.includes("\u001b"));
  assert.match(text, /\\x1b\[31ma\.ts/);
});

Deno.test("renderDoneText() shows each command a gate ran under it, neutralised and cut; a gate that ran none shows none", () => {
  const long = `npm test -- ${"x".repeat(300)}`;
  const text = renderDoneText(
    [
      gate({ ran: ["echo 42 tests\u001b[2K passed"] }),
      gate({ gate: "rules", detail: "2 rule(s) passed", ran: ["make lint", long] }),
      gate({ gate: "placeholders", detail: "3 file(s) checked" }),
    ],
    { result: "pass", failed_required: [], warnings: 0, audit: null },
    (s) => s.replaceAll("\u001b", "\\x1b"),
  );
  const lines = text.split("\n");
  assert.equal(lines[1], "      ran (from .baton/config.yaml): echo 42 tests\\x1b[2K passed");
  assert.equal(lines[3], "      ran (from .baton/config.yaml): make lint");
  assert.ok(lines[4]!.endsWith("…") && lines[4]!.length < 220, lines[4]);
  // Control: the placeholder gate ran no command, so its line is followed by the verdict.
  assert.match(lines[5]!, /^pass {2}placeholders/);
  assert.equal(lines[6], "done: pass");
});

Deno.test("renderDoneText() cuts a long command between characters, never inside a surrogate pair; a cut after one is kept (control)", () => {
  const render = (command: string) =>
    renderDoneText(
      [gate({ ran: [command] })],
      { result: "pass", failed_required: [], warnings: 0, audit: null },
      (s) => s,
    ).split("\n")[1]!.slice("      ran (from .baton/config.yaml): ".length);
  // The 159th UTF-16 unit is the first half of an emoji: the cut leaves the emoji out whole.
  const split = render(`${"a".repeat(158)}\u{1F600}${"b".repeat(20)}`);
  assert.equal(split, `${"a".repeat(158)}…`);
  assert.ok(!/[\uD800-\uDFFF]/.test(split.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "")));
  // Control: an emoji ending at the 159th unit stays whole before the ellipsis.
  assert.equal(
    render(`${"a".repeat(157)}\u{1F600}${"b".repeat(20)}`),
    `${"a".repeat(157)}\u{1F600}…`,
  );
});
