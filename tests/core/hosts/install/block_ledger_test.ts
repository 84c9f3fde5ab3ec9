/**
 * The clone's record of the rules blocks baton wrote (core/hosts/install/block_ledger.ts) through
 * the real install plan in real git repositories: a block a teammate committed is never taken for
 * baton's (install leaves its bytes, uninstall neither cuts it nor deletes its file), a file git
 * tracks is never deleted, and the block baton wrote in this clone still comes and goes byte for
 * byte. git itself says what is tracked and whether the tree changed.
 */
import assert from "node:assert/strict";
import { planInstall, planUninstall } from "../../../../core/hosts/install/plan.ts";
import { applyPlans } from "../../../../core/hosts/install/apply_plan.ts";
import { recordSpec } from "../../../../core/hosts/install/record_spec.ts";
import { withBlock } from "../../../../core/hosts/install/rules_block.ts";
import { renderRulesBody } from "../../../../core/hosts/install/rules_block.ts";
import {
  blockOwnership,
  parseLedger,
  withLedgerEntry,
} from "../../../../core/hosts/install/block_ledger.ts";
import { CONTINUE_RECORD } from "../../../../core/hosts/continue_cli.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { commitAll, git, makeRepo } from "../../../_helpers/git.ts";

const CONTENT = {
  invocation: ["/opt/baton"],
  skill: "---\nname: baton\ndescription: x\n---\nbody\n",
  prompts: [],
};
const RULES = ".continue/rules/baton.md";

async function setup() {
  const root = await makeRepo("baton-ledger-");
  const options = {
    scope: "project" as const,
    env: { projectRoot: root, home: `${root}/.home-unused`, env: () => undefined },
    content: CONTENT,
  };
  const fs = new TestFs();
  const spec = recordSpec(CONTINUE_RECORD);
  const install = async () => {
    const plan = await planInstall(fs, spec, options);
    await applyPlans(fs, [plan], { keepDirs: [root], root });
    return plan;
  };
  const uninstall = async () => {
    const plan = await planUninstall(fs, spec, options);
    await applyPlans(fs, [plan], { keepDirs: [root], root });
    return plan;
  };
  return { root, fs, install, uninstall, rules: `${root}/${RULES}` };
}

async function status(root: string): Promise<string> {
  return (await git(root, ["status", "--porcelain", "--", RULES])).stdout;
}

Deno.test("a baton block a teammate committed is left as it is by install and uninstall", async () => {
  const s = await setup();
  // What install writes on the teammate's machine (their launcher), committed to the repository.
  const theirs = withBlock(null, renderRulesBody(["/home/alice/.local/bin/baton"]));
  await Deno.mkdir(`${s.root}/.continue/rules`, { recursive: true });
  await Deno.writeTextFile(s.rules, theirs);
  await commitAll(s.root, "the team's rules");
  const installed = await s.install();
  assert.equal(await Deno.readTextFile(s.rules), theirs, "install did not take the block over");
  assert.ok(installed.notes.some((n) => /not the one baton recorded or writes/.test(n)));
  const removed = await s.uninstall();
  assert.equal(await Deno.readTextFile(s.rules), theirs, "uninstall neither cut nor deleted it");
  assert.ok(removed.notes.some((n) => /not the one baton recorded or writes/.test(n)));
  assert.equal(await status(s.root), "", "git sees no change");
});

Deno.test("the block baton wrote in this clone comes and goes; the record keeps its digest", async () => {
  const s = await setup();
  await s.install();
  const text = await Deno.readTextFile(s.rules);
  assert.match(text, /`\/opt\/baton load`/);
  const own = await blockOwnership(s.fs, s.rules);
  assert.equal(own.key, RULES);
  assert.match(own.recorded ?? "", /^[0-9a-f]{64}$/);
  assert.equal(own.tracked, false);
  // A second install with a new launcher replaces the body of its own block (the record follows).
  const moved = { ...CONTENT, invocation: ["/usr/local/bin/baton"] };
  const spec = recordSpec(CONTINUE_RECORD);
  const options = {
    scope: "project" as const,
    env: { projectRoot: s.root, home: `${s.root}/.home-unused`, env: () => undefined },
    content: moved,
  };
  await applyPlans(s.fs, [await planInstall(s.fs, spec, options)], {
    keepDirs: [s.root],
    root: s.root,
  });
  assert.match(await Deno.readTextFile(s.rules), /`\/usr\/local\/bin\/baton load`/);
  await applyPlans(s.fs, [await planUninstall(s.fs, spec, options)], {
    keepDirs: [s.root],
    root: s.root,
  });
  await assert.rejects(Deno.stat(s.rules), "the file baton created is gone");
  const ledger = await Deno.readTextFile(`${s.root}/.git/baton/rules_blocks.json`);
  assert.deepEqual(parseLedger(ledger), {}, "the record forgets it");
});

Deno.test("a file baton created but the user committed is never deleted: only its block is cut", async () => {
  const s = await setup();
  await s.install();
  await commitAll(s.root, "keep baton's rules");
  const plan = await s.uninstall();
  assert.equal((await Deno.stat(s.rules)).isFile, true, "still there");
  assert.equal(await Deno.readTextFile(s.rules), "");
  assert.ok(plan.notes.some((n) => /tracked by git/.test(n)));
  // The control: untracked, the same file is removed.
  const t = await setup();
  await t.install();
  await t.uninstall();
  await assert.rejects(Deno.stat(t.rules));
});

