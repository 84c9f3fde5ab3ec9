/**
 * More of the differential suite: shapes real repositories take (a deep tree
 * with many nested ignore files, linked worktrees, a repository after gc and
 * repack, every conflict stage shape, operations in progress, orphan and
 * empty branches, odd names, case-only renames, a file replaced by a
 * directory and back, long paths, nested submodules), each built with real
 * git and compared path by path with `git status --porcelain=v2 -z -uall`
 * (tests/_helpers/git_oracle.ts), and HEAD's facts (commit, branch,
 * detached, whether there are commits) with `git rev-parse` and
 * `git symbolic-ref`. Nothing may be left unchecked, and every shape ends in
 * a state git shows as changed or lists as untracked (the positive control).
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import {
  assertAgreesWithGit,
  gitAs,
  runShapeScript,
  type UserEnv,
} from "../../_helpers/git_oracle.ts";

/** One shape: its script (run in a fresh repository, `c` commits everything) and where to look. */
interface Shape {
  name: string;
  script: string;
  /** The directory (relative to the repository, or to the shape's home as $HOME/...) baton and git are run in. @default "." */
  at?: string;
  /** Paths baton names unchecked (with the reason), where git's answer needs a score baton does not compute. */
  unchecked?: string[];
}

const SHAPES: Shape[] = [
  {
    name:
      "a deep tree of 3,000 files with nested ignore files (negations, **, directory-only, a tracked directory named, ignored and untracked ignore files)",
    script: [
      "for a in 0 1 2 3 4 5 6 7 8 9; do for b in 0 1 2 3 4 5 6 7 8 9; do d=src/m$a/p$b/deep/er; mkdir -p $d; for f in 0 1 2; do echo $a$b$f >$d/f$f.txt; echo $f >src/m$a/p$b/g$f.js; done; done; done",
      "printf '*.log\\n!important.log\\nbuild/\\n**/tmp/**\\n/src/m1/\\nnode_modules\\n*.o\\n!src/m2/**/*.o\\nsrc/m4/p4/.gitignore\\n' >.gitignore",
      "mkdir -p src/m3 src/m4/p4 src/m5/p5; printf '!*.log\\np1/\\n' >src/m3/.gitignore; printf '*.txt\\n!keep/\\n' >src/m4/p4/.gitignore",
      "c",
      "touch src/m1/p1/new.txt src/m1/p2/deep/er/f9.txt src/m3/x.log src/m3/p1/y.txt src/m3/p2/z.log important.log a.log src/m2/p3/k.o src/m5/k.o",
      "mkdir -p build src/m6/build src/m7/tmp/q src/m8/node_modules/x src/m4/p4/keep src/m4/p4/dir.txt x.log/inner src/m9/build.txt",
      "touch build/b src/m6/build/b src/m7/tmp/q/t src/m8/node_modules/x/i src/m4/p4/n.txt src/m4/p4/keep/k.txt src/m4/p4/dir.txt/in x.log/inner/f src/m9/build.txt/f",
      "mkdir -p newdir/sub; printf '*\\n!.gitignore\\n!keep.me\\n' >newdir/.gitignore; touch newdir/a newdir/keep.me newdir/sub/keep.me",
      "echo edit >src/m1/p0/g0.js; echo edit >src/m4/p4/deep/er/f0.txt; rm src/m5/p5/g1.js",
    ].join("\n"),
  },
  {
    name:
      "an untracked directory holding only ignored files, an empty untracked directory, one holding empty directories",
    script:
      "echo x>a; echo '*.tmp' >.gitignore; c; mkdir -p ig/sub empty nest/a/b; touch ig/x.tmp ig/sub/y.tmp; touch u",
  },
  {
    name: "a linked worktree inside the main one: the main tree lists it as a nested repository",
    script:
      "echo x>a; c; git worktree add -q -b feat .wt/feat; echo y>.wt/feat/a; echo u>.wt/feat/u; echo z>a",
  },
  {
    name: "a linked worktree with edits, staged changes and untracked files",
    script:
      "mkdir -p p/q; echo x>a; echo y>p/q/b; c; git worktree add -q -b feat .wt/feat; cd .wt/feat; echo y2>p/q/b; git add p/q/b; echo y3>p/q/b; echo z>a; rm -f nothing; mkdir n; touch n/u",
    at: ".wt/feat",
  },
  {
    name: "a linked worktree on a detached HEAD",
    script:
      "echo x>a; c; echo y>a; c; git worktree add -q --detach .wt/d HEAD~1; echo z>.wt/d/a; touch .wt/d/u",
    at: ".wt/d",
  },
  {
    name: "a linked worktree reads the shared info/exclude and info/attributes",
    script:
      "printf 'a\\r\\nb\\r\\n' >t.txt; echo x>a; c; git worktree add -q -b feat .wt/feat; printf '*.zz\\n' >.git/info/exclude; printf '*.txt text\\n' >.git/info/attributes; cd .wt/feat; touch u.zz v.yy; touch -d '+5 sec' t.txt; echo e>a",
    at: ".wt/feat",
  },
  {
    name: "after git gc, repack -a -d, commit-graph and multi-pack-index writes",
    script:
      "for i in 1 2 3 4 5; do echo $i>f$i; mkdir -p d$i; echo $i>d$i/g; c; done; git branch side; git tag v1; git tag -a -m t v2; git gc -q; git repack -a -d -q; git commit-graph write --reachable; git multi-pack-index write; echo n>f1; rm f2; touch u",
  },
  {
    name: "after git maintenance run (gc, commit-graph, loose objects, incremental repack)",
    script:
      "for i in 1 2 3; do echo $i>f$i; c; done; git maintenance run --task=gc --task=commit-graph --task=loose-objects --task=incremental-repack --task=pack-refs 2>/dev/null || git maintenance run --task=gc --task=commit-graph; echo n>f3; touch u",
  },
  {
    name: "index v4, core.splitIndex and core.untrackedCache after several status runs, then stale",
    script:
      "mkdir -p d/e f; echo x>a; echo y>d/e/b; echo z>f/c; c; git config core.untrackedCache true; git config core.splitIndex true; git update-index --index-version 4 --split-index --untracked-cache; touch d/u1; git status >/dev/null; rm d/u1; touch f/u2; git status >/dev/null; git status >/dev/null; mkdir g; touch g/u3 d/e/u4; echo m>d/e/b; rm f/u2",
  },
  {
    name: "skip-worktree and assume-unchanged files edited and removed",
    script:
      "echo a>a; echo b>b; echo c>c; echo d>d; c; git update-index --skip-worktree a c; git update-index --assume-unchanged b d; echo a2>a; echo b2>b; rm c d; touch u",
  },
  {
    name: "intent-to-add: filled, empty, then removed and re-added",
    script: "echo x>a; c; echo n>n1; : >n2; echo q>n3; git add -N n1 n2 n3; rm n3; echo more>>n1",
    // git pairs the gone n3 with the empty n2 (.R), and so does baton.
  },
  {
    name:
      "intent-to-add files replaced by directories: one plain (.D), one holding a repository with a commit (.A)",
    script:
      "echo x>a; c; echo n>n; echo m>m; mkdir d; echo q>d/q; git add -N n m d/q; rm n m; rm -r d; mkdir n m d; touch n/x; cd m; git init -q; echo z>z; c; cd ..; mkdir d/q; touch d/q/y",
  },
  {
    name: "a merge in progress with every conflict stage shape (UU, AA, DU, UD, DD, AU, UA)",
    script: [
      "echo base>uu; echo base>du; echo base>ud; seq 1 40 >ren; echo keep>k; c",
      "git checkout -q -b them; echo them>uu; echo them-aa>aa; git rm -q du; echo them>ud; git mv ren ren-them; c",
      "git checkout -q main; echo ours>uu; echo ours-aa>aa; echo ours>du; git rm -q ud; git mv ren ren-ours; c",
      "git merge -q them 2>/dev/null || true; echo u>untracked",
    ].join("\n"),
  },
  {
    name: "a rebase stopped on a conflict",
    script:
      "echo base>a; echo b>b; c; git checkout -q -b topic; echo topic>a; c; echo t2>b; c; git checkout -q main; echo main>a; c; git checkout -q topic; git rebase main 2>/dev/null || true; touch u",
  },
  {
    name: "an interactive rebase stopped on an edit",
    script:
      "echo base>a; c; echo v1 >a; c; echo v2 >b; c; GIT_SEQUENCE_EDITOR='sed -i 1s/^pick/edit/' git rebase -q -i HEAD~2; echo e>a; touch u",
  },
  {
    name: "a cherry-pick stopped on a conflict",
    script:
      "echo base>a; c; git checkout -q -b o; echo o>a; echo o>b; c; git checkout -q main; echo m>a; c; git cherry-pick o 2>/dev/null || true; touch u",
  },
  {
    name: "a revert stopped on a conflict",
    script:
      "echo v1 >a; c; echo v2 >a; c; echo v3 >a; c; git revert --no-edit HEAD~1 2>/dev/null || true",
  },
  {
    name:
      "a cherry-pick of three commits whose conflict was committed by hand (the sequencer goes on)",
    script:
      "echo base>a; c; git checkout -q -b o; echo o>a; c; echo p>b; c; echo q>d; c; git checkout -q main; echo m>a; c; git cherry-pick o~2 o~1 o 2>/dev/null || true; echo r>a; git add a; git commit -qm resolved; echo e>d; touch u",
  },
  {
    name: "a cherry-pick --no-commit of three commits stopped on a conflict",
    script:
      "echo base>a; c; git checkout -q -b o; echo o>a; c; echo p>b; c; echo q>d; c; git checkout -q main; echo m>a; c; git cherry-pick --no-commit o~2 o~1 o 2>/dev/null || true; touch u",
  },
  {
    name: "a bisect in progress",
    script:
      "for i in 1 2 3 4 5 6; do echo $i>a; c; done; git bisect start -q HEAD HEAD~5 >/dev/null; echo e>b; touch u",
  },
  {
    name: "a detached HEAD with edits",
    script: "echo v1 >a; c; echo v2 >a; c; git checkout -q --detach HEAD~1; echo e>a; touch u",
  },
  {
    name: "an orphan branch with no commits, the old index kept",
    script:
      "echo v1 >a; echo v2 >b; c; git checkout -q --orphan fresh; echo e>a; git rm -q --cached b; touch u",
  },
  {
    name: "an orphan branch with an empty index",
    script: "echo v1 >a; c; git checkout -q --orphan fresh; git rm -q -r --cached .; touch u",
  },
  {
    name: "an empty repository: no commit, no index, untracked files",
    script: "mkdir -p d/e; touch a d/e/b",
  },
  {
    name: "an empty repository with files staged and a directory ignored",
    script:
      "echo x>a; echo 'ig/' >.gitignore; mkdir ig d; touch ig/x d/y; git add a .gitignore; echo y>a",
  },
  {
    name:
      "names needing quotes: leading dash, backslash, tab, newline, carriage return, double quote",
    script: [
      "echo x>a; printf 'x\\n' >-dash; printf 'x\\n' >'back\\slash'; printf 'x\\n' >\"$(printf 'ta\\tb')\"; c",
      "echo y>-dash; echo y>'back\\slash'; touch -- '-n' \"$(printf 'new\\nline')\" \"$(printf 'cr\\r')\" 'q\"uote' ' lead' 'trail '",
    ].join("\n"),
  },
  {
    name: "Unicode normalisation: the NFC and the NFD spelling of a name are two files",
    script:
      "echo x>a; printf 'nfc\\n' >\"$(printf 'caf\\303\\251')\"; c; printf 'nfd\\n' >\"$(printf 'cafe\\314\\201')\"; printf 'e\\n' >\"$(printf 'caf\\303\\251')\"; mkdir \"$(printf 'dir\\314\\201')\"; touch \"$(printf 'dir\\314\\201')/f\"",
  },
  {
    name: "names that are not UTF-8: an untracked one beside tracked ones",
    script:
      "echo x>a; c; touch \"$(printf 'lat\\351n')\"; mkdir \"$(printf 'd\\377')\"; touch \"$(printf 'd\\377')/x\"",
  },
  // facts106: an index entry whose name is not UTF-8, staged and passed
  // over by the work-tree comparison (skip-worktree, assume-unchanged): git
  // shows it (A.) and baton names it unchecked, never drops it.
  {
    name: "a staged name that is not UTF-8, skip-worktree, gone from the work tree",
    script:
      "echo x>a; c; printf 'x\\n' >\"$(printf 'n\\377')\"; git add -A; git update-index --skip-worktree \"$(printf 'n\\377')\"; rm \"$(printf 'n\\377')\"",
    unchecked: ["n\\xff"],
  },
  {
    name: "a staged name that is not UTF-8, assume-unchanged",
    script:
      "echo x>a; c; printf 'x\\n' >\"$(printf 'n\\377')\"; git add -A; git update-index --assume-unchanged \"$(printf 'n\\377')\"",
    unchecked: ["n\\xff"],
  },
  {
    name:
      "control: a name that is not UTF-8 as HEAD has it, skip-worktree, gone; another file edited",
    script:
      "echo x>a; printf 'x\\n' >\"$(printf 'n\\377')\"; c; git update-index --skip-worktree \"$(printf 'n\\377')\"; rm \"$(printf 'n\\377')\"; echo e>a",
  },
  {
    name: "a case-only rename with git mv, and one done by hand",
    script:
      "echo x>Readme; echo y>Makefile; mkdir Docs; echo z>Docs/i; c; git mv Readme README; mv Makefile makefile; git mv Docs docs",
  },
  {
    name: "a tracked file replaced by a directory of the same name",
    script: "echo x>a; echo y>f; c; rm f; mkdir f; echo z>f/inner",
  },
  {
    name: "a tracked directory replaced by a file of the same name",
    script: "mkdir d; echo x>d/a; echo y>d/b; echo q>top; c; rm -r d; echo file>d",
  },
  {
    name: "a file replaced by a directory and back (same content, then other content)",
    script:
      "echo x>f; echo y>g; echo q>top; c; rm f g; mkdir f g; touch f/x g/x; rm -r f g; echo x>f; echo other>g",
  },
  {
    name: "a staged directory/file swap",
    script:
      "echo x>f; mkdir d; echo y>d/a; c; git rm -q f; mkdir f; echo z>f/n; git add f/n; git rm -q -r d; echo w>d; git add d",
  },
  {
    name: "very long paths (a 3,000-byte path, a 255-byte name)",
    script: [
      "n=$(printf 'n%.0s' $(seq 1 200)); p=.; for i in $(seq 1 15); do p=$p/$n$i; done; mkdir -p $p; echo x>$p/f; long=$(printf 'l%.0s' $(seq 1 240)).txt; echo y>$long; c",
      "echo e>$p/f; touch $p/untracked $long.x; mkdir -p $p/new; touch $p/new/u",
    ].join("\n"),
  },
  {
    name: "executable bit flips with core.fileMode true (worktree and staged)",
    script:
      "echo x>a; echo y>b; echo z>e; chmod +x e; c; chmod +x a; git update-index --chmod=+x b; chmod -x e",
  },
  {
    name: "executable bit flips with core.fileMode false, and a content edit beside",
    script:
      "echo x>a; echo y>b; echo z>e; chmod +x e; c; git config core.fileMode false; chmod +x a; chmod -x e; echo y2>b; chmod +x b",
  },
  {
    name:
      "symlinks to directories: untracked, tracked, retargeted, and a tracked directory behind a link",
    script:
      "mkdir -p real/sub; echo x>real/a; echo y>real/sub/b; ln -s real tl; ln -s real/sub tl2; c; ln -s real ul; ln -s /nonexistent dang; ln -sfn real/sub tl; rm tl2; ln -s real tl2; mkdir o; ln -s ../real o/link",
  },
  {
    name:
      "an ignored tracked directory: tracked edits shown, new files hidden, a tracked file's ignore file",
    script:
      "mkdir -p vendor/lib; echo x>vendor/lib/a; echo y>vendor/b; c; printf 'vendor/\\n' >.gitignore; echo z>vendor/lib/a; touch vendor/new vendor/lib/new; mkdir vendor/n; touch vendor/n/x",
  },
  {
    name:
      "a .gitignore that is tracked and then ignored by its parent, and one in an untracked directory",
    script:
      "mkdir -p a/b; echo '*.q' >a/b/.gitignore; echo x>a/b/f; c; printf 'a/b/.gitignore\\n' >.gitignore; touch a/b/t.q a/b/t.r; mkdir -p u/v; printf '*.r\\n' >u/.gitignore; touch u/v/s.r u/v/s.q",
  },
  {
    name: "pattern with trailing /** and a leading **/ on a tracked tree",
    script:
      "mkdir -p a/b/c x/y; echo v1 >a/b/c/f; echo v2 >x/y/g; c; printf 'a/**\\n!a/b/\\n**/y/\\n!**/y/keep\\n' >.gitignore; touch a/n a/b/n a/b/c/n x/y/n x/y/keep x/n",
  },
  {
    name: "run from a subdirectory: the whole tree is compared",
    script: "mkdir -p s/t o; echo x>s/t/a; echo y>o/b; c; echo e>o/b; echo f>s/t/a; touch s/u o/u",
    at: "s/t",
  },
  {
    name: "submodules nested two deep: the inner one edited, with untracked files, its HEAD moved",
    script: [
      "top=$(pwd); git config --global protocol.file.allow always",
      'mkdir $HOME/inner $HOME/mid; cd $HOME/inner; git init -q -b main; echo i>i; c; echo i2>i; c; cd $HOME/mid; git init -q -b main; echo m>m; c; git submodule add -q $HOME/inner in; c; cd "$top"',
      "git submodule add -q $HOME/mid mid; c; git submodule update -q --init --recursive",
      "echo e>mid/in/i; touch mid/in/u mid/u; mkdir mid/in/nd; touch mid/in/nd/x",
    ].join("\n"),
  },
  {
    name: "submodules nested two deep: only the inner one's HEAD moved",
    script: [
      "top=$(pwd); git config --global protocol.file.allow always",
      'mkdir $HOME/inner $HOME/mid; cd $HOME/inner; git init -q -b main; echo i>i; c; echo i2>i; c; cd $HOME/mid; git init -q -b main; echo m>m; c; git submodule add -q $HOME/inner in; c; cd "$top"',
      "git submodule add -q $HOME/mid mid; c; git submodule update -q --init --recursive",
      "git -C mid/in checkout -q HEAD~1",
    ].join("\n"),
  },
  {
    name:
      "run inside a submodule (its git directory absorbed under .git/modules, core.worktree set)",
    script: [
      "top=$(pwd); git config --global protocol.file.allow always",
      'mkdir $HOME/inner $HOME/mid; cd $HOME/inner; git init -q -b main; echo i>i; c; echo i2>i; c; cd $HOME/mid; git init -q -b main; echo m>m; c; git submodule add -q $HOME/inner in; c; cd "$top"',
      "git submodule add -q $HOME/mid mid; c; git submodule update -q --init --recursive",
      "echo e>mid/m; touch mid/u mid/in/u2; git -C mid/in checkout -q HEAD~1",
    ].join("\n"),
    at: "mid",
  },
  {
    name: "run inside a submodule of a submodule",
    script: [
      "top=$(pwd); git config --global protocol.file.allow always",
      'mkdir $HOME/inner $HOME/mid; cd $HOME/inner; git init -q -b main; echo i>i; c; echo i2>i; c; cd $HOME/mid; git init -q -b main; echo m>m; c; git submodule add -q $HOME/inner in; c; cd "$top"',
      "git submodule add -q $HOME/mid mid; c; git submodule update -q --init --recursive",
      "echo e>mid/in/i; touch mid/in/u; git -C mid/in checkout -q -b side",
    ].join("\n"),
    at: "mid/in",
  },
  {
    name: "a .git that is a symbolic link to a repository kept elsewhere",
    script:
      "echo x>a; mkdir d; echo y>d/b; c; mv .git $HOME/store.git; ln -s $HOME/store.git .git; echo e>a; touch d/u",
  },
  {
    name: "a directory-only pattern and a symbolic link to a directory of that name",
    script:
      "mkdir -p real; echo x>real/a; c; printf 'build/\\ncache/\\n' >.gitignore; ln -s real build; mkdir cache; touch cache/c; mkdir -p s; ln -s ../real s/cache",
  },
  {
    name:
      "negation across ignore sources: .gitignore re-includes what info/exclude and core.excludesFile ignore",
    script:
      "echo x>a; c; printf '*.log\\n*.tmp\\n' >.git/info/exclude; printf '*.bak\\n' >$HOME/gx; git config core.excludesFile $HOME/gx; printf '!keep.log\\n!keep.bak\\n' >.gitignore; mkdir d; printf '!*.tmp\\n' >d/.gitignore; touch a.log keep.log b.bak keep.bak t.tmp d/t.tmp d/k.bak",
  },
  {
    name: "an embedded repository added as a gitlink without .gitmodules, then edited inside",
    script:
      "echo x>a; mkdir emb; cd emb; git init -q -b main; echo e>e; c; cd ..; git add a emb 2>/dev/null; git commit -qm top; echo e2>emb/e; touch emb/u",
  },
  {
    name: "an old-style submodule (its .git a directory in the work tree) with its HEAD moved",
    script:
      "echo x>a; mkdir emb; cd emb; git init -q -b main; echo e>e; c; echo e2>e; c; cd ..; git add a emb 2>/dev/null; printf '[submodule \"emb\"]\\n\\tpath = emb\\n\\turl = ./emb\\n' >.gitmodules; c; git -C emb checkout -q HEAD~1",
  },
  {
    name:
      "a --no-local clone (deltified packs), the cache-tree dropped, staged edits and a rename deep in the tree",
    script: [
      "for i in 1 2 3 4 5 6; do mkdir -p p/q$i/r; seq 1 $((i*30)) >p/q$i/r/f; seq 1 40 >p/q$i/g; c; done",
      "git clone -q --no-local . $HOME/cl; cd $HOME/cl; git config gc.auto 0",
      "git read-tree HEAD; echo e>>p/q3/r/f; git add p/q3/r/f; git mv p/q2/g p/q5/moved; echo n>>p/q5/moved; echo w>p/q6/g",
    ].join("\n"),
    at: "$HOME/cl",
  },
  {
    name: "a partial clone (blob:none) with a staged rename of an edited file",
    script: [
      "git config uploadpack.allowFilter true; for i in 1 2 3; do seq 1 50 >f$i; c; done; seq 1 60 >f1; c",
      "git clone -q --no-local --filter=blob:none . $HOME/cl 2>/dev/null; cd $HOME/cl; git config gc.auto 0",
      "git mv f1 moved; echo z>>moved; echo e>>f2",
    ].join("\n"),
    at: "$HOME/cl",
  },
  {
    name: "a .gitignore that is a directory: its rules are none, its files are untracked",
    script:
      "echo x>a; mkdir d; echo y>d/b; c; mkdir d/.gitignore; echo '*' >d/.gitignore/x; touch d/u",
  },
  {
    name: "a tracked .gitignore deleted from the work tree no longer applies",
    script: "mkdir d; echo x>d/a; echo '*.o' >d/.gitignore; c; rm d/.gitignore; touch d/x.o d/y",
  },
  {
    name: "names with glob characters matched by literal and escaped patterns",
    script:
      "echo x>a; c; printf '\\\\[abc\\\\]\\n\\\\*star\\nq\\\\?\\nx[!y]z\\n' >.gitignore; touch '[abc]' a b '*star' 'q?' qq xaz xyz 'x[!y]z'",
  },
  {
    name:
      "LFS attributes with no LFS filter configured (git-lfs not installed): pointers compared as they are",
    script:
      "printf '*.bin filter=lfs diff=lfs merge=lfs -text\\n' >.gitattributes; printf 'version https://git-lfs.github.com/spec/v1\\noid sha256:%064d\\nsize 3\\n' 0 >a.bin; echo raw>b.bin; c; touch -d '+5 sec' a.bin b.bin; echo edit>>b.bin",
  },
  {
    name: "a refactor moving and editing 1,100 files (past git's rename limit)",
    script:
      'mkdir -p old; awk \'BEGIN { for (i = 1; i <= 1100; i++) { f = "old/f" i ".txt"; for (k = i; k <= i + 30; k++) print k > f; close(f) } }\'; c; git mv old new; for f in new/*.txt; do echo edit >>$f; done; git add -A new',
  },
  {
    name: "a submodule made inactive (submodule.<name>.active false) with edits inside",
    script: [
      "git config --global protocol.file.allow always",
      "mkdir $HOME/lib; cd $HOME/lib; git init -q -b main; echo l>l; c; echo l2>l; c; cd - >/dev/null",
      "git submodule add -q $HOME/lib lib; c; git config submodule.lib.active false; echo e>lib/l; touch lib/u",
    ].join("\n"),
  },
  {
    name:
      "a submodule's own settings decide its state: core.fileMode false, its ignore files, its attributes",
    script: [
      "git config --global protocol.file.allow always",
      "mkdir $HOME/lib; cd $HOME/lib; git init -q -b main; echo l>l; printf '*.o\\n' >.gitignore; printf '*.t text\\n' >.gitattributes; printf 'a\\nb\\n' >f.t; c; cd - >/dev/null",
      "git submodule add -q $HOME/lib lib; git submodule add -q $HOME/lib lib2; c",
      "git -C lib config core.fileMode false; chmod +x lib/l; touch lib/x.o; touch -d '+5 sec' lib/f.t",
      "git -C lib2 config core.autocrlf true; printf 'a\\r\\nb\\r\\n' >lib2/f.t; touch u",
    ].join("\n"),
  },
  {
    name: "an untracked bare repository and a repository with no commit inside the work tree",
    script:
      "echo x>a; c; git init -q --bare backup.git; git init -q fresh; touch fresh/f; mkdir -p deep/er; git init -q deep/er/r; echo z>deep/er/r/z",
  },
  {
    name: "a merge stopped before its commit (--no-commit), with a new file from the other side",
    script:
      "echo base>a; c; git checkout -q -b o; echo o>b; echo o2>a; c; git checkout -q main; echo m>c; c; git merge -q --no-commit --no-ff o; echo w>c",
  },
  {
    name: "a rebase with the apply backend stopped on a conflict",
    script:
      "echo base>a; c; git checkout -q -b topic; echo topic>a; c; git checkout -q main; echo main>a; c; git checkout -q topic; git rebase --apply main 2>/dev/null || true; touch u",
  },
  {
    name:
      "an untracked directory whose .git is a symbolic link (to a git directory, to a git file) is a nested repository, listed even when all else in it is ignored; a dangling link is not",
    script: [
      "echo '*.log' >.gitignore; echo x>a; c; git init -q $HOME/other",
      "mkdir d e f; ln -s $HOME/other/.git d/.git; touch d/x.log",
      'echo "gitdir: $HOME/other/.git" >$HOME/gitfile; ln -s $HOME/gitfile e/.git; touch e/y',
      "ln -s $HOME/nowhere f/.git; touch f/z",
    ].join("\n"),
  },
  {
    name:
      "an untracked directory whose .git file is over 4 KiB (a gitdir line and 5,000 line ends) is a nested repository, as git reads up to 1 MiB; one over 1 MiB is not",
    script: [
      "echo x>a; c; git init -q $HOME/other; mkdir d e",
      "{ printf 'gitdir: %s' $HOME/other/.git; head -c 5000 /dev/zero | tr '\\0' '\\n'; } >d/.git; touch d/f",
      "{ printf 'gitdir: %s' $HOME/other/.git; head -c 1100000 /dev/zero | tr '\\0' '\\n'; } >e/.git; touch e/g",
    ].join("\n"),
  },
  {
    name:
      "an untracked directory whose .git has a HEAD git does not take (junk, a link outside refs/) is no nested repository, its files are listed; one with ref:<tab>refs/ is",
    script: [
      "echo x>a; c; for d in d e ok; do mkdir -p $d/.git/objects $d/.git/refs; done",
      "echo junk >d/.git/HEAD; touch d/f; ln -s heads/main e/.git/HEAD; touch e/g",
      "printf 'ref:\\trefs/heads/x' >ok/.git/HEAD; touch ok/h",
    ].join("\n"),
  },
  {
    name:
      "run in a directory whose .git has a junk HEAD: git skips it and takes the repository above",
    script:
      "echo x>a; c; mkdir -p in/.git/objects in/.git/refs; echo junk >in/.git/HEAD; touch in/f; echo y>a",
    at: "in",
  },
  {
    name: "a non-cone sparse checkout with an edit inside and a file written back outside",
    script:
      "mkdir -p in out; echo a>in/a; echo b>out/b; echo c>top; c; git sparse-checkout set --no-cone '/in/' '/top'; mkdir -p out; echo b2>out/b; echo e>in/a; touch out/u",
  },
  {
    name:
      "the repo tool's layout: .git/objects, refs, packed-refs, config, info and logs are symbolic links into a store",
    script: [
      "echo x>a; echo y>b; c; git pack-refs --all; mkdir -p $HOME/store",
      "for e in objects refs packed-refs config info hooks logs description; do mv .git/$e $HOME/store/$e; ln -s $HOME/store/$e .git/$e; done",
      "echo '*.ign' >>.git/info/exclude; echo z>a; touch u q.ign",
    ].join("\n"),
  },
  {
    name:
      "a bare repository (core.bare true in the shared config) with a linked worktree, run in the worktree and in its subdirectory",
    script: [
      "echo x>a; mkdir d; echo y>d/b; c; git clone -q --bare . $HOME/repo.git",
      "git -C $HOME/repo.git worktree add -q $HOME/wt main; cd $HOME/wt; echo z>d/b; touch d/u u",
    ].join("\n"),
    at: "$HOME/wt/d",
  },
  {
    name:
      "core.ignoreCase true: a tracked name whose case changed on disk, ignore and attribute patterns in another case",
    script: [
      "echo x>readme; printf 'a\\r\\n' >a.txt; printf '*.TXT text\\n' >.gitattributes; printf '*.LOG\\nBuild/\\n' >.gitignore",
      "git add .gitattributes .gitignore readme; git -c core.ignoreCase=false add a.txt; git commit -qm c",
      "git config core.ignoreCase true; mv readme README; touch -d '+5 sec' a.txt; mkdir build; touch b.Log build/x .GIT u",
    ].join("\n"),
  },
  {
    name:
      "a cherry-pick stopped on a conflict whose CHERRY_PICK_HEAD was emptied, and a REVERT_HEAD holding junk: git names neither",
    script:
      "echo base>a; c; git checkout -q -b o; echo o>a; echo o>b; c; git checkout -q main; echo m>a; c; git cherry-pick o 2>/dev/null || true; : >.git/CHERRY_PICK_HEAD; echo junk >.git/REVERT_HEAD; touch u",
  },
  {
    // Random seed 208: the raw content is not the blob (an expanded $Id$, a
    // UTF-16 file), yet auto text keeps the CRLF the index's blob holds.
    name:
      "ident and UTF-16 files committed with CRLF, then core.autocrlf=true: touched, git keeps the index's CRLF (clean); an edit is modified",
    script: [
      "printf 'a $Id: 0123456789 $ b\\r\\n' >f.c; printf 'a $Id$ b\\r\\n' >g.c; printf 'a\\0\\r\\0\\n\\0' >f.u",
      "printf '*.c ident\\n*.u working-tree-encoding=UTF-16LE\\n' >.git/info/attributes; c",
      "git config core.autocrlf true; rm g.c; git checkout -- g.c; touch -d '+5 sec' f.c g.c f.u",
      "printf 'a $Id: 0123456789 $ c\\r\\n' >e.c; git add e.c; git commit -qm e; printf 'a $Id: 0123456789 $ d\\r\\n' >e.c",
    ].join("\n"),
  },
];

