/**
 * More of the differential suite: repository shapes taken from git's own
 * test scripts (t0008 ignores, t7061 ignored status, t3000 others, t7063
 * untracked cache, t0020/t0021/t0025 conversions, t7508/t7064 status,
 * t1092 sparse) and from odd files seen in the wild (a byte-order mark or
 * CRLF lines in `.gitignore`, a symlinked `.gitignore`, zeroed stat data
 * after `read-tree`). Each is built by a shell script with real git and
 * compared path by path with `git status --porcelain=v2 -z -uall`
 * (tests/_helpers/git_oracle.ts): nothing may be left unchecked, and every
 * shape's script ends in a state git shows as changed or lists as untracked
 * (the positive control), so no shape passes by being empty.
 * @module
 */
import assert from "node:assert/strict";
import { GIT_ENV, makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";

/** [name, script]: the script runs in a fresh repository with `c` committing everything. */
const SHAPES: [string, string][] = [
  [
    "t7061: untracked directory holding an ignored file",
    "echo x>a; c; echo ignored >.gitignore; mkdir untracked; : >untracked/ignored; : >untracked/uncommitted",
  ],
  [
    "t7061: ignored tracked directory with untracked files in a new subdirectory",
    "mkdir tracked; : >tracked/committed; c; echo tracked >.gitignore; mkdir tracked/ignored; : >tracked/ignored/uncommitted; : >tracked/u2",
  ],
  [
    "t3000: symlink, empty directory, a file beside a tracked directory",
    "date >path0; ln -s xyzzy path1; mkdir path2 path3 path4; date >path2/file2; date >path2-junk; date >path3/file3; date >path3-junk; git update-index --add path3-junk path3/file3",
  ],
  [
    "t0008: negation, directory-only, anchored and ** patterns",
    'echo x>a; c; printf "*.o\\n!keep.o\\nbuild/\\n/rootonly\\n**/deep/*.tmp\\nq/**/r\\n" >.gitignore; touch x.o keep.o rootonly; mkdir -p build sub/build sub/deep a2/b/deep q/1/2/r; touch build/f sub/build/g sub/rootonly sub/deep/x.tmp a2/b/deep/y.tmp a2/b/deep/y.txt q/1/2/r/z q/s',
  ],
  [
    "t0008: escaped trailing space, # and ! at the start",
    'echo x>a; c; printf "trail  \\nesc\\\\ \\n\\\\#hash\\n\\\\!bang\\n" >.gitignore; touch trail "esc " "#hash" "!bang" "trail  " other',
  ],
  [
    ".gitignore with a byte-order mark and CRLF lines",
    'echo x>a; c; printf "\\xef\\xbb\\xbf*.o\\r\\nfoo\\r\\n" >.gitignore; touch a.o foo "$(printf "foo\\r")" b.txt',
  ],
  [
    "a .gitignore that is a symbolic link (git does not follow it in the tree)",
    'mkdir d; echo x>d/a; echo "*.o" >real; c; ln -s ../real d/.gitignore; touch d/a.o top.o',
  ],
  [
    "t7063: untracked cache, then a new file, a new .gitignore and a removed file",
    "mkdir -p d e; echo x>d/one; echo y>e/two; c; git config core.untrackedCache true; git update-index --untracked-cache; touch d/a.tmp d/b e/gone; git status >/dev/null; echo '*.tmp' >d/.gitignore; rm e/gone; echo n>e/new",
  ],
  [
    "t0020: eol=crlf committed LF, text=auto with CRLF committed, -text",
    'printf "*.c eol=crlf\\n*.a text=auto\\n*.b -text\\n" >.gitattributes; printf "a\\nb\\n" >f.c; printf "a\\r\\n" >g.a; printf "a\\r\\n" >h.b; c; printf "a\\r\\nb\\r\\n" >f.c; touch -d "+5 sec" f.c g.a h.b; echo z>>h.b',
  ],
  [
    "t0020: a [attr] macro, binary, eol on binary content",
    'printf "[attr]crlfy text eol=crlf\\n*.t crlfy\\n*.bin binary\\n*.z eol=crlf\\n" >.gitattributes; printf "a\\n" >f.t; printf "a\\r\\n" >x.bin; printf "a\\0\\n" >y.z; c; printf "a\\r\\n" >f.t; printf "a\\0\\r\\n" >y.z; touch -d "+5 sec" f.t x.bin y.z; echo u >u',
  ],
  [
    "t0021: ident expanded in the work tree, a filter with no driver configured",
    'printf "*.c ident\\n*.r filter=none\\n" >.gitattributes; printf "\\$Id\\$\\nx\\n" >f.c; echo abc >f.r; c; rm f.c; git checkout -- f.c; touch -d "+5 sec" f.c f.r; echo m >>f.r',
  ],
  [
    "t0025: text=auto added over CRLF files already committed",
    'printf "L1\\nL2\\n" >LF.txt; printf "L1\\r\\nL2\\r\\n" >CRLF.txt; printf "L1\\r\\nL2\\n" >MIX.txt; c; echo "*.txt text=auto" >.gitattributes; touch -d "+5 sec" LF.txt CRLF.txt MIX.txt',
  ],
  [
    "t7508: modified, staged, intent-to-add and untracked directories",
    "echo 1>tracked; mkdir dir1 dir2; echo 1>dir1/tracked; echo 2>dir2/tracked; c; echo 2>dir1/modified; echo 3>>dir1/tracked; echo 4>dir2/added; git add dir2/added; echo n>ita; git add -N ita; mkdir dir3; touch dir3/untracked1 dir3/untracked2 untracked",
  ],
  [
    "t7064: unmerged DU/UD and AA",
    "echo x>f; echo y>g; c; git checkout -q -b o; git rm -q f; echo g2>g; echo o>n; c; git checkout -q main; echo f2>f; git rm -q g; echo m>n; c; git merge -q o || true",
  ],
  [
    "read-tree zeroes the stat data: unchanged files are hashed, a changed one is seen",
    "echo x>a; echo y>b; c; git read-tree HEAD; echo z>b",
  ],
  [
    "update-index --chmod changes the index mode only",
    "echo x>a; echo y>b; c; git update-index --chmod=+x a",
  ],
  [
    "t1092: sparse index with an untracked file inside a sparse directory and an edit in the cone",
    "mkdir -p in out/deep; echo a>in/a; echo b>out/b; echo c>out/deep/c; c; git sparse-checkout set --cone --sparse-index in; mkdir -p out; echo u>out/u; echo a2>in/a",
  ],
  [
    "a tracked file under a directory that became a symlink",
    "mkdir d; echo x>d/a; mkdir e; echo x>e/a; c; rm -r d; ln -s e d",
  ],
];

/** bash with git's test environment and HOME pointing at the shape's own home. */
async function run(dir: string, script: string, env: UserEnv): Promise<void> {
  const { GIT_CONFIG_GLOBAL: _g, ...base } = GIT_ENV;
  const out = await new Deno.Command("bash", {
    args: ["-c", `set -e\nc(){ git add -A && git commit -qm c; }\n${script}`],
    cwd: dir,
    env: { ...base, HOME: env.home, XDG_CONFIG_HOME: "" },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

for (const [name, script] of SHAPES) {
  Deno.test(`agrees (git's test shapes): ${name}`, async () => {
    const env: UserEnv = { home: (await tempDir("baton-home-")).path, xdg: null };
    const dir = await makeRepo("baton-shape-");
    await run(dir, script, env);
    const r = await assertAgreesWithGit(env, dir, { label: name });
    assert.ok(
      r.git.tracked.size + r.git.untracked.length > 0,
      "control: git shows a change in this shape",
    );
  });
}
