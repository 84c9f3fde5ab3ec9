/** The run environment's digest: changes with PATH or a preload, never holds a value. */
import assert from "node:assert/strict";
import { runEnvironmentDigest } from "../../../core/evidence/run_environment.ts";

Deno.test("runEnvironmentDigest: differs when a variable that picks the program does", async () => {
  const base = (n: string) => n === "PATH" ? "/usr/bin" : undefined;
  const a = await runEnvironmentDigest(base);
  assert.equal(a, await runEnvironmentDigest(base), "same environment, same digest");
  const preload = await runEnvironmentDigest((n) => n === "LD_PRELOAD" ? "x.so" : base(n));
  assert.notEqual(a, preload);
  const empty = await runEnvironmentDigest((n) => n === "BASH_ENV" ? "" : base(n));
  assert.notEqual(a, empty, "set but empty is not unset");
  const unrelated = await runEnvironmentDigest((n) => n === "HOME" ? "/h" : base(n));
  assert.equal(a, unrelated, "other variables do not count");
  assert.ok(!a.includes("usr"));
});
