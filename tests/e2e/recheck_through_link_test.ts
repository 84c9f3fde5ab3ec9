/**
 * A capsule records changed files by repository-relative name, and load
 * re-hashes them. A commit can carry a symbolic link to a folder outside the
 * work tree (`up -> ../../..`), and a stranger's capsule can then record
 * `up/<any file>` with a guessed hash: hashing it would read a file outside
 * the repository and tell whether the guess was right. git never reports a
 * file beneath a symbolic link, so such a path is not re-checked (unknown,
 * never match or different), for drift and for file-hash evidence alike.
 * The real CLI; the control is a changed file inside the repository.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeCapsule } from "../_helpers/capsule.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { tempDir } from "../_helpers/temp.ts";
import { sha256Id } from "../../core/hash.ts";
import type { Capsule } from "../../core/capsule/types.ts";

type ChangedFile = Capsule["facts"]["changed_files"][number];

function changed(path: string, sha256: string, size: number): ChangedFile {
  return {
    path,
    status: "modified",
    xy: ".M",
    orig_path: null,
    kind: "file",
    sha256,
    size,
    executable: false,
    hash_skipped: null,
  } as ChangedFile;
}

Deno.test("load never hashes a recorded file beneath a symbolic link that leads out of the repository", async () => {
  await using outside = await tempDir();
  const secret = "hunter2\n";
  await Deno.writeTextFile(`${outside.path}/secret.txt`, secret);
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await Deno.symlink(outside.path, `${dir}/up`);
  await commitAll(dir, "init");
  await Deno.writeTextFile(`${dir}/a.txt`, "a2\n");
  const head = (await git(dir, ["rev-parse", "HEAD"])).stdout.trim();
  const guess = await sha256Id(secret);
  const capsule = await makeCapsule(async (c) => {
    c.meaning.now = "x";
    c.facts = {
      ...c.facts,
      status: "collected",
      repo_root: dir,
      head,
      branch: "main",
      has_commits: true,
      changed_count: 2,
      changed_files: [
        changed("up/secret.txt", guess, secret.length),
        changed("a.txt", await sha256Id("a2\n"), 3),
      ],
    };
    c.evidence = [{
      id: "file:up/secret.txt",
      kind: "file_hash",
      source: "up/secret.txt",
      digest: guess,
      summary: "hash",
      captured_at: c.created_at,
      provenance: "file",
      trust: "verified",
    }];
  });
  await writeFiles(dir, { ".baton/latest.md": renderCapsuleFile(capsule) });
  const r = await runBaton(["load", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  const line = (name: string) =>
    out.drift.find((d: { check: string }) => d.check === `file ${name}`);
  assert.equal(line("a.txt")?.status, "match", "control: a file inside is re-checked");
  assert.equal(line("up/secret.txt")?.status, "unknown", JSON.stringify(line("up/secret.txt")));
  assert.notEqual(out.evidence_checks[0]?.status, "confirmed", JSON.stringify(out.evidence_checks));
  assert.notEqual(out.evidence_checks[0]?.status, "contradicted");
});
