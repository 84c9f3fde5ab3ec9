/**
 * gateStores(): every store opted in on this machine with deny records at
 * or above the call's folder and an edit's target, nearest first, through
 * links and with Windows separators; none when nothing opted in, and a
 * committed `.baton/` (config, old-layout denies) opts nothing in.
 */
import assert from "node:assert/strict";
import { gateStores, startsOf } from "../../../core/enforce/gate_stores.ts";
import { optInText } from "../../../core/enforce/opt_in.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { tempDir } from "../../_helpers/temp.ts";

/** Records this machine's opt-in in `enforceDir`, as baton enforce on does (bound to the folder). */
async function optInHere(enforceDir: string): Promise<void> {
  const st = await Deno.lstat(enforceDir);
  await Deno.writeTextFile(
    `${enforceDir}/opt-in`,
    optInText(new Date(0), { dev: st.dev ?? null, ino: st.ino ?? null }),
  );
}

async function store(root: string, denies: boolean, optIn = true): Promise<void> {
  await Deno.mkdir(`${root}/.git/baton/enforce`, { recursive: true });
  await Deno.mkdir(`${root}/.baton`, { recursive: true });
  await Deno.writeTextFile(`${root}/.baton/config.yaml`, "enforce: deny\n");
  if (optIn) await optInHere(`${root}/.git/baton/enforce`);
  if (denies) await Deno.mkdir(`${root}/.git/baton/enforce/denies`, { recursive: true });
}

const roots = (stores: { root: string }[]) => stores.map((s) => s.root);

Deno.test("gateStores(): outer and nested stores, through a link and from an edit's target", async () => {
  await using dir = await tempDir("baton-gate-stores-");
  const outer = await Deno.realPath(dir.path);
  await store(outer, true);
  await store(`${outer}/vendor/lib`, true);
  await store(`${outer}/other`, false);
  await Deno.symlink(outer, `${outer}.link`);
  const fs = fakeIo({ cwd: outer }).fs;
  try {
    assert.deepEqual(roots(await gateStores(fs, [`${outer}/vendor/lib`])), [
      `${outer}/vendor/lib`,
      outer,
    ]);
    assert.deepEqual(roots(await gateStores(fs, [`${outer}.link/vendor`])), [outer]);
    // A store without deny records is skipped (the outer one still counts).
    assert.deepEqual(roots(await gateStores(fs, [`${outer}/other`])), [outer]);
    // The target of an edit, in a folder that does not exist yet.
    assert.deepEqual(
      roots(await gateStores(fs, startsOf("/", { file_path: `${outer}/new/dir/file.ts` }))),
      [outer],
    );
    // Under more new folders than any fixed climb of a few hundred (PATH_MAX allows 2,048).
    assert.deepEqual(
      roots(
        await gateStores(fs, startsOf("/", { file_path: `${outer}/${"d/".repeat(300)}f.ts` })),
      ),
      [outer],
    );
    assert.deepEqual(startsOf("/w", { path: "a/b.txt" }), ["/w", "/w/a"]);
    // Control: nothing opted in above the temp folder's parent.
    assert.deepEqual(await gateStores(fs, [`${outer}/..`]), []);
  } finally {
    await Deno.remove(`${outer}.link`);
  }
});

Deno.test("gateStores(): a folder written with Windows separators finds its store", async () => {
  await using dir = await tempDir("baton-gate-stores-");
  const outer = await Deno.realPath(dir.path);
  await store(outer, true);
  await Deno.mkdir(`${outer}/src/deep`, { recursive: true });
  assert.deepEqual(roots(await gateStores(fakeIo({ cwd: outer }).fs, [`${outer}\\src\\deep`])), [
    outer,
  ]);
  assert.deepEqual(startsOf("C:\\w", { file_path: "src\\a.ts" }), ["C:/w", "C:/w/src"]);
});

