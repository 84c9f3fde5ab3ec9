/** Tests for inProgressOperation() with real stopped merges, rebases, am, cherry-picks, reverts and bisects. */
import assert from "node:assert/strict";
import { TestFs } from "../../../_helpers/fs.ts";
import {
  inProgressOperation,
  sequencerCommand,
} from "../../../../core/facts/git/in_progress_operation.ts";
import { findRepo } from "../../../../core/facts/git/find_repo.ts";
import type { RepoLocation } from "../../../../core/facts/types.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { removeAfterTests } from "../../../_helpers/temp.ts";

const fs = new TestFs();

/** main and side both change f.txt from a common base; HEAD on main. */
async function conflicting(): Promise<{ dir: string; repo: RepoLocation }> {
  const dir = await makeRepo();
  await writeFiles(dir, { "f.txt": "base\n" });
  await commitAll(dir, "base");
  await git(dir, ["checkout", "-q", "-b", "side"]);
  await writeFiles(dir, { "f.txt": "side\n" });
  await commitAll(dir, "side");
  await git(dir, ["checkout", "-q", "main"]);
  await writeFiles(dir, { "f.txt": "main\n" });
  await commitAll(dir, "main");
  const repo = await findRepo(fs, dir);
  assert.ok(repo !== null);
  return { dir, repo };
}

Deno.test("inProgressOperation() is null when nothing is in progress", async () => {
  const { repo } = await conflicting();
  assert.equal(await inProgressOperation(fs, repo), null);
});

Deno.test("inProgressOperation() reports a stopped merge", async () => {
  const { dir, repo } = await conflicting();
  await git(dir, ["merge", "side"], { allowFail: true });
  assert.equal(await inProgressOperation(fs, repo), "merge");
});

Deno.test("inProgressOperation() reports a stopped rebase", async () => {
  const { dir, repo } = await conflicting();
  await git(dir, ["rebase", "side"], { allowFail: true });
  assert.equal(await inProgressOperation(fs, repo), "rebase");
});

Deno.test("inProgressOperation() reports a stopped git am", async () => {
  const { dir, repo } = await conflicting();
  const patch = (await git(dir, ["format-patch", "-1", "--stdout", "side"])).stdout;
  await git(dir, ["am"], { allowFail: true, stdin: patch });
  assert.equal(await inProgressOperation(fs, repo), "am");
});

Deno.test("inProgressOperation() reports a stopped cherry-pick", async () => {
  const { dir, repo } = await conflicting();
  await git(dir, ["cherry-pick", "side"], { allowFail: true });
  assert.equal(await inProgressOperation(fs, repo), "cherry_pick");
});

Deno.test("inProgressOperation() reports a stopped revert", async () => {
  const { dir, repo } = await conflicting();
  await writeFiles(dir, { "f.txt": "later\n" });
  await commitAll(dir, "later");
  await git(dir, ["revert", "--no-edit", "HEAD~1"], { allowFail: true });
  assert.equal(await inProgressOperation(fs, repo), "revert");
});

/** main and side both change f.txt; side adds two more commits after. */
async function pickSeries(): Promise<{ dir: string; repo: RepoLocation }> {
  const r = await conflicting();
  await git(r.dir, ["checkout", "-q", "side"]);
  await writeFiles(r.dir, { "g.txt": "g\n" });
  await commitAll(r.dir, "g");
  await writeFiles(r.dir, { "h.txt": "h\n" });
  await commitAll(r.dir, "h");
  await git(r.dir, ["checkout", "-q", "main"]);
  return r;
}

/** What git status says is in progress (its long format's own words). */
async function gitSays(dir: string): Promise<string> {
  const out = (await git(dir, ["status"])).stdout;
  return /(Cherry-pick|Revert) currently in progress/.exec(out)?.[1] ?? "nothing";
}

Deno.test("inProgressOperation() reports a cherry-pick of several commits whose stop was committed by hand (no CHERRY_PICK_HEAD, a sequencer todo)", async () => {
  const { dir, repo } = await pickSeries();
  await git(dir, ["cherry-pick", "side~2", "side~1", "side"], { allowFail: true });
  await writeFiles(dir, { "f.txt": "resolved\n" });
  await git(dir, ["add", "f.txt"]);
  await git(dir, ["commit", "-q", "-m", "resolved"]);
  assert.equal(await gitSays(dir), "Cherry-pick", "control: git says a cherry-pick is in progress");
  assert.equal(await inProgressOperation(fs, repo), "cherry_pick");
  // Control: --quit drops the todo list; git says nothing, and so does baton.
  await git(dir, ["cherry-pick", "--quit"]);
  assert.equal(await gitSays(dir), "nothing");
  assert.equal(await inProgressOperation(fs, repo), null);
});

Deno.test("inProgressOperation() reports a stopped cherry-pick --no-commit of several commits (no CHERRY_PICK_HEAD)", async () => {
  const { dir, repo } = await pickSeries();
  await git(dir, ["cherry-pick", "--no-commit", "side~2", "side~1", "side"], { allowFail: true });
  assert.equal(await gitSays(dir), "Cherry-pick", "control");
  assert.equal(await inProgressOperation(fs, repo), "cherry_pick");
});

