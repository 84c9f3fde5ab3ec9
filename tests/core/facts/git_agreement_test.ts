/**
 * The differential suite: baton's facts against `git status --porcelain=v2
 * -z -uall` on generated repositories, one shape per test. Each shape is
 * changed in the way that used to fool baton, and each asserts agreement
 * path by path (see tests/_helpers/git_oracle.ts): changed where git shows a
 * change, clean where git shows none, and `unchecked` only where a test says
 * baton may not know. Every test that expects a change also checks that git
 * does show it (the positive control) so a shape that git itself calls clean
 * cannot pass vacuously.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, GIT_ENV, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { REJECTED_CONFIG_KEYS } from "../../../core/facts/git/rejected_config.ts";
import {
  type Agreement,
  assertAgreesWithGit,
  batonFacts,
  gitAs,
  oracle,
  type UserEnv,
} from "../../_helpers/git_oracle.ts";

/** git's version as [major, minor]. */
function gitVersion(): [number, number] {
  const out = new TextDecoder().decode(
    new Deno.Command("git", { args: ["--version"], stdout: "piped" }).outputSync().stdout,
  );
  const m = /(\d+)\.(\d+)/.exec(out);
  return m === null ? [0, 0] : [Number(m[1]), Number(m[2])];
}

/**
 * Sparse-checkout semantics baton follows are git 2.37's (a present
 * skip-worktree file is compared): an older git is a different oracle.
 */
const [major, minor] = gitVersion();
const OLD_GIT = major < 2 || (major === 2 && minor < 37);

async function userEnv(xdg = false): Promise<UserEnv> {
  const home = (await tempDir("baton-home-")).path;
  return { home, xdg: xdg ? `${home}/xdg` : null };
}

/** A fixed time long before any index a test writes (2020-09-13). */
const TOUCHED_AT = 1_600_000_000;

/**
 * Sets a file's mtime to a fixed time (TOUCHED_AT plus `seconds`, so two
 * calls with other `seconds` differ) so its stat data no longer matches the
 * index. Not relative to the clock: an mtime a few seconds ahead of it was
 * racily clean to git (and re-read) only until the clock caught up, so what
 * git answered after a later attributes change depended on the machine's load.
 */
async function touch(path: string, seconds = 5): Promise<void> {
  const t = TOUCHED_AT + seconds;
  await Deno.utime(path, t, t);
}

async function base(files: Record<string, string> = {}): Promise<string> {
  const dir = await makeRepo("baton-agree-");
  await writeFiles(dir, { "a.txt": "alpha\n", "src/b.txt": "bravo\n", ...files });
  await commitAll(dir, "base");
  return dir;
}

Deno.test("agrees: ordinary changes (modified, staged, deleted, renamed, untracked)", async () => {
  const env = await userEnv();
  const dir = await base({ "c.txt": "charlie\n", "d.txt": "delta delta delta\n" });
  await writeFiles(dir, { "a.txt": "changed\n", "new/n.txt": "n\n", "e.txt": "staged\n" });
  await git(dir, ["add", "e.txt"]);
  await Deno.remove(`${dir}/c.txt`);
  await git(dir, ["mv", "d.txt", "moved.txt"]);
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git sees the edit");
});

Deno.test("agrees: a merge conflict", async () => {
  const env = await userEnv();
  const dir = await base();
  await git(dir, ["checkout", "-q", "-b", "other"]);
  await writeFiles(dir, { "a.txt": "other\n" });
  await commitAll(dir, "other");
  await git(dir, ["checkout", "-q", "main"]);
  await writeFiles(dir, { "a.txt": "main\n" });
  await commitAll(dir, "main");
  await git(dir, ["merge", "-q", "other"], { allowFail: true });
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.get("a.txt"), "UU");
});

Deno.test("agrees: index v4, untracked cache, split index", async () => {
  const env = await userEnv();
  const dir = await base();
  await git(dir, ["update-index", "--index-version", "4"]);
  await writeFiles(dir, { "a.txt": "v4\n", "u.txt": "u\n" });
  await assertAgreesWithGit(env, dir, { label: "index v4" });
  await git(dir, ["config", "core.untrackedCache", "true"]);
  await git(dir, ["update-index", "--untracked-cache"]);
  await git(dir, ["status", "--porcelain"]);
  await writeFiles(dir, { "src/u2.txt": "u2\n" });
  await assertAgreesWithGit(env, dir, { label: "untracked cache" });
  await git(dir, ["update-index", "--split-index"]);
  await writeFiles(dir, { "src/b.txt": "split\n" });
  await git(dir, ["add", "src/b.txt"]);
  const r = await assertAgreesWithGit(env, dir, { label: "split index" });
  assert.equal(r.git.tracked.get("src/b.txt"), "M.", "control: git sees the staged edit");
});

Deno.test("split index: entries replaced, removed and added since the split, in a work tree and a linked one", async () => {
  const env = await userEnv();
  const files: Record<string, string> = {};
  for (let i = 0; i < 150; i++) files[`d${i % 3}/f${i}.txt`] = `${i}\n`;
  const dir = await base(files);
  await git(dir, ["config", "core.splitIndex", "true"]);
  await git(dir, ["config", "splitIndex.maxPercentChange", "100"]);
  await git(dir, ["update-index", "--split-index"]);
  // Staged edits (replacements), removals (a whole directory), additions, then work-tree edits
  // of shared entries and of replaced ones, and an intent-to-add.
  await writeFiles(dir, { "d1/f1.txt": "staged\n", "d2/f2.txt": "staged\n", "new/n.txt": "n\n" });
  await git(dir, ["add", "d1/f1.txt", "d2/f2.txt", "new/n.txt"]);
  await git(dir, ["rm", "-q", "-r", "--cached", "d0"]);
  await writeFiles(dir, { "d1/f4.txt": "edited\n", "d2/f2.txt": "edited again\n", "i.txt": "i\n" });
  await git(dir, ["add", "-N", "i.txt"]);
  const index = await Deno.readFile(`${dir}/.git/index`);
  assert.ok(new TextDecoder("latin1").decode(index).includes("link"), "control: still split");
  const r = await assertAgreesWithGit(env, dir, { label: "split index changed" });
  assert.equal(r.git.tracked.get("d2/f2.txt"), "MM", "control: git sees both halves");
  assert.equal(r.git.tracked.get("d0/f0.txt"), "D.", "control: git sees the removal");
  // A linked worktree keeps its own split index and shared file in its git directory.
  const wt = `${(await tempDir("baton-wt-")).path}/wt`;
  await git(dir, ["worktree", "add", "-q", wt, "-b", "side"]);
  await git(wt, ["update-index", "--split-index"]);
  await writeFiles(wt, { "d1/f7.txt": "in worktree\n", "w.txt": "w\n" });
  await git(wt, ["add", "d1/f7.txt"]);
  await git(wt, ["rm", "-q", "--cached", "a.txt"]);
  const own = [...Deno.readDirSync(`${dir}/.git/worktrees/wt`)].map((e) => e.name);
  assert.ok(own.some((n) => n.startsWith("sharedindex.")), "control: its own shared index");
  const w = await assertAgreesWithGit(env, wt, { label: "linked worktree" });
  assert.equal(w.git.tracked.get("d1/f7.txt"), "M.", "control: git sees the staged edit");
});

Deno.test("agrees: a linked worktree, a shallow clone and a clone with alternates", async () => {
  const env = await userEnv();
  const dir = await base();
  const wt = `${(await tempDir("baton-wt-")).path}/wt`;
  await git(dir, ["worktree", "add", "-q", wt, "-b", "side"]);
  await writeFiles(wt, { "a.txt": "in worktree\n", "w.txt": "w\n" });
  await assertAgreesWithGit(env, wt, { label: "worktree" });
  const shallow = `${(await tempDir("baton-shallow-")).path}/s`;
  await writeFiles(dir, { "a.txt": "second\n" });
  await commitAll(dir, "second");
  await git(dir, ["clone", "-q", "--depth", "1", `file://${dir}`, shallow]);
  await writeFiles(shallow, { "src/b.txt": "shallow edit\n" });
  await assertAgreesWithGit(env, shallow, { label: "shallow" });
  const shared = `${(await tempDir("baton-shared-")).path}/s`;
  await git(dir, ["clone", "-q", "--shared", dir, shared]);
  await Deno.remove(`${shared}/a.txt`);
  await assertAgreesWithGit(env, shared, { label: "alternates" });
});

Deno.test("agrees: odd names (spaces, quotes, tabs, newlines, unicode)", async () => {
  const env = await userEnv();
  const names = ["with space.txt", 'q"uote.txt', "tab\there.txt", "new\nline.txt", "été.txt"];
  const dir = await base(Object.fromEntries(names.map((n) => [n, "x\n"])));
  for (const n of names) await Deno.writeTextFile(`${dir}/${n}`, "changed\n");
  await Deno.writeTextFile(`${dir}/ünï code.txt`, "u\n");
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.size, names.length);
});

Deno.test("submodules: HEAD moved, content edited, untracked inside, clean and unpopulated", async () => {
  const env = await userEnv();
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub2"]);
  await commitAll(dir, "subs");
  // Clean submodules, each entered and compared.
  await assertAgreesWithGit(env, dir, { label: "clean" });
  // Edited inside: git shows the submodule modified.
  await Deno.writeTextFile(`${dir}/sub/lib.txt`, "edited\n");
  let r = await assertAgreesWithGit(env, dir, { label: "edited inside" });
  assert.equal(r.git.tracked.get("sub"), ".M");
  await git(`${dir}/sub`, ["checkout", "-q", "--", "lib.txt"]);
  // An untracked file inside.
  await Deno.writeTextFile(`${dir}/sub/new.txt`, "n\n");
  r = await assertAgreesWithGit(env, dir, { label: "untracked inside" });
  assert.equal(r.git.tracked.get("sub"), ".M");
  await Deno.remove(`${dir}/sub/new.txt`);
  // HEAD moved.
  await Deno.writeTextFile(`${dir}/sub/lib.txt`, "next\n");
  await git(`${dir}/sub`, ["commit", "-q", "-am", "next"]);
  r = await assertAgreesWithGit(env, dir, { label: "HEAD moved" });
  assert.equal(r.git.tracked.get("sub"), ".M");
  assert.equal(r.git.tracked.has("sub2"), false, "control: the other submodule is clean");
  // Unpopulated (deinit): clean to both.
  await git(dir, ["submodule", "deinit", "-q", "-f", "sub2"]);
  await assertAgreesWithGit(env, dir, { label: "unpopulated" });
});

Deno.test("submodules: a .git that names no repository leaves the tree unknown (git stops), an absent one is unpopulated", async () => {
  const env = await userEnv();
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir, "sub");
  const moved = `${(await tempDir("baton-moved-")).path}/sub`;
  await Deno.rename(`${dir}/.git/modules/sub`, moved);
  const g = await gitAs(env, dir, ["status", "--porcelain=v2"], { allowFail: true });
  assert.notEqual(g.code, 0, "control: git stops at the broken submodule");
  const facts = await batonFacts(env, dir);
  // git states no tree there: neither does baton (it named only the one path unchecked).
  assert.equal(facts.tree, undefined, "no tree stated, never clean");
  assert.match(
    facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
    /names no repository git can read: git status stops/,
  );
  assert.equal(facts.dirty, null);
  // Control: with no .git at all the submodule is unpopulated, clean to both.
  await Deno.remove(`${dir}/sub/.git`);
  await assertAgreesWithGit(env, dir, { label: "unpopulated" });
});

Deno.test("submodules: ignore settings (.gitmodules, the config over it, diff.ignoreSubmodules)", async () => {
  const env = await userEnv();
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  const allow = ["-c", "protocol.file.allow=always"];
  for (const name of ["all", "dirty", "untracked", "plain"]) {
    await git(dir, [...allow, "submodule", "add", "-q", lib, name]);
  }
  for (const mode of ["all", "dirty", "untracked"]) {
    await git(dir, ["config", "-f", ".gitmodules", `submodule.${mode}.ignore`, mode]);
  }
  await commitAll(dir, "subs");
  // Each submodule edited inside and given an untracked file.
  for (const name of ["all", "dirty", "untracked", "plain"]) {
    await Deno.writeTextFile(`${dir}/${name}/lib.txt`, "edited\n");
    await Deno.writeTextFile(`${dir}/${name}/new.txt`, "n\n");
  }
  let r = await assertAgreesWithGit(env, dir, { label: "edited inside" });
  assert.equal(r.git.tracked.get("plain"), ".M", "control: git shows the plain one");
  assert.equal(r.git.tracked.get("untracked"), ".M", "control: an edit still shows");
  assert.equal(r.git.tracked.has("all"), false, "control: ignore=all hides it");
  assert.equal(r.git.tracked.has("dirty"), false, "control: ignore=dirty hides an edit");
  // Untracked files only: ignore=untracked hides them.
  await git(`${dir}/untracked`, ["checkout", "-q", "--", "lib.txt"]);
  r = await assertAgreesWithGit(env, dir, { label: "untracked only" });
  assert.equal(r.git.tracked.has("untracked"), false, "control: untracked files are ignored");
  // A moved HEAD shows under ignore=dirty, never under ignore=all.
  for (const name of ["all", "dirty"]) {
    await git(`${dir}/${name}`, ["commit", "-q", "-am", "moved"]);
  }
  r = await assertAgreesWithGit(env, dir, { label: "HEAD moved" });
  assert.equal(r.git.tracked.get("dirty"), ".M", "control: ignore=dirty shows a moved HEAD");
  // The repository's config replaces .gitmodules; diff.ignoreSubmodules is the start.
  await git(dir, ["config", "submodule.all.ignore", "none"]);
  await git(dir, ["config", "diff.ignoreSubmodules", "all"]);
  r = await assertAgreesWithGit(env, dir, { label: "config over .gitmodules" });
  assert.equal(r.git.tracked.get("all"), ".M", "control: the config's none shows it");
  assert.equal(r.git.tracked.has("plain"), false, "control: diff.ignoreSubmodules=all hides it");
});

Deno.test("submodules: an ignore value in the config git does not take stops git at the gitlink, whatever is there (checked out, empty, gone, a file): the tree is unknown", async () => {
  const env = await userEnv();
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir, "sub");
  await writeFiles(dir, { "a.txt": "edited\n" });
  const shapes: [string, () => Promise<void>][] = [
    ["checked out", () => Promise.resolve()],
    ["empty (deinit)", async () => void await git(dir, ["submodule", "deinit", "-q", "-f", "sub"])],
    ["gone", () => Deno.remove(`${dir}/sub`, { recursive: true })],
    ["a file", () => Deno.writeTextFile(`${dir}/sub`, "x\n")],
  ];
  for (const [label, change] of shapes) {
    await change();
    // deinit drops the submodule's section: the value is set after it.
    await git(dir, ["config", "submodule.sub.ignore", "foo"]);
    const r = await assertAgreesWithGit(env, dir, { label });
    assert.equal(r.git.stopped, true, `control: git stops (${label})`);
    // Controls: a value git takes, and a bad one for a name .gitmodules does not give.
    await git(dir, ["config", "submodule.sub.ignore", "dirty"]);
    await git(dir, ["config", "submodule.other.ignore", "foo"]);
    const ok = await assertAgreesWithGit(env, dir, { label: `${label}, dirty` });
    assert.equal(ok.git.tracked.get("a.txt"), ".M", `control: git gives its status (${label})`);
    await git(dir, ["config", "--unset", "submodule.other.ignore"]);
  }
});

Deno.test("submodules: one gone or replaced by a file or a symlink, under each ignore setting", async () => {
  const env = await userEnv();
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  const allow = ["-c", "protocol.file.allow=always"];
  const names = ["all", "dirty", "untracked", "plain"];
  for (const name of names) await git(dir, [...allow, "submodule", "add", "-q", lib, name]);
  for (const mode of ["all", "dirty", "untracked"]) {
    await git(dir, ["config", "-f", ".gitmodules", `submodule.${mode}.ignore`, mode]);
  }
  await commitAll(dir, "subs");
  // Gone: git shows each deleted unless ignore=all hides it.
  for (const name of names) await Deno.rename(`${dir}/${name}`, `${dir}/${name}.kept`);
  let r = await assertAgreesWithGit(env, dir, { label: "gone" });
  assert.equal(r.git.tracked.get("plain"), ".D", "control: git shows the deletion");
  assert.equal(r.git.tracked.has("all"), false, "control: ignore=all hides it");
  // A file in its place: a type change, hidden by ignore=all alone.
  for (const name of names) await Deno.writeTextFile(`${dir}/${name}`, "a file\n");
  r = await assertAgreesWithGit(env, dir, { label: "a file" });
  assert.equal(r.git.tracked.get("dirty"), ".T", "control: git shows the type change");
  assert.equal(r.git.tracked.has("all"), false, "control: ignore=all hides it");
  // A symlink to the moved submodule: git stops where it would look inside.
  await Deno.remove(`${dir}/untracked`);
  await Deno.remove(`${dir}/plain`);
  for (const name of ["all", "dirty"]) {
    await Deno.remove(`${dir}/${name}`);
    await Deno.symlink(`${name}.kept`, `${dir}/${name}`);
  }
  r = await assertAgreesWithGit(env, dir, { label: "a symlink, git looks no further" });
  assert.equal(r.git.tracked.get("dirty"), ".T", "control: git shows the type change");
  assert.equal(r.git.tracked.has("all"), false, "control: ignore=all hides it");
  await Deno.symlink("plain.kept", `${dir}/plain`);
  const stops = await gitAs(env, dir, ["status", "--porcelain=v2"], { allowFail: true });
  assert.notEqual(stops.code, 0, "control: git stops on it");
  assert.match(stops.stderr, /symbolic link/);
  // git states no tree there: neither does baton (never a type change).
  const facts = await batonFacts(env, dir);
  assert.equal(facts.tree, undefined, "no tree stated");
  assert.match(
    facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
    /symbolic link: git stops/,
  );
  assert.equal(facts.changed_files.some((f) => f.path === "plain"), false);
});

Deno.test({
  name: "sparse checkout: a file outside the cone written back and edited is modified",
  ignore: OLD_GIT,
}, async () => {
  const env = await userEnv();
  const dir = await base({ "out/o.txt": "outside\n", "in/i.txt": "inside\n" });
  await git(dir, ["sparse-checkout", "set", "--no-cone", "/in/", "/a.txt"]);
  await assertAgreesWithGit(env, dir, { label: "sparse, untouched" });
  await writeFiles(dir, { "out/o.txt": "outside\n" });
  await assertAgreesWithGit(env, dir, { label: "written back unchanged" });
  await writeFiles(dir, { "out/o.txt": "edited\n", "src/b.txt": "bravo\n" });
  await touch(`${dir}/src/b.txt`);
  const r = await assertAgreesWithGit(env, dir, { label: "written back and edited" });
  assert.equal(r.git.tracked.get("out/o.txt"), ".M", "control: git compares it");
});

Deno.test({
  name:
    "sparse checkout: a file outside the cone reached through a symlinked directory is deleted (random seed 1136)",
  ignore: OLD_GIT,
}, async () => {
  // git clears the skip-worktree bit of a file its lstat finds, leading
  // symlinks followed (path_found), then compares it: below a symlink it is
  // gone (has_symlink_leading_path). Not found there, it stays skipped.
  const env = await userEnv();
  const dir = await base({ "out/o.txt": "outside\n", "out/p.txt": "p\n", "in/i.txt": "inside\n" });
  await git(dir, ["sparse-checkout", "set", "--cone", "in"]);
  await Deno.remove(`${dir}/out`, { recursive: true }).catch(() => {});
  await Deno.symlink("in", `${dir}/out`);
  let r = await assertAgreesWithGit(env, dir, { label: "link, nothing behind it" });
  assert.equal(r.git.tracked.has("out/o.txt"), false, "control: an absent one is expected");
  await Deno.writeTextFile(`${dir}/out/o.txt`, "outside\n");
  r = await assertAgreesWithGit(env, dir, { label: "written through the link" });
  assert.equal(r.git.tracked.get("out/o.txt"), ".D", "control: git calls it deleted");
  assert.equal(r.git.tracked.has("out/p.txt"), false, "control: the one not found stays skipped");
  // The same with a sparse index allowed (git keeps out/ expanded while a file there is present).
  await git(dir, ["sparse-checkout", "reapply", "--sparse-index"]);
  await assertAgreesWithGit(env, dir, { label: "sparse index, written through the link" });
  // reapply may have removed it itself: through the link it is a skip-worktree file git finds
  // clean when its stat data is not racy, and dirty (kept) when it is, which timing decides.
  await Deno.remove(`${dir}/in/o.txt`).catch((e) => {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  });
  await assertAgreesWithGit(env, dir, { label: "sparse index, nothing behind the link" });
});

