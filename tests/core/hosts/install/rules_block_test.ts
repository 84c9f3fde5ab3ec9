// Tests for core/hosts/install/rules_block.ts and the rules block's path through the install
// plan (core/hosts/install/plan.ts, apply_plan.ts): install adds exactly one marked block to a
// rules file, uninstall takes out exactly the bytes install added (the user's file back byte for
// byte, also after the user edited around the block), a symbolic link is refused and a file
// baton created is removed when nothing else is left in it.

import assert from "node:assert/strict";
import {
  blockBody,
  renderRulesBody,
  RulesBlockError,
  withBlock,
  withoutBlock,
} from "../../../../core/hosts/install/rules_block.ts";
import { planInstall, planUninstall } from "../../../../core/hosts/install/plan.ts";
import { applyPlans } from "../../../../core/hosts/install/apply_plan.ts";
import { recordSpec } from "../../../../core/hosts/install/record_spec.ts";
import { checkInstall } from "../../../../core/hosts/install/check_install.ts";
import { CONTINUE_RECORD } from "../../../../core/hosts/continue_cli.ts";
import { GROK_CLI_RECORD } from "../../../../core/hosts/grok_cli.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";

const BODY = renderRulesBody(["/opt/baton"]);

Deno.test("the body tells the agent to run baton load first and to write a capsule before it stops", () => {
  assert.match(BODY, /run `\/opt\/baton load`/);
  assert.match(BODY, /`\/opt\/baton preflight`/);
  assert.match(BODY, /`\/opt\/baton finalize --draft -`/);
  assert.ok(BODY.length < 800, `${BODY.length} characters: a short block`);
});

Deno.test("install then uninstall gives every user file back byte for byte", () => {
  const users = [
    "",
    "# Mine\n",
    "# Mine",
    "a\n\n",
    "x\r\ny\r\n",
    "\ufeffbom\n",
    "no newline at all",
  ];
  for (const before of users) {
    const after = withBlock(before, BODY);
    assert.ok(after.startsWith(before), JSON.stringify(before));
    assert.equal(blockBody(after), BODY);
    assert.equal(withoutBlock(after), before, JSON.stringify(before));
    // Installing again changes nothing.
    assert.equal(withBlock(after, BODY), after);
  }
});

Deno.test("a file baton created is removed when only its block is in it, and kept when the user wrote more", () => {
  const created = withBlock(null, BODY);
  assert.equal(withoutBlock(created), null);
  assert.equal(withoutBlock(`# user's heading\n${created}`), "# user's heading\n");
  assert.equal(withoutBlock(`${created}user's line\n`), "user's line\n");
  // Positive control: an existing empty file stays (as an empty file).
  assert.equal(withoutBlock(withBlock("", BODY)), "");
});

Deno.test("the user's edits before and after the block survive uninstall; only the block goes", () => {
  const original = "# Rules\n\nBe brief.";
  const installed = withBlock(original, BODY);
  const edited = `Top line added.\n${installed}More rules after baton's block.\n`;
  assert.equal(
    withoutBlock(edited),
    "Top line added.\n# Rules\n\nBe brief.More rules after baton's block.\n",
  );
  // An updated body replaces the old one in place, the user's text around it kept.
  const updated = withBlock(edited, "new body");
  assert.equal(blockBody(updated), "new body");
  assert.ok(updated.startsWith("Top line added.\n# Rules\n\nBe brief.\n<!-- baton:begin newline"));
  assert.ok(updated.endsWith("<!-- baton:end -->\nMore rules after baton's block.\n"));
  assert.equal(withoutBlock(updated), withoutBlock(edited));
});

Deno.test("two blocks, or a block without its end, are refused rather than guessed", () => {
  const one = withBlock("x\n", BODY);
  assert.throws(() => withoutBlock(one + one), RulesBlockError);
  assert.throws(() => withBlock(one.replace("<!-- baton:end -->", "end"), BODY), RulesBlockError);
  // Positive control: the single block is found.
  assert.equal(withoutBlock(one), "x\n");
  // Text that merely mentions the markers inside a line is not a block.
  const mention = "Write `<!-- baton:begin (x) -->` to see.\n";
  assert.equal(withoutBlock(mention), mention);
});

const CONTENT = {
  invocation: ["/opt/baton"],
  skill: "---\nname: baton\n---\nskill\n",
  prompts: [],
};

async function project() {
  const dir = await tempDir("baton-rules-");
  const root = `${dir.path}/repo`;
  await Deno.mkdir(`${root}/.continue/rules`, { recursive: true });
  const options = {
    scope: "project" as const,
    env: { projectRoot: root, home: `${dir.path}/home`, env: () => undefined },
    content: CONTENT,
  };
  return { dir, root, options, rules: `${root}/.continue/rules/baton.md` };
}

