/**
 * Drift against git on real repository shapes: a capsule is written
 * (`finalize`) in one state, the repository moves on the way work does
 * (a conflict resolved, a rebase continued, a skip-worktree or
 * assume-unchanged file edited, an ignored file made, only mtimes touched,
 * a submodule edited inside, a case-only rename by hand, an
 * intent-to-add, a symlink checked out as a file under core.symlinks
 * false), and `load --json` must say `match` for "tracked changes"
 * exactly when `git status --porcelain=v2` shows the same tracked paths
 * with the same codes and sources, and for "untracked files" exactly when
 * git lists the same untracked paths (never `match` where git moved, never
 * `different` where it did not). Each recorded file's own check is judged
 * the same way against git's view of that file: its blob as
 * `git add` would store it and its mode as `git diff --raw` reports
 * it (the index's when git shows no change), so an executable bit git does
 * not count (core.fileMode false) is no change. A submodule changed both
 * times keeps its code whatever changed inside it (porcelain v2's state
 * field moves): there "tracked changes" must be unknown, never match. Real
 * git, the real CLI, a temp HOME.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { GIT_ENV, makeRepo } from "../_helpers/git.ts";
import { gitAs, oracle, type UserEnv } from "../_helpers/git_oracle.ts";
import { tempDir } from "../_helpers/temp.ts";

interface Check {
  check: string;
  status: string;
  detail: string;
}

interface Shape {
  name: string;
  /** The state at capture (`c` commits everything). */
  before: string;
  /** What happens after the capture. */
  after: string;
  /** Whether git's [tracked, untracked] view moves (the control). */
  moves: [boolean, boolean];
  /** Whether a changed submodule's state field (porcelain v2) moves. @default {false} */
  submoduleMoves?: boolean;
  /**
   * core.fileMode changes after the capture: git's view of a same-content
   * file's mode is the index's on one side, which baton does not record, so
   * its check may be unknown (never match where git moved). @default {false}
   */
  fileModeMoves?: boolean;
  /**
   * core.symlinks is turned false after the capture: a plain file may then
   * be git's symlink by the index's mode, which baton does not record, so
   * its check may be unknown (never match where git moved). @default {false}
   */
  symlinksMove?: boolean;
}

