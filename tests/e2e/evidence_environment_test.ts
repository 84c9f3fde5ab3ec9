/**
 * Evidence ran in another environment backs no verified fact: a record made
 * with a shim earlier in PATH (or NODE_OPTIONS, LD_PRELOAD set) is another
 * run than the one finalize would see, though HEAD and the work tree are the
 * same. Through the real CLI: the record carries a digest of the variables,
 * never their values; finalize lowers a citation whose digest differs from
 * its own; the same environment stays verified.
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { finalizeCitations } from "../_helpers/cited_facts.ts";

Deno.test("evidence recorded in another environment is lowered at finalize", async () => {
  const dir = await makeRepo("baton-evidence-env-");
  try {
    const shim = `${dir}/.git/shim-dir`;
    const other = { PYTHONPATH: "/opt/secret-token-1234" };
    const run = async (env: Record<string, string>) => {
      const r = await runBaton(["evidence", "--json", "--", "true"], { cwd: dir, env });
      assert.equal(r.code, 0, r.stderr);
      return JSON.parse(r.stdout) as { id: string; environment: string };
    };
    const same = await run({});
    const shimmed = await run({ PATH: `${shim}:${Deno.env.get("PATH") ?? ""}` });
    const preloaded = await run(other);
    assert.match(same.environment, /^sha256:[0-9a-f]{64}$/);
    assert.notEqual(same.environment, shimmed.environment);
    const stored = await Deno.readTextFile(`${dir}/.git/baton/evidence/${preloaded.id}.json`);
    assert.ok(!stored.includes("secret-token-1234"), "the values are never stored");
    const facts = [same, shimmed, preloaded].map((r, i) => ({
      text: `true passes (${i})`,
      evidence: r.id,
    }));
    const { trust, why } = await finalizeCitations(dir, facts);
    assert.deepEqual(trust, ["verified", "claimed", "claimed"]);
    for (const i of [1, 2]) assert.match(why(i) ?? "", /ran in another environment/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
