/**
 * `baton list` marks an archived capsule written in another repository, as log, verify, show
 * and search do. A chain this machine signed in one project, copied into another, was listed
 * there as 'trusted' and nothing more, the one reader that said nothing of where it came from.
 * Control: the same chain listed in the repository it was written in. Real CLI, real
 * repositories, a temp baton home.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

async function written(prefix: string): Promise<string> {
  const dir = await makeRepo(prefix);
  await writeFiles(dir, { "a.txt": `${prefix}\n` });
  await commitAll(dir, "start");
  return dir;
}

Deno.test("list: a capsule copied from another repository is marked as written there; in its own it is not (control)", async () => {
  const origin = await written("baton-le-origin-");
  await finalizeDraft(origin, { now: "one" });
  await finalizeDraft(origin, { now: "two" });
  const here = await written("baton-le-here-");
  const cp = await new Deno.Command("cp", { args: ["-a", `${origin}/.baton`, `${here}/`] })
    .output();
  assert.ok(cp.success);
  for (const [dir, elsewhere] of [[here, true], [origin, false]] as const) {
    const r = await runBaton(["list"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 2, r.stdout);
    for (const line of lines) {
      assert.match(line, / trusted/);
      assert.equal(/ trusted {2}\(written in another repository\)$/.test(line), elsewhere, line);
    }
    const json = JSON.parse((await runBaton(["list", "--json"], { cwd: dir })).stdout);
    assert.deepEqual(
      json.capsules.map((c: { elsewhere: boolean }) => c.elsewhere),
      [elsewhere, elsewhere],
    );
  }
});
