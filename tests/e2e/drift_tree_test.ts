/**
 * Whole-tree drift, end to end in real repositories: the briefing names the
 * paths that changed since the capture (not only the files it recorded),
 * what no longer is changed, and the untracked set; a capsule written before
 * the tree was recorded still loads and says the comparison is unavailable.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";

interface Check {
  check: string;
  status: string;
  compared: string;
  detail: string;
  sets?: { added: string[]; removed: string[]; added_total: number; removed_total: number };
}

async function withRepo(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await makeRepo();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function load(dir: string): Promise<{ drift: Check[]; text: string }> {
  const r = await runBaton(["load", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

function by(drift: Check[], name: string): Check {
  const c = drift.find((d) => d.check === name);
  assert.ok(c !== undefined, `check ${name} present`);
  return c;
}

async function capture(dir: string): Promise<void> {
  const r = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
  assert.equal(r.code, 0, r.stderr);
}

Deno.test("a clean-at-capture file edited after a dirty capture is named, never matched", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "A.txt": "a\n", "src/util.py": "u\n", "B.txt": "b\n" });
    await commitAll(dir);
    await writeFiles(dir, { "A.txt": "a2\n" });
    await capture(dir);
    // Positive control: nothing changed since the capture.
    const before = await load(dir);
    assert.equal(by(before.drift, "tracked changes").status, "match");
    assert.ok(!before.drift.some((d) => d.check === "dirty"), "no bare dirty check");
    await writeFiles(dir, { "src/util.py": "u2\n" });
    const after = await load(dir);
    const t = by(after.drift, "tracked changes");
    assert.equal(t.status, "different");
    assert.deepEqual(t.sets?.added, ["src/util.py"]);
    assert.match(t.detail, /new since capture: src\/util\.py/);
    assert.equal(t.compared, "sets of changed tracked paths and their status codes");
    assert.match(
      after.text,
      /tracked changes: different \(compared sets of changed tracked paths and their status codes: new since capture: src\/util\.py/,
    );
    assert.ok(!/dirty: match/.test(after.text));
    assert.equal(by(after.drift, "file A.txt").status, "match", "A itself is unchanged");
  });
});

Deno.test("many new paths are named up to a bound with a count of the rest", async () => {
  await withRepo(async (dir) => {
    const files: Record<string, string> = { "A.txt": "a\n" };
    for (let i = 0; i < 9; i++) files[`f${i}.txt`] = "x\n";
    await writeFiles(dir, files);
    await commitAll(dir);
    await writeFiles(dir, { "A.txt": "a2\n" });
    await capture(dir);
    const edits: Record<string, string> = {};
    for (let i = 0; i < 9; i++) edits[`f${i}.txt`] = "y\n";
    await writeFiles(dir, edits);
    const t = by((await load(dir)).drift, "tracked changes");
    assert.equal(t.sets?.added_total, 9);
    assert.match(
      t.detail,
      /new since capture: f0\.txt, f1\.txt, f2\.txt, f3\.txt, f4\.txt, 4 more/,
    );
  });
});

Deno.test("committed and reverted changes are named as no longer changed; untracked sets are compared", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "A.txt": "a\n", "B.txt": "b\n" });
    await commitAll(dir);
    await writeFiles(dir, { "A.txt": "a2\n", "B.txt": "b2\n", "old.tmp": "u\n" });
    await capture(dir);
    await git(dir, ["commit", "-q", "-am", "commit A and B"]);
    await Deno.remove(`${dir}/old.tmp`);
    await writeFiles(dir, { "new.tmp": "n\n" });
    const drift = (await load(dir)).drift;
    const t = by(drift, "tracked changes");
    assert.equal(t.status, "different");
    assert.deepEqual(t.sets?.removed, ["A.txt", "B.txt"]);
    assert.match(t.detail, /no longer changed \(committed or reverted\): A\.txt, B\.txt/);
    const u = by(drift, "untracked files");
    assert.equal(u.status, "different");
    assert.deepEqual(u.sets?.added, ["new.tmp"]);
    assert.deepEqual(u.sets?.removed, ["old.tmp"]);
    assert.match(u.detail, /1 then, 1 now/);
  });
});

Deno.test("a capsule written before the tree was recorded loads and says the comparison is unavailable", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "A.txt": "a\n" });
    await commitAll(dir);
    await writeFiles(dir, { "A.txt": "a2\n" });
    await capture(dir);
    const path = `${dir}/.baton/latest.md`;
    const capsule = JSON.parse(extractCapsuleJson(await Deno.readTextFile(path)));
    assert.ok(capsule.facts.tree !== undefined, "control: new capsules record the tree");
    delete capsule.facts.tree;
    delete capsule.facts.unavailable;
    // An older baton wrote neither the tree nor a signature.
    delete capsule.signature;
    delete capsule.id;
    const old = { ...capsule, id: await computeCapsuleId(capsule) };
    await Deno.writeTextFile(path, renderCapsuleFile(old));
    const v = await runBaton(["validate", ".baton/latest.md", "--json"], { cwd: dir });
    assert.equal(JSON.parse(v.stdout).valid, true, v.stdout);
    const r = await load(dir);
    const t = by(r.drift, "tracked changes");
    assert.equal(t.status, "unknown");
    assert.match(t.detail, /whole-tree comparison unavailable/);
    assert.equal(by(r.drift, "file A.txt").status, "match", "the recorded files still re-check");
  });
});
