/**
 * Where git reads objects, compared with `git status --porcelain=v2 -z
 * -uall` under the same environment. GIT_OBJECT_DIRECTORY naming the
 * repository's own objects moves nothing baton reads, but git then asks that
 * directory, not a candidate's own `objects/`, whether a directory is a git
 * directory (is_git_directory): a nested `.git` with HEAD and refs but no
 * objects is a nested repository to git under it, and its files are not
 * untracked; its search for the repository asks it too. One naming another
 * store, GIT_ALTERNATE_OBJECT_DIRECTORIES and objects/info/alternates are
 * followed as git follows them (its depth, its parsing of a line).
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

Deno.test("a nested .git without objects/ is a nested repository where GIT_OBJECT_DIRECTORY is set (git asks that directory), and not one without it", async () => {
  const home = (await tempDir("baton-objdir-home-")).path;
  const dir = await makeRepo("baton-objdir-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, {
    "n/.git/HEAD": "ref: refs/heads/main\n",
    "n/f.txt": "f\n",
    "u.txt": "u\n",
  });
  await Deno.mkdir(`${dir}/n/.git/refs`);
  // Control: without the variable git lists the files (no objects/, no repository).
  const plain = await assertAgreesWithGit({ home, xdg: null }, dir, { label: "unset" });
  assert.deepEqual(plain.git.untracked, ["n/f.txt", "u.txt"]);
  const env: UserEnv = { home, xdg: null, vars: { GIT_OBJECT_DIRECTORY: `${dir}/.git/objects` } };
  const set = await assertAgreesWithGit(env, dir, { label: "set" });
  assert.deepEqual(set.git.untracked, ["n/", "u.txt"]);
  // The same, started at the top with the variable relative.
  const rel: UserEnv = { home, xdg: null, vars: { GIT_OBJECT_DIRECTORY: ".git/objects" } };
  assert.deepEqual((await assertAgreesWithGit(rel, dir, { label: "relative" })).git.untracked, [
    "n/",
    "u.txt",
  ]);
});

/** A repository with a commit, then `script` run in it (HOME is `home`). */
async function shaped(home: string, script: string): Promise<string> {
  const dir = await makeRepo("baton-objstores-");
  await writeFiles(dir, { "a.txt": "a\n", "d/b.txt": "b\n" });
  await commitAll(dir, "base");
  await runShapeScript(dir, script, { home, xdg: null });
  return dir;
}

Deno.test("GIT_OBJECT_DIRECTORY naming another store is followed as git follows it: a copy, one whose alternates name the repository's; an empty store stops git, a missing one hides the repository", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env = (vars: Record<string, string>): UserEnv => ({ home, xdg: null, vars });
  // A copy of the store: staged, edited and untracked files, as git shows them.
  const copy = await shaped(
    home,
    "cp -r .git/objects $HOME/copy; echo e>a.txt; echo n>n.txt; git add n.txt; git mv d/b.txt d/c.txt; touch u.txt",
  );
  let r = await assertAgreesWithGit(env({ GIT_OBJECT_DIRECTORY: `${home}/copy` }), copy, {
    label: "a copy",
  });
  assert.deepEqual([...r.git.tracked].sort(), [["a.txt", ".M"], ["d/c.txt", "R."], [
    "n.txt",
    "A.",
  ]]);
  assert.deepEqual(r.git.untracked, ["u.txt"], "control: git compares");
  // Relative, started at the top: from there.
  r = await assertAgreesWithGit(env({ GIT_OBJECT_DIRECTORY: ".git/objects/../objects" }), copy, {
    label: "the same store, relative",
  });
  // An empty store whose info/alternates names the repository's objects.
  const viaAlternates = await shaped(
    home,
    'mkdir -p $HOME/empty-alt/info; echo "$(pwd)/.git/objects" >$HOME/empty-alt/info/alternates; git rm -q --cached d/b.txt',
  );
  r = await assertAgreesWithGit(env({ GIT_OBJECT_DIRECTORY: `${home}/empty-alt` }), viaAlternates, {
    label: "alternates of the store",
  });
  assert.equal(r.git.tracked.get("d/b.txt"), "D.", "control");
  // An empty store: git stops (bad object HEAD); baton states no tree.
  await Deno.mkdir(`${home}/empty`);
  r = await assertAgreesWithGit(env({ GIT_OBJECT_DIRECTORY: `${home}/empty` }), copy, {
    label: "empty",
  });
  assert.equal(r.git.stopped, true, "control: git stops");
  // No such directory: git finds no repository; baton says why, never clean.
  r = await assertAgreesWithGit(env({ GIT_OBJECT_DIRECTORY: `${home}/none` }), copy, {
    label: "none",
  });
  assert.equal(r.git.stopped, true, "control: git stops");
  assert.match(r.facts.unavailable?.[0]?.reason ?? "", /GIT_OBJECT_DIRECTORY names no directory/);
});

