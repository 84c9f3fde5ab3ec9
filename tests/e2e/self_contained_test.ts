/**
 * The program never reads its own source tree at run time: everything it
 * needs is imported as a module. Module loading needs no read permission in
 * Deno, so with read access limited to a temp directory any run-time read of
 * the checkout is denied and fails this test.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";

Deno.test("baton demo runs end to end with read and write permission limited to a temp directory", async () => {
  const tmp = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-sealed-" }));
  const r = await runBaton(["demo", "--json"], {
    cwd: tmp,
    env: { TMPDIR: tmp, HOME: tmp },
    permissions: [
      `--allow-read=${tmp}`,
      `--allow-write=${tmp}`,
      "--allow-env",
      "--allow-sys=hostname",
    ],
  });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.ok(out.repo.startsWith(tmp));
  assert.ok(out.downgrades.length >= 1, "the forged claim was rewritten");
  assert.ok(out.briefing.includes("claims to re-check"));
  const file = out.drift.find((d: { check: string }) => d.check === "file src/tokenizer.ts");
  assert.equal(file.status, "different");
});

Deno.test("the sealed run can fail: reading outside the allowed directory is denied", async () => {
  const tmp = await Deno.realPath(await Deno.makeTempDir({ prefix: "baton-sealed-" }));
  const r = await runBaton(["validate", new URL("../../README.md", import.meta.url).pathname], {
    cwd: tmp,
    permissions: [`--allow-read=${tmp}`, "--allow-env"],
  });
  assert.notEqual(r.code, 0);
});
