/**
 * editIndex() against git itself: each repository shape is built with git,
 * copied, and the same change made twice, by git (`git add -f --sparse`,
 * `git rm -r --cached --sparse`) in one copy and by editIndex() in the other;
 * then git must list both indexes alike (entries with their tags, resolve-undo
 * records, status, sparse-checkout) and fsck the edited one. The shape is
 * checked to be real first (the extension or flag is present before), so a
 * writer that loses it fails.
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { buildIndex, parseIndex } from "../../../core/facts/worktree/index_file.ts";
import { editIndex, indexEditBlocker } from "../../../core/handoff/index_edit.ts";
import { UnavailableError } from "../../../core/errors.ts";

const HANDOFF = ".baton/latest.md";

/** A repository with a few directories, a capsule in the work tree, on branch work. */
async function baseRepo(): Promise<string> {
  const dir = await makeRepo("baton-index-edit-");
  await writeFiles(dir, {
    "a/b/f1": "1\n",
    "a/b/f2": "2\n",
    "c/g1": "1\n",
    "d/h1": "1\n",
    "top.txt": "top\n",
    ".baton-x": "sorts before .baton/\n",
    ".baton0": "sorts after .baton/\n",
  });
  await commitAll(dir, "init");
  await git(dir, ["switch", "-q", "-c", "work"]);
  await writeFiles(dir, { [HANDOFF]: "# capsule\n" });
  return dir;
}

/** git's view of a repository's index, for comparing two copies. */
async function view(dir: string): Promise<string> {
  const run = async (args: string[]) => (await git(dir, args, { allowFail: true })).stdout;
  return [
    await run(["ls-files", "--sparse", "-s", "-t"]),
    await run(["ls-files", "--resolve-undo"]),
    await run(["status", "--porcelain=v2", "-uall"]),
    await run(["sparse-checkout", "list"]),
    await run(["ls-files", "--debug", "--sparse"]).then((t) =>
      // Stat data differs between copies; the flags line does not.
      t.split("\n").filter((l) => !/^\s+(ctime|mtime|dev|uid|size):/.test(l)).join("\n")
    ),
  ].join("\n--\n");
}

async function extensions(dir: string): Promise<string[]> {
  return parseIndex(await Deno.readFile(`${dir}/.git/index`)).extensions;
}

/** The bodies of the extensions that carry meaning (and the cache-tree), by signature. */
async function kept(dir: string): Promise<Record<string, string>> {
  const bytes = await Deno.readFile(`${dir}/.git/index`);
  const view = new DataView(bytes.buffer);
  let off = 12;
  for (let i = 0; i < view.getUint32(8); i++) {
    const nameAt = off + 62 + ((view.getUint16(off + 60) & 0x4000) !== 0 ? 2 : 0);
    off += (bytes.indexOf(0, nameAt) - off + 8) & ~7;
  }
  const out: Record<string, string> = {};
  while (off + 8 <= bytes.length - 20) {
    const sig = String.fromCharCode(...bytes.subarray(off, off + 4));
    const size = view.getUint32(off + 4);
    if (["TREE", "sdir", "REUC"].includes(sig)) {
      out[sig] = [...bytes.subarray(off + 8, off + 8 + size)].join(",");
    }
    off += 8 + size;
  }
  return out;
}

/** Makes the put edit in `dir` as baton's edge does: blob written, stat from lstat. */
async function putWithEditIndex(dir: string): Promise<string[]> {
  const oid = (await git(dir, ["hash-object", "-w", HANDOFF])).stdout.trim();
  const st = await Deno.lstat(`${dir}/${HANDOFF}`);
  const ms = st.mtime!.getTime();
  const cms = st.ctime?.getTime() ?? ms;
  const stat = {
    ctimeSec: Math.floor(cms / 1000),
    ctimeNsec: (cms % 1000) * 1e6,
    mtimeSec: Math.floor(ms / 1000),
    mtimeNsec: (ms % 1000) * 1e6,
    dev: st.dev,
    ino: st.ino!,
    uid: st.uid!,
    gid: st.gid!,
    size: st.size,
  };
  const before = await Deno.readFile(`${dir}/.git/index`);
  const out = await editIndex(before, { kind: "put", path: HANDOFF, oid, mode: 0o100644, stat });
  await Deno.writeFile(`${dir}/.git/index`, out.bytes);
  return out.changed;
}