Deno.test({
  name:
    "cone-mode sparse checkout: a .gitattributes outside the cone is not read from the index (random seed 2072)",
  ignore: OLD_GIT,
}, async () => {
  // git's read_attr_from_index reads no .gitattributes outside the cone: a
  // file written back there is compared without its text=auto.
  const env = await userEnv();
  const attrs = "* text=auto\n";
  const dir = await base({
    "in/.gitattributes": attrs,
    "in/c.txt": "a\r\nb\n",
    "out/.gitattributes": attrs,
    "out/c.txt": "a\r\nb\n",
  });
  await git(dir, ["sparse-checkout", "set", "--cone", "in"]);
  await writeFiles(dir, { "out/c.txt": "a\r\nb\n" });
  await touch(`${dir}/in/c.txt`);
  let r = await assertAgreesWithGit(env, dir, { label: "cone" });
  assert.equal(r.git.tracked.get("out/c.txt"), ".M", "control: git applies no attribute there");
  assert.equal(r.git.tracked.has("in/c.txt"), false, "control: inside the cone text=auto applies");
  // Not in cone mode, git reads the index's copy: the same file is clean.
  await git(dir, ["sparse-checkout", "set", "--no-cone", "/in/", "/a.txt", "/src/"]);
  await writeFiles(dir, { "out/c.txt": "a\r\nb\n" });
  r = await assertAgreesWithGit(env, dir, { label: "no cone" });
  assert.equal(r.git.tracked.has("out/c.txt"), false, "control: the index's attributes apply");
});

Deno.test({
  name: "sparse index: a sparse directory is never untracked; one written back is expanded",
  ignore: OLD_GIT,
}, async () => {
  const env = await userEnv();
  const dir = await base({
    "out/o.txt": "outside\n",
    "out/same.txt": "same\n",
    "out/deep/d.txt": "deep\n",
    "out/gone.txt": "gone\n",
    "far/f.txt": "far\n",
    "in/i.txt": "inside\n",
  });
  await git(dir, ["sparse-checkout", "set", "--cone", "in"]);
  await git(dir, ["sparse-checkout", "reapply", "--sparse-index"]);
  await writeFiles(dir, { "in/i.txt": "edited\n" });
  let r = await assertAgreesWithGit(env, dir, { label: "sparse index" });
  assert.equal(r.git.tracked.get("in/i.txt"), ".M", "control");
  // Written back: an edited file, an unchanged one, one nested deeper, a new
  // file and an ignored one; out/gone.txt stays absent, far/ stays sparse.
  await writeFiles(dir, {
    ".gitignore": "*.log\n",
    "out/o.txt": "edited\n",
    "out/same.txt": "same\n",
    "out/deep/d.txt": "deep, edited\n",
    "out/new.txt": "n\n",
    "out/x.log": "ignored\n",
  });
  r = await assertAgreesWithGit(env, dir, { label: "written back" });
  assert.equal(r.git.tracked.get("out/o.txt"), ".M", "control: git compares a written-back file");
  assert.equal(r.git.tracked.get("out/deep/d.txt"), ".M");
  assert.equal(r.git.tracked.has("out/same.txt"), false, "control: an unchanged one is clean");
  assert.equal(r.git.tracked.has("out/gone.txt"), false, "control: an absent one is expected");
  assert.ok(r.git.untracked.includes("out/new.txt"), "control: a new file is untracked");
});

Deno.test({
  name:
    "sparse index: a sparse directory's name made a link to a directory is present to git (it lstats 'out/'), so its files are compared: gone behind the link",
  ignore: OLD_GIT,
}, async () => {
  // Found by the random suite (seed 15002): baton lstat-ed "out" without
  // its slash, saw a link and kept the directory sparse, where git expands
  // it and shows each file below it deleted (has_symlink_leading_path).
  const env = await userEnv();
  const dir = await base({ "out/o.txt": "outside\n", "far/f.txt": "far\n", "in/i.txt": "in\n" });
  await git(dir, ["sparse-checkout", "set", "--cone", "in"]);
  await git(dir, ["sparse-checkout", "reapply", "--sparse-index"]);
  await writeFiles(dir, { "real/o.txt": "outside\n" });
  // Control: a link to nothing is no directory: git keeps far/ sparse.
  await Deno.symlink("nowhere", `${dir}/far`);
  await Deno.symlink("real", `${dir}/out`);
  const r = await assertAgreesWithGit(env, dir, { label: "sparse dir made a link" });
  assert.equal(r.git.tracked.get("out/o.txt"), ".D", "control: git compares it, finds it gone");
  assert.equal(r.git.tracked.has("far/f.txt"), false, "control: a dangling link is no directory");
});

Deno.test({
  name: "sparse index: a file removed or changed out of the cone with --sparse is staged",
  ignore: OLD_GIT,
}, async () => {
  const env = await userEnv();
  const dir = await base({
    "out/o.txt": "outside\n",
    "out/keep.txt": "keep\n",
    "far/deep/f.txt": "far\n",
    "in/i.txt": "inside\n",
  });
  await git(dir, ["sparse-checkout", "set", "--cone", "--sparse-index", "in"]);
  await git(dir, ["rm", "-q", "--sparse", "out/o.txt"]);
  const blob = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "changed\n" })).stdout
    .trim();
  await git(dir, ["update-index", "--cacheinfo", `100755,${blob},far/deep/f.txt`]);
  const listed = (await git(dir, ["ls-files", "--sparse"])).stdout;
  assert.match(listed, /^out\/$/m, "control: out/ is still a sparse directory");
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.get("out/o.txt"), "D.", "control: git shows the removal staged");
  assert.equal(r.git.tracked.has("out/keep.txt"), false, "control: the rest of out/ is unchanged");
});

Deno.test("config cascade: core.excludesFile from ~/.gitconfig, XDG config and include", async () => {
  const env = await userEnv(true);
  const dir = await base();
  await writeFiles(dir, { "x.home": "", "x.xdgign": "", "x.incl": "", "x.keep": "" });
  await writeFiles(env.home, {
    ".gitconfig": `[core]\n\texcludesFile = ~/ignores\n[include]\n\tpath = more.inc\n`,
    "ignores": "*.home\n",
    "more.inc": "[core]\n\tfileMode = true\n",
    "xdg/git/ignore": "*.xdgign\n",
  });
  // core.excludesFile is set: the XDG ignore file is not read.
  let r = await assertAgreesWithGit(env, dir, { label: "excludesFile set" });
  assert.ok(r.git.untracked.includes("x.xdgign"), "control: git skips the XDG file");
  assert.ok(!r.git.untracked.includes("x.home"));
  // Unset it: the XDG ignore file applies.
  await Deno.writeTextFile(`${env.home}/.gitconfig`, "");
  r = await assertAgreesWithGit(env, dir, { label: "XDG default" });
  assert.ok(!r.git.untracked.includes("x.xdgign"));
  // Set in the XDG config file, through includeIf gitdir.
  await writeFiles(env.home, {
    "xdg/git/config": `[includeIf "gitdir:${dir}/"]\n\tpath = ${env.home}/cond.inc\n`,
    "cond.inc": `[core]\n\texcludesFile = ${env.home}/incl.ignore\n`,
    "incl.ignore": "*.incl\n",
  });
  r = await assertAgreesWithGit(env, dir, { label: "includeIf" });
  assert.ok(!r.git.untracked.includes("x.incl"), "control: git applied the include");
  assert.ok(r.git.untracked.includes("x.xdgign"));
});

Deno.test("config cascade: includeIf hasconfig:remote.*.url is decided against every remote URL", async () => {
  const env = await userEnv();
  const dir = await base();
  await writeFiles(dir, { "x.log": "", "x.keep": "" });
  await writeFiles(env.home, {
    ".gitconfig":
      `[includeIf "hasconfig:remote.*.url:https://example.com/**"]\n\tpath = ~/work.inc\n`,
    "work.inc": `[core]\n\texcludesFile = ~/work.ignore\n`,
    "work.ignore": "*.log\n",
  });
  // Control: no remote matches, so the include is not read.
  let r = await assertAgreesWithGit(env, dir, { label: "no remote" });
  assert.ok(r.git.untracked.includes("x.log"), "control: not ignored without the remote");
  // A remote set in the repository's config makes the global include apply.
  await git(dir, ["remote", "add", "origin", "https://example.com/team/repo.git"]);
  r = await assertAgreesWithGit(env, dir, { label: "remote matches" });
  assert.ok(!r.git.untracked.includes("x.log"), "control: git applied the include");
  // A glob's * stops at a slash: this one does not match.
  await writeFiles(env.home, {
    ".gitconfig":
      `[includeIf "hasconfig:remote.*.url:https://example.com/*"]\n\tpath = ~/work.inc\n`,
  });
  r = await assertAgreesWithGit(env, dir, { label: "a * stops at a slash" });
  assert.ok(r.git.untracked.includes("x.log"), "control: git did not apply it");
  // A remote URL inside a file included that way: git refuses the config.
  await writeFiles(env.home, {
    ".gitconfig":
      `[includeIf "hasconfig:remote.*.url:https://example.com/**"]\n\tpath = ~/work.inc\n`,
    "work.inc": `[remote "other"]\n\turl = https://example.org/x.git\n`,
  });
  const refused = await gitAs(env, dir, ["status", "--porcelain=v2"], { allowFail: true });
  assert.notEqual(refused.code, 0, "control: git refuses it");
  const facts = await batonFacts(env, dir);
  assert.equal(facts.tree, undefined, "no tree compared under a config git refuses");
});

Deno.test("conversions: the ident attribute (an expanded $Id$ is clean; an edit is not)", async () => {
  const env = await userEnv();
  const dir = await base({
    ".gitattributes": "*.c ident\n",
    "a.c": "/* $Id$ */\nint a;\n",
    "b.c": "/* $Id$ */\nint b;\n",
    "open.c": "/* $Id: not closed\n$ */\n",
  });
  // Checked out again, git expands $Id$ to $Id: <blob id> $.
  for (const f of ["a.c", "b.c", "open.c"]) await Deno.remove(`${dir}/${f}`);
  await git(dir, ["checkout", "--", "a.c", "b.c", "open.c"]);
  assert.match(await Deno.readTextFile(`${dir}/a.c`), /\$Id: [0-9a-f]{40} \$/, "control: expanded");
  for (const f of ["a.c", "b.c", "open.c"]) await touch(`${dir}/${f}`);
  let r = await assertAgreesWithGit(env, dir, { label: "expanded, touched" });
  assert.equal(r.git.tracked.size, 0, "control: git collapses the ident and sees no change");
  await Deno.writeTextFile(`${dir}/b.c`, "/* $Id: 0000 $ */\nint b2;\n");
  // Another id of the same length collapses to the same content (a different
  // size would be modified by stat data alone, to git as to baton).
  await Deno.writeTextFile(`${dir}/a.c`, `/* $Id: ${"f".repeat(40)} $ */\nint a;\n`);
  await touch(`${dir}/a.c`, 9);
  r = await assertAgreesWithGit(env, dir, { label: "edited" });
  assert.equal(r.git.tracked.get("b.c"), ".M", "control: git sees the edit");
  assert.equal(r.git.tracked.has("a.c"), false, "control: another ident text is the same");
});

Deno.test("conversions: working-tree-encoding UTF-16LE and UTF-16 (with its BOM) on touched files", async () => {
  const env = await userEnv();
  const utf16 = (text: string, bom: boolean) => {
    const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
    if (bom) out.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      out[(bom ? 2 : 0) + i * 2] = text.charCodeAt(i) & 0xff;
      out[(bom ? 2 : 0) + i * 2 + 1] = text.charCodeAt(i) >> 8;
    }
    return out;
  };
  const dir = await makeRepo("baton-agree-");
  await writeFiles(dir, {
    ".gitattributes": "*.le working-tree-encoding=UTF-16LE\n*.bom working-tree-encoding=UTF-16\n",
  });
  await Deno.writeFile(`${dir}/a.le`, utf16("h\u00e9llo\n", false));
  await Deno.writeFile(`${dir}/b.le`, utf16("w\u00f6rld\n", false));
  await Deno.writeFile(`${dir}/c.bom`, utf16("bom\n", true));
  await commitAll(dir, "encoded");
  const blob = (await git(dir, ["cat-file", "-p", "HEAD:a.le"])).stdout;
  assert.equal(blob, "h\u00e9llo\n", "control: git stores UTF-8");
  for (const f of ["a.le", "b.le", "c.bom"]) await touch(`${dir}/${f}`);
  let r = await assertAgreesWithGit(env, dir, { label: "touched" });
  assert.equal(r.git.tracked.size, 0, "control: git re-encodes and sees no change");
  // The same length, other text: modified once re-encoded.
  await Deno.writeFile(`${dir}/b.le`, utf16("w\u00f6rlD\n", false));
  await touch(`${dir}/b.le`, 9);
  r = await assertAgreesWithGit(env, dir, { label: "edited" });
  assert.equal(r.git.tracked.get("b.le"), ".M", "control: git sees the edit");
});

Deno.test("conversions: autocrlf, text/eol attributes and an lfs clean filter on touched files", async () => {
  const env = await userEnv();
  const dir = await base({
    ".gitattributes": "*.crlf text eol=crlf\n*.auto text=auto\n*.bin -text\n*.big filter=lfs\n",
    "w.crlf": "one\ntwo\n",
    "w.auto": "one\ntwo\n",
    "w.bin": "one\ntwo\n",
    "plain.txt": "one\ntwo\n",
  });
  // Check out again with CRLF in the work tree.
  await git(dir, ["config", "core.autocrlf", "true"]);
  for (const f of ["w.crlf", "w.auto", "plain.txt"]) await Deno.remove(`${dir}/${f}`);
  await git(dir, ["checkout", "--", "."]);
  assert.equal(await Deno.readTextFile(`${dir}/plain.txt`), "one\r\ntwo\r\n", "control: CRLF");
  for (const f of ["w.crlf", "w.auto", "plain.txt", "w.bin"]) await touch(`${dir}/${f}`);
  await assertAgreesWithGit(env, dir, { label: "touched, unchanged" });
  // A -text file that gained CRLF is modified; a real edit under autocrlf too.
  await Deno.writeTextFile(`${dir}/w.bin`, "one\r\ntwo\r\n");
  await Deno.writeTextFile(`${dir}/plain.txt`, "one\r\nthree\r\n");
  const r = await assertAgreesWithGit(env, dir, { label: "edited" });
  assert.equal(r.git.tracked.get("w.bin"), ".M");
  assert.equal(r.git.tracked.get("plain.txt"), ".M");
});

Deno.test("conversions: a Git LFS pointer is compared through the clean filter", async () => {
  const dir = await makeRepo("baton-lfs-");
  // A stand-in for git-lfs on PATH (the driver's command is Git LFS's own,
  // git/lfs_command.ts): its clean prints the pointer of its input.
  const bin = (await tempDir("baton-lfs-bin-")).path;
  await Deno.writeTextFile(
    `${bin}/git-lfs`,
    `#!/bin/sh\nt=$(mktemp)\ncat > "$t"\nprintf 'version https://git-lfs.github.com/spec/v1\\noid sha256:%s\\nsize %s\\n' "$(sha256sum < "$t" | cut -d' ' -f1)" "$(wc -c < "$t" | tr -d ' ')"\nrm -f "$t"\n`,
  );
  await Deno.chmod(`${bin}/git-lfs`, 0o755);
  const env = { ...(await userEnv()), vars: { PATH: `${bin}:/usr/bin:/bin` } };
  await git(dir, ["config", "filter.lfs.clean", "git-lfs clean -- %f"]);
  await writeFiles(dir, { ".gitattributes": "*.big filter=lfs\n", "x.big": "large content\n" });
  await git(dir, ["add", "-A"], { env: env.vars });
  await git(dir, ["commit", "-q", "-m", "lfs"], { env: env.vars });
  const stored = (await git(dir, ["cat-file", "-p", "HEAD:x.big"])).stdout;
  assert.match(stored, /^version https:\/\/git-lfs/, "control: the index holds a pointer");
  await touch(`${dir}/x.big`);
  await assertAgreesWithGit(env, dir, { label: "lfs touched" });
  await Deno.writeTextFile(`${dir}/x.big`, "other content\n");
  const r = await assertAgreesWithGit(env, dir, { label: "lfs edited" });
  assert.equal(r.git.tracked.get("x.big"), ".M");
});

Deno.test("conversions: a Git LFS file whose program git would not find (git-lfs not on PATH) is unknown, and where the filter is required the tree is (git stops); found, both compute the pointer", async () => {
  const dir = await makeRepo("baton-lfs-");
  const bin = (await tempDir("baton-lfs-bin-")).path;
  // A stand-in for git-lfs's clean: the pointer of its input.
  await Deno.writeTextFile(
    `${bin}/git-lfs`,
    `#!/bin/sh\nt=$(mktemp)\ncat > "$t"\nprintf 'version https://git-lfs.github.com/spec/v1\\noid sha256:%s\\nsize %s\\n' "$(sha256sum < "$t" | cut -d' ' -f1)" "$(wc -c < "$t" | tr -d ' ')"\nrm -f "$t"\n`,
  );
  await Deno.chmod(`${bin}/git-lfs`, 0o755);
  const found = `${bin}:/usr/bin:/bin`;
  await git(dir, ["config", "filter.lfs.clean", "git-lfs clean -- %f"]);
  await writeFiles(dir, { ".gitattributes": "*.big filter=lfs\n", "x.big": "large content\n" });
  await git(dir, ["add", "-A"], { env: { PATH: found } });
  await git(dir, ["commit", "-q", "-m", "lfs"], { env: { PATH: found } });
  assert.match((await git(dir, ["cat-file", "-p", "HEAD:x.big"])).stdout, /^version https/);
  await touch(`${dir}/x.big`);
  const at = async (path: string) => ({ ...(await userEnv()), vars: { PATH: path } });
  // Control: the program found, both run (or compute) the pointer: clean.
  const ok = await assertAgreesWithGit(await at(found), dir, { label: "git-lfs found" });
  assert.deepEqual([...ok.git.tracked], [], "control: git's clean gives the pointer");
  // Not found: git stores the content as it is, which is not the pointer (.M).
  const missing = await assertAgreesWithGit(await at("/usr/bin:/bin"), dir, {
    label: "git-lfs not found",
    allowUnknown: true,
  });
  assert.equal(missing.git.tracked.get("x.big"), ".M", "control: git sees the raw content");
  assert.deepEqual(missing.unchecked, ["x.big"]);
  // Required (as `git lfs install` sets it): git stops.
  await git(dir, ["config", "filter.lfs.required", "true"]);
  const stops = await assertAgreesWithGit(await at("/usr/bin:/bin"), dir, { label: "required" });
  assert.equal(stops.git.stopped, true, "control: git stops");
  assert.match(stops.facts.unavailable?.[0]?.reason ?? "", /git-lfs/);
  const still = await assertAgreesWithGit(await at(found), dir, { label: "required, found" });
  assert.deepEqual([...still.git.tracked], []);
});