Deno.test("a host record with a rules file installs its block and uninstall restores the user's file exactly", async () => {
  const { dir, root, options, rules } = await project();
  await using _ = dir;
  const fs = new TestFs();
  const spec = recordSpec(CONTINUE_RECORD);
  const mine = "# My own rules\n\nPrefer small commits.";
  await Deno.writeTextFile(rules, mine);
  const plan = await planInstall(fs, spec, options);
  assert.deepEqual(plan.changes.map((c) => [c.kind, c.action]), [
    ["skill", "create"],
    ["block", "update"],
  ]);
  await applyPlans(fs, [plan], { keepDirs: [root], root });
  const installed = await Deno.readTextFile(rules);
  assert.ok(installed.startsWith(mine + "\n<!-- baton:begin newline"));
  assert.match(installed, /`\/opt\/baton load`/);
  assert.equal((await checkInstall(fs, spec, options)).installed, "complete");
  // The user edits their rules after install.
  await Deno.writeTextFile(rules, installed + "\nOne more rule.\n");
  const un = await planUninstall(fs, spec, options);
  await applyPlans(fs, [un], { keepDirs: [root], root });
  assert.equal(await Deno.readTextFile(rules), mine + "\nOne more rule.\n");
  // Positive control: without the user's edit the file is exactly what it was.
  await Deno.writeTextFile(rules, mine);
  await applyPlans(fs, [await planInstall(fs, spec, options)], { keepDirs: [root], root });
  assert.notEqual(await Deno.readTextFile(rules), mine);
  await applyPlans(fs, [await planUninstall(fs, spec, options)], { keepDirs: [root], root });
  assert.equal(await Deno.readTextFile(rules), mine);
});

Deno.test("a rules file baton created goes away on uninstall, with the folders it made", async () => {
  const { dir, root, options } = await project();
  await using _ = dir;
  await Deno.remove(`${root}/.continue`, { recursive: true });
  const fs = new TestFs();
  const spec = recordSpec(CONTINUE_RECORD);
  await applyPlans(fs, [await planInstall(fs, spec, options)], { keepDirs: [root], root });
  assert.ok((await Deno.readTextFile(`${root}/.continue/rules/baton.md`)).includes("baton load"));
  await applyPlans(fs, [await planUninstall(fs, spec, options)], { keepDirs: [root], root });
  assert.deepEqual([...Deno.readDirSync(root)], []);
});

Deno.test("a rules file that is a symbolic link is refused before anything is written", async () => {
  const { dir, options, rules } = await project();
  await using _ = dir;
  const target = `${dir.path}/elsewhere.md`;
  await Deno.writeTextFile(target, "outside\n");
  await Deno.symlink(target, rules);
  const fs = new TestFs();
  await assert.rejects(
    () => planInstall(fs, recordSpec(CONTINUE_RECORD), options),
    /symbolic link/,
  );
  assert.equal(await Deno.readTextFile(target), "outside\n");
  // Positive control: a regular file there is accepted.
  await Deno.remove(rules);
  await Deno.writeTextFile(rules, "mine\n");
  const plan = await planInstall(fs, recordSpec(CONTINUE_RECORD), options);
  assert.equal(plan.changes.find((c) => c.kind === "block")?.action, "update");
});

Deno.test("Grok CLI's record puts the block in GROK.md, the project's and the user's, and uninstall gives each back", async () => {
  const dir = await tempDir("baton-rules-grok-");
  await using _ = dir;
  const root = `${dir.path}/repo`;
  const home = `${dir.path}/home`;
  const fs = new TestFs();
  const spec = recordSpec(GROK_CLI_RECORD);
  const mine = "# Project notes\n\nUse tabs in Makefiles.\n";
  const cases = [
    { scope: "project", path: `${root}/.grok/GROK.md`, base: root },
    { scope: "user", path: `${home}/.grok/GROK.md`, base: home },
  ] as const;
  for (const { scope, path, base } of cases) {
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, mine);
    const options = {
      scope,
      env: { projectRoot: root, home, env: () => undefined },
      content: CONTENT,
    };
    await applyPlans(fs, [await planInstall(fs, spec, options)], { keepDirs: [base], root: base });
    const installed = await Deno.readTextFile(path);
    assert.ok(installed.startsWith(mine), scope);
    assert.match(installed, /`\/opt\/baton load`/, scope);
    await applyPlans(fs, [await planUninstall(fs, spec, options)], {
      keepDirs: [base],
      root: base,
    });
    assert.equal(await Deno.readTextFile(path), mine, scope);
  }
});
