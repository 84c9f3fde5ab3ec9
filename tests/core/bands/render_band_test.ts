import assert from "node:assert/strict";
import {
  describeReading,
  renderBandAdvice,
  renderBandLine,
} from "../../../core/bands/render_band.ts";
import { evaluateBands } from "../../../core/bands/evaluate.ts";

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("render_band.ts: the examples of its exports", () => {
  {
    const r = evaluateBands({ depth: { value: 31, source: "transcript" } });
    assert.equal(
      describeReading(r.readings[0]!, r),
      "31 tool calls since the last user turn (handoff at 30)",
    );
  }

  {
    assert.equal(renderBandLine(evaluateBands({})), "ok: no signal available");
    assert.match(
      renderBandLine(evaluateBands({ pct: { value: 55, source: "flag" } })),
      /^warn: 55% context window used/,
    );
  }

  {
    const ev = (depth: number) => evaluateBands({ depth: { value: depth, source: "transcript" } });
    assert.equal(renderBandAdvice(ev(3), { baton: "baton" }), "");
    assert.equal(renderBandAdvice(ev(25), { baton: "baton" }).split("\n").length, 1);
    assert.match(renderBandAdvice(ev(33), { baton: "baton" }), /baton finalize --draft -/);
    const armed = renderBandAdvice(ev(33), { baton: "baton", armed: "Changes are denied now." });
    assert.match(armed, /Changes are denied now\.$/);
    assert.doesNotMatch(armed, /advisory/);
  }
});
