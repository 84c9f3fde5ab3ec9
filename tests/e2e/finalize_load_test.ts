import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

async function repoWithWork(): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, { "src/a.ts": "export const a = 1;\n", "README.md": "# r\n" });
  const head = await commitAll(dir, "init");
  await git(dir, ["remote", "add", "origin", "https://alice:s3cretpass@example.invalid/r.git"]);
  await git(dir, ["update-ref", "refs/remotes/origin/main", head]);
  await writeFiles(dir, { "src/a.ts": "export const a = 2;\n", "notes.txt": "new\n" });
  return dir;
}

const DRAFT = JSON.stringify({
  now: "halfway",
  completed: ["changed a"],
  verified_facts: [{ text: "all tests pass", provenance: "git", trust: "verified" }],
  next_action: { description: "run the tests", command: "deno test" },
  pointers: ["src/a.ts", "/etc/passwd"],
});

Deno.test("finalize writes latest and the archive; a forged verified claim comes out claimed with the rewrite recorded", async () => {
  const dir = await repoWithWork();
  const r = await runBaton(["finalize", "--draft", "-", "--json"], { cwd: dir, stdin: DRAFT });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.match(out.id, /^sha256:[0-9a-f]{64}$/);
  assert.equal(out.path, `${dir}/.baton/latest.md`);
  assert.equal(out.downgrades, 2);
  assert.equal(out.pointers_dropped, 1);
  const show = JSON.parse((await runBaton(["show", "latest", "--json"], { cwd: dir })).stdout);
  const c = show.capsule;
  assert.equal(c.meaning.verified_facts[0].trust, "claimed");
  assert.deepEqual(c.downgrades.map((d: { what: string }) => d.what), ["provenance", "trust"]);
  assert.equal(c.facts.remotes[0].url.includes("s3cretpass"), false, "credentials stripped");
  assert.ok(c.facts.remotes[0].url.includes("example.invalid/r.git"), "URL otherwise kept");
  assert.deepEqual(
    c.facts.changed_files.map((f: { path: string; status: string }) => [f.path, f.status]),
    [
      ["src/a.ts", "modified"],
      ["notes.txt", "untracked"],
    ],
  );
  assert.equal(c.facts.published.status, "yes");
  const v = await runBaton(["validate", ".baton/latest.md", "--json"], { cwd: dir });
  assert.equal(v.code, 0);
  assert.equal(JSON.parse(v.stdout).valid, true);
});

Deno.test("a clean tree stays clean after baton writes a capsule", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  for (let i = 0; i < 2; i++) {
    const r = await runBaton(["finalize", "--draft", "-", "--json"], { cwd: dir, stdin: "{}" });
    assert.equal(r.code, 0, r.stderr);
  }
  const show = JSON.parse((await runBaton(["show", "--json"], { cwd: dir })).stdout);
  assert.equal(show.capsule.facts.dirty, false);
  assert.equal(show.capsule.facts.changed_count, 0);
  assert.ok(show.capsule.previous !== null, "second capsule links to the first");
});

Deno.test("load reports exactly the drift after editing a file, switching branch and committing", async () => {
  const dir = await repoWithWork();
  assert.equal((await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: DRAFT })).code, 0);
  const before = JSON.parse((await runBaton(["load", "--json"], { cwd: dir })).stdout);
  const status0 = Object.fromEntries(
    before.drift.map((d: { check: string; status: string }) => [d.check, d.status]),
  );
  assert.deepEqual(status0, {
    root: "match",
    remote: "match",
    branch: "match",
    HEAD: "match",
    "tracked changes": "match",
    "untracked files": "match",
    "file notes.txt": "match",
    "file src/a.ts": "match",
  });
  await writeFiles(dir, { "src/a.ts": "export const a = 3;\n" });
  await git(dir, ["checkout", "-q", "-b", "feature"]);
  await git(dir, ["add", "notes.txt"]);
  await git(dir, ["commit", "-q", "-m", "notes"]);
  const after = JSON.parse((await runBaton(["load", "--json"], { cwd: dir })).stdout);
  const status1 = Object.fromEntries(
    after.drift.map((d: { check: string; status: string }) => [d.check, d.status]),
  );
  assert.deepEqual(status1, {
    root: "match",
    remote: "match",
    branch: "different",
    HEAD: "different",
    "tracked changes": "match",
    "untracked files": "different",
    "file notes.txt": "match",
    "file src/a.ts": "different",
  });
  const untracked = after.drift.find((d: { check: string }) => d.check === "untracked files");
  assert.deepEqual(untracked.sets.removed, ["notes.txt"]);
  assert.match(untracked.detail, /no longer untracked \(added, deleted or ignored\): notes\.txt/);
  assert.ok(after.text.includes("claims to re-check"));
  assert.ok(after.text.length <= 10_000);
  assert.equal(after.published.status, "yes");
});