Deno.test("core.symlinks=false: a link kept as a file of its text is clean, an edit is not", async () => {
  const env = await userEnv();
  const dir = await base();
  await Deno.symlink("a.txt", `${dir}/link`);
  await commitAll(dir, "link");
  await git(dir, ["config", "core.symlinks", "false"]);
  await Deno.remove(`${dir}/link`);
  await git(dir, ["checkout", "--", "link"]);
  assert.equal((await Deno.lstat(`${dir}/link`)).isFile, true, "control: a plain file");
  await touch(`${dir}/link`);
  await assertAgreesWithGit(env, dir, { label: "symlinks=false" });
  await Deno.writeTextFile(`${dir}/link`, "b.txt");
  const r = await assertAgreesWithGit(env, dir, { label: "symlinks=false, edited" });
  assert.equal(r.git.tracked.get("link"), ".M");
  // A real link there is still read as a link, never followed: its text "c.txt" differs
  // from "a.txt" although the file it leads to holds exactly "a.txt".
  await Deno.remove(`${dir}/link`);
  await Deno.writeTextFile(`${dir}/c.txt`, "a.txt");
  await Deno.symlink("c.txt", `${dir}/link`);
  const real = await assertAgreesWithGit(env, dir, { label: "symlinks=false, a real link" });
  assert.equal(real.git.tracked.get("link"), ".M", "control: git compares the link's text");
});

Deno.test("an untracked directory whose .git file names nothing is walked, not a nested repo", async () => {
  const env = await userEnv();
  const dir = await base();
  await writeFiles(dir, { "broken/.git": "gitdir: /nowhere/at/all\n", "broken/f.txt": "f\n" });
  const nested = await makeRepo("baton-nested-");
  await Deno.rename(nested, `${dir}/nested`);
  const r = await assertAgreesWithGit(env, dir);
  assert.ok(r.git.untracked.includes("broken/f.txt"), "control: git lists its files");
  assert.ok(r.git.untracked.includes("nested/"), "control: a real nested repo shows once");
});

Deno.test("mode and type changes: chmod +x, a file replaced by a symlink", async () => {
  const env = await userEnv();
  const dir = await base();
  await Deno.chmod(`${dir}/a.txt`, 0o755);
  await Deno.remove(`${dir}/src/b.txt`);
  await Deno.symlink("../a.txt", `${dir}/src/b.txt`);
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.get("a.txt"), ".M");
  assert.equal(r.git.tracked.get("src/b.txt"), ".T");
});

Deno.test("a tracked directory replaced by a symbolic link: its files are deleted, nothing is read through the link", async () => {
  const env = await userEnv();
  const dir = await base({ "out/o.txt": "o\n", "in/i.txt": "i\n", "deep/er/d.txt": "d\n" });
  const outside = (await tempDir("baton-outside-")).path;
  await writeFiles(outside, { "o.txt": "outside secret\n", "er/d.txt": "outside secret\n" });
  await writeFiles(dir, { "src/b.txt": "edited\n" });
  await Deno.rename(`${dir}/out`, `${dir}/out.orig`);
  await Deno.symlink(outside, `${dir}/out`);
  await Deno.rename(`${dir}/deep`, `${dir}/deep.orig`);
  await Deno.symlink(outside, `${dir}/deep`);
  // A link into the repository itself: a file there, and still deleted to git.
  await Deno.rename(`${dir}/in`, `${dir}/in.orig`);
  await Deno.symlink("in.orig", `${dir}/in`);
  const r = await assertAgreesWithGit(env, dir);
  for (const p of ["out/o.txt", "in/i.txt", "deep/er/d.txt"]) {
    assert.equal(r.git.tracked.get(p), ".D", `control: git says ${p} is deleted`);
    const f = r.facts.changed_files.find((c) => c.path === p);
    assert.equal(f?.status, "deleted", p);
    // Nothing read through the link: no digest or size of the file it leads to.
    assert.equal(f?.sha256, null, p);
    assert.equal(f?.size, null, p);
    assert.equal(f?.hash_skipped, "deleted", p);
  }
  // Control: an edited file below a real directory is hashed.
  assert.notEqual(r.facts.changed_files.find((c) => c.path === "src/b.txt")?.sha256, null);
});

/** A shape of the config or the index flags: set up, then what git must show (the control). */
interface ConfigShape {
  name: string;
  setup: (dir: string) => Promise<void>;
  /** Tracked paths with the XY git shows, and paths git must show clean. */
  shows: Record<string, string>;
  clean: string[];
}

const CONFIG_SHAPES: ConfigShape[] = [
  {
    name: "core.fileMode=false: a chmod alone is no change, with an edit it is",
    setup: async (dir) => {
      await git(dir, ["config", "core.fileMode", "false"]);
      await Deno.chmod(`${dir}/a.txt`, 0o755);
      await Deno.chmod(`${dir}/src/b.txt`, 0o755);
      await writeFiles(dir, { "src/b.txt": "edited\n" });
    },
    shows: { "src/b.txt": ".M" },
    clean: ["a.txt"],
  },
  {
    name: "core.trustctime=false: a changed ctime alone is no change",
    setup: async (dir) => {
      await git(dir, ["config", "core.trustctime", "false"]);
      await Deno.chmod(`${dir}/a.txt`, 0o600);
      await Deno.chmod(`${dir}/a.txt`, 0o644);
      await writeFiles(dir, { "src/b.txt": "edited\n" });
    },
    shows: { "src/b.txt": ".M" },
    clean: ["a.txt"],
  },
  {
    name: "core.checkStat=minimal: a touched file is no change, an edit is",
    setup: async (dir) => {
      await git(dir, ["config", "core.checkStat", "minimal"]);
      await touch(`${dir}/a.txt`);
      await writeFiles(dir, { "src/b.txt": "bravo!\n" });
    },
    shows: { "src/b.txt": ".M" },
    clean: ["a.txt"],
  },
  {
    name: "status.showUntrackedFiles=no: -uall still lists every untracked file",
    setup: async (dir) => {
      await git(dir, ["config", "status.showUntrackedFiles", "no"]);
      await writeFiles(dir, { "new/u.txt": "u\n", "a.txt": "edited\n" });
    },
    shows: { "a.txt": ".M" },
    clean: ["src/b.txt"],
  },
  {
    name: "intent-to-add entries: present (.A), edited (.A), gone (.D)",
    setup: async (dir) => {
      await writeFiles(dir, { "i1.txt": "1\n", "i2.txt": "2\n", "i3.txt": "3\n" });
      await git(dir, ["add", "-N", "i1.txt", "i2.txt", "i3.txt"]);
      await writeFiles(dir, { "i2.txt": "edited\n" });
      await Deno.remove(`${dir}/i3.txt`);
    },
    shows: { "i1.txt": ".A", "i2.txt": ".A", "i3.txt": ".D" },
    clean: ["a.txt"],
  },
  {
    name:
      "assume-unchanged and skip-worktree set by hand (no sparse checkout): edits and a deletion hidden",
    setup: async (dir) => {
      await git(dir, ["update-index", "--assume-unchanged", "a.txt"]);
      await git(dir, ["update-index", "--skip-worktree", "src/b.txt", "c.txt"]);
      await writeFiles(dir, { "a.txt": "edited\n", "src/b.txt": "edited\n", "d.txt": "d!\n" });
      await Deno.remove(`${dir}/c.txt`);
    },
    shows: { "d.txt": ".M" },
    clean: ["a.txt", "src/b.txt", "c.txt"],
  },
  {
    name:
      "core.precomposeUnicode=true on Linux: git does not apply it, a decomposed name stays as it is",
    setup: async (dir) => {
      const nfd = "e\u0301t\u00e9.txt".normalize("NFD");
      await writeFiles(dir, { [nfd]: "x\n" });
      await commitAll(dir, "nfd");
      await git(dir, ["config", "core.precomposeUnicode", "true"]);
      await writeFiles(dir, { [nfd]: "edited\n", ["n\u00e9w.txt".normalize("NFD")]: "n\n" });
    },
    shows: { ["e\u0301t\u00e9.txt".normalize("NFD")]: ".M" },
    clean: ["a.txt"],
  },
];

for (const shape of CONFIG_SHAPES) {
  Deno.test(`config and index flags: ${shape.name}`, async () => {
    const env = await userEnv();
    const dir = await base({ "c.txt": "c\n", "d.txt": "d\n" });
    await shape.setup(dir);
    const r = await assertAgreesWithGit(env, dir, { label: shape.name });
    for (const [path, xy] of Object.entries(shape.shows)) {
      assert.equal(r.git.tracked.get(path), xy, `control: git shows ${path}`);
    }
    for (const path of shape.clean) {
      assert.equal(r.git.tracked.has(path), false, `control: git shows ${path} clean`);
    }
  });
}

Deno.test("a work tree whose .git is a file naming a separate git directory agrees with git", async () => {
  const env = await userEnv();
  const dir = (await tempDir("baton-sep-")).path;
  const gitDir = `${(await tempDir("baton-sep-git-")).path}/g`;
  await git(dir, ["init", "-q", "-b", "main", "--separate-git-dir", gitDir, "."]);
  await writeFiles(dir, { "a.txt": "a\n", "src/b.txt": "b\n" });
  await commitAll(dir, "base");
  assert.ok((await Deno.lstat(`${dir}/.git`)).isFile, "control: .git is a file");
  await writeFiles(dir, { "a.txt": "edited\n", "u.txt": "u\n" });
  await git(dir, ["rm", "-q", "--cached", "src/b.txt"]);
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.get("a.txt"), ".M");
  assert.equal(r.git.tracked.get("src/b.txt"), "D.");
});

Deno.test("a tracked path replaced by a FIFO, a directory, or a repository with and without a commit", async () => {
  const env = await userEnv();
  const dir = await base({
    "fifo.txt": "f\n",
    "x.sh": "x\n",
    "d.txt": "d\n",
    "r.txt": "r\n",
    "r0.txt": "r\n",
  });
  await Deno.symlink("a.txt", `${dir}/link`);
  await git(dir, ["add", "link"]);
  await git(dir, ["update-index", "--chmod=+x", "x.sh"]);
  await commitAll(dir, "more");
  const sh = (script: string) =>
    new Deno.Command("sh", { args: ["-c", script], cwd: dir, env: GIT_ENV }).output();
  for (const p of ["fifo.txt", "x.sh", "d.txt", "r.txt", "r0.txt", "link"]) {
    await Deno.remove(`${dir}/${p}`);
  }
  await sh("mkfifo fifo.txt x.sh untracked.fifo");
  await writeFiles(dir, { "d.txt/inside.txt": "i\n" });
  for (const p of ["r.txt", "r0.txt", "link"]) await git(dir, ["init", "-q", p]);
  for (const p of ["r.txt", "link"]) {
    await writeFiles(`${dir}/${p}`, { "c.txt": "c\n" });
    await commitAll(`${dir}/${p}`, "inner");
  }
  const r = await assertAgreesWithGit(env, dir);
  // git takes a FIFO for a regular file (a modification), a directory for a deletion unless
  // it holds a repository with a commit (a type change); none of those repositories is untracked.
  const want = {
    "fifo.txt": ".M",
    "x.sh": ".M",
    "d.txt": ".D",
    "r.txt": ".T",
    "r0.txt": ".D",
    "link": ".T",
  };
  for (const [p, xy] of Object.entries(want)) {
    assert.equal(r.git.tracked.get(p), xy, `control: ${p}`);
  }
  assert.deepEqual(r.git.untracked, ["d.txt/inside.txt"], "control: git's untracked");
});

Deno.test("attributes: a .gitattributes link is not followed, a missing or linked one is read from the index, a directory named info keeps its own", async () => {
  const env = await userEnv();
  const outside = (await tempDir("baton-outside-attrs-")).path;
  await writeFiles(outside, { "attrs": "*.txt text\n" });
  // Each file is committed with LF, then written with CRLF and its stat data dropped
  // (read-tree), so git compares content through the attributes that apply.
  const dir = await base({
    "linked/.gitattributes": "*.txt text\n",
    "linked/w.txt": "x\n",
    "gone/.gitattributes": "*.txt text\n",
    "gone/w.txt": "x\n",
    "info/.gitattributes": "*.txt text\n",
    "info/w.txt": "x\n",
    "plain/w.txt": "x\n",
    "kept/.gitattributes": "*.txt text\n",
    "kept/w.txt": "x\n",
  });
  for (const d of ["linked", "gone", "info", "plain", "kept"]) {
    await Deno.writeTextFile(`${dir}/${d}/w.txt`, "x\r\n");
  }
  await git(dir, ["read-tree", "HEAD"]);
  await Deno.remove(`${dir}/gone/.gitattributes`);
  await Deno.remove(`${dir}/linked/.gitattributes`);
  await Deno.symlink(`${outside}/nothing`, `${dir}/linked/.gitattributes`);
  await Deno.symlink(`${outside}/attrs`, `${dir}/plain/.gitattributes`);
  const r = await assertAgreesWithGit(env, dir);
  // The index's attributes apply where the work tree's cannot be read; an untracked link
  // to attributes outside is not followed, so plain/w.txt is modified.
  assert.equal(r.git.tracked.has("gone/w.txt"), false, "control: the index's attributes apply");
  assert.equal(r.git.tracked.has("linked/w.txt"), false, "control: the index's, not the link's");
  assert.equal(r.git.tracked.has("info/w.txt"), false, "control: info/.gitattributes applies");
  assert.equal(r.git.tracked.has("kept/w.txt"), false, "control: the work tree's apply");
  assert.equal(r.git.tracked.get("plain/w.txt"), ".M", "control: the link is not followed");
});

Deno.test("attributes: a line with one attribute name git does not take (a trailing # comment, [attr] inside a line) is dropped whole, as git drops it", async () => {
  const env = await userEnv();
  // Committed with CRLF while no attribute applies; written again with its stat data
  // dropped (read-tree), so git compares content through the lines it takes.
  const lines: [string, string, boolean][] = [
    ["comment.txt", "comment.txt text eol=lf # keep LF", false],
    ["macro.txt", "macro.txt [attr]m text", false],
    ["unicode.txt", "unicode.txt text \u00e9t\u00e9", false],
    ["dash.txt", "dash.txt text --x", false],
    ["bare.txt", "bare.txt text -", false],
    // Controls: valid names, a value after "-" (dropped, the name kept), a valid macro.
    ["plain.txt", "plain.txt text eol=lf linguist-language=Text x_y.z", true],
    ["unset.txt", "unset.txt text -eol=crlf", true],
  ];
  const files: Record<string, string> = {};
  for (const [name] of lines) files[name] = "a\r\nb\r\n";
  const dir = await base(files);
  await writeFiles(dir, { ".gitattributes": lines.map(([, line]) => line).join("\n") + "\n" });
  await git(dir, ["read-tree", "HEAD"]);
  const r = await assertAgreesWithGit(env, dir);
  for (const [name, line, applies] of lines) {
    // text on a file committed with CRLF: git would store LF, so it shows modified.
    assert.equal(r.git.tracked.get(name) === ".M", applies, `control: git ${line}`);
  }
});

Deno.test("a skip-worktree .gitignore missing from the work tree (or a link there) is read from the index, as git does", async () => {
  const env = await userEnv();
  const dir = await base({
    "out/.gitignore": "*.log\n",
    "linked/.gitignore": "*.log\n",
    "plain/.gitignore": "*.log\n",
  });
  await git(dir, ["update-index", "--skip-worktree", "out/.gitignore", "linked/.gitignore"]);
  await Deno.remove(`${dir}/out/.gitignore`);
  await Deno.remove(`${dir}/linked/.gitignore`);
  await Deno.symlink("../nothing", `${dir}/linked/.gitignore`);
  // Without the bit there is no such fallback: a deleted .gitignore ignores nothing.
  await Deno.remove(`${dir}/plain/.gitignore`);
  for (const d of ["out", "linked", "plain"]) {
    await writeFiles(dir, { [`${d}/x.log`]: "l\n", [`${d}/n.txt`]: "n\n" });
  }
  const r = await assertAgreesWithGit(env, dir);
  assert.deepEqual(
    r.git.untracked.sort(),
    ["linked/n.txt", "out/n.txt", "plain/n.txt", "plain/x.log"],
    "control: git reads the index's copy for skip-worktree entries only",
  );
});

Deno.test("names that are not UTF-8: tracked ones are named unchecked, never clean", async () => {
  const env = await userEnv();
  const dir = await base();
  const bad = new Uint8Array([0x62, 0xff, 0x2e, 0x74]);
  const out = await new Deno.Command("sh", {
    args: ["-c", `printf x > "$(printf 'b\\377.t')" && git add -A && git commit -qm bad`],
    cwd: dir,
    env: {
      GIT_AUTHOR_NAME: "T",
      GIT_AUTHOR_EMAIL: "t@e.invalid",
      GIT_COMMITTER_NAME: "T",
      GIT_COMMITTER_EMAIL: "t@e.invalid",
    },
  }).output();
  assert.equal(out.code, 0);
  await new Deno.Command("sh", { args: ["-c", `printf y > "$(printf 'b\\377.t')"`], cwd: dir })
    .output();
  const r = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  assert.equal(r.git.tracked.size, 1, "control: git sees the edit");
  assert.equal(r.unchecked.length, 1, `the name stays unchecked (${bad.length} bytes)`);
  await gitAs(env, dir, ["status"]);
});

