/**
 * One-retry drafts through the real CLI: finalize says why each claim was
 * rewritten and which `supersedes` named nothing, takes a fenced draft and
 * trailing commas (saying so), and ingest says it forgave trailing commas.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

const FENCE = "`".repeat(3);

async function repo(): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  return dir;
}

Deno.test("finalize prints the reason of every rewrite, in text and --json", async () => {
  const dir = await repo();
  const draft = JSON.stringify({ verified_facts: [{ text: "tests pass", trust: "verified" }] });
  const text = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: draft });
  assert.equal(text.code, 0, text.stderr);
  assert.match(
    text.stdout,
    /Rewrote 1 trust\/provenance claim\(s\).*:\n {2}verified_facts\[0\]: trust verified -> \w+ \(.+\)\n/,
  );
  const json = await runBaton(["finalize", "--draft", "-", "--json"], { cwd: dir, stdin: draft });
  const out = JSON.parse(json.stdout);
  assert.equal(out.rewrites.length, 1);
  assert.equal(out.rewrites[0].field, "verified_facts[0]");
  assert.equal(typeof out.rewrites[0].why, "string");
  // Control: a plain draft rewrites nothing and says nothing about it.
  const plain = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now": "x"}' });
  assert.doesNotMatch(plain.stdout, /Rewrote/);
});

Deno.test("finalize warns when supersedes names no decision, with the ids in force", async () => {
  const dir = await repo();
  const first = JSON.stringify({ decisions: [{ id: "db", text: "use sqlite" }] });
  assert.equal((await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: first })).code, 0);
  const typo = JSON.stringify({
    decisions: [{ id: "db2", text: "use postgres", supersedes: "dbb" }],
  });
  const r = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: typo });
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /Warning: decisions\[0\]: supersedes names no decision the chain holds, so nothing was replaced; decision ids in force: db\n/,
  );
  // Control: naming the real id replaces it and warns about nothing.
  const right = JSON.stringify({
    decisions: [{ id: "db3", text: "use postgres", supersedes: "db" }],
  });
  const ok = await runBaton(["finalize", "--draft", "-", "--json"], { cwd: dir, stdin: right });
  assert.deepEqual(JSON.parse(ok.stdout).warnings, []);
});

Deno.test("finalize takes a fenced draft with trailing commas and says what it forgave", async () => {
  const dir = await repo();
  const answer =
    `Here it is:\n\n${FENCE}json\n{\n  "now": "halfway",\n  "next_steps": "finish",\n}\n${FENCE}\n`;
  const r = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: answer });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Note: read the draft from the fenced JSON block at line 4\n/);
  assert.match(r.stdout, /Note: ignored trailing commas in the draft's JSON\n/);
  const load = await runBaton(["load"], { cwd: dir });
  assert.match(load.stdout, /halfway/);
  assert.match(load.stdout, /finish/);
  // Control: a typo'd field is still refused, naming the nearest field only.
  const typo = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: '{"nwo": "x"}',
  });
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /did you mean "now"\?/);
  assert.doesNotMatch(typo.stderr, /nwo/);
});

Deno.test("ingest forgives trailing commas and says so", async () => {
  const dir = await repo();
  const answer = `${FENCE}json\n{"now": "pasted", "completed": ["a",],}\n${FENCE}\n`;
  const r = await runBaton(["ingest", "-"], { cwd: dir, stdin: answer });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Note: ignored trailing commas in the answer's JSON\n/);
});
