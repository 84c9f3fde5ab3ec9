/**
 * A `.baton/latest.md` rolled back to an older capsule of its own signer (a
 * tracked latest.md reverted by a commit, an old copy restored) loads with
 * "WARNING: this is not the newest capsule of its signer". The first
 * capture hook then wrote on top of it, carrying the old capsule's meaning
 * forward under this machine's signature as the newest capsule (and, through
 * its previous link, the old capsule's decisions), and the warning was gone:
 * the replayed plan read as the current handoff. On a rolled-back latest the
 * hook writes nothing and says why; on its signer's newest capsule it still
 * writes and carries (control). Real repository, the real CLI and hook.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

function payload(dir: string): string {
  return JSON.stringify({
    session_id: "s-rolled-back",
    cwd: dir,
    hook_event_name: "SessionEnd",
    transcript_path: "/dev/null",
  });
}

async function twoHandoffs(): Promise<{ dir: string; older: string }> {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  const first = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "phase one: deploy the old billing service" }),
  });
  assert.equal(first.code, 0, first.stderr);
  const older = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  const second = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({
      now: "phase two: the old billing service is retired, never deploy it",
    }),
  });
  assert.equal(second.code, 0, second.stderr);
  return { dir, older };
}

async function hookThenLoad(dir: string, action: string): Promise<string> {
  await writeFiles(dir, { "a.txt": "a2\n" });
  const hook = await runBaton(["hook", "session-end", "--host", "claude-code", "--json"], {
    cwd: "/",
    stdin: payload(dir),
  });
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, action, hook.stdout);
  if (action === "rolled_back") assert.match(hook.stderr, /not the newest capsule of its signer/);
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  return load.stdout;
}

Deno.test("a capture hook writes nothing on top of a rolled-back latest.md, and the warning stays", async () => {
  const { dir, older } = await twoHandoffs();
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, older);
  const before = await runBaton(["load"], { cwd: dir });
  assert.equal(before.code, 0, before.stderr);
  assert.match(
    before.stdout,
    /not the newest capsule of its signer/,
    "load says so before any hook",
  );
  const out = await hookThenLoad(dir, "rolled_back");
  assert.match(out, /not the newest capsule of its signer/, "the warning stays");
});

Deno.test("a capture hook carries the meaning of its signer's newest capsule (control)", async () => {
  const { dir } = await twoHandoffs();
  const out = await hookThenLoad(dir, "written");
  assert.match(out, /phase two/);
  assert.doesNotMatch(out, /not carried|not the newest capsule/);
});

Deno.test("a newer capsule of the same signer written for another repository is no rollback: the hook writes and load does not warn", async () => {
  const { dir } = await twoHandoffs();
  const other = await makeRepo();
  try {
    await writeFiles(other, { "b.txt": "b\n" });
    await commitAll(other, "other project");
    const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: other,
      stdin: JSON.stringify({ now: "the other project's plan" }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    // This machine's capsule of another project lands in this archive (a commit, a copied folder).
    const archived: string = JSON.parse(fin.stdout).archive;
    const name = archived.slice(archived.lastIndexOf("/") + 1);
    const archiveDir = (root: string) =>
      archived.slice(0, archived.lastIndexOf("/")).replace(other, root);
    await Deno.copyFile(archived, `${archiveDir(dir)}/${name}`);
    const before = await runBaton(["load"], { cwd: dir });
    assert.equal(before.code, 0, before.stderr);
    assert.doesNotMatch(before.stdout, /not the newest capsule of its signer/, before.stdout);
    const out = await hookThenLoad(dir, "written");
    assert.match(out, /phase two/);
    assert.doesNotMatch(out, /not the newest capsule of its signer/);
  } finally {
    await Deno.remove(other, { recursive: true });
  }
});