const SHAPES: Shape[] = [
  {
    name: "a merge conflict resolved and staged",
    before:
      "echo base>a; echo k>k; c; git checkout -q -b o; echo o>a; c; git checkout -q main; echo m>a; c; git merge -q o 2>/dev/null || true",
    after: "echo r>a; git add a",
    moves: [true, false],
  },
  {
    name: "a rebase continued past its stop",
    before:
      "echo base>a; c; git checkout -q -b t; echo t>a; c; echo t2>b; c; git checkout -q main; echo m>a; c; git checkout -q t; git rebase main 2>/dev/null || true",
    after: "echo r>a; git add a; GIT_EDITOR=true git rebase --continue >/dev/null 2>&1",
    moves: [true, false],
  },
  {
    name: "a skip-worktree file and an assume-unchanged file edited (git shows neither)",
    before:
      "echo a>a; echo b>b; echo m>m; c; git update-index --skip-worktree a; git update-index --assume-unchanged b; echo m2>m",
    after: "echo a2>a; echo b2>b",
    moves: [false, false],
  },
  {
    name: "an ignored file and an untracked directory of ignored files made",
    before: "printf '*.o\\nbuild/\\n' >.gitignore; echo x>x; c; echo e>x; touch u",
    after: "touch y.o; mkdir -p build/d g; touch build/d/z g/a.o",
    moves: [false, false],
  },
  {
    name: "files touched with their content unchanged",
    before: "echo a>a; echo b>b; c; echo e>a",
    after: "touch -d '+5 sec' a b",
    moves: [false, false],
  },
  {
    name: "chmod +x under core.fileMode false",
    before: "echo a>a; echo b>b; git config core.fileMode false; c; echo e>b",
    after: "chmod +x a b",
    moves: [false, false],
  },
  {
    name: "chmod +x of a file changed at capture, under core.fileMode false (git sees no mode)",
    before: "echo a>a; echo b>b; git config core.fileMode false; c; echo e>b; echo e>a",
    after: "chmod +x b; chmod +x a; echo e2>a",
    moves: [false, false],
  },
  {
    name: "core.fileMode turned false after the capture, then chmod +x of a changed file",
    before: "echo a>a; echo b>b; c; echo e>b",
    after: "git config core.fileMode false; chmod +x b",
    moves: [false, false],
    fileModeMoves: true,
  },
  {
    name:
      "a file made executable at capture, then core.fileMode turned false (git's mode goes back)",
    before: "echo a>a; echo b>b; c; echo edited>b; chmod +x b",
    after: "git config core.fileMode false",
    moves: [false, false],
    fileModeMoves: true,
  },
  {
    name: "core.fileMode false only in the global config, then chmod -x of a changed file",
    before:
      "git config --unset core.fileMode; git config --global core.fileMode false; echo a>a; echo b>b; c; echo edited>b; chmod +x b",
    after: "chmod -x b",
    moves: [false, false],
  },
  {
    name: "core.fileMode false only in an included file, then chmod -x of a changed file",
    before:
      "git config -f .git/fm.inc core.fileMode false; git config --unset core.fileMode; git config include.path fm.inc; echo a>a; echo b>b; c; echo edited>b; chmod +x b",
    after: "chmod -x b",
    moves: [false, false],
  },
  {
    name:
      "core.fileMode false in an included file turned true after the capture (git now sees the bit)",
    before:
      "git config -f .git/fm.inc core.fileMode false; git config --unset core.fileMode; git config include.path fm.inc; echo a>a; echo b>b; c; echo edited>b; chmod +x b",
    after: "git config -f .git/fm.inc core.fileMode true",
    moves: [false, false],
    fileModeMoves: true,
  },
  {
    name: "an executable untracked file made not executable (core.fileMode true)",
    before: "echo a>a; c; echo n>n; chmod +x n",
    after: "chmod -x n",
    moves: [false, false],
  },
  {
    name: "a symlink retargeted at capture, then replaced by a file of its text",
    before: "echo a>a; ln -s a l; c; ln -sfn b l",
    after: "rm l; printf b >l",
    moves: [true, false],
  },
  {
    name: "a file deleted at capture and restored identical",
    before: "echo a>a; echo b>b; c; rm a; echo e>b",
    after: "git checkout -- a",
    moves: [true, false],
  },
  {
    name: "chmod +x under core.fileMode true",
    before: "echo a>a; echo b>b; c; echo e>b",
    after: "chmod +x a b",
    moves: [true, false],
  },
  {
    name: "a case-only rename done by hand",
    before: "echo x>Readme; echo y>b; c; echo e>b",
    after: "mv Readme README",
    moves: [true, true],
  },
  {
    name: "an intent-to-add of an untracked file",
    before: "echo a>a; c; echo n>n",
    after: "git add -N n",
    moves: [true, true],
  },
  {
    name:
      "a staged rename whose source changes (git mv, then the source restored and another moved)",
    before: "seq 1 40 >a; seq 41 80 >b; c; git mv a moved",
    after: "git mv moved a; git mv b moved",
    moves: [true, false],
  },
  {
    name: "a submodule edited inside, then an untracked file there",
    before: [
      "git config --global protocol.file.allow always",
      "mkdir $HOME/lib; cd $HOME/lib; git init -q -b main; echo l>l; c; cd - >/dev/null",
      "git submodule add -q $HOME/lib lib; c; echo e>lib/l",
    ].join("\n"),
    after: "touch lib/u",
    moves: [false, false],
    submoduleMoves: true,
  },
  {
    name:
      "a submodule at new commits at capture, then moved back and edited inside (git: new commits -> modified content)",
    before: [
      "git config --global protocol.file.allow always",
      "mkdir $HOME/lib; cd $HOME/lib; git init -q -b main; echo l>l; c; echo l2>l; c; cd - >/dev/null",
      "git submodule add -q $HOME/lib lib; c; git -C lib checkout -q HEAD~1",
    ].join("\n"),
    after: "git -C lib checkout -q main; echo e>lib/l",
    moves: [false, false],
    submoduleMoves: true,
  },
  {
    name: "a submodule moved to another commit, then a file edited beside it (control)",
    before: [
      "git config --global protocol.file.allow always",
      "mkdir $HOME/lib; cd $HOME/lib; git init -q -b main; echo l>l; c; echo l2>l; c; cd - >/dev/null",
      "git submodule add -q $HOME/lib lib; echo a>a; c; git -C lib checkout -q HEAD~1",
    ].join("\n"),
    after: "echo e>a",
    moves: [true, false],
  },
  {
    name: "a file changed at capture with CRLF, then core.autocrlf true (git's blob drops the CRs)",
    before: "echo a>a; echo b>b; c; printf 'x\\r\\ny\\r\\n' >b",
    after: "git config core.autocrlf true",
    moves: [false, false],
  },
  {
    name: "under core.autocrlf true, a changed file rewritten with CRLF only (git's blob stays)",
    before: "git config core.autocrlf true; echo a>a; echo b>b; c; printf 'x\\ny\\n' >b",
    after: "printf 'x\\r\\ny\\r\\n' >b",
    moves: [false, false],
  },
  {
    name: "a CRLF file changed at capture, then a committed .gitattributes makes it text",
    before: "echo a>a; echo b>b.txt; c; printf 'x\\r\\n' >b.txt",
    after: "echo '*.txt text' >.gitattributes; git add .gitattributes; git commit -qm attrs",
    moves: [false, false],
  },
  {
    name:
      "under core.autocrlf true, a file CRLF in the index is kept with its CRs, then rewritten with LF",
    before: "printf 'x\\r\\n' >b; c; git config core.autocrlf true; printf 'x\\r\\nz\\r\\n' >b",
    after: "printf 'x\\nz\\n' >b",
    moves: [false, false],
  },
  {
    name: "a CRLF file changed at capture, touched with its settings unchanged (control)",
    before: "echo a>a; echo b>b; c; printf 'x\\r\\n' >b",
    after: "touch b",
    moves: [false, false],
  },
  {
    name:
      "a CRLF file changed at capture under a text attribute staged but deleted from the work tree, which then leaves the index (git's blob keeps the CRs)",
    before:
      "printf '*.txt text\\n' >.gitattributes; echo a>a; echo b>b.txt; c; rm .gitattributes; printf 'x\\r\\n' >b.txt",
    after: "git rm -q --cached .gitattributes",
    moves: [true, false],
  },
  {
    name:
      "a CRLF file changed at capture under a text attribute staged but deleted from the work tree, then restored (git's blob stays)",
    before:
      "printf '*.txt text\\n' >.gitattributes; echo a>a; echo b>b.txt; c; rm .gitattributes; printf 'x\\r\\n' >b.txt",
    after: "git checkout -- .gitattributes",
    moves: [true, false],
  },
  {
    name:
      "a UTF-16 file under auto text kept with its CRs (the index's copy has CRLF), then the index's copy staged with LF (git's blob drops the CRs)",
    before: [
      "printf '*.txt -text working-tree-encoding=UTF-16LE\\n' >.gitattributes; printf 'x\\0\\r\\0\\n\\0' >b.txt; echo a>a; c",
      "printf '*.txt text=auto working-tree-encoding=UTF-16LE\\n' >.gitattributes; printf 'x\\0\\r\\0\\n\\0y\\0\\r\\0\\n\\0' >b.txt",
    ].join("\n"),
    after: "cp b.txt $HOME/k; printf 'x\\0\\n\\0' >b.txt; git add b.txt; cp $HOME/k b.txt",
    moves: [true, false],
  },
  {
    name:
      "a UTF-16 file under auto text kept with its CRs (the index's copy has CRLF), touched (control)",
    before: [
      "printf '*.txt -text working-tree-encoding=UTF-16LE\\n' >.gitattributes; printf 'x\\0\\r\\0\\n\\0' >b.txt; echo a>a; c",
      "printf '*.txt text=auto working-tree-encoding=UTF-16LE\\n' >.gitattributes; printf 'x\\0\\r\\0\\n\\0y\\0\\r\\0\\n\\0' >b.txt",
    ].join("\n"),
    after: "touch b.txt",
    moves: [false, false],
  },
  {
    name:
      "core.symlinks false: a symlink checked out as a file of its text, edited, then chmod +x (git keeps mode 120000)",
    before:
      "echo a>a; ln -s a l; c; git config core.symlinks false; rm l; git checkout -- l; printf b >l",
    after: "chmod +x l",
    moves: [false, false],
  },
  {
    name:
      "core.symlinks false: a symlink checked out as a file of its text, given a longer text, then chmod +x",
    before:
      "echo a>a; ln -s a l; c; git config core.symlinks false; rm l; git checkout -- l; printf bbbb >l",
    after: "chmod +x l",
    moves: [false, false],
  },
  {
    name:
      "core.symlinks false: a symlink checked out as a file, edited, then a real link of its text",
    before:
      "echo a>a; ln -s a l; c; git config core.symlinks false; rm l; git checkout -- l; printf b >l",
    after: "rm l; ln -s b l",
    moves: [false, false],
  },
  {
    name: "core.symlinks false: a real link retargeted, then replaced by a file of its text",
    before: "echo a>a; ln -s a l; c; git config core.symlinks false; ln -sfn bb l",
    after: "rm l; printf bb >l",
    moves: [false, false],
  },
  {
    name: "core.symlinks false: a symlink checked out as a file, edited again (control)",
    before:
      "echo a>a; ln -s a l; c; git config core.symlinks false; rm l; git checkout -- l; printf bbbb >l",
    after: "printf ccccc >l",
    moves: [false, false],
  },
  {
    name:
      "core.symlinks false: a symlink checked out as a file, edited, then core.symlinks true (git: a type change)",
    before:
      "echo a>a; ln -s a l; c; git config core.symlinks false; rm l; git checkout -- l; printf bbbb >l",
    after: "git config core.symlinks true",
    moves: [true, false],
  },
  {
    name:
      "a symlink replaced by a file of another text, then core.symlinks false (git: a symlink again)",
    before: "echo a>a; ln -s a l; c; rm l; printf bbbb >l",
    after: "git config core.symlinks false",
    moves: [true, false],
    symlinksMove: true,
  },
  {
    name: "a file replaced by a directory of the same name",
    before: "echo a>a; echo f>f; c; echo e>a",
    after: "rm f; mkdir f; touch f/x",
    moves: [true, true],
  },
];

