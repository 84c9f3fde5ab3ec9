/**
 * The git record against the real git: in a directory laid out as a bare
 * repository whose tracked `config` names a diff.external program (what a
 * tree can hold at its top), `git --git-dir=. diff` and `git --bare diff`
 * run that program, so neither is read_only; `git --git-dir=.git diff` in
 * an ordinary clone uses the clone's own configuration and stays read_only.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";

/** Runs git in `cwd` with a clean environment (a temp HOME, no system config). */
async function git(cwd: string, home: string, args: string[], stdin?: string): Promise<string> {
  const p = new Deno.Command("git", {
    args,
    cwd,
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: home,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "a",
      GIT_AUTHOR_EMAIL: "a@example.invalid",
      GIT_COMMITTER_NAME: "a",
      GIT_COMMITTER_EMAIL: "a@example.invalid",
    },
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  if (stdin !== undefined) {
    const w = p.stdin.getWriter();
    await w.write(new TextEncoder().encode(stdin));
    await w.close();
  }
  const out = await p.output();
  return new TextDecoder().decode(out.stdout).trim();
}

Deno.test("git: --git-dir=. and --bare make a tree's own config the repository's, so they are not read_only", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const home = `${dir}/home`;
    const tree = `${dir}/tree`;
    await Deno.mkdir(home);
    await git(dir, home, ["init", "-q", "--bare", tree]);
    // Two commits that differ in one file, written with plumbing.
    const blobA = await git(tree, home, ["hash-object", "-w", "--stdin"], "one\n");
    const blobB = await git(tree, home, ["hash-object", "-w", "--stdin"], "two\n");
    const treeA = await git(tree, home, ["mktree"], `100644 blob ${blobA}\tf\n`);
    const treeB = await git(tree, home, ["mktree"], `100644 blob ${blobB}\tf\n`);
    const c1 = await git(tree, home, ["commit-tree", treeA, "-m", "a"]);
    const c2 = await git(tree, home, ["commit-tree", treeB, "-p", c1, "-m", "b"]);
    await git(tree, home, ["update-ref", "refs/heads/main", c2]);
    await git(tree, home, ["symbolic-ref", "HEAD", "refs/heads/main"]);
    // The tree's tracked config names the program; it only leaves a marker.
    const marker = `${dir}/ext.ran`;
    await Deno.writeTextFile(`${tree}/ext.sh`, `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    await git(tree, home, ["config", "diff.external", `${tree}/ext.sh`]);
    let ran = 0;
    for (const form of [["--git-dir=."], ["--git-dir", "./"], ["--bare"]]) {
      await Deno.remove(marker).catch(() => {});
      await git(tree, home, [...form, "diff", "HEAD~", "HEAD"]);
      const wasRun = await Deno.stat(marker).then(() => true, () => false);
      if (wasRun) ran++;
      const cls = classifyCommand(`git ${form.join(" ")} diff HEAD~ HEAD`).class;
      assert.ok(!(wasRun && cls === "read_only"), `git ${form.join(" ")} diff ran the program`);
    }
    // The oracle can fail: the real git ran the tree's diff.external for each form.
    assert.equal(ran, 3, `${ran} forms ran the tree's program`);
    // Control: an ordinary clone's own .git is the repository git would use anyway.
    assert.equal(classifyCommand("git --git-dir=.git diff HEAD~ HEAD").class, "read_only");
    assert.equal(classifyCommand("git -C . diff HEAD~ HEAD").class, "read_only");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
