/**
 * git's moving variables against git itself (`git status --porcelain=v2`,
 * `git rev-parse`) under the same environment: one naming exactly what
 * baton finds (a git hook's GIT_DIR=.git, GIT_INDEX_FILE=.git/index) is
 * answered like an unset one and agrees with git; one naming another
 * repository makes every fact unavailable (git reads that one: no HEAD or
 * branch of the repository found is reported as git's); one naming another
 * work tree makes the work tree unavailable; one naming another index or
 * object store is followed, as git follows it (the object stores compared
 * with git in ../git_object_directory_test.ts).
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import {
  assertAgreesWithGit,
  batonFacts,
  gitAs,
  type UserEnv,
} from "../../../_helpers/git_oracle.ts";
import { collectFacts } from "../../../../core/facts/collect.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import type { ReadFs } from "../../../../core/fs.ts";
import { movingInEffect } from "../../../../core/facts/git/moving_in_effect.ts";

async function repo(label: string, files: Record<string, string>): Promise<string> {
  const dir = await makeRepo(`baton-moving-${label}-`);
  await writeFiles(dir, files);
  await commitAll(dir, label);
  return dir;
}

async function userEnv(vars: Record<string, string> = {}): Promise<UserEnv> {
  return { home: (await tempDir("baton-home-")).path, xdg: null, vars };
}

async function headAs(env: UserEnv, cwd: string): Promise<string> {
  const r = await gitAs(env, cwd, ["rev-parse", "HEAD"]);
  return new TextDecoder().decode(r.stdout).trim();
}

function unavailable(facts: { unavailable?: { part: string; reason: string }[] }, part: string) {
  return facts.unavailable?.find((u) => u.part === part)?.reason;
}

Deno.test("moving variables naming what baton finds (a git hook's GIT_DIR=.git, GIT_INDEX_FILE) agree with git", async () => {
  const dir = await repo("same", { "a.txt": "a\n", "src/b.txt": "b\n" });
  await writeFiles(dir, { "a.txt": "edited\n", "u.txt": "u\n" });
  await git(dir, ["add", "a.txt"]);
  await writeFiles(dir, { "src/b.txt": "edited\n" });
  const shapes: Record<string, string>[] = [
    { GIT_DIR: ".git" },
    { GIT_DIR: `${dir}/.git`, GIT_WORK_TREE: dir },
    { GIT_DIR: ".git", GIT_INDEX_FILE: ".git/index" },
    { GIT_INDEX_FILE: `${dir}/.git/index` },
    { GIT_INDEX_FILE: ".git/index" },
    { GIT_OBJECT_DIRECTORY: `${dir}/.git/objects` },
    { GIT_WORK_TREE: "." },
    { GIT_COMMON_DIR: `${dir}/.git` },
  ];
  for (const vars of shapes) {
    const r = await assertAgreesWithGit(await userEnv(vars), dir, { label: JSON.stringify(vars) });
    assert.equal(r.git.tracked.get("a.txt"), "M.", `control under ${JSON.stringify(vars)}`);
    assert.equal(r.git.tracked.get("src/b.txt"), ".M");
  }
});

Deno.test("GIT_DIR or GIT_COMMON_DIR naming another repository: no fact of the one found is reported", async () => {
  const here = await repo("here", { "a.txt": "a\n" });
  const other = await repo("other", { "o.txt": "o\n" });
  const plain = await userEnv();
  const control = await batonFacts(plain, here);
  assert.equal(control.head, await headAs(plain, here), "control: baton reads HEAD as git does");
  for (const vars of [{ GIT_DIR: `${other}/.git` }, { GIT_COMMON_DIR: `${other}/.git` }]) {
    const env = await userEnv(vars);
    if ("GIT_DIR" in vars) {
      assert.equal(
        await headAs(env, here),
        await headAs(plain, other),
        "control: git reads the other",
      );
    }
    const facts = await batonFacts(env, here);
    assert.equal(facts.head, null, `${JSON.stringify(vars)}: no HEAD of the repository found`);
    assert.equal(facts.branch, null);
    assert.deepEqual(facts.changed_files, []);
    assert.equal(facts.tree, undefined);
    assert.match(unavailable(facts, "repository") ?? "", /names another repository/);
    assert.doesNotMatch(
      JSON.stringify(facts),
      new RegExp(other.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
  }
});

Deno.test("a bare repository's GIT_DIR and GIT_WORK_TREE (dotfiles) where baton finds none: unavailable, not 'not a repository'", async () => {
  const home = (await tempDir("baton-dotfiles-")).path;
  await git(home, ["init", "-q", "--bare", "-b", "main", `${home}/.dotfiles`]);
  const vars = { GIT_DIR: `${home}/.dotfiles`, GIT_WORK_TREE: home };
  await writeFiles(home, { ".bashrc": "x\n" });
  await git(home, ["add", ".bashrc"], { env: vars });
  await git(home, ["commit", "-q", "-m", "dot"], { env: vars });
  const env = await userEnv(vars);
  const r = await gitAs(env, home, ["status", "--porcelain=v2"]);
  assert.equal(r.code, 0, "control: git finds the repository through GIT_DIR");
  const plain = await batonFacts(await userEnv(), home);
  assert.equal(plain.repo_root, null, "control: without it there is no repository here");
  const facts = await batonFacts(env, home);
  assert.match(unavailable(facts, "repository") ?? "", /^GIT_DIR names another repository/);
});

Deno.test("GIT_INDEX_FILE naming another index (absolute, relative to the top from a subdirectory, or missing) is followed: baton compares with that index, as git does", async () => {
  const dir = await repo("index", { "a.txt": "a\n", "src/b.txt": "b\n" });
  const alt = `${dir}/.git/alt-index`;
  await Deno.copyFile(`${dir}/.git/index`, alt);
  await writeFiles(dir, { "g.txt": "g\n", "a.txt": "edited\n" });
  await git(dir, ["add", "g.txt"], { env: { GIT_INDEX_FILE: alt } });
  const plain = await assertAgreesWithGit(await userEnv(), dir, { label: "unset" });
  assert.deepEqual(plain.git.untracked, ["g.txt"], "control: git's own index does not hold g.txt");
  const cases: [Record<string, string>, string[]][] = [
    [{ GIT_INDEX_FILE: alt }, ["A. g.txt", ".M a.txt"]],
    // A relative one is read from the top of the work tree, wherever git starts.
    [{ GIT_INDEX_FILE: ".git/alt-index" }, ["A. g.txt", ".M a.txt"]],
    // A missing one is an empty index: every file is staged gone and untracked.
    [{ GIT_INDEX_FILE: `${dir}/.git/no-such-index` }, ["D. a.txt", "D. src/b.txt"]],
  ];
  for (const [vars, want] of cases) {
    const label = JSON.stringify(vars);
    const env = await userEnv(vars);
    const r = await assertAgreesWithGit(env, dir, { label });
    const got = [...r.git.tracked].map(([p, xy]) => `${xy} ${p}`);
    assert.deepEqual(got.sort(), [...want].sort(), `${label}: control: git's answer moves`);
    // From a subdirectory baton reads the same index, as git does.
    const sub = await batonFacts(env, `${dir}/src`);
    assert.deepEqual(sub.changed_files, r.facts.changed_files, `${label} from src`);
    assert.deepEqual(sub.tree?.untracked, r.facts.tree?.untracked, `${label} from src`);
  }
});

Deno.test("GIT_DIR from a subdirectory (git's work tree is then that directory), another work tree: the work tree is unknown", async () => {
  const dir = await repo("moved", { "a.txt": "a\n", "src/b.txt": "b\n" });
  const head = await headAs(await userEnv(), dir);
  const otherTree = (await tempDir("baton-other-tree-")).path;
  await writeFiles(dir, { "g.txt": "g\n" });
  const cases: [string, Record<string, string>][] = [
    [`${dir}/src`, { GIT_DIR: "../.git" }],
    [dir, { GIT_WORK_TREE: otherTree }],
  ];
  const plain = await userEnv();
  const plainStatus = new TextDecoder().decode(
    (await gitAs(plain, dir, ["status", "--porcelain=v2"])).stdout,
  );
  for (const [cwd, vars] of cases) {
    const label = `${cwd === dir ? "top" : "src"} ${JSON.stringify(vars)}`;
    const env = await userEnv(vars);
    const moved = await gitAs(env, cwd, ["status", "--porcelain=v2"], { allowFail: true });
    assert.notEqual(
      new TextDecoder().decode(moved.stdout),
      plainStatus,
      `${label}: control: git's answer moves`,
    );
    const facts = await collectFacts(new TestFs(), cwd, {
      now: () => new Date(),
      homeDir: env.home,
      xdgConfigHome: null,
      systemConfigPath: null,
      gitEnvironment: vars,
    });
    assert.equal(facts.tree, undefined, label);
    assert.deepEqual(facts.changed_files, [], label);
    assert.match(unavailable(facts, "worktree") ?? "", /is set in the environment/, label);
    assert.equal(facts.head, head, `${label}: HEAD is still the repository's`);
  }
});

Deno.test("GIT_DISCOVERY_ACROSS_FILESYSTEM: baton's search crosses a mount point only where git's does", async () => {
  const dir = await repo("mount", { "a.txt": "a\n" });
  await Deno.mkdir(`${dir}/mnt/deeper`, { recursive: true });
  // The directory below `mnt` is on another device (the file system is simulated; the repository is real).
  const real = new TestFs();
  const fs: ReadFs = Object.assign(Object.create(real), {
    stat: async (path: string) => {
      const st = await real.stat(path);
      return st !== null && path.startsWith(`${dir}/mnt`) ? { ...st, dev: (st.dev ?? 0) + 1 } : st;
    },
  });
  const cwd = `${dir}/mnt/deeper`;
  const run = (vars: Record<string, string>, found?: null) =>
    collectFacts(fs, cwd, {
      now: () => new Date(),
      homeDir: null,
      xdgConfigHome: null,
      systemConfigPath: null,
      gitEnvironment: vars,
      ...(found === null ? { repo: null } : {}),
    });
  assert.equal(
    (await run({})).repo_root,
    null,
    "control: git stops at the boundary, so does baton",
  );
  assert.equal((await run({ GIT_DISCOVERY_ACROSS_FILESYSTEM: "0" })).repo_root, null, "false");
  const across = await run({ GIT_DISCOVERY_ACROSS_FILESYSTEM: "1" });
  assert.equal(across.repo_root, dir, "git crosses it: so does baton");
  assert.equal(across.head, await headAs(await userEnv(), dir));
  // A caller that searched without the variable: unavailable, never "not a repository".
  const told = await run({ GIT_DISCOVERY_ACROSS_FILESYSTEM: "true" }, null);
  assert.match(unavailable(told, "repository") ?? "", /GIT_DISCOVERY_ACROSS_FILESYSTEM/);
});

Deno.test("a moving variable set to the empty string is set for git: GIT_INDEX_FILE= is an empty index, GIT_DIR=, GIT_WORK_TREE=, GIT_OBJECT_DIRECTORY=, GIT_COMMON_DIR= stop git; baton never says clean", async () => {
  const dir = await repo("empty", { "a.txt": "a\n", "src/b.txt": "b\n" });
  // Control: unset, and GIT_ALTERNATE_OBJECT_DIRECTORIES= (no alternates), both clean for git and baton.
  for (const vars of [{}, { GIT_ALTERNATE_OBJECT_DIRECTORIES: "" }]) {
    const r = await assertAgreesWithGit(await userEnv(vars), dir, { label: JSON.stringify(vars) });
    assert.equal(r.git.tracked.size, 0, `control ${JSON.stringify(vars)}: git says clean`);
    assert.equal(r.facts.changed_files.length, 0, `control ${JSON.stringify(vars)}: baton too`);
  }
  // git opens "" as the index: none, so every file is staged gone and untracked.
  const idx = await assertAgreesWithGit(await userEnv({ GIT_INDEX_FILE: "" }), dir, {
    label: "GIT_INDEX_FILE=",
  });
  assert.deepEqual([...idx.git.tracked].map(([p, xy]) => `${xy} ${p}`).sort(), [
    "D. a.txt",
    "D. src/b.txt",
  ]);
  for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR"]) {
    const r = await assertAgreesWithGit(await userEnv({ [name]: "" }), dir, { label: `${name}=` });
    assert.equal(r.git.stopped, true, `${name}=: control: git stops`);
  }
});

Deno.test("movingInEffect: the object stores git reads, where baton can tell them", async () => {
  const dir = await repo("stores", { "a.txt": "a\n" });
  const top = await Deno.realPath(dir);
  await Deno.mkdir(`${dir}/src`);
  const fs = new TestFs();
  const found = { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
  const stores = async (cwd: string, env: Record<string, string>) =>
    (await movingInEffect(fs, cwd, found, env, false)).objectStores;
  assert.equal(await stores(dir, {}), null, "control: none set");
  assert.equal(await stores(dir, { GIT_OBJECT_DIRECTORY: ".git/objects" }), null, "the same store");
  assert.deepEqual(await stores(`${dir}/src`, { GIT_OBJECT_DIRECTORY: "/o" }), {
    directory: "/o",
    alternates: [],
  });
  // Relative at the top: from the top's real path, where git has moved.
  assert.deepEqual(await stores(dir, { GIT_OBJECT_DIRECTORY: "o" }), {
    directory: `${top}/o`,
    alternates: [],
  });
  // Relative from below the top: git reads objects from the top too (its search
  // asks the directory from where it started: collect.ts).
  assert.deepEqual(await stores(`${dir}/src`, { GIT_OBJECT_DIRECTORY: "o" }), {
    directory: `${top}/o`,
    alternates: [],
  });
  // Split at ':' as git splits it: comments and empty entries dropped, a plain quoted one taken.
  assert.deepEqual(
    await stores(`${dir}/src`, { GIT_ALTERNATE_OBJECT_DIRECTORIES: '#c::rel:"/q":/abs' }),
    { directory: null, alternates: [`${top}/rel`, "/q", "/abs"] },
  );
  assert.deepEqual(await stores(dir, { GIT_ALTERNATE_OBJECT_DIRECTORIES: "#only" }), {
    directory: null,
    alternates: [],
  });
  // A quoted entry is unquoted as git unquotes it; one whose bytes are not UTF-8 is not read.
  assert.deepEqual(await stores(dir, { GIT_ALTERNATE_OBJECT_DIRECTORIES: '"/a\\tb"' }), {
    directory: null,
    alternates: ["/a\tb"],
  });
  assert.equal(await stores(dir, { GIT_ALTERNATE_OBJECT_DIRECTORIES: '"/a\\351"' }), null);
  // The handoff commit still sees them named (it writes objects and refuses).
  const effect = await movingInEffect(fs, dir, found, { GIT_OBJECT_DIRECTORY: "/o" }, false);
  assert.deepEqual(effect.worktree, ["GIT_OBJECT_DIRECTORY"]);
});