/** Builds `shape` with git, then compares git's own change with editIndex()'s. */
async function compareWithGit(
  shape: (dir: string) => Promise<void>,
  kind: "put" | "remove",
): Promise<{ ours: string; before: string[]; after: string[] }> {
  const dir = await baseRepo();
  await shape(dir);
  await using twinDir = await tempDir("baton-index-edit-twin-");
  const twin = `${twinDir.path}/repo`;
  const cp = await new Deno.Command("cp", { args: ["-a", dir, twin] }).output();
  assert.equal(cp.code, 0);
  const before = await extensions(dir);
  if (kind === "put") {
    await git(twin, ["add", "-f", "--sparse", HANDOFF]);
    await putWithEditIndex(dir);
  } else {
    await git(twin, ["rm", "-r", "-q", "--cached", "--sparse", "--ignore-unmatch", ".baton"]);
    const out = await editIndex(await Deno.readFile(`${dir}/.git/index`), {
      kind: "remove",
      dir: ".baton",
    });
    await Deno.writeFile(`${dir}/.git/index`, out.bytes);
  }
  const after = await extensions(dir);
  assert.deepEqual(await kept(dir), await kept(twin), "TREE, sdir and REUC as git writes them");
  const ours = await view(dir);
  assert.equal(ours, await view(twin), "git lists both indexes alike");
  // git's own write can leave fsck naming cache-tree trees it has not
  // written yet (a sparse index): the answer must be git's, word for word.
  const fsck = await git(dir, ["fsck", "--strict", "--no-dangling"], { allowFail: true });
  const gitFsck = await git(twin, ["fsck", "--strict", "--no-dangling"], { allowFail: true });
  assert.deepEqual([fsck.code, fsck.stdout], [gitFsck.code, gitFsck.stdout], fsck.stderr);
  await Deno.remove(dir, { recursive: true });
  return { ours, before, after };
}

Deno.test("editIndex() keeps a sparse index sparse (sdir) and its directory entries", async () => {
  const r = await compareWithGit(async (dir) => {
    await git(dir, ["sparse-checkout", "init", "--cone", "--sparse-index"]);
    await git(dir, ["sparse-checkout", "set", "a"]);
  }, "put");
  assert.ok(r.before.includes("sdir"), "control: git wrote a sparse index");
  assert.ok(r.after.includes("sdir"));
  assert.match(r.ours, /^S 040000 \S+ 0\tc\/$/m, "the sparse directory entry stays");
  assert.match(r.ours, /^H 100644 \S+ 0\t\.baton\/latest\.md$/m);
});

Deno.test("editIndex() keeps resolve-undo records (REUC) of a conflict resolved without a merge", async () => {
  const r = await compareWithGit(async (dir) => {
    await writeFiles(dir, { "top.txt": "stashed\n" });
    await git(dir, ["stash", "-q"]);
    await writeFiles(dir, { "top.txt": "committed\n" });
    await git(dir, ["commit", "-q", "-am", "w"]);
    await git(dir, ["stash", "pop"], { allowFail: true });
    await writeFiles(dir, { "top.txt": "resolved\n" });
    await git(dir, ["add", "top.txt"]);
  }, "put");
  assert.ok(r.before.includes("REUC"), "control: git recorded resolve-undo");
  assert.ok(r.after.includes("REUC"));
  assert.match(r.ours, /^100644 \S+ 3\ttop\.txt$/m, "git still lists the undo stages");
});

Deno.test("editIndex() drops the untracked cache and the fsmonitor token, and git lists the same files", async () => {
  const r = await compareWithGit(async (dir) => {
    await git(dir, ["config", "core.untrackedCache", "true"]);
    const hook = `${dir}/.git/fsmonitor-test`;
    await Deno.writeTextFile(hook, '#!/bin/sh\nprintf "token\\0/\\0"\n');
    await Deno.chmod(hook, 0o755);
    await git(dir, ["config", "core.fsmonitor", hook]);
    await git(dir, ["config", "core.fsmonitorHookVersion", "2"]);
    await writeFiles(dir, { "new/untracked.txt": "u\n", ".baton/other.md": "o\n" });
    await git(dir, ["status", "-uall"]);
    await git(dir, ["status", "-uall"]);
  }, "put");
  assert.ok(r.before.includes("UNTR") && r.before.includes("FSMN"), "control: both caches");
  assert.deepEqual(r.after.filter((e) => e === "UNTR" || e === "FSMN"), []);
  assert.match(r.ours, /^\? \.baton\/other\.md$/m, "a neighbour stays untracked");
});