Deno.test("inProgressOperation() reports a revert of several commits whose stop was committed by hand", async () => {
  const { dir, repo } = await conflicting();
  await writeFiles(dir, { "f.txt": "later\n" });
  await commitAll(dir, "later");
  await writeFiles(dir, { "g.txt": "g\n" });
  await commitAll(dir, "g");
  // main's f.txt change, since changed again, conflicts; g is left to revert.
  await git(dir, ["revert", "--no-edit", "HEAD~2", "HEAD"], { allowFail: true });
  await writeFiles(dir, { "f.txt": "resolved\n" });
  await git(dir, ["add", "f.txt"]);
  await git(dir, ["commit", "-q", "-m", "resolved"]);
  assert.equal(await gitSays(dir), "Revert", "control: git says a revert is in progress");
  assert.equal(await inProgressOperation(fs, repo), "revert");
});

Deno.test("sequencerCommand() reads a todo list's first command as git does", () => {
  const cases: [string, string | null][] = [
    ["pick 1234567 subject\npick 89abcde next\n", "cherry_pick"],
    ["p 1234567 subject\n", "cherry_pick"],
    [" \r\n\tpick\t1234567\n", "cherry_pick"],
    ["revert 1234567 subject\n", "revert"],
    // git passes over a "pick" not followed by a blank before it looks for "revert".
    ["pickrevert 1234567\n", "revert"],
    ["picks 1234567\n", null],
    ["p\n1234567\n", null],
    ["pick\n", null],
    ["revert\n", null],
    ["exec make\n", null],
    ["r 1234567\n", null],
    ["", null],
    ["\0pick 1234567\n", null],
  ];
  for (const [text, want] of cases) {
    assert.equal(sequencerCommand(new TextEncoder().encode(text)), want, JSON.stringify(text));
  }
});

Deno.test("inProgressOperation() reports a bisect session", async () => {
  const { dir, repo } = await conflicting();
  await git(dir, ["bisect", "start"]);
  assert.equal(await inProgressOperation(fs, repo), "bisect");
});

Deno.test("inProgressOperation() reads markers from a linked worktree's own git dir", async () => {
  const { dir } = await conflicting();
  const wt = removeAfterTests(`${dir}-wt`);
  await git(dir, ["worktree", "add", "-q", "-b", "w", wt, "main"]);
  await git(wt, ["merge", "side"], { allowFail: true });
  const wtRepo = await findRepo(fs, wt);
  const mainRepo = await findRepo(fs, dir);
  assert.ok(wtRepo !== null && mainRepo !== null);
  assert.equal(await inProgressOperation(fs, wtRepo), "merge");
  assert.equal(await inProgressOperation(fs, mainRepo), null);
});

/** The operation `git status` names (its long form's words), or null. */
async function operationGitNames(dir: string): Promise<string | null> {
  const out = (await git(dir, ["status"])).stdout;
  if (/You are currently rebasing|rebase in progress;/.test(out)) return "rebase";
  if (/You are in the middle of an am session/.test(out)) return "am";
  if (/You have unmerged paths|All conflicts fixed but you are still merging/.test(out)) {
    return "merge";
  }
  if (/You are currently bisecting/.test(out)) return "bisect";
  return null;
}

Deno.test("inProgressOperation() takes a marker as git's stat(2) does: a file or a link to one counts, a dangling or looping link does not", async () => {
  const shapes: [string, string][] = [
    ["a plain file named rebase-merge", "touch rebase-merge"],
    ["a plain file named rebase-apply", "touch rebase-apply"],
    ["rebase-apply a link to a directory", "mkdir el && ln -s el rebase-apply"],
    [
      "rebase-apply a link to a directory holding applying",
      "mkdir el && touch el/applying && ln -s el rebase-apply",
    ],
    ["rebase-merge a dangling link", "ln -s nowhere rebase-merge"],
    ["rebase-merge a looping link", "ln -s rebase-merge rebase-merge"],
    ["MERGE_HEAD a directory", "mkdir MERGE_HEAD"],
    ["MERGE_HEAD a dangling link", "ln -s nowhere MERGE_HEAD"],
    ["BISECT_LOG a dangling link", "ln -s nowhere BISECT_LOG"],
    ["BISECT_LOG a link to a file", "touch log && ln -s log BISECT_LOG"],
    // The control: the markers as git itself leaves them.
    ["rebase-merge a directory (as git leaves it)", "mkdir rebase-merge"],
  ];
  const seen = new Set<string | null>();
  for (const [name, script] of shapes) {
    const { dir, repo } = await conflicting();
    const out = await new Deno.Command("sh", { args: ["-c", script], cwd: `${dir}/.git` })
      .output();
    assert.equal(out.code, 0, name);
    const want = await operationGitNames(dir);
    seen.add(want);
    assert.equal(await inProgressOperation(fs, repo), want, name);
  }
  // Both answers occur: the shapes test each way.
  assert.ok(seen.has(null) && seen.has("rebase") && seen.has("am"), [...seen].join());
});