/** git's HEAD facts: its commit, the branch it names, whether it is detached. */
async function gitHead(env: UserEnv, dir: string) {
  const text = async (args: string[]) => {
    const r = await gitAs(env, dir, args, { allowFail: true });
    return r.code === 0 ? new TextDecoder().decode(r.stdout).trim() : null;
  };
  const head = await text(["rev-parse", "-q", "--verify", "HEAD^{commit}"]);
  const ref = await text(["symbolic-ref", "-q", "HEAD"]);
  return {
    head,
    branch: ref === null ? null : ref.replace(/^refs\/heads\//, ""),
    detached: ref === null,
    has_commits: head !== null,
  };
}

/** git status's own words for each operation baton names (git may say several at once). */
const OPERATION_WORDS: [RegExp, string][] = [
  [/You have unmerged paths|All conflicts fixed but you are still merging/, "merge"],
  [/rebase in progress;/, "rebase"],
  [/You are in the middle of an am session/, "am"],
  [/Cherry-pick currently in progress|You are currently cherry-picking/, "cherry_pick"],
  [/Revert currently in progress|You are currently reverting/, "revert"],
  [/You are currently bisecting/, "bisect"],
];

/** The operations git status says are in progress. */
async function gitOperations(env: UserEnv, dir: string): Promise<string[]> {
  const out = new TextDecoder().decode((await gitAs(env, dir, ["status"])).stdout);
  return OPERATION_WORDS.filter(([re]) => re.test(out)).map(([, name]) => name);
}

for (const shape of SHAPES) {
  Deno.test(`agrees (real shapes): ${shape.name}`, async () => {
    const env: UserEnv = { home: (await tempDir("baton-home-")).path, xdg: null };
    const top = await makeRepo("baton-real-");
    await runShapeScript(top, shape.script, env);
    const dir = shape.at === undefined
      ? top
      : shape.at.startsWith("$HOME/")
      ? `${env.home}${shape.at.slice(5)}`
      : `${top}/${shape.at}`;
    const r = await assertAgreesWithGit(env, dir, {
      label: shape.name,
      allowUnknown: shape.unchecked !== undefined,
    });
    assert.deepEqual(r.unchecked, shape.unchecked ?? [], "the paths left unchecked");
    // As production collects: through the listing cache it writes, then reads.
    for (const pass of ["writes", "reads"]) {
      await assertAgreesWithGit(env, dir, {
        label: `${shape.name} (the cache ${pass})`,
        allowUnknown: shape.unchecked !== undefined,
        cache: true,
      });
    }
    assert.ok(
      r.git.tracked.size + r.git.untracked.length > 0,
      "control: git shows a change in this shape",
    );
    const want = await gitHead(env, dir);
    const f = r.facts;
    assert.deepEqual(
      { head: f.head, branch: f.branch, detached: f.detached, has_commits: f.has_commits },
      want,
      `${shape.name}: HEAD facts differ from git`,
    );
    // baton names one operation (the outermost); git may name more.
    const ops = await gitOperations(env, dir);
    if (ops.length === 0) assert.equal(f.operation, null, `${shape.name}: git says none`);
    else assert.ok(ops.includes(f.operation ?? ""), `${shape.name}: ${f.operation} not in ${ops}`);
  });
}
