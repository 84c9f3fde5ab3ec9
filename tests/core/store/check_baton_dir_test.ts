/**
 * A `.baton` (or a path baton manages in it) that is a symbolic link is
 * refused before anything is read or written through it.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { runBaton } from "../../_helpers/cli.ts";
import { tempDir } from "../../_helpers/temp.ts";

async function repoWithOutside(): Promise<{ dir: string; outside: string }> {
  const dir = await makeRepo("baton-link-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  const outside = (await tempDir("baton-outside-")).path;
  return { dir, outside };
}

Deno.test("finalize, load and the hooks refuse a .baton that is a symbolic link, writing nothing outside", async () => {
  const { dir, outside } = await repoWithOutside();
  await Deno.symlink(outside, `${dir}/.baton`);
  const fin = await runBaton(["finalize", "--draft", "-", "--json"], { cwd: dir, stdin: "{}" });
  assert.equal(fin.code, 5, fin.stderr);
  assert.equal(JSON.parse(fin.stdout).error.code, "baton_dir_symlink");
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 5);
  const hook = await runBaton(["hook", "pre-compact", "--host", "codex"], {
    cwd: dir,
    stdin: JSON.stringify({ cwd: dir, hook_event_name: "PreCompact" }),
  });
  assert.equal(hook.code, 0, "hooks fail open");
  assert.deepEqual([...Deno.readDirSync(outside)], [], "nothing was written through the link");
});

Deno.test("a symbolic link at .baton/capsules is refused too; a real .baton works (positive control)", async () => {
  const { dir, outside } = await repoWithOutside();
  const ok = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" });
  assert.equal(ok.code, 0, ok.stderr);
  await Deno.remove(`${dir}/.baton/capsules`, { recursive: true });
  await Deno.symlink(outside, `${dir}/.baton/capsules`);
  const r = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" });
  assert.equal(r.code, 5);
  assert.deepEqual([...Deno.readDirSync(outside)], []);
});

Deno.test("a symbolic link at .baton/latest.md is refused with advice for a file; a directory link with advice for a directory", async () => {
  const { dir, outside } = await repoWithOutside();
  assert.equal((await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" })).code, 0);
  await Deno.writeTextFile(`${outside}/theirs.md`, "not baton's\n");
  await Deno.remove(`${dir}/.baton/latest.md`);
  await Deno.symlink(`${outside}/theirs.md`, `${dir}/.baton/latest.md`);
  const file = await runBaton(["load"], { cwd: dir });
  assert.equal(file.code, 5);
  assert.match(
    file.stderr,
    /real files inside the repository; remove the link \(baton writes the file again\)/,
  );
  assert.doesNotMatch(file.stderr, /directory/);
  // doctor reports it as a failed check and still runs the others.
  const doctor = await runBaton(["doctor", "--json"], { cwd: dir });
  const report = JSON.parse(doctor.stdout);
  const store = report.checks.find((c: { name: string }) => c.name === "store");
  assert.equal(store?.outcome, "fail", doctor.stderr);
  assert.match(store.reason, /latest\.md": it is a symbolic link/);
  assert.ok(
    report.checks.some((c: { name: string }) => c.name === "launcher"),
    "the other checks ran",
  );
  await Deno.remove(`${dir}/.baton/latest.md`);
  await Deno.remove(`${dir}/.baton/capsules`, { recursive: true });
  await Deno.symlink(outside, `${dir}/.baton/capsules`);
  const dirLink = await runBaton(["load"], { cwd: dir });
  assert.equal(dirLink.code, 5);
  assert.match(
    dirLink.stderr,
    /real directories inside the repository; remove the link and make a directory there/,
  );
});

Deno.test("the first capsule writes .baton/.gitignore for lock/, state/ and temp files, and git honours it", async () => {
  const { git } = await import("../../_helpers/git.ts");
  const { dir } = await repoWithOutside();
  assert.equal((await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" })).code, 0);
  await Deno.mkdir(`${dir}/.baton/state`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.baton/state/injected.json`, "{}");
  const out = await git(dir, ["status", "--porcelain", "-uall"]);
  assert.ok(out.stdout.includes(".baton/latest.md"), "capsules can still be shared");
  assert.ok(!out.stdout.includes("injected.json"), "the per-machine record is ignored");
  // A file the user changed is kept.
  await Deno.writeTextFile(`${dir}/.baton/.gitignore`, "mine\n");
  assert.equal((await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: "{}" })).code, 0);
  assert.equal(await Deno.readTextFile(`${dir}/.baton/.gitignore`), "mine\n");
});