/** Runs a shell line in `dir` with printf's octal escapes for bytes that are not UTF-8. */
async function shell(dir: string, line: string): Promise<void> {
  const out = await new Deno.Command("sh", { args: ["-c", line], cwd: dir, env: GIT_ENV }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

Deno.test("names that are not UTF-8: a staged rename between two is unchecked on both sides, not clean", async () => {
  const env = await userEnv();
  const dir = await base();
  await shell(dir, `printf x > "$(printf 'b\\377')" && git add -A && git commit -qm bad`);
  await shell(dir, `git mv "$(printf 'b\\377')" "$(printf 'b\\376')"`);
  const r = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  assert.equal(r.git.tracked.get("b\\xfe"), "R.", "control: git shows the rename");
  assert.deepEqual([...r.unchecked].sort(), ["b\\xfe", "b\\xff"], "both names are unchecked");
  assert.equal(r.facts.dirty, null, "nothing seen changed, but not clean either");
  // The control: the same name in HEAD and the index leaves only the index side unchecked.
  await shell(dir, `git mv "$(printf 'b\\376')" "$(printf 'b\\377')"`);
  const same = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  assert.equal(same.git.tracked.size, 0, "control: git sees nothing");
  assert.deepEqual(same.unchecked, ["b\\xff"]);
});

Deno.test("names that are not UTF-8: an untracked name reading as a tracked one that is not UTF-8 is listed where it is U+FFFD itself, and makes the untracked list incomplete where its bytes are unknown", async () => {
  // Found by the random suite (seed 90229): a file named with U+FFFD beside
  // the tracked b\xff (gone) was untracked to git; baton took it for the
  // tracked name it reads as and called its untracked list complete without it.
  const env = await userEnv();
  const dir = await base();
  await shell(dir, `printf x > "$(printf 'b\\377.t')" && git add -A && git commit -qm bad`);
  // Control: the tracked file itself, unchanged: git lists nothing.
  const same = await assertAgreesWithGit(env, dir, {
    allowUnknown: true,
    label: "tracked, present",
  });
  assert.equal(same.git.tracked.size + same.git.untracked.length, 0, "control: git sees nothing");
  // U+FFFD itself (valid UTF-8) in its place: git's .D and ??.
  await shell(dir, `rm "$(printf 'b\\377.t')" && printf y > "$(printf 'b\\357\\277\\275.t')"`);
  const real = await assertAgreesWithGit(env, dir, { allowUnknown: true, label: "U+FFFD" });
  assert.deepEqual(real.git.untracked, ["b\uFFFD.t"], "control: git lists it");
  assert.deepEqual(real.facts.tree?.untracked, ["b\uFFFD.t"]);
  assert.equal(real.facts.tree?.untracked_complete, true);
  // Other bytes that are not UTF-8 either: untracked to git, unknown to baton.
  await shell(dir, `rm "$(printf 'b\\357\\277\\275.t')" && printf z > "$(printf 'b\\376.t')"`);
  const other = await assertAgreesWithGit(env, dir, { allowUnknown: true, label: "other bytes" });
  assert.deepEqual(other.git.untracked, ["b\\xfe.t"], "control: git lists it");
  assert.equal(other.facts.tree?.untracked_complete, false);
});

Deno.test("names that are not UTF-8: a branch so named is not read as an unborn one (no commits, everything staged)", async () => {
  const env = await userEnv();
  const dir = await base();
  const head = (await git(dir, ["rev-parse", "HEAD"])).stdout.trim();
  // git takes any byte over 0x7f in a ref name ("caf\xe9", Latin-1).
  const made = await new Deno.Command("sh", {
    args: ["-c", "git checkout -q -b \"$(printf 'caf\\351')\""],
    cwd: dir,
    env: GIT_ENV,
  }).output();
  assert.equal(made.code, 0);
  assert.equal(
    (await git(dir, ["rev-parse", "HEAD"])).stdout.trim(),
    head,
    "control: git reads it",
  );
  const r = await assertAgreesWithGit(env, dir, { allowNoTree: true });
  assert.deepEqual(r.unchecked, ["/"], "the tree is unknown, never compared with an empty HEAD");
  assert.equal(r.facts.head, null, "no commit is named");
  assert.match(r.facts.unavailable?.[0]?.reason ?? "", /not UTF-8/);
  // Control: the same branch named in UTF-8 reads as git reads it.
  await git(dir, ["checkout", "-q", "-b", "café"]);
  const ok = await assertAgreesWithGit(env, dir);
  assert.equal(ok.facts.head, head);
});

Deno.test("names that are not UTF-8: an untracked directory is listed (lossily), never left out", async () => {
  const env = await userEnv();
  const dir = await base();
  await shell(dir, `mkdir "$(printf 'd\\377')" && printf u > "$(printf 'd\\377')/f"`);
  const r = await assertAgreesWithGit(env, dir);
  assert.deepEqual(r.git.untracked, ["d\\xff/f"], "control: git lists the file inside");
  assert.deepEqual(r.facts.tree?.untracked, ["d\\x??/"]);
  assert.equal(r.facts.dirty, true);
});

Deno.test("names that are not UTF-8: one an ignore rule matches is not hidden as ignored, the untracked list is not whole", async () => {
  const env = await userEnv();
  const dir = await base();
  // Latin-1 patterns and names: git ignores x.\xe9 by its bytes and lists y.\xea,
  // which the runtime reads as x.\uFFFD and y.\uFFFD: baton ignored both.
  await shell(
    dir,
    `printf '*.\\351\\n' >.gitignore && touch "$(printf 'x.\\351')" "$(printf 'y.\\352')" u`,
  );
  const r = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  assert.deepEqual(r.git.untracked, [".gitignore", "u", "y.\\xea"], "control: git lists one");
  assert.equal(r.facts.tree?.untracked_complete, false, "baton does not call its list whole");
  assert.match(r.facts.tree?.reason ?? "", /not valid UTF-8 matched an ignore rule/);
  // Control: with no rule matching them both are listed (lossily) and the list is whole.
  await Deno.writeTextFile(`${dir}/.gitignore`, "*.o\n");
  const whole = await assertAgreesWithGit(env, dir);
  assert.equal(whole.facts.tree?.untracked_complete, true);
  assert.equal(whole.git.untracked.length, 4);
});

Deno.test("repository format: a version or extension git refuses, SHA-256 objects: the tree is unknown, never compared", async () => {
  const env = await userEnv();
  const dir = await base();
  await writeFiles(dir, { "a.txt": "edited\n" });
  // Controls: version 1 with extensions git and baton both read.
  await git(dir, ["config", "core.repositoryFormatVersion", "1"]);
  await git(dir, ["config", "extensions.objectFormat", "sha1"]);
  await git(dir, ["config", "extensions.worktreeConfig", "true"]);
  const ok = await assertAgreesWithGit(env, dir, { label: "control: known extensions" });
  assert.equal(ok.git.tracked.get("a.txt"), ".M");
  for (
    const [key, value] of [["extensions.someFutureThing", "true"], [
      "core.repositoryFormatVersion",
      "2",
    ]]
  ) {
    await git(dir, ["config", "-f", ".git/config", key!, value!]);
    const refused = await gitAs(env, dir, ["status", "--porcelain=v2"], { allowFail: true });
    assert.notEqual(refused.code, 0, `control: git refuses ${key}`);
    const facts = await batonFacts(env, dir);
    assert.equal(facts.tree, undefined, `${key}: no tree compared`);
    assert.equal(facts.dirty, null);
    assert.equal(facts.head, null, `${key}: HEAD not read either`);
    assert.match(
      facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
      /git refuses/,
    );
    await git(dir, ["config", "-f", ".git/config", "--unset", key!]);
  }
  // SHA-256 objects: git reads them, baton does not compare; HEAD and the branch are still read.
  const sha = (await tempDir("baton-sha256-")).path;
  await git(sha, ["init", "-q", "--object-format=sha256", "-b", "main", "."]);
  await writeFiles(sha, { "f.txt": "f\n" });
  await commitAll(sha, "sha256");
  await writeFiles(sha, { "f.txt": "edited\n" });
  const head = (await git(sha, ["rev-parse", "HEAD"])).stdout.trim();
  assert.equal(head.length, 64, "control: a SHA-256 id");
  const facts = await batonFacts(env, sha);
  assert.equal(facts.tree, undefined);
  assert.equal(facts.dirty, null);
  assert.match(facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "", /SHA-256/);
  assert.equal(facts.head, head);
  assert.equal(facts.branch, "main");
});

Deno.test("core.ignoreCase: a name whose case differs from a tracked one is not untracked", async () => {
  const env = await userEnv();
  const dir = await base({ "docs/d.md": "d\n" });
  await git(dir, ["config", "core.ignoreCase", "true"]);
  await Deno.rename(`${dir}/a.txt`, `${dir}/A.txt`);
  await Deno.rename(`${dir}/src`, `${dir}/SRC`);
  await writeFiles(dir, { "SRC/new.txt": "n\n", "Docs/z.txt": "z\n", "New.txt": "n\n" });
  const r = await assertAgreesWithGit(env, dir);
  assert.ok(!r.git.untracked.includes("A.txt"), "control: git finds A.txt in the index");
  assert.ok(!r.git.untracked.includes("SRC/b.txt"), "control: and SRC/b.txt");
  assert.ok(r.git.untracked.includes("SRC/new.txt"), "control: a new name is untracked");
  assert.ok(r.git.untracked.includes("Docs/z.txt"), "control: in a directory beside docs/ too");
  // Control: with the setting off, the case-changed names are untracked.
  await git(dir, ["config", "core.ignoreCase", "false"]);
  const off = await assertAgreesWithGit(env, dir, { label: "ignoreCase off" });
  assert.ok(off.git.untracked.includes("A.txt"));
});

Deno.test("core.ignoreCase: with both A/ and a/ tracked, a name in A/ that a/ tracks in another case is not untracked", async () => {
  const env = await userEnv();
  const dir = await base({ "A/x.txt": "x\n", "a/n.txt": "n\n" });
  await git(dir, ["config", "core.ignoreCase", "true"]);
  await writeFiles(dir, { "A/n.txt": "other\n", "A/N.TXT": "other\n", "A/new.txt": "new\n" });
  const r = await assertAgreesWithGit(env, dir);
  assert.ok(!r.git.untracked.includes("A/n.txt"), "control: git finds a/n.txt for it");
  assert.ok(!r.git.untracked.includes("A/N.TXT"), "control: in any ASCII case");
  assert.ok(r.git.untracked.includes("A/new.txt"), "control: a new name is untracked");
  // Control: with the setting off, both are untracked.
  await git(dir, ["config", "core.ignoreCase", "false"]);
  const off = await assertAgreesWithGit(env, dir, { label: "ignoreCase off" });
  assert.ok(off.git.untracked.includes("A/n.txt"));
});

Deno.test("where git refuses a status (inside the git directory, an exclude file that is a directory) the tree is unknown", async () => {
  const env = await userEnv(true);
  const dir = await base();
  await writeFiles(dir, { "a.txt": "edited\n" });
  const control = await assertAgreesWithGit(env, dir, { label: "control: the work tree" });
  assert.equal(control.git.tracked.get("a.txt"), ".M");
  const refusedAt = async (cwd: string, label: string) => {
    const g = await gitAs(env, cwd, ["status", "--porcelain=v2"], { allowFail: true });
    assert.notEqual(g.code, 0, `control: git refuses (${label})`);
    const facts = await batonFacts(env, cwd);
    assert.equal(facts.tree, undefined, `${label}: no tree compared`);
    assert.equal(facts.dirty, null, label);
    return facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "";
  };
  assert.match(await refusedAt(`${dir}/.git`, "inside .git"), /inside the git directory/);
  assert.match(
    await refusedAt(`${dir}/.git/refs`, "deeper inside .git"),
    /inside the git directory/,
  );
  for (const where of [`${env.xdg}/git/ignore`, `${dir}/.git/info/exclude`]) {
    await Deno.remove(where).catch(() => {});
    await Deno.mkdir(where, { recursive: true });
    assert.match(await refusedAt(dir, where), /exclude file/);
    await Deno.remove(where);
    await assertAgreesWithGit(env, dir, { label: "control: the directory removed" });
  }
});

Deno.test("a shallow file with a line that is no object id: git stops, the tree is unknown; a real shallow clone agrees", async () => {
  const env = await userEnv();
  const origin = await base();
  await writeFiles(origin, { "a.txt": "second\n" });
  await commitAll(origin, "second");
  await using clone = await tempDir("baton-shallow-");
  const dir = `${clone.path}/c`;
  await git(clone.path, ["clone", "-q", "--depth", "1", `file://${origin}`, dir]);
  await writeFiles(dir, { "a.txt": "edited\n" });
  const control = await assertAgreesWithGit(env, dir, { label: "control: a shallow clone" });
  assert.equal(control.git.tracked.get("a.txt"), ".M");
  const lines = await Deno.readTextFile(`${dir}/.git/shallow`);
  await Deno.writeTextFile(`${dir}/.git/shallow`, `${lines}zzzz\n`);
  const g = await gitAs(env, dir, ["status", "--porcelain=v2"], { allowFail: true });
  assert.notEqual(g.code, 0, "control: git stops");
  const facts = await batonFacts(env, dir);
  assert.equal(facts.tree, undefined, "no tree compared");
  assert.match(facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "", /shallow/);
});

Deno.test("renames: past the rename limit git still pairs unique basenames (R.), and leaves the rest D. and A.", async () => {
  // Found on a real shape: a refactor moving and editing 1,100 files (git's
  // limit is 1,000); status.renameLimit makes it small here.
  const env = await userEnv();
  const body = (i: number) =>
    Array.from({ length: 20 }, (_, k) => `file ${i} line ${k}\n`).join("");
  const files: Record<string, string> = {};
  for (let i = 0; i < 6; i++) files[`old/f${i}.txt`] = body(i);
  const dir = await base(files);
  await git(dir, ["config", "status.renameLimit", "3"]);
  await git(dir, ["mv", "old", "new"]);
  for (let i = 0; i < 6; i++) await writeFiles(dir, { [`new/f${i}.txt`]: body(i) + "edited\n" });
  await git(dir, ["add", "-A"]);
  const r = await assertAgreesWithGit(env, dir, { label: "same basenames" });
  assert.equal(r.git.tracked.get("new/f0.txt"), "R.", "control: git pairs by basename");
  // Control: other basenames past the limit are not scored (D. and A.); within it they pair.
  await git(dir, ["reset", "-q"]);
  await Deno.remove(`${dir}/new`, { recursive: true });
  for (let i = 0; i < 6; i++) await writeFiles(dir, { [`new/g${i}.txt`]: body(i) + "edited\n" });
  await git(dir, ["add", "-A"]);
  const past = await assertAgreesWithGit(env, dir, { label: "past the limit" });
  assert.equal(past.git.tracked.get("new/g0.txt"), "A.", "control: git gives up");
  await git(dir, ["config", "status.renameLimit", "6"]);
  const within = await assertAgreesWithGit(env, dir, { label: "within the limit" });
  assert.equal(within.git.tracked.get("new/g0.txt"), "R.", "control: git scores them all");
});

Deno.test("renames: status.renameLimit is read as git reads a number (a leading 0 is octal, 0x hex, a k unit): 010 is 8, too few for 9 by 9", async () => {
  const env = await userEnv();
  const body = (i: number) =>
    Array.from({ length: 20 }, (_, k) => `file ${i} line ${k}\n`).join("");
  const files: Record<string, string> = {};
  for (let i = 0; i < 9; i++) files[`old/f${i}.txt`] = body(i);
  const dir = await base(files);
  await git(dir, ["rm", "-q", "-r", "--cached", "old"]);
  await Deno.remove(`${dir}/old`, { recursive: true });
  for (let i = 0; i < 9; i++) await writeFiles(dir, { [`new/g${i}.dat`]: body(i) + "edited\n" });
  await git(dir, ["add", "-A"]);
  // 9 sources by 9 destinations: scored where the limit's square reaches 81.
  for (
    const [limit, want] of [["010", "A."], ["10", "R."], ["0x9", "R."], ["0x8", "A."], ["1k", "R."]]
  ) {
    await git(dir, ["config", "status.renameLimit", limit!]);
    const r = await assertAgreesWithGit(env, dir, { label: `status.renameLimit=${limit}` });
    assert.equal(r.git.tracked.get("new/g0.dat"), want, `control: git reads ${limit}`);
  }
});

Deno.test("renames: git status takes diff.renames and diff.renameLimit only while no value is set (the first of them wins, status.renameLimit = -1 lets one in); a diff entry after that is not parsed", async () => {
  const env = await userEnv();
  const body = (i: number) =>
    Array.from({ length: 20 }, (_, k) => `file ${i} line ${k}\n`).join("");
  const files: Record<string, string> = {};
  for (let i = 0; i < 9; i++) files[`old/f${i}.txt`] = body(i);
  const dir = await base(files);
  try {
    await git(dir, ["rm", "-q", "-r", "--cached", "old"]);
    await Deno.remove(`${dir}/old`, { recursive: true });
    for (let i = 0; i < 9; i++) await writeFiles(dir, { [`new/g${i}.dat`]: body(i) + "edited\n" });
    await git(dir, ["add", "-A"]);
    // 9 sources by 9 destinations: scored where the limit's square reaches 81.
    const shapes: [string, [string, string][], string][] = [
      ["first diff limit wins", [["diff.renameLimit", "2"], ["diff.renameLimit", "100"]], "A."],
      [
        "first diff limit wins (control)",
        [["diff.renameLimit", "100"], ["diff.renameLimit", "2"]],
        "R.",
      ],
      ["status -1 lets diff in", [["status.renameLimit", "-1"], ["diff.renameLimit", "2"]], "A."],
      ["status -5 keeps diff out", [["status.renameLimit", "-5"], ["diff.renameLimit", "2"]], "R."],
      ["status after diff wins", [["diff.renameLimit", "2"], ["status.renameLimit", "100"]], "R."],
      ["first diff.renames wins", [["diff.renames", "false"], ["diff.renames", "true"]], "A."],
      ["bad diff.renames unparsed", [["status.renames", "true"], ["diff.renames", "maybe"]], "R."],
      ["bad diff limit unparsed", [["diff.renameLimit", "100"], ["diff.renameLimit", "zz"]], "R."],
    ];
    for (const [label, entries, want] of shapes) {
      for (
        const key of ["status.renameLimit", "diff.renameLimit", "status.renames", "diff.renames"]
      ) {
        await git(dir, ["config", "--unset-all", key], { allowFail: true });
      }
      for (const [key, value] of entries) await git(dir, ["config", "--add", key, value]);
      const r = await assertAgreesWithGit(env, dir, { label });
      assert.equal(r.git.tracked.get("new/g0.dat"), want, `control: ${label}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(env.home, { recursive: true });
  }
});

Deno.test("renames: between two identical sources git pairs the one its four candidate slots list first, which is the later path once a low-scoring source held the slot it took", async () => {
  // Found by the random suite (seed 90067): git R. from the later of two
  // identical deleted files, baton from the earlier.
  const env = await userEnv();
  const body = Array.from({ length: 12 }, (_, i) => `shared line ${i}\n`).join("");
  const lowScorers = { "p1.txt": "first other\n", "p2.txt": "second other\n", "p3.txt": "third\n" };
  for (
    const [label, extra, from] of [
      // Control: the two alone, git takes the first in path order.
      ["two sources", {}, "q/back.txt"],
      // Three low scorers fill three slots and q/back.txt the fourth; q/new.txt
      // then takes the first low scorer's slot, ahead of q/back.txt.
      ["three low scorers first", lowScorers, "q/new.txt"],
    ] as const
  ) {
    const dir = await base({ ...extra, "q/back.txt": body, "q/new.txt": body });
    await git(dir, [
      "rm",
      "-q",
      "--cached",
      "--",
      ...Object.keys(extra),
      "q/back.txt",
      "q/new.txt",
    ]);
    await writeFiles(dir, { "m.md": `${body}added line\nanother added line\n` });
    await git(dir, ["add", "m.md"]);
    const r = await assertAgreesWithGit(env, dir, { label });
    assert.equal(r.git.tracked.get("m.md"), "R.", `control (${label}): git pairs m.md`);
    assert.equal(r.git.origins.get("m.md"), from, `control (${label}): git's source`);
  }
});

Deno.test("renames: a deleted symlink sharing a basename makes it not unique, so git pairs by score alone", async () => {
  const env = await userEnv();
  const body = Array.from({ length: 20 }, (_, k) => `shared line ${k}\n`).join("");
  const dir = await base({ "b/x.txt": body, "d/y.txt": body + "tail\n" });
  await Deno.mkdir(`${dir}/a`);
  await Deno.symlink("target", `${dir}/a/x.txt`);
  await commitAll(dir, "link");
  await git(dir, ["rm", "-q", "a/x.txt", "b/x.txt", "d/y.txt"]);
  // Over three quarters like b/x.txt, and more like d/y.txt.
  await writeFiles(dir, { "c/x.txt": body + "tail\nmore\n" });
  await git(dir, ["add", "-A"]);
  /** The source git and baton give c/x.txt. */
  const sources = async () => {
    const v1 = (await git(dir, ["status", "--porcelain"])).stdout;
    const facts = (await assertAgreesWithGit(env, dir)).facts;
    return {
      git: /^R {2}(\S+) -> c\/x\.txt$/m.exec(v1)?.[1],
      baton: facts.changed_files.find((f) => f.path === "c/x.txt")?.orig_path,
    };
  };
  const scored = await sources();
  assert.equal(scored.git, "d/y.txt", "control: git pairs by score (x.txt is not unique)");
  assert.equal(scored.baton, scored.git);
  // Control: with the symlink kept, x.txt is unique among the deleted paths and pairs by name.
  await git(dir, ["reset", "-q", "--", "a/x.txt"]);
  await git(dir, ["checkout", "--", "a/x.txt"]);
  const named = await sources();
  assert.equal(named.git, "b/x.txt", "control: git pairs by basename");
  assert.equal(named.baton, named.git);
});

Deno.test("renames: an edited staged rename is R. where git's score reaches half, D. and A. below; status.renames=false turns it off", async () => {
  const env = await userEnv();
  const lines = (tag: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${tag} line ${from + i}\n`).join("");
  // Around the threshold: 9, 10 and 11 of 20 lines kept; one with CRLF only.
  const files: Record<string, string> = {};
  for (const keep of [9, 10, 11]) files[`k${keep}/old.txt`] = lines(`k${keep}a`, 1, 20);
  files["crlf/old.txt"] = lines("crlf", 1, 30);
  files["exact/same.txt"] = lines("exact", 1, 5);
  const dir = await base(files);
  for (const keep of [9, 10, 11]) {
    await git(dir, ["rm", "-q", `k${keep}/old.txt`]);
    await writeFiles(dir, {
      // Lines of the same length: the score is the share of lines kept.
      [`k${keep}/new.txt`]: lines(`k${keep}a`, 1, keep) + lines(`k${keep}b`, keep + 1, 20),
    });
  }
  await git(dir, ["rm", "-q", "crlf/old.txt"]);
  await writeFiles(dir, { "crlf/new.txt": lines("crlf", 1, 30).replaceAll("\n", "\r\n") });
  await git(dir, ["mv", "exact/same.txt", "exact/moved.txt"]);
  await git(dir, ["add", "."]);
  const r = await assertAgreesWithGit(env, dir);
  const codes = [9, 10, 11].map((k) => r.git.tracked.get(`k${k}/new.txt`));
  assert.ok(
    codes.includes("R.") && codes.includes("A."),
    `control: the threshold is crossed (${codes})`,
  );
  assert.equal(r.git.tracked.get("crlf/new.txt"), "R.", "control: a CR before LF is not counted");
  await git(dir, ["config", "status.renames", "false"]);
  const off = await assertAgreesWithGit(env, dir, { label: "status.renames=false" });
  assert.equal(off.git.tracked.get("exact/moved.txt"), "A.", "control: no rename, even exact");
  await git(dir, ["config", "status.renames", "true"]);
  await git(dir, ["config", "diff.renames", "false"]);
  await assertAgreesWithGit(env, dir, { label: "status.renames over diff.renames" });
});

Deno.test("conversions: CRLF already in the index is left alone by auto text and renormalised by text", async () => {
  const env = await userEnv();
  const dir = await base({ "dos.auto": "one\r\ntwo\r\n", "dos.text": "one\r\ntwo\r\n" });
  // Only the attributes file is added: `add -A` would re-add the racy files converted.
  await writeFiles(dir, { ".gitattributes": "*.auto text=auto\n*.text text\n" });
  await git(dir, ["add", ".gitattributes"]);
  await git(dir, ["commit", "-q", "-m", "attributes after the fact"]);
  await touch(`${dir}/dos.auto`);
  await touch(`${dir}/dos.text`);
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.has("dos.auto"), false, "control: auto keeps the index's CRLF");
  assert.equal(r.git.tracked.get("dos.text"), ".M", "control: text renormalises");
});

Deno.test("submodules: a nested submodule's edit makes both levels modified; a staged gitlink is M.", async () => {
  const env = await userEnv();
  const inner = await base({ "in.txt": "in\n" });
  const outer = await base({ "out.txt": "out\n" });
  const allow = ["-c", "protocol.file.allow=always"];
  await git(outer, [...allow, "submodule", "add", "-q", inner, "inner"]);
  await commitAll(outer, "inner");
  const dir = await base();
  await git(dir, [...allow, "submodule", "add", "-q", outer, "outer"]);
  await git(dir, [...allow, "submodule", "update", "-q", "--init", "--recursive"]);
  await commitAll(dir, "outer");
  await assertAgreesWithGit(env, dir, { label: "nested, clean" });
  await Deno.writeTextFile(`${dir}/outer/inner/in.txt`, "edited deep\n");
  let r = await assertAgreesWithGit(env, dir, { label: "nested, edited" });
  assert.equal(r.git.tracked.get("outer"), ".M", "control: git sees the deep edit");
  await git(`${dir}/outer/inner`, ["checkout", "-q", "--", "in.txt"]);
  await Deno.writeTextFile(`${dir}/outer/out.txt`, "next\n");
  await git(`${dir}/outer`, ["commit", "-q", "-am", "next"]);
  await git(dir, ["add", "outer"]);
  r = await assertAgreesWithGit(env, dir, { label: "staged gitlink" });
  assert.equal(r.git.tracked.get("outer"), "M.");
});

Deno.test({
  name: "sparse checkout (cone): untracked files in a directory outside the cone are untracked",
  ignore: OLD_GIT,
}, async () => {
  const env = await userEnv();
  const dir = await base({ "out/o.txt": "outside\n", "in/i.txt": "inside\n" });
  await git(dir, ["sparse-checkout", "set", "--cone", "in"]);
  await writeFiles(dir, { "out/new.txt": "n\n", "in/new.txt": "n\n" });
  const r = await assertAgreesWithGit(env, dir);
  assert.ok(r.git.untracked.includes("out/new.txt"), "control");
});

Deno.test("a symlink replaced by a file of the same text is a type change; nested attributes apply", async () => {
  const env = await userEnv();
  const dir = await base({ "sub/.gitattributes": "*.w text eol=crlf\n", "sub/x.w": "a\nb\n" });
  await Deno.symlink("a.txt", `${dir}/link`);
  await commitAll(dir, "link");
  await Deno.remove(`${dir}/link`);
  await Deno.writeTextFile(`${dir}/link`, "a.txt");
  // Checked out again: eol=crlf writes CRLF, and the index records that size.
  await Deno.remove(`${dir}/sub/x.w`);
  await git(dir, ["checkout", "--", "sub/x.w"]);
  assert.equal(await Deno.readTextFile(`${dir}/sub/x.w`), "a\r\nb\r\n");
  await touch(`${dir}/sub/x.w`);
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.get("link"), ".T");
  assert.equal(r.git.tracked.has("sub/x.w"), false, "control: eol=crlf converts back");
});

Deno.test("core.worktree naming another directory: git compares that one, baton says the tree is unknown", async () => {
  const env = await userEnv();
  const dir = await base();
  const other = (await tempDir("baton-other-tree-")).path;
  await writeFiles(dir, { "a.txt": "edited here\n", "u.txt": "untracked here\n" });
  const same = await assertAgreesWithGit(env, dir, { label: "control: unset" });
  assert.equal(same.git.tracked.get("a.txt"), ".M", "control: git sees the edit here");
  await git(dir, ["config", "core.worktree", dir]);
  await assertAgreesWithGit(env, dir, { label: "control: core.worktree naming this tree" });
  await git(dir, ["config", "core.worktree", other]);
  const r = await gitAs(env, dir, ["status", "--porcelain=v2", "-z", "-uall"]);
  assert.match(
    new TextDecoder().decode(r.stdout),
    / \.D .* a\.txt/,
    "control: git compares the other tree",
  );
  const facts = await batonFacts(env, dir);
  assert.equal(facts.tree, undefined, "no tree is listed as if it were git's");
  assert.deepEqual(facts.changed_files, []);
  assert.match(
    facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
    /core\.worktree/,
  );
});

Deno.test("status.showUntrackedFiles: the untracked set is -uall's whatever it says; a submodule's own no hides its untracked files", async () => {
  const env = await userEnv();
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir, "sub");
  await writeFiles(dir, { "sub/inside.txt": "i\n", "new/u.txt": "u\n", "a.txt": "edited\n" });
  // Control: by default the untracked file inside makes the submodule modified.
  const plain = await assertAgreesWithGit(env, dir, { label: "default" });
  assert.equal(plain.git.tracked.get("sub"), ".M");
  // The submodule's own config: git runs status inside it, which hides its untracked files.
  await git(`${dir}/sub`, ["config", "status.showUntrackedFiles", "no"]);
  const own = await assertAgreesWithGit(env, dir, { label: "the submodule's config says no" });
  assert.equal(own.git.tracked.has("sub"), false, "control: git calls the submodule clean");
  assert.deepEqual(own.git.untracked, ["new/u.txt"], "control: -uall still lists the rest");
  await git(`${dir}/sub`, ["config", "--unset", "status.showUntrackedFiles"]);
  // The superproject's own setting changes nothing under -uall, for it or the submodule.
  await git(dir, ["config", "status.showUntrackedFiles", "no"]);
  const superNo = await assertAgreesWithGit(env, dir, { label: "the superproject says no" });
  assert.equal(superNo.git.tracked.get("sub"), ".M");
  assert.deepEqual(superNo.git.untracked, ["new/u.txt"]);
  await git(dir, ["config", "--unset", "status.showUntrackedFiles"]);
  // The global file and the environment's entries reach the submodule's status too.
  await Deno.writeTextFile(`${env.home}/.gitconfig`, "[status]\n\tshowUntrackedFiles = no\n");
  const global = await assertAgreesWithGit(env, dir, { label: "~/.gitconfig says no" });
  assert.equal(global.git.tracked.has("sub"), false);
  await Deno.remove(`${env.home}/.gitconfig`);
  const counted = {
    ...env,
    vars: {
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "status.showuntrackedfiles",
      GIT_CONFIG_VALUE_0: "no",
    },
  };
  const fromEnv = await assertAgreesWithGit(counted, dir, { label: "GIT_CONFIG_COUNT says no" });
  assert.equal(fromEnv.git.tracked.has("sub"), false);
  assert.deepEqual(fromEnv.git.untracked, ["new/u.txt"]);
  // "all" inside the submodule: as by default.
  await git(`${dir}/sub`, ["config", "status.showUntrackedFiles", "all"]);
  const all = await assertAgreesWithGit(env, dir, { label: "the submodule says all" });
  assert.equal(all.git.tracked.get("sub"), ".M");
});

Deno.test("status.showUntrackedFiles with a value git 2.39 refuses: the tree (or the submodule) is unknown", async () => {
  const env = await userEnv();
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir, "sub");
  // In the submodule (even overridden by a valid later entry): git stops there.
  await git(`${dir}/sub`, ["config", "status.showUntrackedFiles", "false"]);
  await git(`${dir}/sub`, ["config", "--add", "status.showUntrackedFiles", "no"]);
  const sub = await gitAs(env, dir, ["status", "--porcelain=v2", "-uall"], { allowFail: true });
  assert.notEqual(sub.code, 0, "control: git stops at the submodule");
  const facts = await batonFacts(env, dir);
  // git states no tree there: neither does baton (it named only the one path unchecked).
  assert.equal(facts.tree, undefined, "no tree stated, never clean");
  assert.match(
    facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
    /showUntrackedFiles has a value git does not accept: git stops/,
  );
  assert.equal(facts.dirty, null);
  await git(`${dir}/sub`, ["config", "--unset-all", "status.showUntrackedFiles"]);
  await assertAgreesWithGit(env, dir, { label: "control: the value removed" });
  await writeFiles(dir, { "a.txt": "edited\n" });
  // In the superproject: git gives no status at all, -uall or not.
  for (const value of ["No", "true", "bogus"]) {
    await git(dir, ["config", "status.showUntrackedFiles", value]);
    const top = await gitAs(env, dir, ["status", "--porcelain=v2", "-uall"], { allowFail: true });
    assert.notEqual(top.code, 0, `control: git refuses ${value}`);
    const f = await batonFacts(env, dir);
    assert.equal(f.tree, undefined, `${value}: no tree compared`);
    assert.equal(f.dirty, null, value);
    assert.match(
      f.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
      /showUntrackedFiles/,
    );
  }
  await git(dir, ["config", "status.showUntrackedFiles", "normal"]);
  const normal = await assertAgreesWithGit(env, dir, { label: "control: normal" });
  assert.equal(normal.git.tracked.get("a.txt"), ".M");
});

Deno.test("core.bare = true in a work tree's repository: git gives no status, the tree is unknown; a linked worktree and GIT_WORK_TREE still compare", async () => {
  const env = await userEnv();
  const dir = await base();
  const wt = `${(await tempDir("baton-bare-wt-")).path}/wt`;
  await git(dir, ["worktree", "add", "-q", wt, "-b", "side"]);
  await writeFiles(dir, { "a.txt": "edited\n" });
  await writeFiles(wt, { "src/b.txt": "edited in the worktree\n" });
  const control = await assertAgreesWithGit(env, dir, { label: "control: not bare" });
  assert.equal(control.git.tracked.get("a.txt"), ".M");
  await git(dir, ["config", "core.bare", "true"]);
  const refused = await gitAs(env, dir, ["status", "--porcelain=v2"], { allowFail: true });
  assert.notEqual(refused.code, 0, "control: git has no work tree");
  const facts = await batonFacts(env, dir);
  assert.equal(facts.tree, undefined, "no tree compared");
  assert.equal(facts.dirty, null);
  assert.match(facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "", /core\.bare/);
  assert.equal(facts.head, (await git(dir, ["rev-parse", "HEAD"])).stdout.trim(), "HEAD is read");
  // A linked worktree's git ignores the shared core.bare.
  const linked = await assertAgreesWithGit(env, wt, { label: "linked worktree" });
  assert.equal(linked.git.tracked.get("src/b.txt"), ".M");
  // GIT_WORK_TREE gives git its work tree back.
  const named = await assertAgreesWithGit({ ...env, vars: { GIT_WORK_TREE: dir } }, dir, {
    label: "GIT_WORK_TREE",
  });
  assert.equal(named.git.tracked.get("a.txt"), ".M");
  // Set anywhere but the repository's own file, core.bare leaves git its work tree.
  await git(dir, ["config", "core.bare", "false"]);
  await Deno.writeTextFile(`${env.home}/bare.inc`, "[core]\n\tbare = true\n");
  await git(dir, ["config", "include.path", `${env.home}/bare.inc`]);
  const included = await assertAgreesWithGit(env, dir, { label: "core.bare from an include" });
  assert.equal(included.git.tracked.get("a.txt"), ".M");
  await git(dir, ["config", "--unset", "include.path"]);
  // A value that is not a boolean: git reads nothing of the repository.
  // Written from outside the repository: git config itself stops inside it.
  await git(env.home, ["config", "--file", `${dir}/.git/config`, "core.bare", "maybe"]);
  const head = await gitAs(env, dir, ["rev-parse", "HEAD"], { allowFail: true });
  assert.notEqual(head.code, 0, "control: git refuses the repository");
  const bogus = await batonFacts(env, dir);
  assert.equal(bogus.tree, undefined);
  assert.equal(bogus.head, null, "HEAD not stated where git refuses");
  assert.match(bogus.unavailable?.find((u) => u.part === "head")?.reason ?? "", /core\.bare/);
  await git(env.home, ["config", "--file", `${dir}/.git/config`, "core.bare", "false"]);
  await assertAgreesWithGit(env, dir, { label: "control: core.bare false" });
});

Deno.test("core.worktree in the shared config is not a linked worktree's: git compares the linked one, and so does baton", async () => {
  const env = await userEnv();
  const dir = await base();
  const wt = `${(await tempDir("baton-cwt-")).path}/wt`;
  await git(dir, ["worktree", "add", "-q", wt, "-b", "side"]);
  await writeFiles(wt, { "src/b.txt": "edited in the worktree\n", "w.txt": "w\n" });
  await writeFiles(dir, { "a.txt": "edited in main\n" });
  await git(dir, ["config", "core.worktree", dir]);
  const linked = await assertAgreesWithGit(env, wt, { label: "linked worktree" });
  assert.equal(linked.git.tracked.get("src/b.txt"), ".M", "control: git compares the linked one");
  assert.equal(linked.git.tracked.has("a.txt"), false);
  // Control: set in the linked worktree's own config.worktree, git compares the other directory.
  await git(dir, ["config", "--unset", "core.worktree"]);
  await git(dir, ["config", "extensions.worktreeConfig", "true"]);
  await git(wt, ["config", "--worktree", "core.worktree", dir]);
  const g = await oracle(env, wt);
  assert.equal(g.tracked.get("a.txt"), ".M", "control: git now compares the main directory");
  const facts = await batonFacts(env, wt);
  assert.equal(facts.tree, undefined, "baton does not compare another directory");
  assert.match(
    facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
    /core\.worktree/,
  );
});

Deno.test("submodules: a submodule whose repository format git refuses leaves the tree unknown where git looks inside (git stops), clean to both under ignore=dirty", async () => {
  const env = await userEnv();
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir, "sub");
  await Deno.writeTextFile(`${dir}/sub/lib.txt`, "edited\n");
  const control = await assertAgreesWithGit(env, dir, { label: "control: readable format" });
  assert.equal(control.git.tracked.get("sub"), ".M");
  const config = `${dir}/.git/modules/sub/config`;
  await git(env.home, ["config", "--file", config, "core.repositoryFormatVersion", "1"]);
  await git(env.home, ["config", "--file", config, "extensions.someFutureThing", "true"]);
  const g = await gitAs(env, dir, ["status", "--porcelain=v2"], { allowFail: true });
  assert.notEqual(g.code, 0, "control: git stops in the submodule");
  // git states no tree there: neither does baton (never clean or modified).
  const facts = await batonFacts(env, dir);
  assert.equal(facts.tree, undefined, "no tree stated");
  assert.match(
    facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "",
    /repository format is one git refuses: git status stops/,
  );
  // ignore=dirty: git only compares the submodule's HEAD, and so does baton.
  await git(dir, ["config", "--file", ".gitmodules", "submodule.sub.ignore", "dirty"]);
  const dirty = await assertAgreesWithGit(env, dir, { label: "ignore=dirty" });
  assert.equal(dirty.git.tracked.has("sub"), false);
});

Deno.test("renames = copies (or copy, git's other word for it): an addition git reports as a copy (C.) is unchecked, never A.; without a copy source both say A.", async () => {
  const env = await userEnv();
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join("");
  const dir = await base({ "src.txt": lines, "same1.txt": "same\n" });
  const settings = ["status.renames", "diff.renames"].flatMap((key) =>
    ["copies", "Copy"].map((word) => [key, word] as const)
  );
  for (const [key, word] of settings) {
    await git(dir, ["config", key, word]);
    // Control: the source unmodified, git finds no copy (status does not look there).
    await writeFiles(dir, { "copy.txt": lines });
    await git(dir, ["add", "copy.txt"]);
    const plain = await assertAgreesWithGit(env, dir, { label: `${key}: source unmodified` });
    assert.equal(plain.git.tracked.get("copy.txt"), "A.");
    // The source modified and staged: git reports the copy.
    await writeFiles(dir, { "src.txt": `${lines}one more\n` });
    await git(dir, ["add", "src.txt"]);
    const r = await assertAgreesWithGit(env, dir, { label: `${key}: copy`, allowUnknown: true });
    assert.equal(r.git.tracked.get("copy.txt"), "C.", "control: git reports a copy");
    assert.ok(r.unchecked.includes("copy.txt"), `${key}: the copy is unchecked, never A.`);
    assert.equal(r.facts.tree?.unchecked.includes("src.txt"), false, "the source is compared");
    await git(dir, ["reset", "-q", "--hard"]);
    await Deno.remove(`${dir}/copy.txt`).catch(() => {});
    await git(dir, ["config", "--unset", key]);
  }
  // A deleted source matched twice: git renames one and copies the other.
  await git(dir, ["config", "status.renames", "copies"]);
  await git(dir, ["mv", "same1.txt", "same2.txt"]);
  const once = await assertAgreesWithGit(env, dir, { label: "a rename alone is compared" });
  assert.equal(once.git.tracked.get("same2.txt"), "R.");
  await writeFiles(dir, { "same3.txt": "same\n" });
  await git(dir, ["add", "same3.txt"]);
  const twice = await assertAgreesWithGit(env, dir, { label: "two matches", allowUnknown: true });
  const codes = ["same2.txt", "same3.txt"].map((p) => twice.git.tracked.get(p)).sort();
  assert.deepEqual(codes, ["C.", "R."], "control: one rename, one copy");
  const copied = ["same2.txt", "same3.txt"].find((p) => twice.git.tracked.get(p) === "C.")!;
  assert.ok(twice.unchecked.includes(copied), "the copy is unchecked");
});

Deno.test("intent-to-add: a file gone from the work tree beside an intent-to-add one is paired as git pairs it (a work-tree rename, .R, exact or similar), and stays .D and .A where git pairs nothing", async () => {
  const env = await userEnv();
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join("");
  const dir = await base({ "old.txt": lines, "far.txt": "far\n" });
  await Deno.rename(`${dir}/old.txt`, `${dir}/new.txt`);
  await git(dir, ["add", "-N", "new.txt"]);
  const r = await assertAgreesWithGit(env, dir, { label: "work-tree rename" });
  assert.equal(r.git.tracked.get("new.txt"), ".R", "control: git pairs them");
  assert.equal(r.git.origins.get("new.txt"), "old.txt");
  // Edited past its blob, still similar: git scores it and pairs it (R9x).
  await writeFiles(dir, { "new.txt": `${lines}one more\n` });
  const similar = await assertAgreesWithGit(env, dir, { label: "similar work-tree rename" });
  assert.equal(similar.git.tracked.get("new.txt"), ".R", "control: git pairs a similar one");
  // Rewritten: nothing scores, git shows .A and .D.
  await writeFiles(dir, { "new.txt": "nothing alike\n" });
  const apart = await assertAgreesWithGit(env, dir, { label: "dissimilar" });
  assert.equal(apart.git.tracked.get("new.txt"), ".A");
  assert.equal(apart.git.tracked.get("old.txt"), ".D");
  // A staged change on the source stays shown (M.), its D taken by the rename.
  await writeFiles(dir, { "new.txt": lines, "far.txt": "far away\n" });
  await git(dir, ["add", "far.txt"]);
  await Deno.rename(`${dir}/far.txt`, `${dir}/far2.txt`);
  await git(dir, ["add", "-N", "far2.txt"]);
  const staged = await assertAgreesWithGit(env, dir, { label: "a source with a staged change" });
  assert.equal(staged.git.tracked.get("far.txt"), "M.", "control: git keeps the staged side");
  assert.equal(staged.git.tracked.get("far2.txt"), ".R");
  // Controls: with rename detection off git shows .A and .D, and so does baton.
  await git(dir, ["config", "status.renames", "false"]);
  const off = await assertAgreesWithGit(env, dir, { label: "status.renames=false" });
  assert.equal(off.git.tracked.get("new.txt"), ".A");
  assert.equal(off.git.tracked.get("old.txt"), ".D");
});

Deno.test("intent-to-add under renames = copies: beside an edited symlink or file, an intent-to-add path of a type that cannot pair with it is .A as git says; a symlink of the source's old text is a copy (.C), unchecked", async () => {
  const env = await userEnv();
  const dir = await base({ "plain.txt": "plain text\n" });
  await Deno.symlink("target-one-long-name", `${dir}/link`);
  await commitAll(dir, "link");
  await git(dir, ["config", "status.renames", "copies"]);
  // The symlink retargeted: its index blob (the old text) is a copy source.
  await Deno.remove(`${dir}/link`);
  await Deno.symlink("target-two", `${dir}/link`);
  // A regular file holding that very text, and a symlink elsewhere: neither can pair with it.
  await writeFiles(dir, { "copyfile": "target-one-long-name" });
  await Deno.symlink("elsewhere", `${dir}/otherlink`);
  await git(dir, ["add", "-N", "copyfile", "otherlink"]);
  const r = await assertAgreesWithGit(env, dir, { label: "symlink source" });
  assert.equal(r.git.tracked.get("copyfile"), ".A", "control: git finds no copy");
  assert.equal(r.git.tracked.get("otherlink"), ".A");
  assert.equal(r.git.tracked.get("link"), ".M");
  // A regular source edited too, and a symlink whose text is that file's old
  // content: a file is never copied to a symlink (the regular intent-to-add
  // file may now be one: baton does not score it).
  await writeFiles(dir, { "plain.txt": "plain text\nedited\n" });
  await Deno.symlink("plain text\n", `${dir}/textlink`);
  await git(dir, ["add", "-N", "textlink"]);
  const both = await assertAgreesWithGit(env, dir, {
    label: "file and symlink sources",
    allowUnknown: true,
  });
  assert.equal(both.git.tracked.get("textlink"), ".A", "control: git finds no copy");
  assert.deepEqual(both.unchecked, ["copyfile"]);
  // The positive control: a symlink of the source's old text is git's copy.
  await git(dir, ["checkout", "--", "plain.txt"]);
  await Deno.symlink("target-one-long-name", `${dir}/copylink`);
  await git(dir, ["add", "-N", "copylink"]);
  const copy = await assertAgreesWithGit(env, dir, { label: "a copy", allowUnknown: true });
  assert.equal(copy.git.tracked.get("copylink"), ".C", "control: git reports a work-tree copy");
  assert.deepEqual(copy.unchecked, ["copylink"]);
});

Deno.test("intent-to-add under renames = copies: a symlink whose text is not UTF-8 is that one path unchecked, the rest of the tree still read", async () => {
  const env = await userEnv();
  const dir = await base({ "plain.txt": "plain text\n" });
  // A link of the bytes "t", 0xff, "x" (Deno reads a link's text only as UTF-8).
  await shell(dir, `ln -s "$(printf 't\\377x')" link && git add -A && git commit -qm link`);
  await git(dir, ["config", "status.renames", "copies"]);
  await Deno.remove(`${dir}/link`);
  await Deno.symlink("target-two", `${dir}/link`);
  await shell(dir, `ln -s "$(printf 't\\377x')" copylink && git add -N copylink`);
  await writeFiles(dir, { "plain.txt": "plain text\nedited\n" });
  // The whole work tree was "could not be read": the copy check read the link's text.
  const r = await assertAgreesWithGit(env, dir, { label: "a link not UTF-8", allowUnknown: true });
  assert.equal(r.git.tracked.get("copylink"), ".C", "control: git reports a work-tree copy");
  assert.deepEqual(r.unchecked, ["copylink"]);
  assert.deepEqual(r.facts.changed_files.map((c) => c.path).sort(), [
    "copylink",
    "link",
    "plain.txt",
  ]);
});

Deno.test("intent-to-add: a gone intent-to-add entry is the source of a work-tree rename to an empty one (.R), of none to a filled one", async () => {
  const env = await userEnv();
  const dir = await base();
  // Found on a real shape: n3 marked, then removed; n2 marked while empty.
  await writeFiles(dir, { "n1.txt": "filled\n", "n3.txt": "gone\n" });
  await git(dir, ["add", "-N", "n1.txt", "n3.txt"]);
  await Deno.remove(`${dir}/n3.txt`);
  // Control: beside a filled intent-to-add file only, git pairs nothing.
  const filled = await assertAgreesWithGit(env, dir, { label: "beside a filled one" });
  assert.equal(filled.git.tracked.get("n1.txt"), ".A");
  assert.equal(filled.git.tracked.get("n3.txt"), ".D");
  await writeFiles(dir, { "n2.txt": "" });
  await git(dir, ["add", "-N", "n2.txt"]);
  const r = await assertAgreesWithGit(env, dir, { label: "beside an empty one" });
  assert.equal(r.git.tracked.get("n2.txt"), ".R", "control: git pairs the two empty blobs");
});

Deno.test("intent-to-add under renames = copies: a copy of a file modified in the work tree (git's work-tree copy, .C) is unchecked, never .A; without a modified source both say .A", async () => {
  const env = await userEnv();
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join("");
  const dir = await base({ "src.txt": lines });
  await writeFiles(dir, { "copy.txt": `${lines}added\n` });
  await git(dir, ["add", "-N", "copy.txt"]);
  for (const key of ["status.renames", "diff.renames"]) {
    await git(dir, ["config", key, "copies"]);
    // Control: the source unmodified, git finds no copy (diff-files does not look there).
    const plain = await assertAgreesWithGit(env, dir, { label: `${key}: source unmodified` });
    assert.equal(plain.git.tracked.get("copy.txt"), ".A");
    // The source modified in the work tree only: its index blob is a copy source.
    await writeFiles(dir, { "src.txt": `${lines}edit\n` });
    const r = await assertAgreesWithGit(env, dir, { label: `${key}: copy`, allowUnknown: true });
    assert.equal(r.git.tracked.get("copy.txt"), ".C", "control: git reports a work-tree copy");
    assert.deepEqual(r.unchecked, ["copy.txt"], `${key}: the copy is unchecked, never .A`);
    assert.equal(r.facts.changed_files.find((f) => f.path === "src.txt")?.xy, ".M");
    // Control: renames without copies, git pairs nothing and baton states both.
    await git(dir, ["config", key, "true"]);
    const renames = await assertAgreesWithGit(env, dir, { label: `${key}: renames only` });
    assert.equal(renames.git.tracked.get("copy.txt"), ".A");
    await git(dir, ["config", "--unset", key]);
    await git(dir, ["checkout", "--", "src.txt"]);
  }
});

Deno.test("unmerged: a file gone from the work tree is a work-tree rename source for a conflicted file git pairs it with (its .D then not shown): unchecked, never .D", async () => {
  // Found by the random suite (seed 9002): git's diff-files queues an
  // unmerged path whose file is present as an addition, so a deleted file
  // whose blob scores at least half against it is taken as renamed and its
  // .D disappears from git status; the unmerged path is still shown UU.
  const env = await userEnv();
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join("");
  const dir = await base({ "conflict.txt": "base\n", "old.txt": lines, "other.txt": "o\n" });
  await git(dir, ["checkout", "-q", "-b", "theirs"]);
  await writeFiles(dir, { "conflict.txt": "theirs\n" });
  await commitAll(dir, "theirs");
  await git(dir, ["checkout", "-q", "main"]);
  await writeFiles(dir, { "conflict.txt": "ours\n" });
  await commitAll(dir, "ours");
  await git(dir, ["merge", "-q", "theirs"], { allowFail: true });
  // Control: the conflicted file unlike the gone one: git shows the .D.
  await Deno.remove(`${dir}/other.txt`);
  const unlike = await assertAgreesWithGit(env, dir, { label: "unlike", allowUnknown: true });
  assert.equal(unlike.git.tracked.get("other.txt"), ".D", "control: git shows the deletion");
  assert.equal(unlike.git.tracked.get("conflict.txt"), "UU");
  assert.equal(unlike.unchecked.includes("other.txt"), false, "scored below half: stated .D");
  // The conflicted file now holds the gone file's text: git pairs them.
  await Deno.remove(`${dir}/old.txt`);
  await writeFiles(dir, { "conflict.txt": lines });
  const r = await assertAgreesWithGit(env, dir, { label: "paired", allowUnknown: true });
  assert.equal(r.git.tracked.has("old.txt"), false, "control: git shows no .D for old.txt");
  assert.equal(r.git.tracked.get("conflict.txt"), "UU", "control: still unmerged");
  assert.ok(r.unchecked.includes("old.txt"), "the gone file is not stated");
  assert.equal(r.unchecked.includes("conflict.txt"), false, "the unmerged path is still stated");
  assert.equal(r.git.tracked.get("other.txt"), ".D", "control: an unlike file stays deleted");
  assert.equal(r.unchecked.includes("other.txt"), false, "and is stated so");
  // Controls: with rename detection off git shows the .D, and so does baton.
  await git(dir, ["config", "status.renames", "false"]);
  const off = await assertAgreesWithGit(env, dir, { label: "status.renames=false" });
  assert.equal(off.git.tracked.get("old.txt"), ".D");
  // With the conflicted file gone from the work tree it is no destination.
  await git(dir, ["config", "--unset", "status.renames"]);
  await Deno.remove(`${dir}/conflict.txt`);
  const gone = await assertAgreesWithGit(env, dir, { label: "no destination" });
  assert.equal(gone.git.tracked.get("old.txt"), ".D");
  // Beside an intent-to-add file too, the gone file is named unchecked once.
  await writeFiles(dir, { "conflict.txt": lines, "n.txt": "n\n" });
  await git(dir, ["add", "-N", "n.txt"]);
  const both = await assertAgreesWithGit(env, dir, { label: "and an ita", allowUnknown: true });
  assert.deepEqual(both.unchecked.filter((p) => p === "old.txt"), ["old.txt"]);
});

Deno.test("unmerged: a gone file or symlink whose index blob is exactly a conflicted file's content (the empty blob too) is its rename source to git: unchecked, never .D", async () => {
  // Found by the random suite (seed 91162): a staged-modified file whose
  // index blob is the empty one, gone from the work tree, beside a conflicted
  // file emptied in the work tree. git's exact pass pairs the same blob (no
  // score reaches an empty one), so the MD shows as M.; baton said MD.
  const env = await userEnv();
  const dir = await base({ "conflict.txt": "base\n", "staged.sh": "s\n", "other.txt": "o\n" });
  await Deno.symlink("target", `${dir}/link`);
  await Deno.symlink("elsewhere", `${dir}/link2`);
  await commitAll(dir, "links");
  await git(dir, ["checkout", "-q", "-b", "theirs"]);
  await writeFiles(dir, { "conflict.txt": "theirs\n" });
  await commitAll(dir, "theirs");
  await git(dir, ["checkout", "-q", "main"]);
  await writeFiles(dir, { "conflict.txt": "ours\n" });
  await commitAll(dir, "ours");
  await git(dir, ["merge", "-q", "theirs"], { allowFail: true });
  await writeFiles(dir, { "staged.sh": "" });
  await git(dir, ["add", "staged.sh"]);
  await Deno.remove(`${dir}/staged.sh`);
  await Deno.remove(`${dir}/other.txt`);
  // Control: the conflicted file not empty: git shows both deletions.
  const unlike = await assertAgreesWithGit(env, dir, { label: "unlike" });
  assert.equal(unlike.git.tracked.get("staged.sh"), "MD", "control: git shows the deletion");
  assert.equal(unlike.git.tracked.get("other.txt"), ".D");
  // The conflicted file emptied: git pairs the empty blob with it.
  await writeFiles(dir, { "conflict.txt": "" });
  const empty = await assertAgreesWithGit(env, dir, { label: "empty", allowUnknown: true });
  assert.equal(empty.git.tracked.get("staged.sh"), "M.", "control: git hides the deletion");
  assert.equal(empty.git.tracked.get("conflict.txt"), "UU");
  assert.deepEqual(empty.unchecked, ["staged.sh"], "the paired file alone is not stated");
  // Two gone sources with the same empty blob: git pairs one; both are named.
  await git(dir, ["rm", "-q", "--cached", "other.txt"]);
  await writeFiles(dir, { "other.txt": "" });
  await git(dir, ["add", "-f", "other.txt"]);
  await Deno.remove(`${dir}/other.txt`);
  const two = await assertAgreesWithGit(env, dir, { label: "two sources", allowUnknown: true });
  assert.equal(two.git.tracked.size, 3, "control: git shows one deletion of the two");
  assert.deepEqual(two.unchecked.sort(), ["other.txt", "staged.sh"]);
  // With rename detection off git shows every deletion, and so does baton.
  await git(dir, ["config", "status.renames", "false"]);
  const off = await assertAgreesWithGit(env, dir, { label: "status.renames=false" });
  assert.equal(off.git.tracked.get("staged.sh"), "MD");
  await git(dir, ["config", "--unset", "status.renames"]);
  await git(dir, ["checkout", "-q", "HEAD", "--", "staged.sh", "other.txt"]);
  // A gone symlink pairs with a conflicted symlink of its exact text.
  await Deno.remove(`${dir}/conflict.txt`);
  await Deno.symlink("target", `${dir}/conflict.txt`);
  await Deno.remove(`${dir}/link`);
  await Deno.remove(`${dir}/link2`);
  const links = await assertAgreesWithGit(env, dir, { label: "links", allowUnknown: true });
  assert.equal(links.git.tracked.has("link"), false, "control: git hides the link's deletion");
  assert.equal(links.git.tracked.get("link2"), ".D", "control: another text stays deleted");
  assert.deepEqual(links.unchecked, ["link"]);
  // A conflicted plain file of the link's text is no destination for it.
  await Deno.remove(`${dir}/conflict.txt`);
  await writeFiles(dir, { "conflict.txt": "target" });
  const file = await assertAgreesWithGit(env, dir, { label: "file of the text" });
  assert.equal(file.git.tracked.get("link"), ".D", "control: a file is no link's destination");
});

Deno.test("renames: a staged rename's score reads each blob as text or binary as its diff attribute says", async () => {
  // A CRLF file holding a NUL moved and rewritten with LF: text to git under
  // `diff` (the CRs skip, R.), binary by content or under -diff (D. and A.).
  const env = await userEnv();
  const crlf = "\0" + Array.from({ length: 40 }, (_, i) => `line ${i}\r\n`).join("");
  const lf = "\0" + Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join("");
  for (
    const [attrs, binary, want] of [
      ["*.x diff\n", null, "R."],
      ["*.x -diff\n", null, "A."],
      ["", null, "A."],
      // A driver's name: its diff.<driver>.binary, else the content.
      ["*.x diff=mine\n", null, "A."],
      ["*.x diff=mine\n", "false", "R."],
    ] as const
  ) {
    const dir = await base({ ".gitattributes": attrs, "old.x": crlf });
    if (binary !== null) await git(dir, ["config", "diff.mine.binary", binary]);
    await git(dir, ["mv", "old.x", "new.x"]);
    await writeFiles(dir, { "new.x": lf });
    await git(dir, ["add", "new.x"]);
    const r = await assertAgreesWithGit(env, dir, { label: attrs, allowUnknown: true });
    assert.equal(r.git.tracked.get("new.x"), want, `${attrs} ${binary}: control: git's pairing`);
    assert.equal(r.unchecked.includes("new.x"), false, `${attrs} ${binary}: stated`);
  }
});

Deno.test("unmerged: the rename score reads a file as text or binary as its diff attribute says (a CR before LF counted only in binary)", async () => {
  // git's hash_chars skips a CR before LF only in text, and text is the
  // diff attribute's word before the content's (a NUL in 8000 bytes).
  const env = await userEnv();
  const crlf = "\0" + Array.from({ length: 40 }, (_, i) => `line ${i}\r\n`).join("");
  const lf = "\0" + Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join("");
  for (
    const [attrs, paired] of [
      ["*.x diff\n", true],
      ["*.x -diff\n", false],
      ["", false],
      ["*.x diff\nold.x binary\n", false],
    ] as const
  ) {
    const dir = await base({ ".gitattributes": attrs, "conflict.x": "base\n", "old.x": crlf });
    await git(dir, ["checkout", "-q", "-b", "theirs"]);
    await writeFiles(dir, { "conflict.x": "theirs\n" });
    await commitAll(dir, "theirs");
    await git(dir, ["checkout", "-q", "main"]);
    await writeFiles(dir, { "conflict.x": "ours\n" });
    await commitAll(dir, "ours");
    await git(dir, ["merge", "-q", "theirs"], { allowFail: true });
    await Deno.remove(`${dir}/old.x`);
    await writeFiles(dir, { "conflict.x": lf });
    const r = await assertAgreesWithGit(env, dir, { label: attrs, allowUnknown: true });
    assert.equal(r.git.tracked.get("conflict.x"), "UU", "control: still unmerged");
    // Controls: as binary (by content or attribute) the CRs keep the score low: git shows the .D.
    assert.equal(r.git.tracked.has("old.x"), !paired, `${attrs}: git's pairing`);
    assert.equal(r.unchecked.includes("old.x"), paired, `${attrs}: stated only where git does`);
  }
});

Deno.test("an ignore file line holding a NUL byte is its text up to the NUL, as git reads it (a C string)", async () => {
  const env = await userEnv();
  const dir = await base();
  // "ab\0cd" is the pattern "ab" to git; a line opening with a NUL is empty.
  await Deno.writeFile(`${dir}/.gitignore`, new TextEncoder().encode("ab\0cd\n\0*.r\n*.q \0x\n"));
  await Deno.writeFile(`${dir}/.git/info/exclude`, new TextEncoder().encode("ex\0\n"));
  await writeFiles(dir, { "ab": "", "abcd": "", "x.q": "", "y.r": "", "ex": "" });
  const r = await assertAgreesWithGit(env, dir, { label: "NUL in ignore lines" });
  assert.deepEqual(r.git.untracked, [".gitignore", "abcd", "y.r"], "control: git's reading");
});

Deno.test("an attributes line holding a NUL byte ends there; the index's copy of the file ends at its first NUL (git reads it as one C string)", async () => {
  const env = await userEnv();
  const crlf = "a\r\nb\r\n";
  const dir = await base({ "f.txt": crlf, "g.md": crlf, "h.c": crlf });
  const enc = (t: string) => new TextEncoder().encode(t);
  // In the work tree: "*.txt" has no attribute left, "*.md text" keeps its own.
  await Deno.writeFile(`${dir}/.gitattributes`, enc("*.txt\0 text\n*.md text\0junk\n*.c -text\n"));
  for (const f of ["f.txt", "g.md", "h.c"]) await touch(`${dir}/${f}`);
  const tree = await assertAgreesWithGit(env, dir, { label: "work tree copy" });
  assert.deepEqual([...tree.git.tracked.keys()].sort(), ["g.md"], "control: only *.md is text");
  // Read from the index (skip-worktree, gone): nothing past the first NUL.
  const idx = await base({ "f.txt": crlf, "g.md": crlf });
  await Deno.writeFile(`${idx}/.gitattributes`, enc("*.txt text\0\n*.md text\n"));
  // Only the attributes file is staged: `git add -A` would re-hash a racily clean f.txt
  // through the work tree's attributes (a `text` file, stored with LF), which made git's
  // answer depend on the machine's timing.
  await git(idx, ["add", ".gitattributes"]);
  await git(idx, ["commit", "-q", "-m", "attributes"]);
  await git(idx, ["update-index", "--skip-worktree", ".gitattributes"]);
  await Deno.remove(`${idx}/.gitattributes`);
  for (const f of ["f.txt", "g.md"]) await touch(`${idx}/${f}`);
  const fromIndex = await assertAgreesWithGit(env, idx, { label: "index copy" });
  assert.deepEqual([...fromIndex.git.tracked.keys()].sort(), ["f.txt"], "control: only *.txt");
});

Deno.test("the index's copy of a .gitattributes keeps a leading byte-order mark (git 2.39 skips one only in a file): its first pattern then matches nothing here", async () => {
  const env = await userEnv();
  const crlf = "a\r\nb\r\n";
  const dir = await base({ "f.txt": crlf, "g.md": crlf });
  await writeFiles(dir, { ".gitattributes": "\uFEFF*.txt text\n*.md text\n" });
  // Only the attributes file is staged: the files keep their CRLF blobs.
  await git(dir, ["add", ".gitattributes"]);
  await git(dir, ["commit", "-q", "-m", "attributes"]);
  // Control first: the work tree's copy has its mark skipped, both lines apply.
  for (const f of ["f.txt", "g.md"]) await touch(`${dir}/${f}`);
  const file = await assertAgreesWithGit(env, dir, { label: "work tree copy" });
  assert.deepEqual([...file.git.tracked.keys()].sort(), ["f.txt", "g.md"]);
  await git(dir, ["update-index", "--skip-worktree", ".gitattributes"]);
  await Deno.remove(`${dir}/.gitattributes`);
  const r = await assertAgreesWithGit(env, dir, { label: "index copy" });
  assert.deepEqual([...r.git.tracked.keys()].sort(), ["g.md"], "control: *.txt not text");
});

Deno.test("a .gitmodules read from the index with a byte-order mark is a bad line 1 to git (skipped only in a file): none of its settings apply", async () => {
  const env = await userEnv();
  const lib = await makeRepo("baton-bom-lib-");
  await writeFiles(lib, { "l": "l\n" });
  await commitAll(lib, "lib");
  const dir = await base();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "lib"]);
  const gm = await Deno.readTextFile(`${dir}/.gitmodules`);
  await Deno.writeTextFile(`${dir}/.gitmodules`, `\uFEFF${gm}\tignore = all\n`);
  await commitAll(dir, "submodule");
  await writeFiles(dir, { "lib/l": "edited\n" });
  // Control: the work tree's file has its mark skipped: ignore = all hides the edit.
  const file = await assertAgreesWithGit(env, dir, { label: "work tree copy" });
  assert.equal(file.git.tracked.has("lib"), false, "control: hidden by ignore = all");
  await git(dir, ["update-index", "--skip-worktree", ".gitmodules"]);
  await Deno.remove(`${dir}/.gitmodules`);
  const r = await assertAgreesWithGit(env, dir, { label: "index copy" });
  assert.equal(r.git.tracked.get("lib"), ".M", "control: git read no setting from the blob");
});

Deno.test("racy in git's whole seconds: a file staged earlier in the index's second is hashed under today's attributes", async () => {
  // Found by the random suite (seed 92): the attributes changed after the
  // file was staged, so its content now converts differently; git hashes an
  // entry whose mtime second is not older than the index file's and calls
  // it modified, and baton's ms rule called it clean.
  const env = await userEnv();
  const dir = await base();
  await git(dir, ["config", "core.autocrlf", "true"]);
  await writeFiles(dir, { ".gitattributes": "*.txt text\n", "bin.txt": "\0binary\r\n" });
  const t = Math.floor(Date.now() / 1000) - 100;
  await Deno.utime(`${dir}/bin.txt`, t + 0.2, t + 0.2);
  await git(dir, ["add", ".gitattributes", "bin.txt"]);
  await git(dir, ["commit", "-q", "-m", "text"]);
  await writeFiles(dir, { ".gitattributes": "*.bin binary\n" });
  await git(dir, ["add", ".gitattributes"]);
  await Deno.utime(`${dir}/.git/index`, t + 0.7, t + 0.7);
  const racy = await assertAgreesWithGit(env, dir);
  assert.equal(racy.git.tracked.get("bin.txt"), ".M", "control: git hashes it and sees a change");
  // A second later the entry is not racy: git trusts the stat, and so does baton.
  await Deno.utime(`${dir}/.git/index`, t + 1.7, t + 1.7);
  const settled = await assertAgreesWithGit(env, dir);
  assert.equal(settled.git.tracked.get("bin.txt"), undefined, "control: git trusts the stat");
});

Deno.test("agrees: text=input and crlf=auto convert as git reads them (text=input stores LF; crlf is read where text says nothing)", async () => {
  // Found by the random suite's clock phase (seed 74): a racy CRLF file
  // under `*.txt text=input` hashed to the index's LF blob for git, and
  // baton, which knew only text, -text and text=auto, did not convert it.
  const env = await userEnv();
  for (
    const [attributes, xy] of [
      ["*.txt text=input\n", undefined],
      ["*.txt crlf=auto\n", undefined],
      ["*.txt text=other crlf=input\n", undefined],
      // Controls: -text stores the CRLF file as it is, a change; text converts on old code too.
      ["*.txt -text\n", ".M"],
      ["*.txt text\n", undefined],
    ] as const
  ) {
    // Staged as text (the blob holds LF), then the attributes under test.
    const dir = await base({ ".gitattributes": "*.txt text\n", "c.txt": "one\r\ntwo\n" });
    await writeFiles(dir, { ".gitattributes": attributes });
    await git(dir, ["add", ".gitattributes"]);
    // Same size, another second: git reads it (with its conversion) to decide.
    await Deno.utime(`${dir}/c.txt`, 1_600_000_000, 1_600_000_000);
    const a = await assertAgreesWithGit(env, dir, { label: attributes });
    assert.equal(a.git.tracked.get("c.txt"), xy, attributes);
  }
});

Deno.test("agrees: a split index where a sparse index is allowed is declined, as git stops on it (it collapses the shared index before merging)", async () => {
  // Found by the random suite (seed 608): git 2.39 wrote the split index and
  // then stopped reading it ("position for replacement exceeds base index
  // size"), where baton merged it and gave a status.
  const env = await userEnv();
  const dir = await base({ "a/1": "1\n", "a/2": "2\n", "b/1": "3\n", "src/z": "z\n" });
  await git(dir, ["sparse-checkout", "init", "--cone", "--sparse-index"]);
  await git(dir, ["sparse-checkout", "set", "src"]);
  await writeFiles(dir, { "b/1": "written back\n" });
  await git(dir, ["update-index", "--split-index"]);
  await git(dir, ["mv", "src/z", "src/z2"]);
  assert.equal((await oracle(env, dir, { allowStop: true })).stopped, true, "git stops");
  const facts = await batonFacts(env, dir);
  assert.equal(facts.tree, undefined);
  assert.match(facts.unavailable?.[0]?.reason ?? "", /split index with a sparse index allowed/);
  // Control: with index.sparse off (sparse-checkout set it per work tree) git
  // reads the same split index, and baton agrees.
  await git(dir, ["config", "--worktree", "index.sparse", "false"]);
  const read = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...read.git.tracked], [["b/1", ".M"], ["src/z2", "R."]]);
});