Deno.test("GIT_OBJECT_DIRECTORY with the repository's own objects/ gone: git's search takes the directory through the variable, and so does baton's", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env = (vars: Record<string, string>): UserEnv => ({ home, xdg: null, vars });
  const gone = await shaped(home, "mv .git/objects $HOME/moved; echo e>a.txt");
  const r = await assertAgreesWithGit(env({ GIT_OBJECT_DIRECTORY: `${home}/moved` }), gone, {
    label: "objects/ gone",
  });
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control");
});

Deno.test("a relative GIT_OBJECT_DIRECTORY from below the top: git's search asks it from where git started, its object reads (and its nested-repository checks) from the top", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env = (value: string): UserEnv => ({
    home,
    xdg: null,
    vars: { GIT_OBJECT_DIRECTORY: value },
  });
  // s/objs is an empty directory (the search passes), objs at the top a copy of the store.
  const dir = await shaped(
    home,
    "mkdir -p s/objs n/.git/refs; cp -r .git/objects objs; printf '/objs/\n/s/\n' >>.git/info/exclude; echo e>a.txt; git rm -q --cached d/b.txt; echo 'ref: refs/heads/main' >n/.git/HEAD; echo f >n/f.txt",
  );
  const r = await assertAgreesWithGit(env("objs"), `${dir}/s`, { label: "objs from s/" });
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git compares");
  assert.equal(r.git.tracked.get("d/b.txt"), "D.");
  // n/.git has no objects/: a nested repository to git only where the variable names a directory from the top.
  assert.deepEqual(r.git.untracked, ["d/b.txt", "n/"], "control: git asks objs from the top");
  // ../.git/objects: found from s/ (the search passes), nothing from the top: git stops.
  const up = await assertAgreesWithGit(env("../.git/objects"), `${dir}/s`, { label: "up" });
  assert.equal(up.git.stopped, true, "control: git stops");
});

Deno.test("GIT_ALTERNATE_OBJECT_DIRECTORIES is followed: absolute, relative to the top from a subdirectory, quoted; none there leaves git and baton on the repository's own", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const source = await shaped(home, "true");
  // A clone sharing the source's objects, its alternates file removed: HEAD's objects are only there.
  await shaped(
    home,
    `git clone -q --shared ${source} $HOME/b; rm $HOME/b/.git/objects/info/alternates; cd $HOME/b; echo e>a.txt; git rm -q --cached d/b.txt; mkdir s`,
  );
  const b = `${home}/b`;
  const env = (vars: Record<string, string>): UserEnv => ({ home, xdg: null, vars });
  const cases: [string, string][] = [
    [b, `${source}/.git/objects`],
    // Relative: from the top (git has moved there), a comment and an empty entry dropped.
    [`${b}/s`, `#note::${relativeUp(b, source)}/.git/objects`],
    [b, `"${source}/.git/objects"`],
  ];
  for (const [cwd, value] of cases) {
    const r = await assertAgreesWithGit(env({ GIT_ALTERNATE_OBJECT_DIRECTORIES: value }), cwd, {
      label: value,
    });
    assert.equal(r.git.tracked.get("a.txt"), ".M", `${value}: control: git compares`);
    assert.equal(r.git.tracked.get("d/b.txt"), "D.");
  }
  // Control: a store that is not there adds nothing; the repository's own objects still serve.
  const r = await assertAgreesWithGit(
    env({ GIT_ALTERNATE_OBJECT_DIRECTORIES: `${home}/none` }),
    source,
    { label: "none" },
  );
  assert.equal(r.git.stopped, undefined);
});

/** `target` relative to `from` (both absolute, `target` not below `from`). */
function relativeUp(from: string, target: string): string {
  const a = from.split("/");
  const t = target.split("/");
  let i = 0;
  while (i < a.length && a[i] === t[i]) i++;
  return [...a.slice(i).map(() => ".."), ...t.slice(i)].join("/");
}

