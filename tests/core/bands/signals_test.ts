import assert from "node:assert/strict";
import { joinSignals, signalsFromScan } from "../../../core/bands/signals.ts";

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("signals.ts: the examples of its exports", () => {
  {
    const s = signalsFromScan({
      format: "codex",
      size: 10,
      bytes: 10,
      bytesAtLeast: false,
      compactionFound: false,
      depth: 3,
      depthAtLeast: false,
      pct: 55,
      bytesRead: 10,
      skippedLines: 0,
    });
    assert.equal(s.pct?.source, "transcript (codex token_count)");
    assert.equal(s.depth?.value, 3);
  }

  {
    const j = joinSignals({ pct: { value: 70, source: "flag" } }, {
      pct: { value: 10, source: "transcript" },
    });
    assert.equal(j.pct?.value, 70);
  }
});
