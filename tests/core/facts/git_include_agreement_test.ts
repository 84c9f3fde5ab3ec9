/**
 * The differential suite for config includes: which `include.path` and
 * `[includeIf "gitdir:..."]` files git follows, and where it stops, against
 * `git status --porcelain=v2 -z -uall` (tests/_helpers/git_oracle.ts). Each
 * include sets core.excludesFile, so whether git followed it shows in its
 * untracked list (the control), and baton must list the same or, where git
 * stops, give no tree and say why.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, oracle, type UserEnv } from "../../_helpers/git_oracle.ts";

async function userEnv(): Promise<UserEnv> {
  const home = (await tempDir("baton-home-")).path;
  return { home, xdg: null };
}

/** A committed repository with an ignorable x.log and a plain y.txt untracked. */
async function repo(): Promise<string> {
  const dir = await makeRepo("baton-include-");
  await writeFiles(dir, { "a.txt": "alpha\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, { "x.log": "x\n", "y.txt": "y\n" });
  return dir;
}

/** Appends `text` to the repository's own config file. */
async function appendConfig(dir: string, text: string): Promise<void> {
  const path = `${dir}/.git/config`;
  await Deno.writeTextFile(path, (await Deno.readTextFile(path)) + text);
}

Deno.test("include: a path without a value or an empty one, where git follows it, stops git: the tree is unknown", async () => {
  const env = await userEnv();
  await writeFiles(env.home, { "inc": "[core]\n\texcludesFile = ~/ign\n", "ign": "*.log\n" });
  const shapes: [string, string][] = [
    ["include, no value", "[include]\n\tpath\n"],
    ["include, empty", "[include]\n\tpath =\n"],
    ["includeIf that holds, no value", '[includeIf "onbranch:main"]\n\tpath\n'],
    ["includeIf that holds, empty", '[includeIf "onbranch:main"]\n\tpath = ""\n'],
  ];
  for (const [label, text] of shapes) {
    const dir = await repo();
    await appendConfig(dir, text);
    const r = await assertAgreesWithGit(env, dir, { label });
    assert.equal(r.git.stopped, true, `control: git stops (${label})`);
    assert.match(
      r.facts.unavailable?.find((u) => u.part === "config")?.reason ?? "",
      /include path without a file name/,
      label,
    );
  }
  // Controls: the same under a condition that does not hold is passed over,
  // and a path naming a file is followed, by both.
  for (
    const [label, text, ignored] of [
      ["includeIf that does not hold, no value", '[includeIf "onbranch:other"]\n\tpath\n', false],
      ["includeIf that does not hold, empty", '[includeIf "onbranch:other"]\n\tpath =\n', false],
      ["include of a file", `[include]\n\tpath = ${env.home}/inc\n`, true],
    ] as const
  ) {
    const dir = await repo();
    await appendConfig(dir, text);
    const r = await assertAgreesWithGit(env, dir, { label });
    assert.equal(r.git.untracked.includes("x.log"), !ignored, `control: ${label}`);
  }
  // The same in the global file: git stops there too.
  const dir = await repo();
  await writeFiles(env.home, { ".gitconfig": "[include]\n\tpath =\n" });
  const r = await assertAgreesWithGit(env, dir, { label: "~/.gitconfig, empty" });
  assert.equal(r.git.stopped, true, "control: git stops on the global file");
  assert.equal((await oracle({ ...env, home: `${env.home}/none` }, dir)).stopped, undefined);
});
