/**
 * A verified fact that cites command evidence shows the command in the
 * capsule, the briefing and export. `baton evidence` redacted the argv word
 * by word, so a secret that only its option names (`--password VALUE`: two
 * words) was kept whole in the record; finalize copied the record's command
 * line into the capsule after its secret scan, and the briefing printed it
 * under "Secret scan passed: no secrets found". The record now scans each
 * word after the one before it, and finalize scans the cited entries with
 * the rest of the capsule (a copy of a value found elsewhere in it is
 * redacted there too). Real repository, the real CLI; the command run is
 * `true`, which ignores its arguments.
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
      /\[verified\] true accepts the password \(evidence ev-[0-9a-f]{16}: ran `true --password '\[REDACTED:cli_secret_option\]'`/,
    );
    const exported = await runBaton(["export", "--meaning"], { cwd: dir });
    assert.equal(exported.code, 0, exported.stderr);
    assert.ok(!exported.stdout.includes(SECRET), exported.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the evidence record itself keeps no password given as the word after --password", async () => {
  const dir = await makeRepo("baton-evidence-secret-record-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    const r = await runBaton(["evidence", "--json", "--", "true", "--password", SECRET], {
      cwd: dir,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!r.stdout.includes(SECRET), r.stdout);
    assert.deepEqual(JSON.parse(r.stdout).command.slice(0, 2), ["true", "--password"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a cited command holding a copy of a secret the draft names is redacted in the capsule too", async () => {
  const dir = await makeRepo("baton-evidence-secret-copy-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    // No rule reads the last word of this command as a secret, alone or after the one before.
    const id = await evidence(dir, ["true", "login", "root", SECRET]);
    const draft = {
      now: `logged in with mycli --password ${SECRET}`,
      verified_facts: [{ text: "true login accepts root", evidence: id }],
    };
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify(draft),
    });
    assert.equal(fin.code, 0, fin.stderr);
    assert.ok(!(await Deno.readTextFile(`${dir}/.baton/latest.md`)).includes(SECRET));
    const load = await runBaton(["load"], { cwd: dir });
    assert.ok(!load.stdout.includes(SECRET), load.stdout);
    assert.match(load.stdout, /ran `true login root \[REDACTED:/);
    // The copy is counted, at its place after the facts' own entry.
    const shown = JSON.parse((await runBaton(["show", "--json"], { cwd: dir })).stdout).capsule;
    assert.equal(shown.evidence[1].id, id);
    assert.deepEqual(
      shown.sanitize.redactions.filter((r: { field: string }) => r.field.startsWith("evidence")),
      [{ field: "evidence[1].source", kind: "cli_secret_option" }],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a value only the evidence record redacted is counted by the capsule's secret-scan line", async () => {
  const dir = await makeRepo("baton-evidence-secret-count-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    // The record redacts the password; the capsule's own scan then finds nothing new in it.
    const id = await evidence(dir, ["true", "--password", SECRET]);
    const draft = { now: "x", verified_facts: [{ text: "true accepts it", evidence: id }] };
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify(draft),
    });
    assert.equal(fin.code, 0, fin.stderr);
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /ran `true --password '\[REDACTED:cli_secret_option\]'`/);
    assert.doesNotMatch(load.stdout, /nothing redacted/);
    assert.match(
      load.stdout,
      /Secret scan passed: no secrets found; 1 value\(s\) were already redacted in the text it was given/,
    );
    const shown = JSON.parse((await runBaton(["show", "--json"], { cwd: dir })).stdout).capsule;
    assert.equal(shown.evidence[1].id, id);
    assert.deepEqual(shown.sanitize.redactions, [
      { field: "evidence[1].source", kind: "already_redacted" },
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a marker the draft types is counted as already redacted, and its kind never reaches baton's line", async () => {
  const dir = await makeRepo("baton-evidence-secret-typed-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    const draft = { now: "the run [REDACTED:all_tests_verified] is done" };
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify(draft),
    });
    assert.equal(fin.code, 0, fin.stderr);
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    const line = load.stdout.split("\n").find((l) => l.includes("Secret scan passed")) ?? "";
    assert.match(line, /no secrets found; 1 value\(s\) were already redacted/);
    assert.doesNotMatch(line, /all_tests_verified/, "the typed kind is not echoed in baton's line");
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
