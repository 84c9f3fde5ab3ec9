/**
 * A changed file whose name holds something that looks like a token is
 * recorded redacted; load re-checks it under the one name here that
 * redacts to the recorded form, so an unchanged file matches and an edited
 * one differs, and a name it cannot re-check is unknown, never missing.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

interface Drift {
  check: string;
  status: string;
}

async function fileDrift(dir: string): Promise<Drift[]> {
  const r = await runBaton(["load", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout).drift as Drift[]).filter((d) => d.check.startsWith("file "));
}

Deno.test("a file named with a token is re-checked under its real name: match, then different after an edit; unknown (never missing) when nothing matches", async () => {
  const dir = await makeRepo("baton-redacted-name-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "base");
    const secret = SAMPLES.github_pat!(new Rng(11)).secret;
    const name = `notes-${secret}.txt`;
    await writeFiles(dir, { [name]: "first\n" });
    const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
    assert.equal(fin.code, 0, fin.stderr);
    const latest = await Deno.readTextFile(`${dir}/.baton/latest.md`);
    assert.ok(!latest.includes(secret), "the name was redacted (positive control for the setup)");
    const same = await fileDrift(dir);
    assert.equal(same.length, 1);
    assert.equal(same[0]!.status, "match", JSON.stringify(same));
    await writeFiles(dir, { [name]: "edited\n" });
    assert.equal((await fileDrift(dir))[0]!.status, "different");
    // Gone: no file here redacts to the recorded name; it cannot be told, so unknown.
    await Deno.remove(`${dir}/${name}`);
    const gone = await fileDrift(dir);
    assert.equal(gone[0]!.status, "unknown", JSON.stringify(gone));
    const text = (await runBaton(["load"], { cwd: dir })).stdout;
    assert.ok(!text.includes(secret));
    assert.doesNotMatch(text, /file .*REDACTED.*: missing/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
