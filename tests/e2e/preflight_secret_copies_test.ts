/**
 * `baton preflight` redacts every copy of a secret among the names it prints:
 * a file named `DD_API_KEY=<key>` holds a finding (the key beside its name),
 * and a second file named after the bare key is the same secret, which the
 * scan alone would not recognise without the name. Both the text and the
 * `--json` forms must hide the key in both names, as a capsule does
 * (sanitize_capsule.ts redacts a value found in one part in all). Real
 * repository, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

Deno.test("preflight redacts a secret's bare copy in one file name once another name shows it beside its keyword", async () => {
  const dir = await makeRepo("baton-preflight-copies-");
  try {
    const sample = SAMPLES.datadog_api_key!(new Rng(7));
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    // Control: the bare key alone is no finding, and is printed as it is.
    await writeFiles(dir, { [`${sample.secret}.log`]: "x\n" });
    const alone = await runBaton(["preflight", "--json"], { cwd: dir });
    assert.equal(alone.code, 0, alone.stderr);
    assert.ok(alone.stdout.includes(`${sample.secret}.log`), alone.stdout);

    await writeFiles(dir, { [sample.text]: "y\n" });
    for (const args of [["preflight", "--json"], ["preflight"]]) {
      const r = await runBaton(args, { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!r.stdout.includes(sample.core), `${args.join(" ")}: ${r.stdout}`);
      // Both names are still listed, each with the key redacted.
      assert.ok(r.stdout.includes("[REDACTED:datadog_api_key].log"), r.stdout);
      assert.ok(r.stdout.includes("DD_API_KEY=[REDACTED:datadog_api_key]"), r.stdout);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