Deno.test("agrees: core.splitIndex where a sparse index is allowed stops git (it collapses the index it reads, then cannot split it), whether or not the file is sparse or split yet", async () => {
  // Found by the random suite (seed 90285): git stopped ("cannot use split
  // index with a sparse index") where baton read the index and gave a status.
  const env = await userEnv();
  const dir = await base({ "a/1": "1\n", "b/2": "2\n", "src/z": "z\n" });
  // A cone checkout with a full index file: git collapses it when it reads it.
  await git(dir, ["sparse-checkout", "init", "--cone"]);
  await git(dir, ["sparse-checkout", "set", "src"]);
  await git(dir, ["config", "--worktree", "index.sparse", "true"]);
  await writeFiles(dir, { "src/z": "edited\n" });
  // Control: without core.splitIndex both compare.
  const plain = await assertAgreesWithGit(env, dir, { label: "no core.splitIndex" });
  assert.equal(plain.git.tracked.get("src/z"), ".M");
  await git(dir, ["config", "core.splitIndex", "true"]);
  await agreesGitStops(env, dir, "core.splitIndex with index.sparse");
  // Control: a sparse index no longer allowed, git expands it and reads on.
  await git(dir, ["config", "--worktree", "index.sparse", "false"]);
  const full = await assertAgreesWithGit(env, dir, { label: "index.sparse false" });
  assert.equal(full.git.tracked.get("src/z"), ".M");
  // And a value git does not take as a boolean is unset to it.
  await git(dir, ["config", "--worktree", "index.sparse", "true"]);
  await git(dir, ["config", "core.splitIndex", "maybe"]);
  await assertAgreesWithGit(env, dir, { label: "core.splitIndex not a boolean" });
});

