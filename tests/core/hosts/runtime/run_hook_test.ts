import assert from "node:assert/strict";
import { hookTimeScale } from "../../../../core/hosts/runtime/run_hook.ts";

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("run_hook.ts: the examples of its exports", () => {
  {
    assert.equal(hookTimeScale(undefined), 1);
    assert.equal(hookTimeScale("10"), 10);
    assert.equal(hookTimeScale("0"), 1);
    assert.equal(hookTimeScale("1e3"), 1);
  }
});