Deno.test("load with no capsule prints nothing on stdout and exits 0", async () => {
  const dir = await makeRepo();
  const r = await runBaton(["load"], { cwd: dir });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "");
});

Deno.test("finalize refuses a malformed draft with a one-line error, exit 2, nothing written, no echo", async () => {
  const dir = await makeRepo();
  const marker = "ghp_MARKER0123456789";
  for (
    const bad of [
      `{"now": "${marker}", "now": "x"}`,
      `{"nwo": "${marker}"}`,
      `{"completed": [1]} `,
      "[1,]",
    ]
  ) {
    const r = await runBaton(["finalize", "--draft", "-", "--json"], { cwd: dir, stdin: bad });
    assert.equal(r.code, 2, bad);
    assert.equal(r.stderr.trim().split("\n").length, 1);
    assert.ok(!r.stderr.includes(marker) && !r.stdout.includes(marker), "no echo");
    assert.ok(!r.stderr.includes("nwo"), "unknown keys are not echoed");
  }
  assert.equal(await Deno.lstat(`${dir}/.baton`).then(() => true, () => false), false);
});

Deno.test("finalize and load work outside a git repository", async () => {
  const dir = (await tempDir()).path;
  const w = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: '{"now":"no repo here"}',
  });
  assert.equal(w.code, 0, w.stderr);
  const l = JSON.parse((await runBaton(["load", "--json"], { cwd: dir })).stdout);
  assert.ok(l.text.includes("no repo here"));
  assert.ok(l.drift.every((d: { status: string }) => d.status === "unknown"));
});

Deno.test("validate exits 1 for a tampered capsule and 3 for a missing file", async () => {
  const dir = await makeRepo();
  await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"original"}' });
  const text = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  await Deno.writeTextFile(
    `${dir}/tampered.md`,
    text.replace('"now":"original"', '"now":"tampered"'),
  );
  const v = await runBaton(["validate", "tampered.md", "--json"], { cwd: dir });
  assert.equal(v.code, 1);
  assert.equal(JSON.parse(v.stdout).error.code, "capsule_id_mismatch");
  assert.equal((await runBaton(["validate", "nope.md"], { cwd: dir })).code, 3);
});

Deno.test("list, show and export present the chain and one half at a time", async () => {
  const dir = await repoWithWork();
  await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: DRAFT });
  await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"second"}' });
  const list = JSON.parse((await runBaton(["list", "--json"], { cwd: dir })).stdout).capsules;
  assert.equal(list.length, 2);
  assert.equal(list[0].previous, list[1].id);
  const shown = await runBaton(["show", list[1].id.slice(7, 15)], { cwd: dir });
  assert.equal(shown.code, 0);
  assert.ok(shown.stdout.includes("halfway"));
  const meaning = await runBaton(["export", "--meaning"], { cwd: dir });
  assert.ok(meaning.stdout.includes("second") && !meaning.stdout.includes("HEAD:"));
  const facts = await runBaton(["export", "--facts"], { cwd: dir });
  assert.ok(facts.stdout.includes("HEAD:") && !facts.stdout.includes("second"));
  assert.equal((await runBaton(["export"], { cwd: dir })).code, 2);
  assert.equal((await runBaton(["show", "ffffffff"], { cwd: dir })).code, 3);
});
