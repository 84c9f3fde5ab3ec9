/**
 * A committed `.gitignore` line with many stars, against a committed folder
 * whose name repeats the starred letter: git answers at once; baton's
 * regular expression backtracked through every split of the name between
 * the stars, so preflight never ended and every capture hook ran out of its
 * budget (no automatic capsule while that commit is checked out). The hook
 * writes its capsule with the untracked files git lists; the control is the
 * same repository with a pattern of two stars.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";

const NAME = "a".repeat(60);

/** A repository whose .gitignore holds `pattern`, a committed folder NAME and an untracked file in it. */
async function repoWith(pattern: string): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, { ".gitignore": `${pattern}\n`, [`${NAME}/kept.txt`]: "x\n" });
  await commitAll(dir, "stranger");
  await writeFiles(dir, { [`${NAME}/new.txt`]: "y\n", [`${NAME}/${"a".repeat(12)}.b`]: "z\n" });
  return dir;
}

/** The untracked paths git lists, sorted. */
async function gitUntracked(dir: string): Promise<string[]> {
  const out = (await git(dir, ["status", "--porcelain", "-uall"])).stdout;
  return out.split("\n").filter((l) => l.startsWith("?? ")).map((l) => l.slice(3)).sort();
}

/** Runs the pre-compact hook; returns the capsule's untracked paths. */
async function captureUntracked(dir: string): Promise<string[]> {
  const hook = await runBaton(["hook", "pre-compact", "--host", "claude-code", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({
      session_id: "3f1c2a9e-0d4b-4c1e-9a57-1b2c3d4e5f60",
      cwd: dir,
      hook_event_name: "PreCompact",
      trigger: "manual",
    }),
  });
  assert.equal(hook.code, 0, hook.stderr);
  assert.equal(JSON.parse(hook.stdout).action, "written", hook.stdout + hook.stderr);
  const show = await runBaton(["show", "latest", "--json"], { cwd: dir });
  assert.equal(show.code, 0, show.stderr);
  const tree = JSON.parse(show.stdout).capsule.facts.tree;
  assert.equal(tree.status, "complete", JSON.stringify(tree));
  return [...tree.untracked].sort();
}

Deno.test("a committed .gitignore line of many stars does not stop a capture: the capsule lists what git lists", async () => {
  const dir = await repoWith(`${"*a".repeat(12)}*b`);
  const expected = await gitUntracked(dir);
  assert.deepEqual(expected, [`${NAME}/new.txt`], "git ignores the .b file and lists new.txt");
  assert.deepEqual(await captureUntracked(dir), expected);
});

Deno.test("control: the same repository with a pattern of two stars", async () => {
  const dir = await repoWith("*a*b");
  const expected = await gitUntracked(dir);
  assert.deepEqual(expected, [`${NAME}/new.txt`]);
  assert.deepEqual(await captureUntracked(dir), expected);
});