/** Runs both where git must stop: the control that it does, and baton's agreement (no tree). */
async function agreesGitStops(env: UserEnv, dir: string, label: string): Promise<Agreement> {
  const r = await assertAgreesWithGit(env, dir, { label });
  assert.equal(r.git.stopped, true, `control: git stops (${label})`);
  return r;
}

Deno.test('a .git file is read as git reads it: "gitdir: " with one space, no BOM, only trailing CR and LF dropped', async () => {
  const env = await userEnv();
  const dir = (await tempDir("baton-gitfile-")).path;
  const gitDir = `${(await tempDir("baton-gitfile-git-")).path}/g`;
  await git(dir, ["init", "-q", "-b", "main", "--separate-git-dir", gitDir, "."]);
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, { "a.txt": "edited\n" });
  // Controls: the line ends git drops, and none at all.
  for (const text of [`gitdir: ${gitDir}\r\n\n`, `gitdir: ${gitDir}`]) {
    await Deno.writeTextFile(`${dir}/.git`, text);
    const r = await assertAgreesWithGit(env, dir, { label: JSON.stringify(text) });
    assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git reads it");
  }
  // Another space, a trailing blank, a BOM, no space: git stops on the file.
  for (
    const text of [
      `gitdir:  ${gitDir}\n`,
      `gitdir: ${gitDir} \n`,
      `gitdir: ${gitDir}\t\n`,
      `\uFEFFgitdir: ${gitDir}\n`,
      `gitdir:${gitDir}\n`,
    ]
  ) {
    await Deno.writeTextFile(`${dir}/.git`, text);
    await agreesGitStops(env, dir, JSON.stringify(text));
  }
});