/** bash with git's test environment and HOME pointing at the shape's own home. */
async function run(dir: string, script: string, home: string): Promise<void> {
  const { GIT_CONFIG_GLOBAL: _g, ...base } = GIT_ENV;
  const out = await new Deno.Command("bash", {
    args: ["-c", `set -e\nc(){ git add -A && git commit -qm c; }\n${script}`],
    cwd: dir,
    env: { ...base, HOME: home, XDG_CONFIG_HOME: "" },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

/** git's view, the way each drift check compares it. */
async function gitView(
  env: UserEnv,
  dir: string,
): Promise<{ tracked: string; untracked: string; submodules: Map<string, string> }> {
  const v = await oracle(env, dir);
  const tracked = [...v.tracked].map(([p, xy]) => `${p} ${xy} ${v.origins.get(p) ?? ""}`);
  // baton keeps its own capsule out of the untracked files it compares.
  const untracked = v.untracked.filter((p) => !p.startsWith(".baton/"));
  return {
    tracked: JSON.stringify(tracked.sort()),
    untracked: JSON.stringify(untracked.sort()),
    submodules: await submoduleStates(env, dir),
  };
}

/**
 * The changed submodules and their state as porcelain v2 gives it ("SC..":
 * new commits, "S.M.": modified content, "S..U": untracked content);
 * the shapes' paths need no unquoting.
 */
async function submoduleStates(env: UserEnv, dir: string): Promise<Map<string, string>> {
  const out = new TextDecoder().decode(
    (await gitAs(env, dir, ["status", "--porcelain=v2", "--untracked-files=all"])).stdout,
  );
  const states = new Map<string, string>();
  for (const line of out.split("\n")) {
    const f = line.split(" ");
    if (f[0] === "1" && f[2]?.startsWith("S")) states.set(f.slice(8).join(" "), f[2]);
  }
  return states;
}

/**
 * git's view of one file: the blob `git hash-object` computes (git's clean
 * conversion applied) and the mode `git diff --raw` gives the work tree's
 * copy (the index's when git shows no change); "absent" when there is no
 * file, and no blob for what git cannot hash (a submodule's directory).
 */
async function gitFileView(env: UserEnv, dir: string, path: string): Promise<string> {
  const there = await Deno.lstat(`${dir}/${path}`).then(() => true, () => false);
  if (!there) return "absent";
  const text = async (args: string[]) =>
    new TextDecoder().decode((await gitAs(env, dir, args, { allowFail: true })).stdout).trim();
  // hash-object follows a link: git's blob of one is its text.
  const link = await Deno.readLink(`${dir}/${path}`).catch(() => null);
  const blob = link === null ? await addedBlob(env, dir, path) : await blobId(link);
  const raw = /^:\d{6} (\d{6}) /m.exec(await text(["diff", "--raw", "--no-abbrev", "--", path]));
  const mode = raw?.[1] ?? (await text(["ls-files", "-s", "--", path])).split(" ")[0] ??
    "";
  return `${blob || "no blob"} ${mode || await untrackedMode(env, dir, path)}`;
}

/**
 * The blob `git add` would store for a file (git's clean conversion, with
 * the index's say in it: auto text keeps CRLF where the index's copy has
 * it, which `git hash-object` does not read), staged into a copy of the
 * index; none for a directory (a submodule's).
 */
async function addedBlob(env: UserEnv, dir: string, path: string): Promise<string> {
  if ((await Deno.lstat(`${dir}/${path}`)).isDirectory) return "";
  const index = await Deno.makeTempFile({ prefix: "baton-drift-index-" });
  try {
    await Deno.copyFile(`${dir}/.git/index`, index).catch(() => Deno.remove(index));
    const copy = { ...env, vars: { ...env.vars, GIT_INDEX_FILE: index } };
    await gitAs(copy, dir, ["add", "-f", "--", path]);
    const staged = new TextDecoder().decode(
      (await gitAs(copy, dir, ["ls-files", "-s", "--", path])).stdout,
    );
    return staged.split(" ")[1] ?? "";
  } finally {
    await Deno.remove(index).catch(() => {});
  }
}

/** The mode `git add` would give an untracked file: its executable bit only where git counts it. */
async function untrackedMode(env: UserEnv, dir: string, path: string): Promise<string> {
  const st = await Deno.lstat(`${dir}/${path}`);
  if (st.isSymlink) return "120000";
  const fileMode = await gitAs(env, dir, ["config", "--type=bool", "core.fileMode"], {
    allowFail: true,
  });
  const counts = new TextDecoder().decode(fileMode.stdout).trim() !== "false";
  return counts && ((st.mode ?? 0) & 0o100) !== 0 ? "100755" : "100644";
}

/** git's blob id of `text` (sha1 over "blob <size>\0" and the bytes). */
async function blobId(text: string): Promise<string> {
  const body = new TextEncoder().encode(text);
  const head = new TextEncoder().encode(`blob ${body.length}\0`);
  const all = new Uint8Array(head.length + body.length);
  all.set(head);
  all.set(body, head.length);
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-1", all));
  return [...sum].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** git's view of every path git status names (tracked changed and untracked). */
async function gitFiles(env: UserEnv, dir: string): Promise<Map<string, string>> {
  const v = await oracle(env, dir);
  const out = new Map<string, string>();
  for (const p of [...v.tracked.keys(), ...v.untracked]) {
    if (!p.startsWith(".baton/")) out.set(p, await gitFileView(env, dir, p));
  }
  return out;
}

for (const shape of SHAPES) {
  Deno.test(`drift against git (real shapes): ${shape.name}`, async () => {
    const home = (await tempDir("baton-home-")).path;
    const env: UserEnv = { home, xdg: null };
    const dir = await makeRepo("baton-drift-real-");
    await run(dir, shape.before, home);
    const batonEnv = { HOME: home, XDG_CONFIG_HOME: "" };
    const written = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: '{"now":"x"}',
      env: batonEnv,
    });
    assert.equal(written.code, 0, written.stderr);
    const then = await gitView(env, dir);
    const filesThen = await gitFiles(env, dir);
    await run(dir, shape.after, home);
    const now = await gitView(env, dir);
    // Control: git moved (or did not) as the shape says.
    assert.deepEqual(
      [then.tracked !== now.tracked, then.untracked !== now.untracked],
      shape.moves,
      `${shape.name}: git's view moved otherwise than expected`,
    );
    assert.equal(
      JSON.stringify([...then.submodules]) !== JSON.stringify([...now.submodules]),
      shape.submoduleMoves ?? false,
      `${shape.name}: a submodule's state moved otherwise than expected`,
    );
    const loaded = await runBaton(["load", "--json"], { cwd: dir, env: batonEnv });
    assert.equal(loaded.code, 0, loaded.stderr);
    const drift = JSON.parse(loaded.stdout).drift as Check[];
    const status = (name: string) => drift.find((d) => d.check === name)!;
    for (
      const [check, same] of [
        ["tracked changes", then.tracked === now.tracked],
        ["untracked files", then.untracked === now.untracked],
      ] as const
    ) {
      const c = status(check);
      // A submodule changed then and now has the same code whatever changed
      // inside it (git's state field may move): baton does not compare
      // inside, so it says unknown, never match.
      const opaque = check === "tracked changes" &&
        [...then.submodules.keys()].some((p) => now.submodules.has(p));
      assert.equal(
        c.status,
        same ? (opaque ? "unknown" : "match") : "different",
        `${shape.name}: ${check} (git ${same ? "unchanged" : "moved"}): ${c.detail}`,
      );
    }
    // Each recorded file against git's view of it then and now; a file git
    // cannot hash (a submodule's directory) may be unknown, nothing else.
    const fileChecks = drift.filter((d) => d.check.startsWith("file "));
    assert.deepEqual(
      fileChecks.map((d) => d.check.slice(5)).sort(),
      [...filesThen.keys()].sort(),
      `${shape.name}: the files recorded are git's changed and untracked ones`,
    );
    for (const c of fileChecks) {
      const path = c.check.slice(5);
      const was = filesThen.get(path)!;
      const is = await gitFileView(env, dir, path);
      const want = is === "absent"
        ? (was === "absent" ? "match" : "missing")
        : was.startsWith("no blob")
        ? "unknown"
        : was === is
        ? "match"
        : "different";
      // With core.fileMode or core.symlinks changed, a same-blob file's mode may go unsettled, never matched.
      const sameBlob = was.split(" ")[0] === is.split(" ")[0];
      const movable = shape.fileModeMoves === true || shape.symlinksMove === true;
      const got = movable && sameBlob && c.status === "unknown" ? want : c.status;
      assert.equal(got, want, `${shape.name}: ${c.check} (git: ${was} -> ${is}): ${c.detail}`);
    }
  });
}