Deno.test("objects/info/alternates: a chain of six is followed and a seventh is not, as git counts its depth (5)", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  await shaped(
    home,
    [
      "cd $HOME; git clone -q --shared $OLDPWD r1",
      "for i in 2 3 4 5 6; do git clone -q --shared r$((i-1)) r$i; done",
      // A seventh: a copy of the sixth whose store names the sixth's (git will not clone it).
      "cp -r r6 r7; echo $HOME/r6/.git/objects >r7/.git/objects/info/alternates",
      "for i in 6 7; do echo e>r$i/a.txt; git -C r$i rm -q --cached d/b.txt 2>/dev/null || true; done",
    ].join("\n"),
  );
  const six = await assertAgreesWithGit(env, `${home}/r6`, { label: "six deep" });
  assert.equal(six.git.tracked.get("a.txt"), ".M", "control: git follows six");
  assert.equal(six.git.tracked.get("d/b.txt"), "D.");
  const seven = await assertAgreesWithGit(env, `${home}/r7`, { label: "seven deep" });
  assert.equal(seven.git.stopped, true, "control: git stops at the seventh");
});

Deno.test("objects/info/alternates: a line's trailing blank is part of its path (git then stops: bad object HEAD), never trimmed", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  await shaped(
    home,
    'git clone -q --shared . $HOME/blank; f=$HOME/blank/.git/objects/info/alternates; printf "%s \\n" "$(cat $f)" >$f; echo e>$HOME/blank/a.txt',
  );
  const b = await assertAgreesWithGit(env, `${home}/blank`, { label: "trailing blank" });
  assert.equal(b.git.stopped, true, "control: git stops");
  // Control: the same line without the blank.
  await runShapeScript(
    home,
    `f=$HOME/blank/.git/objects/info/alternates; printf "%s\\n" "$(sed 's/ $//' $f)" >$f`,
    env,
  );
  const plain = await assertAgreesWithGit(env, `${home}/blank`, { label: "no blank" });
  assert.equal(plain.git.tracked.get("a.txt"), ".M", "control: git compares");
});

Deno.test("objects/info/alternates: a relative line is read from the real path of its store (reached here through a link), as git reads it", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  await shaped(
    home,
    [
      "git clone -q --shared . $HOME/linked; mkdir -p $HOME/deep/er/still/more",
      "mv $HOME/linked/.git/objects $HOME/deep/er/still/more/objects; ln -s $HOME/deep/er/still/more/objects $HOME/linked/.git/objects",
      'echo "$(realpath --relative-to=$HOME/deep/er/still/more/objects .git/objects)" >$HOME/deep/er/still/more/objects/info/alternates',
      "echo e>$HOME/linked/a.txt",
    ].join("\n"),
  );
  const l = await assertAgreesWithGit(env, `${home}/linked`, { label: "relative through a link" });
  assert.equal(l.git.tracked.get("a.txt"), ".M", "control: git compares");
});

