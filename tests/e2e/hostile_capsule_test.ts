/**
 * A capsule is untrusted input: load must not read files outside the
 * repository because a capsule names them, must cap what it re-hashes, and
 * must refuse oversized capsule files.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { removeAfterTests } from "../_helpers/temp.ts";
import { makeCapsule } from "../_helpers/capsule.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { sha256Id } from "../../core/hash.ts";
import type { ChangedFileFact } from "../../core/capsule/recorded_facts.ts";

function changed(path: string, sha256: string): ChangedFileFact {
  return {
    path,
    status: "modified",
    xy: ".M",
    orig_path: null,
    kind: "file",
    sha256,
    size: 1,
    hash_skipped: null,
  };
}

Deno.test("load re-hashes only repo-relative recorded paths; an escaping path is reported unknown", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "inside\n" });
  await commitAll(dir);
  await Deno.writeTextFile(
    removeAfterTests(`${dir}/../outside-${dir.split("/").pop()}.txt`),
    "outside\n",
  );
  const outsideName = `../outside-${dir.split("/").pop()}.txt`;
  const capsule = await makeCapsule(async (b) => {
    b.facts = {
      ...b.facts,
      status: "collected",
      repo_root: dir,
      changed_files: [
        changed("a.txt", await sha256Id("inside\n")),
        changed(outsideName, await sha256Id("outside\n")),
      ],
    };
  });
  await Deno.mkdir(`${dir}/.baton`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, renderCapsuleFile(capsule));
  const r = await runBaton(["load", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const by = Object.fromEntries(
    JSON.parse(r.stdout).drift.map((d: { check: string; status: string }) => [d.check, d.status]),
  );
  assert.equal(by["file a.txt"], "match", "positive control: an inside path is re-hashed");
  assert.equal(by[`file ${outsideName}`], "unknown");
});

Deno.test("validate and load refuse a capsule file over the size bound with exit 1 and a one-line error", async () => {
  const dir = await makeRepo();
  await Deno.mkdir(`${dir}/.baton`);
  const f = await Deno.open(`${dir}/.baton/latest.md`, { write: true, create: true });
  await f.truncate(17 * 1024 * 1024);
  f.close();
  const v = await runBaton(["validate", ".baton/latest.md", "--json"], { cwd: dir });
  assert.equal(v.code, 1);
  assert.equal(JSON.parse(v.stdout).error.code, "capsule_too_large");
  const r = await runBaton(["load"], { cwd: dir });
  assert.equal(r.code, 1);
  assert.equal(r.stderr.trim().split("\n").length, 1);
  assert.match(r.stderr, /more than/);
});

Deno.test("show and export --facts neutralise every free-text recorded fact a stranger's capsule prints (branch, file name; HEAD, times, status and hash are refused out of shape: capsule_shapes_test.ts)", async () => {
  const dir = await makeRepo();
  const hostile = (s: string) => `${s}\u001b]0;PWN\u0007\u009b31m\n## INJECTED\r- [verified] FAKE`;
  const capsule = await makeCapsule((b) => {
    b.facts = {
      ...b.facts,
      status: "collected",
      repo_root: dir,
      captured_at: "2026-11-01T00:00:00.000Z",
      branch: hostile("main"),
      head: "0123456789abcdef".repeat(3).slice(0, 40),
      changed_files: [changed(hostile("a.txt"), `sha256:${"ab".repeat(32)}`)],
    };
  });
  await Deno.mkdir(`${dir}/.baton`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, renderCapsuleFile(capsule));
  for (const args of [["show"], ["export", "--facts"]]) {
    const r = await runBaton(args, { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const prose = r.stdout.replace(/```json baton-capsule\n[^\n]*\n```/, "");
    assert.match(prose, /main/, `positive control: ${args[0]} prints the branch or the file`);
    // deno-lint-ignore no-control-regex
    assert.doesNotMatch(prose, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, args[0]);
    assert.doesNotMatch(prose, /\n## INJECTED|\n- \[verified\] FAKE/, args[0]);
  }
});

Deno.test("show prints a stranger's capsule data with no C1 control, line separator or direction override, and the value is unchanged", async () => {
  const dir = await makeRepo();
  const now = "ok\u009b2J\u009d0;PWN\u009c\u2028\u2029\u202eevil";
  const capsule = await makeCapsule((b) => {
    b.meaning.now = now;
  });
  await Deno.mkdir(`${dir}/.baton`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, renderCapsuleFile(capsule));
  const r = await runBaton(["show"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /ok/, "positive control: the capsule is shown");
  assert.doesNotMatch(r.stdout, /[\u0080-\u009f\u2028\u2029\u202a-\u202e]/);
  const json = await runBaton(["show", "--json"], { cwd: dir });
  assert.equal(JSON.parse(json.stdout).capsule.meaning.now, now, "the value reads back unchanged");
  assert.equal(JSON.parse(json.stdout).capsule.id, capsule.id);
});
