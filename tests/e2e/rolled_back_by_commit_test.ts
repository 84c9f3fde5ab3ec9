/**
 * `.baton/latest.md` and the archive both travel in commits. A stranger who
 * can push a commit puts an older capsule this machine signed back in
 * latest.md and deletes the newer capsule's archive file in the same commit;
 * after a `git pull`, the archive alone shows no rollback, and load briefed
 * the old plan and its reverted decision as this machine's current handoff.
 * This clone's own record of the newest capsule it made current (kept in
 * `<git dir>/baton`, where no commit reaches) names the newer one. Real
 * repositories, a real bare remote, the real CLI; the controls are the same
 * pull of a stranger's commit that leaves the handoff alone, and a head
 * record copied in from another clone's `.git`.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft, runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

/** A user's clone and a stranger's clone of one bare remote; the user handed off twice. */
async function world(): Promise<{ user: string; stranger: string; oldLatest: string }> {
  const bare = (await tempDir("baton-bare-")).path;
  await git(bare, ["init", "-q", "--bare", "-b", "main"]);
  const user = await makeRepo();
  await git(user, ["remote", "add", "origin", bare]);
  await writeFiles(user, { "a.txt": "a\n" });
  await commitAll(user, "one");
  await finalizeDraft(user, {
    now: "OLD PLAN ALPHA",
    decisions: [{ id: "db", text: "use sqlite", why: "first try" }],
  });
  await commitAll(user, "handoff A");
  const oldLatest = await Deno.readTextFile(`${user}/.baton/latest.md`);
  await finalizeDraft(user, {
    now: "NEW PLAN BETA",
    decisions: [{ id: "db", text: "use postgres", why: "sqlite failed under load" }],
  });
  await commitAll(user, "handoff B");
  await git(user, ["push", "-q", "origin", "main"]);
  await git(user, ["branch", "-q", "--set-upstream-to=origin/main"]);
  const stranger = (await tempDir("baton-stranger-")).path;
  await git(stranger, ["clone", "-q", bare, "."]);
  return { user, stranger, oldLatest };
}

async function strangerPushes(stranger: string, edit: () => Promise<void>): Promise<void> {
  await edit();
  await commitAll(stranger, "an innocent-looking change");
  await git(stranger, ["push", "-q", "origin", "main"]);
}

/** Claude Code's SessionEnd hook for `session` in `cwd` (run from `/`, as a host may), with --json. */
function sessionEnd(cwd: string, session: string) {
  return runBaton(["hook", "session-end", "--host", "claude-code", "--json"], {
    cwd: "/",
    stdin: JSON.stringify({
      session_id: session,
      cwd,
      hook_event_name: "SessionEnd",
      transcript_path: "/dev/null",
    }),
  });
}

Deno.test("a pushed commit that puts an older signed capsule back in latest.md and deletes the newer one's archive file is called rolled back", async () => {
  const { user, stranger, oldLatest } = await world();
  await strangerPushes(stranger, async () => {
    const names = [...Deno.readDirSync(`${stranger}/.baton/capsules`)].map((e) => e.name).sort();
    await git(stranger, ["rm", "-q", `.baton/capsules/${names.at(-1)}`]);
    await writeFiles(stranger, { ".baton/latest.md": oldLatest, "b.txt": "b\n" });
  });
  await git(user, ["pull", "-q", "--ff-only"]);
  assert.equal(await Deno.readTextFile(`${user}/.baton/latest.md`), oldLatest, "git applied it");

  const load = await runBaton(["load"], { cwd: user });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /OLD PLAN ALPHA/);
  assert.match(
    load.stdout,
    /WARNING: this is not the newest capsule of its signer: capsule [0-9a-f]{12}, signed by the same key and written [^,]+, is newer, so \.baton\/latest\.md was rolled back \(this clone made it current; its file is gone from \.baton\/capsules/,
  );
  const json = await runBaton(["load", "--json"], { cwd: user });
  assert.equal(json.code, 0, json.stderr);
  assert.equal(JSON.parse(json.stdout).integrity.status, "behind_archive");

  // A capture hook writes nothing on top (it would carry the old plan forward as the newest
  // capsule, signed here, and end the warning).
  await writeFiles(user, { "a.txt": "a2\n" });
  const hook = await sessionEnd(user, "s-rolled-back-by-commit");
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "rolled_back", hook.stdout);
  const after = await runBaton(["load"], { cwd: user });
  assert.match(after.stdout, /rolled back/, "the warning stays");
});

Deno.test("control: a pulled stranger's commit that leaves the handoff alone raises no rollback", async () => {
  const { user, stranger } = await world();
  await strangerPushes(stranger, () => writeFiles(stranger, { "b.txt": "b\n" }));
  await git(user, ["pull", "-q", "--ff-only"]);
  const load = await runBaton(["load"], { cwd: user });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /NEW PLAN BETA/);
  assert.doesNotMatch(load.stdout, /rolled back/);
});

Deno.test("a head record copied in from another clone's .git counts for nothing there", async () => {
  const { user, oldLatest } = await world();
  // Another clone that holds only the old handoff, with the user's record copied into its .git:
  // the record names the directory it was written in, so it is ignored there.
  const copy = (await tempDir("baton-copy-")).path;
  await git(copy, ["clone", "-q", user, "."]);
  await git(copy, ["reset", "-q", "--hard", "HEAD~2"]);
  await writeFiles(copy, { ".baton/latest.md": oldLatest });
  await Deno.mkdir(`${copy}/.git/baton`, { recursive: true });
  await Deno.copyFile(`${user}/.git/baton/head.json`, `${copy}/.git/baton/head.json`);
  const other = await runBaton(["load"], { cwd: copy });
  assert.equal(other.code, 0, other.stderr);
  assert.match(other.stdout, /OLD PLAN ALPHA/);
  assert.doesNotMatch(other.stdout, /rolled back/);
});

