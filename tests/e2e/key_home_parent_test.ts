/**
 * Whoever can write a folder above the baton home can rename the home and
 * put a folder of their own in its place (their key as this machine's,
 * their trusted-keys file) between the home's checks and the reads; the
 * home's own checks passed, so capsules were signed and the keys there
 * trusted, and doctor said nothing about keys at all. Now such a parent (on
 * the home's path as given or its real path, through a link too) refuses
 * the key files as a writable home does: capsules are written unsigned,
 * the reason is said, and doctor warns. Controls: a sticky parent (as /tmp
 * is) and a 0755 one hold. Real folders and the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("a folder above the baton home that others can write (not sticky) or another user owns refuses the key files; sticky or 0755 holds (control)", async () => {
  if (Deno.build.os === "windows") return;
  const repo = await makeRepo();
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const base = (await tempDir("baton-keyparent-")).path;
  const parent = `${base}/shared`;
  await Deno.mkdir(parent);
  await Deno.chmod(parent, 0o755);
  const env = { BATON_HOME: `${parent}/home` };
  // Through a link as well: the link's own folder and the real path's are both judged.
  await Deno.symlink(parent, `${base}/link`);
  const viaLink = { BATON_HOME: `${base}/link/home` };

  const check = async (e: Record<string, string>, refused: boolean) => {
    const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: repo,
      env: e,
      stdin: "{}",
    });
    assert.equal(fin.code, 0, fin.stderr);
    assert.equal(JSON.parse(fin.stdout).signed, !refused, fin.stderr);
    assert.equal(/a folder above the baton home is/.test(fin.stderr), refused, fin.stderr);
    const doctor = await runBaton(["doctor", "--json"], { cwd: repo, env: e });
    const keys = JSON.parse(doctor.stdout).checks.find((c: { name: string }) => c.name === "keys");
    assert.equal(keys.outcome, refused ? "warn" : "ok", JSON.stringify(keys));
    if (refused) assert.match(keys.detail, /a folder above the baton home is/);
  };

  await check(env, false); // 0755: the home is made and holds
  await Deno.chmod(parent, 0o777);
  await check(env, true);
  await check(viaLink, true);
  await Deno.chmod(parent, 0o1777);
  await check(env, false); // sticky, as /tmp: others cannot rename the home
  await Deno.chmod(parent, 0o775);
  await check(env, true);
  if (Deno.uid() === 0) {
    // Owned by another user (only root can hand a folder over here).
    await Deno.chmod(parent, 0o755);
    await Deno.chown(parent, 65534, 65534);
    await check(env, true);
    await Deno.chown(parent, 0, 0);
  }
  await Deno.chmod(parent, 0o755);
  await check(viaLink, false);
  await Deno.remove(repo, { recursive: true });
});
