/**
 * More of the differential suite: repository shapes taken from git's own
 * test scripts (t0008 ignores, t7061 ignored status, t3000 others, t7063
 * untracked cache, t0020/t0021/t0025 conversions, t7508/t7064 status,
 * t1092 sparse) and from odd files seen in the wild (a byte-order mark or
 * CRLF lines in `.gitignore`, a symlinked `.gitignore`, zeroed stat data
 * after `read-tree`), and from a sweep of configuration and index features
 * (config.worktree, includeIf onbranch and gitdir/i, index.skipHash,
 * EOIE/IEOT and REUC extensions, info and XDG attributes, core.ignoreStat,
 * core.ignoreCase ignores), and from a sweep of index flags, file types,
 * names and work-tree renames (assume-unchanged and skip-worktree entries
 * replaced, FIFOs, core.ignoreCase case-only renames, intent-to-add work-tree
 * renames). Each is built by a shell script with real git and
 * compared path by path with `git status --porcelain=v2 -z -uall`
 * (tests/_helpers/git_oracle.ts): nothing may be left unchecked, and every
 * shape's script ends in a state git shows as changed or lists as untracked
 * (the positive control), so no shape passes by being empty.
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

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
  // Shapes from the sweep of configuration and index features (each agreed when added).
  [
    "extensions.worktreeConfig: core.fileMode and core.excludesFile from config.worktree",
    "echo x>a; echo y>b; c; git config extensions.worktreeConfig true; git config --worktree core.fileMode false; echo '*.zz' >$HOME/ig; git config --worktree core.excludesFile $HOME/ig; chmod +x a; echo z>b; touch u.zz v.txt",
  ],
  [
    "config.worktree without extensions.worktreeConfig is not read",
    "echo x>a; c; echo '*.zz' >$HOME/ig; printf '[core]\\n\\texcludesFile = %s/ig\\n' $HOME >.git/config.worktree; touch u.zz v.txt",
  ],
  [
    "includeIf onbranch: (a glob that matches, a branch that does not)",
    "echo x>a; c; echo '*.zz' >$HOME/ig; echo '*.yy' >$HOME/ig2; printf '[core]\\n\\texcludesFile = %s/ig\\n' $HOME >$HOME/inc; printf '[core]\\n\\texcludesFile = %s/ig2\\n' $HOME >$HOME/inc2; printf '[includeIf \"onbranch:other\"]\\n\\tpath = %s/inc2\\n[includeIf \"onbranch:ma*\"]\\n\\tpath = %s/inc\\n' $HOME $HOME >>.git/config; touch u.zz v.yy w.txt",
  ],
  [
    "includeIf gitdir/i: matches another case, gitdir: does not",
    "echo x>a; c; echo '*.zz' >$HOME/ig; echo '*.yy' >$HOME/ig2; printf '[core]\\n\\texcludesFile = %s/ig\\n' $HOME >$HOME/inc; printf '[core]\\n\\texcludesFile = %s/ig2\\n' $HOME >$HOME/inc2; up=$(pwd | tr a-z A-Z); printf '[includeIf \"gitdir/i:%s/\"]\\n\\tpath = %s/inc\\n[includeIf \"gitdir:%s/\"]\\n\\tpath = %s/inc2\\n' \"$up\" $HOME \"$up\" $HOME >>$HOME/.gitconfig; touch u.zz v.yy w.txt",
  ],
  [
    "core.excludesFile set to an empty string: no global excludes file, not even the XDG one",
    "echo x>a; c; git config core.excludesFile ''; mkdir -p $HOME/.config/git; echo '*.zz' >$HOME/.config/git/ignore; touch u.zz v.txt",
  ],
  [
    "index.skipHash: an index with a null trailing hash",
    "echo x>a; echo y>b; c; git config index.skipHash true; echo z>b; git add b; echo w>a",
  ],
  [
    "an index with EOIE and IEOT extensions (index.threads), and feature.manyFiles (v4, untracked cache)",
    "for i in 1 2 3 4 5 6; do echo $i>f$i; done; c; git config index.recordEndOfIndexEntries true; git config index.recordOffsetTable true; git config index.threads 2; echo z>f1; git add f1; echo y>f2; git config feature.manyFiles true; git update-index --index-version 4; git status >/dev/null; mkdir d; touch d/u",
  ],
  [
    "a resolve-undo (REUC) extension after a resolved conflict",
    "echo x>f; echo y>g; c; git checkout -q -b o; echo o>f; c; git checkout -q main; echo m>f; c; git merge -q o || true; echo r>f; git add f; echo again>f",
  ],
  [
    ".gitignore: ! cannot re-include under an excluded directory, can under dir/*",
    "echo x>a; c; printf 'build/\\n!build/keep.txt\\nout/*\\n!out/keep.txt\\n/*\\n!/a\\n!/.gitignore\\n!/build/\\n!/out/\\n!/src/\\n/src/*\\n!/src/keep/\\n' >.gitignore; mkdir -p build out src/keep src/other z; touch build/keep.txt build/x out/keep.txt out/x src/keep/k src/other/o src/x z/z top",
  ],
  [
    ".gitignore: a character class, an escaped star, dir/** and a/**/b",
    "echo x>a; c; printf '[a-c].txt\\n\\\\*lit\\nlogs/**\\nx/**/y\\n' >.gitignore; mkdir -p logs/d x/m/n/y; touch a.txt d.txt '*lit' plit logs/d/l x/m/n/y/f",
  ],
  [
    "attributes from info/attributes (over .gitattributes) and from the XDG attributes file",
    "mkdir -p $HOME/.config/git; printf '*.x text\\n' >$HOME/.config/git/attributes; printf '*.t text\\n' >.gitattributes; printf 'a\\r\\nb\\r\\n' >f.x; printf 'a\\nb\\n' >f.t; printf 'a\\r\\nb\\r\\n' >g.u; echo q>z; c; printf '*.t binary\\n*.u text\\n' >.git/info/attributes; printf 'a\\r\\nb\\r\\n' >f.t; touch -d '+5 sec' f.x g.u; echo r>z",
  ],
  [
    "core.ignoreStat: entries added are assumed unchanged",
    "echo x>a; echo q>b; git config core.ignoreStat true; c; echo y>a; echo n>new; git add new; echo m>new; rm b; touch u",
  ],
  [
    "core.ignoreCase: .gitignore patterns match in any case",
    "echo x>top; c; git config core.ignoreCase true; printf '*.LOG\\nBuild/\\n' >.gitignore; mkdir build; touch a.log B.Log build/x u",
  ],
  [
    "untracked FIFOs are not listed; an empty .git directory does not make a nested repository",
    "echo x>a; c; mkfifo pipe; mkdir d; mkfifo d/p; mkdir -p e/.git; touch e/f u",
  ],
  [
    "a gitlink with no .gitmodules and a stray file in its directory",
    "echo x>top; c; git update-index --add --cacheinfo 160000,$(git rev-parse HEAD),sub; git commit -qm s; mkdir sub; touch sub/stray u",
  ],
  [
    "copies detection on with an unmodified source: git finds no copy",
    "seq 1 50 >a; echo q>z; c; git config status.renames copies; cp a b; git add b",
  ],
  // Shapes from the sweep of index flags, file types and names (facts96; each agreed when added).
  [
    "assume-unchanged entries replaced by a directory and by a symlink",
    "echo x>a; echo x>b; echo y>z; c; git update-index --assume-unchanged a b; rm a b; mkdir a; echo f>a/f; ln -s z b; echo q>z",
  ],
  [
    "skip-worktree without sparse checkout: edited, removed, replaced by a directory",
    "echo x>a; echo x>b; echo x>d; echo y>z; c; git update-index --skip-worktree a b d; echo e>a; rm b d; mkdir d; echo f>d/f; echo q>z",
  ],
  [
    "intent-to-add symlink, and one whose file became a FIFO",
    "echo x>a; c; ln -s a l; echo n>f; git add -N l f; rm f; mkfifo f",
  ],
  [
    "tracked files replaced by a FIFO (.M) and a symlink replaced by one (.T)",
    "echo x>a; chmod +x a; echo t>t; ln -s t l; c; rm a l; mkfifo a; mkfifo l",
  ],
  [
    "core.fileMode false: a symlink replaced by a file of its text, a new executable staged",
    "echo x>a; ln -s a l; c; git config core.fileMode false; rm l; printf a >l; echo n>b; chmod +x b; git add b; chmod -x b",
  ],
  [
    "core.ignoreCase: a case-only rename, a .GIT directory (never listed) and a file beside a tracked one of other case",
    "echo x>A.txt; echo y>B; mkdir D; echo z>D/f; c; git config core.ignoreCase true; mv A.txt a.txt; echo w>b; mkdir .GIT; touch .GIT/x; mkdir -p d; touch d/n u",
  ],
  [
    "a directory replaced by a file of its name, a file by a directory of its name",
    "mkdir d; echo x>d/a; echo y>d/b; echo z>e; c; rm -r d e; echo f>d; mkdir e; echo g>e/x",
  ],
  [
    "names with a newline, a tab, a backslash and a quote, tracked and untracked",
    "printf x >\"$(printf 'a\\nb')\"; printf y >\"$(printf 'c\\td')\"; printf z >'e\\f'; printf w >'q\"r'; c; echo 1 >>\"$(printf 'a\\nb')\"; echo 2 >>\"$(printf 'c\\td')\"; echo 3 >>'e\\f'; touch \"$(printf 'n\\nu')\" 'b\\s' \"$(printf 't\\tu')\"",
  ],
  [
    "work-tree renames of intent-to-add files: exact, similar, a symlink, an empty blob, one left unpaired",
    "seq 1 40 >a; seq 100 139 >b; ln -s a l; : >e; seq 200 239 >k; c; mv a x; mv b y; echo m >>y; mv l l2; rm e k; : >n; echo other >o; git add -N x y l2 n o",
  ],
  [
    "diff.ignoreSubmodules = all with a dirty submodule, a staged gitlink still shown",
    "git config --global protocol.file.allow always; mkdir $HOME/up; (cd $HOME/up && git init -q && echo s>s && c && git commit -q --allow-empty -m two); git submodule add -q $HOME/up sub; c; git config diff.ignoreSubmodules all; echo e>>sub/s; git -C sub checkout -q HEAD~1; git add sub; echo u>u",
  ],
];

for (const [name, script] of SHAPES) {
  Deno.test(`agrees (git's test shapes): ${name}`, async () => {
    const env: UserEnv = { home: (await tempDir("baton-home-")).path, xdg: null };
    const dir = await makeRepo("baton-shape-");
    await runShapeScript(dir, script, env);
    const r = await assertAgreesWithGit(env, dir, { label: name });
    assert.ok(
      r.git.tracked.size + r.git.untracked.length > 0,
      "control: git shows a change in this shape",
    );
  });
}
