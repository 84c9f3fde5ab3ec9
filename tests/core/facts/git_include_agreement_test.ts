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
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
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

/** A home whose ~/.gitconfig includes core.excludesFile (ignoring *.log) where `condition` holds. */
async function includingHome(condition: string): Promise<UserEnv> {
  const env = await userEnv();
  await writeFiles(env.home, {
    ".gitconfig": `[includeIf "${condition}"]\n\tpath = inc\n`,
    "inc": "[core]\n\texcludesFile = ~/ign\n",
    "ign": "*.log\n",
  });
  return env;
}

/**
 * baton agrees with git in `cwd`, and git followed the include (it ignores
 * x.log then) exactly when `follows` says: the control that the shape tests
 * what it names.
 */
async function assertAgreesFollowing(
  env: UserEnv,
  cwd: string,
  label: string,
  follows: boolean,
): Promise<void> {
  const r = await assertAgreesWithGit(env, cwd, { label });
  assert.equal(
    !r.git.untracked.includes("x.log"),
    follows,
    `control: git ${follows ? "follows" : "passes over"} it (${label})`,
  );
}

Deno.test('includeIf "gitdir:" through a symbolic link: git spells a .git directory through $PWD where $PWD names the work tree top, and nowhere else', async () => {
  const t = (await tempDir("baton-include-link-")).path;
  const dir = await repo();
  await Deno.mkdir(`${dir}/sub`);
  await Deno.symlink(dir, `${t}/link`);
  const env = await includingHome(`gitdir:${t}/link/`);
  // baton runs in the physical directory, as the process's cwd always is;
  // the shell's $PWD is the path through the link.
  const shapes: [string, string, Record<string, string>, boolean][] = [
    ["$PWD through the link, at the top", dir, { PWD: `${t}/link` }, true],
    ["$PWD through the link with a trailing slash", dir, { PWD: `${t}/link/` }, true],
    ["no $PWD", dir, {}, false],
    ["$PWD naming another directory", dir, { PWD: t }, false],
    ["$PWD naming nothing", dir, { PWD: `${t}/none` }, false],
    ["$PWD through the link, in a subdirectory", `${dir}/sub`, { PWD: `${t}/link/sub` }, false],
  ];
  for (const [label, cwd, vars, follows] of shapes) {
    await assertAgreesFollowing({ ...env, vars }, cwd, label, follows);
  }
});

Deno.test('includeIf "gitdir:" patterns expand ~/ from the home\'s real path and ./ from the real path of the config file', async () => {
  const t = (await tempDir("baton-include-home-")).path;
  await Deno.mkdir(`${t}/realhome/work`, { recursive: true });
  await Deno.mkdir(`${t}/dotfiles`);
  await Deno.symlink(`${t}/realhome`, `${t}/home`);
  const dir = `${t}/realhome/work/r`;
  await Deno.mkdir(dir);
  const made = await repo();
  await Deno.rename(`${made}/.git`, `${dir}/.git`);
  await writeFiles(dir, { "x.log": "x\n", "y.txt": "y\n" });
  const env: UserEnv = { home: `${t}/home`, xdg: null };
  await writeFiles(`${t}/realhome`, {
    "inc": "[core]\n\texcludesFile = ~/ign\n",
    "ign": "*.log\n",
  });
  const shapes: [string, string, boolean][] = [
    ["~/ through a linked home", "gitdir:~/work/", true],
    ["./ in a file of a linked home", "gitdir:./work/", true],
    ["./ folding case", "gitdir/i:./WORK/", true],
    ["~/ to another folder", "gitdir:~/play/", false],
    ["./ to another folder", "gitdir:./play/", false],
  ];
  for (const [label, condition, follows] of shapes) {
    await Deno.writeTextFile(
      `${t}/realhome/.gitconfig`,
      `[includeIf "${condition}"]\n\tpath = ${t}/realhome/inc\n`,
    );
    await assertAgreesFollowing(env, dir, label, follows);
  }
  // ~/.gitconfig linked from a dotfiles folder: ./ is that folder.
  await Deno.remove(`${t}/realhome/.gitconfig`);
  await Deno.symlink(`${t}/dotfiles/gitconfig`, `${t}/realhome/.gitconfig`);
  await Deno.symlink(`${t}/realhome/work`, `${t}/dotfiles/work`);
  for (
    const [label, condition, follows] of [
      ["./ in a linked config file: the folder it lives in", "gitdir:./work/", false],
      ["./ in a linked config file: the real path below it", "gitdir:./../realhome/work/", false],
    ] as const
  ) {
    await Deno.writeTextFile(
      `${t}/dotfiles/gitconfig`,
      `[includeIf "${condition}"]\n\tpath = ${t}/realhome/inc\n`,
    );
    await assertAgreesFollowing(env, dir, label, follows);
  }
});