Deno.test("a pushed commit that deletes latest.md and the newest archive file: no capture hook continues the chain from the older one; revive then load says which is newer", async () => {
  const { user, stranger } = await world();
  await strangerPushes(stranger, async () => {
    const names = [...Deno.readDirSync(`${stranger}/.baton/capsules`)].map((e) => e.name).sort();
    await git(stranger, ["rm", "-q", `.baton/capsules/${names.at(-1)}`, ".baton/latest.md"]);
  });
  await git(user, ["pull", "-q", "--ff-only"]);
  await writeFiles(user, { "a.txt": "a2\n" });
  const hook = await sessionEnd(user, "s-latest-deleted-by-commit");
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "rolled_back", hook.stdout);
  assert.match(
    hook.stderr,
    /latest\.md is missing and so is the capsule this clone last made current/,
  );
  const revive = await runBaton(["revive"], { cwd: user });
  assert.equal(revive.code, 0, revive.stderr);
  const load = await runBaton(["load"], { cwd: user });
  assert.match(load.stdout, /OLD PLAN ALPHA/);
  assert.match(load.stdout, /so \.baton\/latest\.md was rolled back/);
});

Deno.test("control: with the whole .baton removed a capture hook starts afresh", async () => {
  const { user } = await world();
  await Deno.remove(`${user}/.baton`, { recursive: true });
  await writeFiles(user, { "a.txt": "a2\n" });
  const hook = await sessionEnd(user, "s-baton-removed");
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout);
});

Deno.test("control: checking out a branch that tracks a latest.md and archive of its own is no rollback, and a capture hook writes there", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "one");
  await finalizeDraft(dir, { now: "MAIN PLAN" });
  await commitAll(dir, "main's handoff");
  await git(dir, ["checkout", "-q", "-b", "feature"]);
  await finalizeDraft(dir, { now: "FEATURE PLAN" });
  await commitAll(dir, "feature's handoff");
  await git(dir, ["checkout", "-q", "main"]);
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /MAIN PLAN/);
  assert.doesNotMatch(load.stdout, /rolled back/);
  await writeFiles(dir, { "a.txt": "a2\n" });
  const hook = await sessionEnd(dir, "s-branch-switch");
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout);
});

Deno.test("control: a branch made from an older commit (a hotfix from a release tag) or a detached checkout of it is no rollback, and a capture hook writes on that branch", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "one");
  await finalizeDraft(dir, { now: "RELEASE PLAN" });
  await commitAll(dir, "release handoff");
  await git(dir, ["tag", "v1"]);
  await finalizeDraft(dir, { now: "LATER PLAN" });
  await commitAll(dir, "later handoff");
  // The tag's tree holds its own latest.md and archive, the later capsule not yet made there.
  await git(dir, ["checkout", "-q", "--detach", "v1"]);
  const detached = await runBaton(["load"], { cwd: dir });
  assert.equal(detached.code, 0, detached.stderr);
  assert.match(detached.stdout, /RELEASE PLAN/);
  assert.doesNotMatch(detached.stdout, /rolled back/);
  await git(dir, ["switch", "-q", "-c", "hotfix"]);
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /RELEASE PLAN/);
  assert.doesNotMatch(load.stdout, /rolled back/);
  await writeFiles(dir, { "a.txt": "fix\n" });
  const hook = await sessionEnd(dir, "s-hotfix");
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout);
  // The hotfix and its capsule committed, main's later handoff is current again there.
  await commitAll(dir, "hotfix");
  await git(dir, ["checkout", "-q", "main"]);
  const main = await runBaton(["load"], { cwd: dir });
  assert.match(main.stdout, /LATER PLAN/);
  assert.doesNotMatch(main.stdout, /rolled back/);
});

Deno.test("a commit on a branch that puts another branch's current capsule in its latest.md and deletes the branch's newer one is called rolled back", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "one");
  await finalizeDraft(dir, { now: "MAIN PLAN" });
  await commitAll(dir, "main's handoff");
  const mainLatest = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  await git(dir, ["checkout", "-q", "-b", "feature"]);
  await finalizeDraft(dir, { now: "FEATURE PLAN" });
  await commitAll(dir, "feature's handoff");
  // A commit (pulled, merged) on feature: main's capsule, still main's newest, put back as
  // feature's latest.md, and feature's newer archive file deleted with it.
  const names = [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name).sort();
  await git(dir, ["rm", "-q", `.baton/capsules/${names.at(-1)}`]);
  await writeFiles(dir, { ".baton/latest.md": mainLatest });
  await commitAll(dir, "an innocent-looking change");
  const load = await runBaton(["load"], { cwd: dir });
  assert.equal(load.code, 0, load.stderr);
  assert.match(load.stdout, /MAIN PLAN/);
  assert.match(load.stdout, /rolled back/);
  // Control: on main the same capsule is main's current one.
  await git(dir, ["checkout", "-q", "main"]);
  const main = await runBaton(["load"], { cwd: dir });
  assert.match(main.stdout, /MAIN PLAN/);
  assert.doesNotMatch(main.stdout, /rolled back/);
});
