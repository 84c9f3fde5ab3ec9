/**
 * A capsule this machine signed with a key it no longer has (its key file removed, a new one
 * made on the next use) is signed by a key unknown here, and nothing in it is verified; but
 * the briefing's and export's line for an unknown key opened 'Written elsewhere', a place baton
 * never checked: this very repository's capsule, its work tree matching, was said to come from
 * somewhere else. Where a capsule was written is the place check's to say (load warns on its
 * own line). The control is the same capsule read with the key that signed it: no line at all.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("this repository's capsule signed by a replaced key of this machine is never said to be written elsewhere; with its key, nothing is said (control)", async () => {
  const dir = await makeRepo("baton-replaced-key-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "signed with the old key" }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  await using home = await tempDir("baton-replaced-key-home-");
  const replaced = { BATON_HOME: `${home.path}/home` };
  const made = await runBaton(["trust", "show-key"], { cwd: dir, env: replaced });
  assert.equal(made.code, 0, made.stderr);

  for (const [env, unknown] of [[replaced, true], [{}, false]] as const) {
    for (const args of [["load"], ["export", "--meaning"], ["export", "--facts"]]) {
      const r = await runBaton(args, { cwd: dir, env });
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /[Ww]ritten elsewhere|written in another repository/);
      assert.equal(/signed by an unknown key/.test(r.stdout), unknown, r.stdout);
    }
  }
});