Deno.test("objects/info/alternates: a line git cannot use (a symlink loop, a file) is skipped and the next line read, as git does", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  const dir = await shaped(
    home,
    [
      "git clone -q --shared . $HOME/c; f=$HOME/c/.git/objects/info/alternates; a=$(cat $f)",
      "ln -s $HOME/l2 $HOME/l1; ln -s $HOME/l1 $HOME/l2; echo x >$HOME/afile",
      'printf "%s\\n%s\\n%s\\n" $HOME/l1 $HOME/afile "$a" >$f; echo e>$HOME/c/a.txt',
    ].join("\n"),
  );
  try {
    const r = await assertAgreesWithGit(env, `${home}/c`, { label: "unusable lines first" });
    assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git skips them and compares");
    // Control: with only the loop, git has no store for HEAD and stops.
    await runShapeScript(home, "echo $HOME/l1 >$HOME/c/.git/objects/info/alternates", env);
    const only = await assertAgreesWithGit(env, `${home}/c`, { label: "the loop only" });
    assert.equal(only.git.stopped, true, "control: git stops");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("GIT_ALTERNATE_OBJECT_DIRECTORIES: an entry git cannot use (a symlink loop) is skipped and the next one read, as git does", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const source = await shaped(home, "ln -s $HOME/l2 $HOME/l1; ln -s $HOME/l1 $HOME/l2");
  const dir = await shaped(
    home,
    `git clone -q --shared ${source} $HOME/b; rm $HOME/b/.git/objects/info/alternates; echo e>$HOME/b/a.txt`,
  );
  const vars = (list: string): UserEnv => ({
    home,
    xdg: null,
    vars: { GIT_ALTERNATE_OBJECT_DIRECTORIES: list },
  });
  try {
    const r = await assertAgreesWithGit(vars(`${home}/l1:${source}/.git/objects`), `${home}/b`, {
      label: "a loop, then the store",
    });
    assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git skips it and compares");
    const only = await assertAgreesWithGit(vars(`${home}/l1`), `${home}/b`, {
      label: "the loop only",
    });
    assert.equal(only.git.stopped, true, "control: git stops");
  } finally {
    for (const d of [source, dir, home]) await Deno.remove(d, { recursive: true });
  }
});

Deno.test("objects kept as symlinks (a loose object, a pack and its index) are read through the link, as git reads them", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  const dir = await shaped(
    home,
    [
      "h=$(git rev-parse HEAD); p=.git/objects/$(echo $h | cut -c1-2)/$(echo $h | cut -c3-)",
      "cp $p $HOME/obj; rm -f $p; ln -s $HOME/obj $p; echo e>a.txt",
    ].join("\n"),
  );
  try {
    const loose = await assertAgreesWithGit(env, dir, { label: "a linked loose commit" });
    assert.equal(loose.git.tracked.get("a.txt"), ".M", "control: git reads through the link");
    await runShapeScript(
      dir,
      "git gc -q; mkdir $HOME/pk; for f in .git/objects/pack/*; do mv $f $HOME/pk/; ln -s $HOME/pk/${f##*/} $f; done",
      env,
    );
    const packed = await assertAgreesWithGit(env, dir, { label: "a linked pack" });
    assert.equal(packed.git.tracked.get("a.txt"), ".M", "control: git reads through the links");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("an object in two stores: git takes a pack's copy (an alternate's) before a loose one (the repository's own), and so does baton", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  const source = await shaped(home, "git gc -q");
  const dir = await shaped(home, `git clone -q --shared ${source} $HOME/c`);
  const c = `${home}/c`;
  try {
    // A loose object named as HEAD's commit in c's own store, whose tree holds a.txt = "z".
    const head = (await git(c, ["rev-parse", "HEAD"])).stdout.trim();
    const blob = (await git(c, ["hash-object", "-w", "--stdin"], { stdin: "z\n" })).stdout.trim();
    const tree = (await git(c, ["mktree"], { stdin: `100644 blob ${blob}\ta.txt\n` })).stdout
      .trim();
    const body = (await git(c, ["cat-file", "commit", head])).stdout
      .replace(/^tree [0-9a-f]{40}/, `tree ${tree}`);
    const raw = new TextEncoder().encode(
      `commit ${new TextEncoder().encode(body).length}\0${body}`,
    );
    const zipped = new Uint8Array(
      await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate")))
        .arrayBuffer(),
    );
    await Deno.mkdir(`${c}/.git/objects/${head.slice(0, 2)}`, { recursive: true });
    await Deno.writeFile(`${c}/.git/objects/${head.slice(0, 2)}/${head.slice(2)}`, zipped);
    await writeFiles(c, { "a.txt": "e\n" });
    const r = await assertAgreesWithGit(env, c, { label: "packed beats loose" });
    assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git reads the packed commit");
    assert.equal(r.git.tracked.get("d/b.txt"), undefined, "control: and its tree");
  } finally {
    for (const d of [source, dir, home]) await Deno.remove(d, { recursive: true });
  }
});

Deno.test('C-quoted store paths are unquoted as git unquotes them (octal, \\t, \\", a character after the closing quote skipped), in objects/info/alternates and GIT_ALTERNATE_OBJECT_DIRECTORIES; an octal escape git refuses leaves the line a plain path (git stops)', async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  // A store in a directory whose name needs quoting, and a clone reading HEAD's objects only there.
  const source = await shaped(home, "true");
  const named = `${home}/s p"q\tt:c`;
  await Deno.mkdir(named);
  await git(home, ["clone", "-q", "--bare", source, `${named}/st.git`]);
  await git(home, ["clone", "-q", "--shared", `${named}/st.git`, `${home}/c`]);
  const c = `${home}/c`;
  await writeFiles(c, { "a.txt": "e\n" });
  const alternates = `${c}/.git/objects/info/alternates`;
  const store = `${home}/s\\040p\\"q\\tt:c/st.git/objects`;
  for (
    const text of [
      `"${store}"\n`,
      // One character after the quote is skipped; the next entry starts after it.
      `"/nowhere"xy\n"${store}"x`,
    ]
  ) {
    await Deno.writeTextFile(alternates, text);
    const r = await assertAgreesWithGit(env, c, { label: JSON.stringify(text) });
    assert.equal(r.git.tracked.get("a.txt"), ".M", `${text}: control: git reads the store`);
  }
  // \440 is no octal git takes: the line is read as a plain path, which names nothing.
  await Deno.writeTextFile(alternates, `"${store.replace("\\040", "\\440")}"\n`);
  const bad = await assertAgreesWithGit(env, c, { label: "bad octal" });
  assert.equal(bad.git.stopped, true, "control: git stops");
  // The same path quoted in GIT_ALTERNATE_OBJECT_DIRECTORIES, its ':' inside the quotes.
  await Deno.remove(alternates);
  const r = await assertAgreesWithGit(
    { home, xdg: null, vars: { GIT_ALTERNATE_OBJECT_DIRECTORIES: `#x:"${store}"` } },
    c,
    { label: "variable" },
  );
  assert.equal(r.git.tracked.get("a.txt"), ".M", "control: git reads the store");
});

Deno.test("a NUL byte in a store list ends what git reads (a C string): in objects/info/alternates the rest of the file, in a quoted entry (\\000) the rest of that path", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  const source = await shaped(home, "true");
  await git(home, ["clone", "-q", "--bare", source, `${home}/st.git`]);
  await git(home, ["clone", "-q", "--shared", `${home}/st.git`, `${home}/c`]);
  const c = `${home}/c`;
  await writeFiles(c, { "a.txt": "e\n" });
  const alternates = `${c}/.git/objects/info/alternates`;
  const store = `${home}/st.git/objects`;
  const enc = (text: string) => new TextEncoder().encode(text);
  // The store named after a NUL byte: git never reads that far, and stops (bad object HEAD).
  await Deno.writeFile(alternates, enc(`/nowhere\n\0\n${store}\n`));
  const cut = await assertAgreesWithGit(env, c, { label: "store after a NUL" });
  assert.equal(cut.git.stopped, true, "control: git stops");
  // The store's path followed by a NUL and more text on its line: git reads the path.
  for (const text of [`${store}\0/junk\n`, `"${store}\\000/junk"\n`]) {
    await Deno.writeFile(alternates, enc(text));
    const r = await assertAgreesWithGit(env, c, { label: JSON.stringify(text) });
    assert.equal(
      r.git.tracked.get("a.txt"),
      ".M",
      `${JSON.stringify(text)}: control: git reads the store`,
    );
  }
  // Control: the plain line.
  await Deno.writeFile(alternates, enc(`/nowhere\n${store}\n`));
  const plain = await assertAgreesWithGit(env, c, { label: "plain" });
  assert.equal(plain.git.tracked.get("a.txt"), ".M", "control: git reads the store");
});