Deno.test("editIndex() keeps intent-to-add and skip-worktree flags and sorts among odd names", async () => {
  const r = await compareWithGit(async (dir) => {
    await writeFiles(dir, { "ita.txt": "n\n" });
    await git(dir, ["add", "-N", "ita.txt"]);
    await git(dir, ["update-index", "--skip-worktree", "c/g1"]);
    await Deno.writeFile(`${dir}/.baton\xff`, new Uint8Array([1]));
    await git(dir, ["add", "-f", ".baton\xff"]);
  }, "put");
  assert.match(r.ours, /^S 100644 \S+ 0\tc\/g1$/m, "control: skip-worktree kept");
});

Deno.test("editIndex() replaces a file named .baton and an older capsule entry, as git add does", async () => {
  await compareWithGit(async (dir) => {
    await Deno.remove(`${dir}/.baton`, { recursive: true });
    await writeFiles(dir, { ".baton": "a file\n" });
    await git(dir, ["add", "-f", ".baton"]);
    await git(dir, ["commit", "-q", "-m", "file"]);
    await Deno.remove(`${dir}/.baton`);
    await writeFiles(dir, { [HANDOFF]: "# capsule\n" });
  }, "put");
  await compareWithGit(async (dir) => {
    await git(dir, ["add", "-f", HANDOFF]);
    await writeFiles(dir, { [HANDOFF]: "# capsule, newer\n" });
  }, "put");
});

Deno.test("editIndex() removes every .baton/ entry, a sparse directory entry too, as git rm --cached does", async () => {
  const r = await compareWithGit(async (dir) => {
    await writeFiles(dir, { ".baton/config.yaml": "x: 1\n" });
    await git(dir, ["add", "-f", ".baton"]);
    await git(dir, ["commit", "-q", "-m", "baton"]);
    await git(dir, ["sparse-checkout", "init", "--cone", "--sparse-index"]);
    await git(dir, ["sparse-checkout", "set", "a"]);
  }, "remove");
  assert.ok(r.before.includes("sdir"), "control: a sparse index");
  assert.doesNotMatch(r.ours.split("\n--\n")[0]!, /\.baton\//);
  await compareWithGit(async (dir) => {
    await git(dir, ["add", "-f", ".baton"]);
  }, "remove");
});

Deno.test("indexEditBlocker() refuses a put into a sparse directory, a conflict, version 4 and a split index", async () => {
  const put = { kind: "put" as const, path: HANDOFF };
  assert.equal(indexEditBlocker(buildIndex([{ path: "a" }, { path: "c/" }]), put), null);
  const sparse = buildIndex([{ path: ".baton/", mode: 0o40000, skipWorktree: true }]);
  assert.match(indexEditBlocker(sparse, put)!, /sparse-checkout add \.baton,/);
  assert.equal(indexEditBlocker(sparse, { kind: "remove", dir: ".baton" }), null);
  const conflict = buildIndex([{ path: HANDOFF, stage: 2 }, { path: HANDOFF, stage: 3 }]);
  assert.match(indexEditBlocker(conflict, put)!, /unresolved conflict/);
  const v4 = { ...buildIndex([{ path: "a" }]), version: 4 as const };
  assert.match(indexEditBlocker(v4, put)!, /version 4/);
  assert.match(indexEditBlocker(buildIndex([]), put, { split: true })!, /split index/);
  // editIndex() refuses the same shapes on real bytes.
  const dir = await baseRepo();
  await git(dir, ["update-index", "--index-version", "4"]);
  await assert.rejects(
    editIndex(await Deno.readFile(`${dir}/.git/index`), { kind: "remove", dir: ".baton" }),
    UnavailableError,
  );
  await git(dir, ["update-index", "--index-version", "2"]);
  await editIndex(await Deno.readFile(`${dir}/.git/index`), { kind: "remove", dir: ".baton" });
  await Deno.remove(dir, { recursive: true });
});