Deno.test("a block whose text changed since baton wrote it (a pull replaced it) is not taken for baton's", async () => {
  const s = await setup();
  await s.install();
  const ours = await Deno.readTextFile(s.rules);
  const theirs = ours.replace("/opt/baton load", "/home/alice/bin/baton load");
  await Deno.writeTextFile(s.rules, theirs);
  await s.uninstall();
  assert.equal(await Deno.readTextFile(s.rules), theirs);
  // The control: the unchanged block is baton's and goes.
  await Deno.writeTextFile(s.rules, ours);
  await s.uninstall();
  await assert.rejects(Deno.stat(s.rules));
});

Deno.test("an untracked block with no record (written before the record existed) is still baton's", async () => {
  const s = await setup();
  await s.install();
  const ours = await Deno.readTextFile(s.rules);
  // What an older install left: the block, no record.
  await Deno.remove(`${s.root}/.git/baton/rules_blocks.json`);
  assert.equal((await blockOwnership(s.fs, s.rules)).recorded, null);
  const again = await s.install();
  assert.ok(
    !again.notes.some((n) => /not the one baton recorded or writes/.test(n)),
    "taken as baton's",
  );
  assert.equal(await Deno.readTextFile(s.rules), ours);
  assert.match(
    (await blockOwnership(s.fs, s.rules)).recorded ?? "",
    /^[0-9a-f]{64}$/,
    "recorded now",
  );
  await Deno.remove(`${s.root}/.git/baton/rules_blocks.json`);
  // With no record, the begin line alone proves nothing: an edited body is left.
  const edited = ours.replace("\n\n", "\n\nMy own note.\n\n");
  assert.notEqual(edited, ours);
  await Deno.writeTextFile(s.rules, edited);
  await s.uninstall();
  assert.equal(await Deno.readTextFile(s.rules), edited);
  await Deno.writeTextFile(s.rules, ours);
  await s.uninstall();
  await assert.rejects(Deno.stat(s.rules), "uninstall removes it");
  // The control: the same block with no record, once committed, is left as someone else's.
  const t = await setup();
  await t.install();
  await Deno.remove(`${t.root}/.git/baton/rules_blocks.json`);
  await commitAll(t.root, "the rules");
  const kept = await t.uninstall();
  assert.equal(await Deno.readTextFile(t.rules), ours);
  assert.ok(kept.notes.some((n) => /not the one baton recorded or writes/.test(n)));
});

Deno.test("the record parses by shape only", () => {
  const h = "b".repeat(64);
  assert.deepEqual(parseLedger('{"blocks": {"a.md": "x", "b.md": 3}}'), {});
  assert.deepEqual(parseLedger("not json"), {});
  assert.deepEqual(parseLedger(withLedgerEntry('{"blocks": []}', "a.md", h, "1:2")), { "a.md": h });
});

/** Whether git tracks `path` (the oracle), by `git ls-files --error-unmatch`. */
async function gitTracks(root: string, path: string): Promise<boolean> {
  return (await git(root, ["ls-files", "--error-unmatch", "--", path], { allowFail: true }))
    .code === 0;
}

Deno.test("tracked as git says in a split index and a sparse index (the shared part and sparse directories count)", async () => {
  const root = await makeRepo("baton-ledger-split-");
  try {
    const fs = new TestFs();
    await Deno.mkdir(`${root}/.continue/rules`, { recursive: true });
    await Deno.mkdir(`${root}/docs`, { recursive: true });
    await Deno.writeTextFile(`${root}/${RULES}`, "rules\n");
    await Deno.writeTextFile(`${root}/docs/guide.md`, "guide\n");
    await Deno.writeTextFile(`${root}/top.md`, "top\n");
    await commitAll(root, "init");
    await git(root, ["update-index", "--split-index"]);
    await Deno.writeTextFile(`${root}/added.md`, "added\n");
    await git(root, ["add", "added.md"]);
    await Deno.writeTextFile(`${root}/loose.md`, "loose\n");
    const split = ["top.md", RULES, "added.md", "loose.md"];
    for (const path of split) {
      const own = await blockOwnership(fs, `${root}/${path}`);
      assert.equal(own.tracked, await gitTracks(root, path), path);
    }
    // Both answers occur: the untracked control is not counted tracked.
    assert.equal((await blockOwnership(fs, `${root}/loose.md`)).tracked, false);
    assert.equal((await blockOwnership(fs, `${root}/${RULES}`)).tracked, true);

    await git(root, ["update-index", "--no-split-index"]);
    await git(root, ["sparse-checkout", "init", "--cone", "--sparse-index"]);
    await git(root, ["sparse-checkout", "set", ".continue"]);
    const sparse = (await git(root, ["ls-files", "--sparse"])).stdout;
    assert.match(sparse, /^docs\/$/m, "git wrote a sparse directory entry");
    for (const path of ["docs/guide.md", RULES, "loose.md"]) {
      const own = await blockOwnership(fs, `${root}/${path}`);
      assert.equal(own.tracked, await gitTracks(root, path), path);
    }
    // Which files a sparse directory holds only its tree says: doubt keeps the file.
    assert.equal(await gitTracks(root, "docs/new.md"), false);
    assert.equal((await blockOwnership(fs, `${root}/docs/new.md`)).tracked, true);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