Deno.test("a linked worktree's commondir is read as git reads it: only trailing CR and LF dropped", async () => {
  const env = await userEnv();
  const dir = await base();
  const wt = `${(await tempDir("baton-wt-")).path}/wt`;
  await git(dir, ["worktree", "add", "-q", wt, "-b", "side"]);
  await writeFiles(wt, { "a.txt": "edited\n" });
  const common = `${dir}/.git/worktrees/wt/commondir`;
  for (const text of ["../..\r\n", "../..\n\n", `${dir}/.git\n`]) {
    await Deno.writeTextFile(common, text);
    const r = await assertAgreesWithGit(env, wt, { label: JSON.stringify(text) });
    assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git reads it");
  }
  for (const text of ["../.. \n", " ../..\n", "../..\t\n"]) {
    await Deno.writeTextFile(common, text);
    await agreesGitStops(env, wt, JSON.stringify(text));
  }
});

Deno.test("a bare repository inside another work tree stops git's search there: baton reports none of the outer tree", async () => {
  const env = await userEnv();
  const dir = await base();
  await writeFiles(dir, { "a.txt": "edited\n" });
  await git(dir, ["init", "-q", "--bare", "inner.git"]);
  for (const at of [`${dir}/inner.git`, `${dir}/inner.git/refs`]) {
    const r = await agreesGitStops(env, at, at);
    assert.equal(r.facts.head, null, "the outer repository's HEAD is not reported either");
  }
  // Controls: from the outer tree both agree, and its own git directory stays as it was.
  const r = await assertAgreesWithGit(env, dir, { label: "outer" });
  assert.equal(r.git.tracked.get("a.txt"), ".M");
  const inside = await batonFacts(env, `${dir}/.git/refs`);
  assert.equal(inside.tree, undefined);
  assert.notEqual(inside.head, null, "inside its own .git the outer HEAD is read");
});

Deno.test("packed-refs with CRLF line ends keep the CR in each name as git does; a loose ref is read by git's rule", async () => {
  const env = await userEnv();
  const dir = await base();
  await git(dir, ["pack-refs", "--all"]);
  const packed = `${dir}/.git/packed-refs`;
  const lf = await Deno.readTextFile(packed);
  await Deno.writeTextFile(packed, lf.replaceAll("\n", "\r\n"));
  let r = await assertAgreesWithGit(env, dir, { label: "CRLF" });
  assert.equal(r.git.tracked.get("a.txt"), "A.", "control: git reads the branch as unborn");
  await Deno.writeTextFile(packed, lf);
  r = await assertAgreesWithGit(env, dir, { label: "LF" });
  assert.equal(r.git.tracked.size, 0, "control: clean");
  // A loose ref: trailing words after the id and trailing blanks are git's, upper case too.
  const head = (await git(dir, ["rev-parse", "HEAD"])).stdout.trim();
  await writeFiles(dir, { "a.txt": "edited\n" });
  for (const text of [`${head} trailing words\n`, `${head.toUpperCase()}\n`, `${head}\t\r\n  `]) {
    await Deno.writeTextFile(`${dir}/.git/refs/heads/main`, text);
    r = await assertAgreesWithGit(env, dir, { label: JSON.stringify(text) });
    assert.equal(r.git.tracked.get("a.txt"), ".M", `control: git reads ${JSON.stringify(text)}`);
  }
  await Deno.writeTextFile(`${dir}/.git/HEAD`, "ref:\trefs/heads/main\n");
  r = await assertAgreesWithGit(env, dir, { label: "ref: and a tab" });
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git reads HEAD");
});

Deno.test("an empty .git/index: git stops on it, baton reports no tree; with no index every file is staged gone", async () => {
  const env = await userEnv();
  const dir = await base();
  await Deno.writeFile(`${dir}/.git/index`, new Uint8Array());
  await agreesGitStops(env, dir, "empty index");
  await Deno.remove(`${dir}/.git/index`);
  const r = await assertAgreesWithGit(env, dir, { label: "no index" });
  assert.equal(r.git.tracked.get("a.txt"), "D.", "control: git reads no index");
});

Deno.test("repository format: a version-1-only extension in a version-0 repository is refused by git 2.39, the tree is unknown", async () => {
  const env = await userEnv();
  const dir = await base();
  await writeFiles(dir, { "a.txt": "edited\n" });
  await git(dir, ["config", "core.repositoryFormatVersion", "0"]);
  for (
    const [key, value] of [["extensions.noop-v1", "true"], ["extensions.objectFormat", "sha1"]]
  ) {
    await git(dir, ["config", key!, value!]);
    await agreesGitStops(env, dir, key!);
    // (From outside: git refuses to run in the repository.)
    await git(env.home, ["config", "-f", `${dir}/.git/config`, "--unset", key!]);
  }
  // Controls: an extension version 0 reads, and one it ignores.
  await git(dir, ["config", "extensions.noop", "true"]);
  await git(dir, ["config", "extensions.someFutureThing", "true"]);
  const r = await assertAgreesWithGit(env, dir);
  assert.equal(r.git.tracked.get("a.txt"), ".M");
});

/** A value git rejects and one it takes, for each kind of rejected_config.ts. */
const CONFIG_SAMPLES: Record<string, { bad: string | null; good: string }> = {
  bool: { bad: "maybe", good: "off" },
  int: { bad: "5 ", good: "0x10" },
  ulong: { bad: "-1", good: "1k" },
  boolOrInt: { bad: "maybe", good: "3" },
  value: { bad: null, good: "x" },
  compression: { bad: "10", good: "-1" },
  abbrev: { bad: "3", good: "auto" },
  commentChar: { bad: "ab", good: ";" },
  color: { bad: "maybe", good: "bold brightred #00ff00" },
  colorBool: { bad: "maybe", good: "auto" },
  renames: { bad: "maybe", good: "copies" },
  autocrlf: { bad: "maybe", good: "input" },
  safecrlf: { bad: "maybe", good: "warn" },
  logAllRefUpdates: { bad: "maybe", good: "always" },
  autoSetupMerge: { bad: "maybe", good: "inherit" },
  ignoreSubmodules: { bad: "bogus", good: "dirty" },
  diffAlgorithm: { bad: "maybe", good: "histogram" },
  colorMoved: { bad: "maybe", good: "zebra" },
  colorMovedWs: { bad: "maybe", good: "ignore-all-space, ignore-space-at-eol" },
  wsErrorHighlight: { bad: "maybe", good: "old,new" },
  createObject: { bad: "maybe", good: "rename" },
  autoSetupRebase: { bad: "maybe", good: "local" },
  pushDefault: { bad: "maybe", good: "simple" },
  column: { bad: "maybe", good: "never" },
};

Deno.test("config: a boolean written as a number is read as git reads one (C's base 0: 0x hex, a leading 0 octal, blanks before it, a k unit), its truth that number's", async () => {
  const env = await userEnv();
  const dir = await base();
  await Deno.chmod(`${dir}/a.txt`, 0o755);
  // core.fileMode false hides the execute bit git would show as .M.
  const cases: [string, boolean][] = [
    ["0x0", false],
    ["0x1", true],
    ['" 0"', false],
    ["00", false],
    ["010", true],
    ["1k", true],
  ];
  for (const [value, on] of cases) {
    await Deno.writeTextFile(
      `${dir}/.git/config`,
      `[core]\n\trepositoryformatversion = 0\n\tfilemode = ${value}\n`,
    );
    const r = await assertAgreesWithGit(env, dir, { label: `core.fileMode = ${value}` });
    assert.equal(r.git.tracked.get("a.txt"), on ? ".M" : undefined, `control: git reads ${value}`);
  }
});

/** Good values that would take git's work tree away or name a file git must read. */
const GOOD_OVERRIDES: Record<string, string | undefined> = {
  "core.bare": "false",
  "diff.orderFile": undefined,
  "status.showUntrackedFiles": "all",
};