Deno.test('includeIf "gitdir:" and a .git file: git matches the real path of the directory it names, never a link on the way', async () => {
  const t = (await tempDir("baton-include-gitfile-")).path;
  await Deno.mkdir(`${t}/store`);
  await Deno.symlink(`${t}/store`, `${t}/slink`);
  const dir = await repo();
  await Deno.rename(`${dir}/.git`, `${t}/store/g`);
  // Both temp directories sit in one folder: the relative path climbs one level.
  assert.equal(dir.slice(0, dir.lastIndexOf("/")), t.slice(0, t.lastIndexOf("/")));
  const viaLink = `../${t.slice(t.lastIndexOf("/") + 1)}/slink/g`;
  for (
    const [label, gitfile, condition, follows] of [
      ["relative through a link, condition on the link", viaLink, `${t}/slink/`, false],
      ["absolute through a link, condition on the link", `${t}/slink/g`, `${t}/slink/`, false],
      ["through a link, condition on the real path", `${t}/slink/g`, `${t}/store/`, true],
      ["real path, condition on the real path", `${t}/store/g`, `${t}/store/`, true],
    ] as const
  ) {
    const env = await includingHome(`gitdir:${condition}`);
    await Deno.writeTextFile(`${dir}/.git`, `gitdir: ${gitfile}\n`);
    await assertAgreesFollowing(env, dir, label, follows);
  }
});

Deno.test("includeIf globs are git's wildmatch: stars glued to a name stay in one component, POSIX classes, brackets never take a slash, ? takes one byte", async () => {
  // Each shape names the branch checked out and the condition; git's own
  // answer is the control (both outcomes occur). Before facts105 baton read
  // glued stars as crossing "/" (fea**x held on feature/x, <dir>/baton-**
  // held for <dir>/baton-…/.git) and knew no [[:alpha:]] class.
  const shapes: [string, string, (dir: string) => string, boolean][] = [
    ["onbranch: glued stars stop at /", "feature/x", () => "onbranch:fea**x", false],
    ["onbranch: glued stars within a name", "feature/x", () => "onbranch:feature/**x", true],
    [
      "onbranch: a trailing slash takes everything below",
      "feature/x/y",
      () => "onbranch:feature/",
      true,
    ],
    ["onbranch: [!a] never takes /", "x/y", () => "onbranch:x[!a]y", false],
    ["onbranch: [[:upper:]]", "Xy", () => "onbranch:[[:upper:]]y", true],
    ["onbranch: an unknown class matches nothing", "Xy", () => "onbranch:[[:bogus:]]y", false],
    ["onbranch: ? takes one byte of é", "bé", () => "onbranch:b?", false],
    ["onbranch: ?? takes both", "bé", () => "onbranch:b??", true],
    [
      "gitdir: glued stars stop at /",
      "main",
      (d) => `gitdir:${parentOf(d)}/baton-include-**`,
      false,
    ],
    [
      "gitdir/i: glued stars stop at /",
      "main",
      (d) => `gitdir/i:${parentOf(d).toUpperCase()}/BATON-INCLUDE-**`,
      false,
    ],
    ["gitdir: stars after a slash cross it", "main", (d) => `gitdir:${parentOf(d)}/**`, true],
    [
      "gitdir: [[:alpha:]]",
      "main",
      (d) => `gitdir:${parentOf(d)}/[[:alpha:]]aton-include-*/.git`,
      true,
    ],
    ["gitdir/i: folds case", "main", (d) => `gitdir/i:${d.toUpperCase()}/.GIT`, true],
  ];
  for (const [label, branch, condition, follows] of shapes) {
    const dir = await repo();
    if (branch !== "main") await git(dir, ["checkout", "-q", "-b", branch]);
    const env = await includingHome(condition(dir));
    await assertAgreesFollowing(env, dir, label, follows);
  }
});

/** The directory holding `path`. */
function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/"));
}

Deno.test("includeIf gitdir: and paths git expands from another user's home (~user/) or its install prefix (%(prefix)/): the tree is unknown, where ~/ is followed", async () => {
  const user = Deno.env.get("USER") ?? "root";
  const shapes: [string, (env: UserEnv, dir: string) => string][] = [
    ["gitdir:~user/", (_e, dir) => `[includeIf "gitdir:~${user}/../..${dir}/"]\n\tpath = ~/inc\n`],
    ["gitdir:%(prefix)/", () => `[includeIf "gitdir:%(prefix)/**"]\n\tpath = ~/inc\n`],
    // git opens <prefix>/inc; before facts105 baton opened .git/%(prefix)/inc.
    ["include.path = %(prefix)/inc", () => "[include]\n\tpath = %(prefix)/inc\n"],
  ];
  for (const [label, text] of shapes) {
    const dir = await repo();
    const env = await userEnv();
    await writeFiles(env.home, { "inc": "[core]\n\texcludesFile = ~/ign\n", "ign": "*.log\n" });
    await writeFiles(`${dir}/.git/%(prefix)`, { "inc": "[core]\n\texcludesFile = ~/ign\n" });
    await appendConfig(dir, text(env, dir));
    const r = await assertAgreesWithGit(env, dir, { label, allowNoTree: true });
    assert.equal(r.facts.tree, undefined, `${label}: baton states no tree`);
    assert.match(
      r.facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
      /~user\/ or %\(prefix\)\/ path/,
      label,
    );
  }
  // Control: the same with ~/ is followed, and baton agrees with a tree.
  const dir = await repo();
  const env = await includingHome(`gitdir:~/../..${dir}/`);
  await assertAgreesFollowing(env, dir, "gitdir:~/", false);
  await Deno.writeTextFile(
    `${env.home}/.gitconfig`,
    `[includeIf "gitdir:${dir}/"]\n\tpath = inc\n`,
  );
  await assertAgreesFollowing(env, dir, "gitdir: the directory itself", true);
});
