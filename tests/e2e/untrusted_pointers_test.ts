/**
 * "Read these first" asks the next session's model to open the paths a
 * capsule names. A capsule baton writes keeps only paths inside the
 * repository, but a capsule a commit brings was never through that check: a
 * path outside the repository (absolute, `~`, a drive letter, `..`) would send
 * the model to read a credential file. Every view that lists a capsule's
 * pointers shows only repository-relative paths and counts the others,
 * echoing none. The real CLI on a real repository; the control is the
 * in-repository pointer, still listed.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeCapsule } from "../_helpers/capsule.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";

const OUTSIDE = [
  "/home/dev/.aws/credentials",
  "~/.ssh/id_ed25519",
  "../../.config/gh/hosts.yml",
  "src/../../../etc/shadow",
  "C:\\Users\\dev\\.npmrc",
  "\\\\host\\share\\token.txt",
  ".git/config",
];

Deno.test("a stranger's capsule cannot point the next session at a file outside the repository", async () => {
  const dir = await makeRepo();
  const capsule = await makeCapsule((c) => {
    c.meaning.now = "half done";
    c.meaning.pointers = [...OUTSIDE, "src/parser.ts"];
  });
  await writeFiles(dir, { "src/parser.ts": "x\n", ".baton/latest.md": renderCapsuleFile(capsule) });
  await commitAll(dir, "a stranger's handoff");
  const views = {
    load: await runBaton(["load"], { cwd: dir }),
    export: await runBaton(["export", "--meaning"], { cwd: dir }),
    capsule: await runBaton(["capsule"], { cwd: dir }),
  };
  for (const [name, r] of Object.entries(views)) {
    assert.equal(r.code, 0, `${name}: ${r.stderr}`);
    for (const p of ["aws", "ssh", "gh/hosts", "shadow", "npmrc", "token.txt", ".git/config"]) {
      assert.ok(!r.stdout.includes(p), `${name} lists the outside path ${p}:\n${r.stdout}`);
    }
    assert.match(r.stdout, /src\/parser\.ts/, `${name} still lists the repository path (control)`);
  }
  assert.match(
    views.load.stdout,
    /7 path\(s\) not shown: not inside the repository, or not a plain path/,
  );
});
