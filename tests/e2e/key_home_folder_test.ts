/**
 * The key files are checked (a regular file, this user's, not open to
 * others) and then read; whoever can write the folder holding them can
 * rename them in between, putting their own trusted-keys file (or a link to
 * one) in place of the one that passed. So a baton home folder another user
 * can write to is refused as ssh refuses such a `~/.ssh`: nothing in it is
 * trusted, capsules are written unsigned, and the reason is said. Real key
 * files in temp baton homes, the real CLI; the control is the same home at
 * 0700.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("a baton home folder others can write to is refused: unsigned capsules, a teammate's key not trusted; at 0700 both hold (control)", async () => {
  if (Deno.build.os === "windows") return;
  const repo = await makeRepo();
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const base = (await tempDir("baton-keyfolder-")).path;
  const mine = { BATON_HOME: `${base}/mine` };
  const mate = { BATON_HOME: `${base}/mate` };
  // The teammate's capsule, and their key trusted on this machine.
  const theirs = await runBaton(["finalize", "--draft", "-"], {
    cwd: repo,
    env: mate,
    stdin: JSON.stringify({ now: "the teammate's plan" }),
  });
  assert.equal(theirs.code, 0, theirs.stderr);
  const key = await runBaton(["trust", "show-key"], { cwd: repo, env: mate });
  const add = await runBaton(["trust", "add", key.stdout.trim(), "--name", "mate"], {
    cwd: repo,
    env: mine,
  });
  assert.equal(add.code, 0, add.stderr);

  const check = async (signed: boolean) => {
    const load = await runBaton(["load"], { cwd: repo, env: mine });
    assert.equal(load.code, 0, load.stderr);
    if (signed) {
      assert.match(load.stdout, /signed by the key trusted as "mate"|the teammate's plan/);
    }
    assert.equal(/Signed by a key not among those read here/.test(load.stdout), !signed);
    assert.equal(/the baton home folder is writable by other users/.test(load.stdout), !signed);
    assert.ok(load.stdout.split("the baton home folder is writable").length <= 2, "said once");
    const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: repo,
      env: mine,
      stdin: "{}",
    });
    assert.equal(fin.code, 0, fin.stderr);
    assert.equal(JSON.parse(fin.stdout).signed, signed, fin.stderr);
    if (!signed) assert.match(fin.stderr, /the baton home folder is writable by other users/);
    // Back to the teammate's capsule as latest for the next round. That leaves out the capsule
    // just written, which this clone's head record names (read unsigned, the teammate's capsule
    // would be refused as leaving it out: core/workflow/displaced_head.ts), so the record goes too.
    await Deno.remove(`${repo}/.git/baton/head.json`).catch(() => {});
    await Deno.writeTextFile(
      `${repo}/.baton/latest.md`,
      await Deno.readTextFile(`${repo}/.baton/teammate.md.keep`),
    );
  };
  await Deno.copyFile(`${repo}/.baton/latest.md`, `${repo}/.baton/teammate.md.keep`);

  await check(true);
  for (const mode of [0o777, 0o770, 0o702]) {
    await Deno.chmod(mine.BATON_HOME, mode);
    await check(false);
  }
  await Deno.chmod(mine.BATON_HOME, 0o700);
  await check(true);
});