Deno.test("gateStores(): committed state opts nobody in; this machine's opt-in does", async () => {
  await using dir = await tempDir("baton-gate-stores-");
  const root = await Deno.realPath(dir.path);
  await store(root, true, false);
  // What a clone could carry: a config asking for deny and deny records in the old place.
  await Deno.mkdir(`${root}/.baton/enforce/denies`, { recursive: true });
  const fs = fakeIo({ cwd: root }).fs;
  assert.deepEqual(await gateStores(fs, [root]), []);
  // An opt-in made elsewhere (an archive, a copy) or by an older baton opts nobody in.
  await Deno.writeTextFile(`${root}/.git/baton/enforce/opt-in`, "deny\n");
  assert.deepEqual(await gateStores(fs, [root]), []);
  await Deno.writeTextFile(
    `${root}/.git/baton/enforce/opt-in`,
    optInText(new Date(0), { dev: 1, ino: 2 }),
  );
  assert.deepEqual(await gateStores(fs, [root]), []);
  await optInHere(`${root}/.git/baton/enforce`);
  assert.deepEqual(roots(await gateStores(fs, [root])), [root], "control: opted in here");
});

Deno.test("gateStores(): a linked worktree's store is under its own git directory", async () => {
  await using dir = await tempDir("baton-gate-stores-");
  const root = await Deno.realPath(dir.path);
  await store(`${root}/main`, false);
  const gitDir = `${root}/main/.git/worktrees/wt`;
  await Deno.mkdir(`${gitDir}/baton/enforce/denies`, { recursive: true });
  await Deno.mkdir(`${root}/wt`);
  await Deno.writeTextFile(`${root}/wt/.git`, "gitdir: ../main/.git/worktrees/wt\n");
  const fs = fakeIo({ cwd: root }).fs;
  assert.deepEqual(await gateStores(fs, [`${root}/wt`]), [], "not opted in there yet");
  await optInHere(`${gitDir}/baton/enforce`);
  assert.deepEqual(await gateStores(fs, [`${root}/wt`]), [
    { root: `${root}/wt`, stateDir: `${gitDir}/baton` },
  ]);
});

Deno.test("gateStores(): an apply_patch envelope's files each lead to their store, from Codex's input and a shell heredoc", async () => {
  await using dir = await tempDir("baton-gate-patch-");
  const top = await Deno.realPath(dir.path);
  await store(`${top}/a`, true);
  await store(`${top}/b`, true);
  await Deno.mkdir(`${top}/plain`);
  const fs = fakeIo({ cwd: top }).fs;
  const patch = (...files: string[]) =>
    ["*** Begin Patch", ...files.map((f) => `*** Update File: ${f}\n@@\n-x\n+y`), "*** End Patch"]
      .join("\n");
  // Control: the cwd alone reaches no store.
  assert.deepEqual(roots(await gateStores(fs, startsOf(`${top}/plain`, {}))), []);
  assert.deepEqual(
    roots(await gateStores(fs, startsOf(`${top}/plain`, { command: patch("x", `${top}/a/f`) }))),
    [`${top}/a`],
  );
  // Every file, a relative one climbing out of the cwd, and a move's destination.
  const moved = `*** Begin Patch\n*** Update File: x\n*** Move to: ../b/g\n*** End Patch`;
  assert.deepEqual(
    roots(await gateStores(fs, startsOf(`${top}/plain`, { command: moved }))),
    [`${top}/b`],
  );
  // Codex's shell form: `apply_patch <<'EOF'` as the script of [bash, -lc, script].
  const heredoc = ["bash", "-lc", `apply_patch <<'EOF'\n${patch(`${top}/b/new/h`)}\nEOF`];
  assert.deepEqual(
    roots(await gateStores(fs, startsOf(`${top}/plain`, { command: heredoc }))),
    [`${top}/b`],
  );
  // A shell command that only mentions a path is not a patch.
  assert.deepEqual(startsOf("/w", { command: `cat ${top}/a/f` }), ["/w"]);
  // Many files in one tree: each folder once.
  const many = patch(...Array.from({ length: 50 }, (_, i) => `${top}/a/f${i}`));
  assert.deepEqual(startsOf(`${top}/plain`, { command: many }), [`${top}/plain`, `${top}/a`]);
});
