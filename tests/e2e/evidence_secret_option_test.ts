/**
 * A verified fact that cites command evidence shows the command in the
 * capsule, the briefing and export. `baton evidence` redacts the argv word by
 * word, so a secret that only its option names (`--password VALUE`: two
 * words) was kept whole in the record; finalize copied the record's command
 * line into the capsule after its secret scan, and the briefing printed it
 * under "Secret scan passed: no secrets found". The cited entries are now
 * scanned with the rest of the capsule. Real repository, the real CLI; the
 * command run is `true`, which ignores its arguments.
 * @module
 */
import assert from "node:assert/strict";
import { git, makeRepo } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";

/** A password of no vendor's shape: only the option before it makes it one. */
const SECRET = "Zx81kPq0LmN3vB7t";

async function evidence(dir: string, argv: string[]): Promise<string> {
  const r = await runBaton(["evidence", "--", ...argv], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim();
}

Deno.test("a password given as the word after --password is redacted in the capsule, the briefing and export, and the fact stays verified", async () => {
  const dir = await makeRepo("baton-evidence-secret-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    const id = await evidence(dir, ["true", "--password", SECRET]);
    const draft = {
      now: "x",
      verified_facts: [{ text: "true accepts the password", evidence: id }],
    };
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify(draft),
    });
    assert.equal(fin.code, 0, fin.stderr);
    assert.ok(!(await Deno.readTextFile(`${dir}/.baton/latest.md`)).includes(SECRET));
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.ok(!load.stdout.includes(SECRET), load.stdout);
    assert.match(
      load.stdout,
      /\[verified\] true accepts the password \(evidence ev-[0-9a-f]{16}: ran `true --password \[REDACTED:cli_secret_option\]`/,
    );
    assert.match(load.stdout, /Secret scan passed: 1 value\(s\) redacted \(cli_secret_option\)/);
    const exported = await runBaton(["export", "--meaning"], { cwd: dir });
    assert.equal(exported.code, 0, exported.stderr);
    assert.ok(!exported.stdout.includes(SECRET), exported.stdout);
    // The record names where: the cited entry follows the facts' own (git facts only here).
    const shown = JSON.parse((await runBaton(["show", "--json"], { cwd: dir })).stdout).capsule;
    assert.equal(shown.evidence[1].id, id);
    assert.deepEqual(shown.sanitize.redactions, [
      { field: "evidence[1].source", kind: "cli_secret_option" },
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("control: a cited command with no secret is shown whole and the scan finds nothing", async () => {
  const dir = await makeRepo("baton-evidence-secret-control-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    const id = await evidence(dir, ["true", "--verbose", "report.txt"]);
    const draft = { now: "x", verified_facts: [{ text: "true writes the report", evidence: id }] };
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify(draft),
    });
    assert.equal(fin.code, 0, fin.stderr);
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.match(
      load.stdout,
      /\[verified\] true writes the report \(evidence ev-[0-9a-f]{16}: ran `true --verbose report\.txt`/,
    );
    assert.match(load.stdout, /Secret scan passed: no secrets found, nothing redacted\./);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