/** A config file setting `name` (`<driver>` becomes `drv`) to `value` (null: no `=`). */
function configLine(name: string, value: string | null): string {
  const parts = name.replace("<driver>", "drv").split(".");
  const key = parts.pop()!;
  const section = parts.length === 1
    ? `[${parts[0]}]`
    : `[${parts[0]} "${parts.slice(1).join(".")}"]`;
  const quoted = value === null
    ? ""
    : ` = "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  return `${section}\n\t${key}${quoted}\n`;
}

Deno.test("config: a value git rejects anywhere in the cascade (here ~/.gitconfig, under a good repository value) makes the tree unknown, as git stops", async () => {
  const env = await userEnv();
  const dir = await base();
  await writeFiles(dir, { "a.txt": "edited\n" });
  const include = `${env.home}/good.inc`;
  await git(dir, ["config", "include.path", include]);
  // git reads some keys only when it converts a file's content (filter.<driver>.required): a
  // tracked file whose mtime moved but whose size did not is hashed on every status, so git
  // always gets there; without it, only a racily clean entry did (timing, not baton).
  let touches = 0;
  const stopsBoth = async (name: string, value: string | null) => {
    const label = `${name}=${JSON.stringify(value)}`;
    await Deno.writeTextFile(`${env.home}/.gitconfig`, configLine(name, value));
    await touch(`${dir}/src/b.txt`, 10 + ++touches);
    const g = await gitAs(env, dir, ["status", "--porcelain=v2"], { allowFail: true });
    assert.notEqual(g.code, 0, `control: git stops on ${label}`);
    const facts = await batonFacts(env, dir);
    assert.equal(facts.tree, undefined, `${label}: no tree`);
    const reason = facts.unavailable?.find((u) => u.part === "worktree")?.reason ?? "";
    assert.ok(reason !== "", `${label}: a reason`);
  };
  for (const { name, kind, lastWins } of REJECTED_CONFIG_KEYS) {
    const sample = CONFIG_SAMPLES[kind.name]!;
    const good = name in GOOD_OVERRIDES ? GOOD_OVERRIDES[name] : sample.good;
    // A key git looks up once: only the value in force counts, so it is bad alone here.
    await Deno.writeTextFile(include, good === undefined || lastWins ? "" : configLine(name, good));
    await stopsBoth(name, sample.bad);
    if (lastWins) {
      await Deno.writeTextFile(include, configLine(name, good!));
      const r = await assertAgreesWithGit(env, dir, { label: `${name} bad under good` });
      assert.equal(r.git.tracked.get("a.txt"), ".M", `control: git reads ${name} in force`);
    }
  }
  await Deno.writeTextFile(include, "");
  // As exact as git at the edges: each value here is one git 2.39 rejects.
  const rejected: [string, string | null][] = [
    ["core.compression", "-2"],
    ["core.looseCompression", "10"],
    ["core.abbrev", "41"],
    ["core.abbrev", "0"],
    ["core.abbrev", "yes"],
    ["core.abbrev", "1k"],
    ["core.abbrev", null],
    ["core.commentChar", "\u00e9"],
    ["core.commentChar", ""],
    ["status.renameLimit", "3000000000"],
    ["status.renameLimit", "3g"],
    ["status.renameLimit", "09"],
    ["status.renameLimit", "k"],
    ["status.renameLimit", ""],
    ["core.fileMode", " true "],
    ["core.bigFileThreshold", "1x"],
    ["diff.ignoreSubmodules", ""],
    ["column.ui", null],
    ["diff.colorMovedWS", "ignore-all-space,allow-indentation-change"],
  ];
  for (const [name, value] of rejected) await stopsBoth(name, value);
  // Controls: every key at once with a value git takes, and edge values it takes: both agree.
  const accepted: [string, string | null][] = [
    ["core.compression", "9"],
    ["core.abbrev", "40"],
    ["core.abbrev", "4"],
    ["core.abbrev", "no"],
    ["core.commentChar", "auto"],
    ["status.renameLimit", " 5"],
    ["status.renameLimit", "+5"],
    ["status.renameLimit", "1g"],
    ["core.fileMode", "TRUE"],
    ["core.fileMode", "-1"],
    ["core.fileMode", null],
    ["core.fileMode", ""],
    ["core.untrackedCache", "maybe"],
    ["core.checkStat", "bogus"],
  ];
  const all = REJECTED_CONFIG_KEYS.map(({ name, kind }) => {
    const good = name in GOOD_OVERRIDES ? GOOD_OVERRIDES[name] : CONFIG_SAMPLES[kind.name]!.good;
    return good === undefined ? "" : configLine(name, good);
  }).join("") + accepted.map(([n, v]) => configLine(n, v)).join("");
  await Deno.writeTextFile(`${env.home}/.gitconfig`, all);
  const r = await assertAgreesWithGit(env, dir, { label: "every key with a good value" });
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git gives its status");
});

Deno.test("config: a ~user/ path in core.excludesFile, core.attributesFile or include.path makes the tree unknown (git reads another home or stops); ~/ is read", async () => {
  const env = await userEnv();
  const dir = await base();
  await writeFiles(dir, { "a.txt": "edited\n" });
  for (const key of ["core.excludesFile", "core.attributesFile", "include.path"]) {
    await git(dir, ["config", key, "~baton-no-such-user/x"]);
    await agreesGitStops(env, dir, key);
    // Control: ~/ is the home directory, read alike.
    // (From outside: git refuses the repository's config.)
    await git(env.home, ["config", "-f", `${dir}/.git/config`, key, "~/x"]);
    const r = await assertAgreesWithGit(env, dir, { label: `${key} ~/` });
    assert.equal(r.git.tracked.get("a.txt"), ".M");
    await git(dir, ["config", "--unset", key]);
  }
});

/** A repository whose files' stat data git trusts (set in the past, then refreshed). */
async function settledRepo(files: Record<string, string>): Promise<string> {
  const dir = await base(files);
  const past = TOUCHED_AT - 100;
  for (const path of ["a.txt", "src/b.txt", ...Object.keys(files)]) {
    await Deno.utime(`${dir}/${path}`, past, past);
  }
  await git(dir, ["update-index", "-q", "--refresh"]);
  return dir;
}

Deno.test("conversions: where git stops converting a file (a required filter without a command, working-tree-encoding without a value) baton states no tree, as the whole status stops; never clean", async () => {
  const env = await userEnv();
  const shapes: [string, Record<string, string>, (dir: string) => Promise<void>][] = [
    [
      "a required filter without a command",
      { ".gitattributes": "*.txt filter=foo\n" },
      (dir) => git(dir, ["config", "filter.foo.required", "true"]).then(() => {}),
    ],
    [
      "working-tree-encoding without a value",
      {},
      (dir) => Deno.writeTextFile(`${dir}/.git/info/attributes`, "*.txt working-tree-encoding\n"),
    ],
  ];
  for (const [label, files, setup] of shapes) {
    const dir = await settledRepo(files);
    await setup(dir);
    // Control: git reads no file (their stat data match), both call the tree clean.
    const clean = await assertAgreesWithGit(env, dir, { label: `${label}: untouched` });
    assert.equal(clean.git.tracked.size, 0);
    // A touched file git must convert: git stops, and so does baton's tree.
    await touch(`${dir}/a.txt`);
    assert.equal((await oracle(env, dir, { allowStop: true })).stopped, true, `control: ${label}`);
    const facts = await batonFacts(env, dir);
    // git stops the whole status there: baton states no tree, and why.
    assert.equal(facts.tree, undefined, label);
    assert.match(facts.unavailable?.[0]?.reason ?? "", /git status stops/, label);
  }
});

Deno.test("core.ignoreCase: .GIT and d/.Git are git's own name, skipped; without the setting they are listed", async () => {
  const env = await userEnv();
  const dir = await base();
  await writeFiles(dir, { ".GIT/x.txt": "x\n", "d/.Git/y.txt": "y\n", "d/z.txt": "z\n" });
  await git(dir, ["config", "core.ignoreCase", "true"]);
  const r = await assertAgreesWithGit(env, dir, { label: "ignoreCase" });
  assert.deepEqual(r.git.untracked, ["d/z.txt"], "control: git skips both");
  await git(dir, ["config", "core.ignoreCase", "false"]);
  const off = await assertAgreesWithGit(env, dir, { label: "ignoreCase off" });
  assert.ok(off.git.untracked.includes(".GIT/x.txt"), "control: listed without the setting");
});

/** A repository with submodule `sub` (of a one-file library), committed. */
async function withSubmodule(): Promise<{ dir: string; lib: string }> {
  const lib = await base({ "lib.txt": "lib\n" });
  const dir = await base();
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub"]);
  await commitAll(dir, "sub");
  return { dir, lib };
}

Deno.test("submodules: one moved with git mv is a rename of its gitlink (R.), edited inside RM", async () => {
  const env = await userEnv();
  const { dir } = await withSubmodule();
  await git(dir, ["mv", "sub", "moved"]);
  let r = await assertAgreesWithGit(env, dir, { label: "moved" });
  assert.equal(r.git.tracked.get("moved"), "R.", "control: git sees a rename");
  await Deno.writeTextFile(`${dir}/moved/lib.txt`, "edited\n");
  r = await assertAgreesWithGit(env, dir, { label: "moved and edited" });
  assert.equal(r.git.tracked.get("moved"), "RM");
});

Deno.test("submodules: a .gitmodules in conflict is not read (as git skips it), the tree is still compared", async () => {
  const env = await userEnv();
  const { dir } = await withSubmodule();
  await git(dir, ["config", "-f", ".gitmodules", "submodule.sub.ignore", "all"]);
  await commitAll(dir, "ignore all");
  await Deno.writeTextFile(`${dir}/sub/lib.txt`, "edited\n");
  const hidden = await assertAgreesWithGit(env, dir, { label: "ignore=all read" });
  assert.equal(hidden.git.tracked.has("sub"), false, "control: ignore=all hides the edit");
  await git(dir, ["checkout", "-q", "-b", "other"]);
  await git(dir, ["config", "-f", ".gitmodules", "submodule.sub.branch", "other"]);
  await git(dir, ["commit", "-q", "-am", "other"]);
  await git(dir, ["checkout", "-q", "main"]);
  await git(dir, ["config", "-f", ".gitmodules", "submodule.sub.branch", "mine"]);
  await git(dir, ["commit", "-q", "-am", "mine"]);
  await git(dir, ["merge", "-q", "other"], { allowFail: true });
  const r = await assertAgreesWithGit(env, dir, { label: "in conflict" });
  assert.equal(r.git.tracked.get(".gitmodules"), "UU", "control: in conflict");
  assert.equal(r.git.tracked.get("sub"), ".M", "control: git no longer reads ignore=all");
});

Deno.test("renames = copies: a gitlink added at a modified submodule's old commit is a copy (CD), unchecked, never A", async () => {
  const env = await userEnv();
  const { dir } = await withSubmodule();
  const old = (await git(`${dir}/sub`, ["rev-parse", "HEAD"])).stdout.trim();
  await Deno.writeTextFile(`${dir}/sub/lib.txt`, "next\n");
  await git(`${dir}/sub`, ["commit", "-q", "-am", "next"]);
  await git(dir, ["add", "sub"]);
  await git(dir, ["config", "status.renames", "copies"]);
  await git(dir, ["update-index", "--add", "--cacheinfo", `160000,${old},copy`]);
  const r = await assertAgreesWithGit(env, dir, { allowUnknown: true });
  assert.equal(r.git.tracked.get("copy"), "CD", "control: git reports a copy");
  assert.ok(r.unchecked.includes("copy"), "named unchecked");
});

Deno.test("attributes: C-quoted patterns are read as git reads them, and a line over 2,048 bytes is ignored", async () => {
  const env = await userEnv();
  // Committed with CRLF: `text` renormalises them, so git shows a file the attribute reaches.
  const names = ["sp ace.txt", "t\tab.txt", "\u00e9t\u00e9.txt", "bqad.txt", "long.txt", "ok.txt"];
  const dir = await base(Object.fromEntries(names.map((n) => [n, "one\r\ntwo\r\n"])));
  await writeFiles(dir, {
    ".gitattributes": [
      '"sp\\040ace.txt" text', // an octal escape
      '"t\\tab.txt"\ttext', // a tab escape, a tab before the attribute
      '"\\303\\251t\\303\\251.txt" text', // UTF-8 bytes in octal
      '"b\\qad.txt" text', // an escape git does not know: the quoted word is the pattern
      `long.txt text${" ".repeat(2048)}`, // 2,048 bytes or more: ignored
      "ok.txt text",
    ].join("\n") + "\n",
  });
  for (const n of names) await touch(`${dir}/${n}`);
  const r = await assertAgreesWithGit(env, dir);
  for (const n of ["sp ace.txt", "ok.txt"]) {
    assert.equal(r.git.tracked.get(n), ".M", `control: the attribute reaches ${n}`);
  }
  assert.equal(r.git.tracked.size, 4, "control: and the tab and UTF-8 names");
  assert.equal(r.git.tracked.has("bqad.txt"), false, "control: not reached");
  assert.equal(r.git.tracked.has("long.txt"), false, "control: the long line is ignored");
});

Deno.test("an index out of path order (git 2.39 wrote one for a sparse index, random seed 1082) is declined, never compared", async () => {
  const env = await userEnv();
  const dir = await base({ "a1.txt": "1\n", "a2.txt": "2\n", "a3.txt": "3\n" });
  await writeFiles(dir, { "a3.txt": "edited\n" });
  const before = await assertAgreesWithGit(env, dir, { label: "control: sorted" });
  assert.equal(before.git.tracked.get("a3.txt"), ".M");
  // Rename the second entry in place (same length): a1, a9, a3.
  const path = `${dir}/.git/index`;
  const bytes = await Deno.readFile(path);
  const at = new TextDecoder("latin1").decode(bytes).indexOf("a2.txt");
  bytes.set(new TextEncoder().encode("a9.txt"), at);
  await Deno.writeFile(path, bytes);
  const listed = (await git(dir, ["ls-files"])).stdout.split("\n");
  assert.deepEqual(listed.slice(0, 4), ["a.txt", "a1.txt", "a9.txt", "a3.txt"], "control");
  const facts = await batonFacts(env, dir);
  assert.equal(facts.tree, undefined);
  assert.match(facts.unavailable?.[0]?.reason ?? "", /out of path order/);
});

Deno.test({
  name:
    "sparse index: a name that is not UTF-8 inside a changed sparse directory is compared by its bytes (random seed 1115: it was A.)",
  ignore: OLD_GIT,
}, async () => {
  const env = await userEnv();
  const dir = await base({ "out/o.txt": "outside\n", "in/i.txt": "inside\n" });
  const out = await new Deno.Command("sh", {
    args: ["-c", `printf x > "out/$(printf 'n\\377.t')" && git add -A && git commit -qm bad`],
    cwd: dir,
    env: { ...GIT_ENV },
  }).output();
  assert.equal(out.code, 0, "control: committed");
  await git(dir, ["sparse-checkout", "set", "--cone", "--sparse-index", "in"]);
  await git(dir, ["rm", "-q", "--sparse", "out/o.txt"]);
  assert.match((await git(dir, ["ls-files", "--sparse"])).stdout, /^out\/$/m, "control: sparse");
  const r = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...r.git.tracked], [["out/o.txt", "D."]], "control: only the removal");
});

Deno.test("HEAD naming an annotated tag (a tag of a tag too) is peeled to its commit, as git does", async () => {
  const env = await userEnv();
  const dir = await base();
  await git(dir, ["tag", "-a", "-m", "t", "v1"]);
  await git(dir, ["tag", "-a", "-m", "t2", "v2", "v1"]);
  await writeFiles(dir, { "a.txt": "edited\n", "u.txt": "u\n" });
  for (const tag of ["v1", "v2"]) {
    const oid = (await git(dir, ["rev-parse", tag])).stdout.trim();
    await Deno.writeTextFile(`${dir}/.git/HEAD`, `${oid}\n`);
    const r = await assertAgreesWithGit(env, dir, { label: tag });
    assert.equal(r.git.tracked.get("a.txt"), ".M", `control: git compares (${tag})`);
    assert.equal(r.facts.head, oid, "HEAD as git names it");
  }
});

/** Replaces the loose object `expr` names with bytes that do not inflate, or removes it. */
async function spoilObject(dir: string, expr: string, how: "corrupt" | "remove"): Promise<void> {
  const oid = (await git(dir, ["rev-parse", expr])).stdout.trim();
  const file = `${dir}/.git/objects/${oid.slice(0, 2)}/${oid.slice(2)}`;
  if (how === "remove") return await Deno.remove(file);
  await Deno.chmod(file, 0o644);
  await Deno.writeTextFile(file, "garbage");
}

Deno.test("HEAD's root tree corrupt or missing stops git even where the index's cache tree names it: the tree is unknown; a spoilt subtree the cache tree spares git does not read either", async () => {
  const env = await userEnv();
  for (const how of ["corrupt", "remove"] as const) {
    const dir = await base({ "d/e.txt": "echo\n" });
    await git(dir, ["status", "--porcelain"]);
    await spoilObject(dir, "HEAD^{tree}", how);
    await writeFiles(dir, { "a.txt": "edited\n" });
    const r = await assertAgreesWithGit(env, dir, { label: `root tree ${how}` });
    assert.equal(r.git.stopped, true, `control: git stops (${how})`);
    assert.match(r.facts.unavailable?.[0]?.reason ?? "", /object|inflate|zlib/);
  }
  // Control: a subtree's object spoilt, its cache-tree node valid: git never
  // reads it and gives its status; so does baton, on both versions.
  for (const how of ["corrupt", "remove"] as const) {
    const dir = await base({ "d/e.txt": "echo\n" });
    await spoilObject(dir, "HEAD:d", how);
    await writeFiles(dir, { "src/b.txt": "staged\n", "a.txt": "edited\n" });
    await git(dir, ["add", "src/b.txt"]);
    const r = await assertAgreesWithGit(env, dir, { label: `subtree ${how}` });
    assert.equal(r.git.tracked.get("src/b.txt"), "M.", "control: git gives a status");
    assert.equal(r.git.tracked.get("a.txt"), ".M");
  }
});

Deno.test("core.worktree without a value (or a non-boolean extensions.preciousObjects, a valueless partialClone) in the repository's own config stops git (its format check): nothing is stated; the same in ~/.gitconfig or an include git does not read there, and both compare", async () => {
  const dir = await base();
  await writeFiles(dir, { "a.txt": "edited\n" });
  const env = await userEnv();
  const config = `${dir}/.git/config`;
  const own = await Deno.readTextFile(config);
  // Controls: where git's format check does not read it, git gives its status.
  await Deno.writeTextFile(`${env.home}/.gitconfig`, "[core]\n\tworktree\n");
  const global = await assertAgreesWithGit(env, dir, { label: "in ~/.gitconfig" });
  assert.equal(global.git.tracked.get("a.txt"), ".M", "control: git compares");
  await Deno.remove(`${env.home}/.gitconfig`);
  await Deno.writeTextFile(`${dir}/.git/inc`, "[core]\n\tworktree\n");
  await Deno.writeTextFile(config, `${own}[include]\n\tpath = inc\n`);
  const included = await assertAgreesWithGit(env, dir, { label: "through an include" });
  assert.equal(included.git.tracked.get("a.txt"), ".M", "control: git compares");
  // In the repository's own file: git refuses the repository, as for the
  // other values its format check dies on.
  const refused: [string, RegExp][] = [
    ["[core]\n\tworktree\n", /core\.worktree/],
    ["[extensions]\n\tpreciousObjects = maybe\n", /extensions\.preciousObjects/],
    ["[extensions]\n\tpartialClone\n", /extensions\.partialClone/],
  ];
  for (const [text, reason] of refused) {
    await Deno.writeTextFile(config, `${own}${text}`);
    const r = await assertAgreesWithGit(env, dir, { label: text });
    assert.equal(r.git.stopped, true, `control: git stops (${text})`);
    assert.match(r.facts.unavailable?.[0]?.reason ?? "", reason);
    assert.equal(r.facts.head, null, "HEAD is not stated either");
  }
});

Deno.test("an ignore file that is a link to /dev/null (the XDG ignore file, info/exclude) is read as empty, as git reads it; a link to a file is followed (control)", async () => {
  const dir = await base();
  const env = await userEnv();
  await writeFiles(dir, { "u.zz": "u\n", "v.txt": "v\n" });
  await Deno.mkdir(`${env.home}/.config/git`, { recursive: true });
  await Deno.symlink("/dev/null", `${env.home}/.config/git/ignore`);
  await Deno.remove(`${dir}/.git/info/exclude`).catch(() => {});
  await Deno.mkdir(`${dir}/.git/info`, { recursive: true });
  await Deno.symlink("/dev/null", `${dir}/.git/info/exclude`);
  const r = await assertAgreesWithGit(env, dir, { label: "links to /dev/null" });
  assert.deepEqual(r.git.untracked.sort(), ["u.zz", "v.txt"], "control: git reads them as empty");
  // Control: a link to a regular file is read through, by both.
  await Deno.writeTextFile(`${env.home}/ig`, "*.zz\n");
  await Deno.remove(`${env.home}/.config/git/ignore`);
  await Deno.symlink(`${env.home}/ig`, `${env.home}/.config/git/ignore`);
  const f = await assertAgreesWithGit(env, dir, { label: "link to a file" });
  assert.deepEqual(f.git.untracked, ["v.txt"]);
});

Deno.test("an exclude file that is another device: git opens it and takes its size (0) for no patterns, and dies where the open fails (a socket); baton opens no device, so it states no tree for either, with its reason", async () => {
  const dir = await base();
  const env = await userEnv();
  await writeFiles(dir, { "u.zz": "u\n" });
  const sock = `${env.home}/sock`;
  const listener = Deno.listen({ transport: "unix", path: sock });
  try {
    for (const [file, stops] of [["/dev/zero", false], [sock, true]] as const) {
      await git(dir, ["config", "core.excludesFile", file]);
      const r = await assertAgreesWithGit(env, dir, { label: file, allowNoTree: true });
      assert.equal(r.git.stopped === true, stops, `control: git on ${file}`);
      if (!stops) assert.deepEqual(r.git.untracked, ["u.zz"], "git reads /dev/zero as empty");
      assert.equal(r.facts.tree, undefined);
      assert.match(r.facts.unavailable?.[0]?.reason ?? "", /not a regular file/);
    }
  } finally {
    listener.close();
  }
});