Deno.test("objects/info/alternates: a .. after a link in a line climbs from the link's target (git takes the line's real path), not from the link's parent", async () => {
  const home = (await tempDir("baton-objstores-home-")).path;
  const env: UserEnv = { home, xdg: null };
  const source = await shaped(home, "true");
  await git(home, ["clone", "-q", "--bare", source, `${home}/st.git`]);
  await git(home, ["clone", "-q", "--shared", `${home}/st.git`, `${home}/c`]);
  const c = `${home}/c`;
  await writeFiles(c, { "a.txt": "e\n" });
  // objects/lnk links to $HOME/far/x: the line's store is $HOME/far/st.git/objects to the
  // system, objects/st.git/objects to a lexical reading.
  const objects = `${c}/.git/objects`;
  await Deno.mkdir(`${home}/far/x`, { recursive: true });
  await Deno.symlink(`${home}/far/x`, `${objects}/lnk`);
  await Deno.writeTextFile(`${objects}/info/alternates`, "lnk/../st.git/objects\n");
  // The store only where the system finds it: git compares.
  await Deno.rename(`${home}/st.git`, `${home}/far/st.git`);
  const found = await assertAgreesWithGit(env, c, { label: "store through the link" });
  assert.equal(found.git.tracked.get("a.txt"), ".M", "control: git reads far/st.git");
  // The store only where the lexical reading finds it: git stops (bad object HEAD).
  await Deno.rename(`${home}/far/st.git`, `${objects}/st.git`);
  const lexical = await assertAgreesWithGit(env, c, { label: "store beside the link" });
  assert.equal(lexical.git.stopped, true, "control: git stops");
  // The same path in GIT_ALTERNATE_OBJECT_DIRECTORIES: the system's reading too.
  await Deno.remove(`${objects}/info/alternates`);
  const vars = { GIT_ALTERNATE_OBJECT_DIRECTORIES: `${objects}/lnk/../st.git/objects` };
  const variable = await assertAgreesWithGit({ ...env, vars }, c, { label: "variable" });
  assert.equal(variable.git.stopped, true, "control: git stops");
  await Deno.rename(`${objects}/st.git`, `${home}/far/st.git`);
  const through = await assertAgreesWithGit({ ...env, vars }, c, { label: "variable, far" });
  assert.equal(through.git.tracked.get("a.txt"), ".M", "control: git reads far/st.git");
});
