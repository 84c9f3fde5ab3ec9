/**
 * Outside git, install's record of the rules blocks it wrote
 * (`rules_blocks.json` in the baton home) says which block uninstall may cut.
 * Whoever can write a folder above the baton home can put a home of their
 * own in its place, record in it: a record naming the digest of the block a
 * person edited made uninstall cut their edit (the file went with it). The
 * record is now held to the key files' folder checks (home_parents.ts): with
 * a folder above the home that others can write (not sticky), no record is
 * read or written, the plan says why, and the edited block stays. Controls:
 * under a 0755 parent the same record is honoured, and baton's own
 * unedited block still goes. Real folders and the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { tempDir } from "../_helpers/temp.ts";
import { blockSpan } from "../../core/hosts/install/rules_block.ts";
import { blockDigest } from "../../core/hosts/install/block_ledger.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
const HEADING = "## baton: continuity between sessions";

async function exists(path: string): Promise<boolean> {
  return (await Deno.lstat(path).catch(() => null)) !== null;
}

Deno.test("outside git, a record in a baton home below a folder others can write is not read: uninstall keeps an edited block; under 0755 it is honoured (control)", async () => {
  if (Deno.build.os === "windows") return;
  await using dir = await tempDir("baton-record-dir-");
  await using base = await tempDir("baton-record-home-");
  const parent = `${base.path}/shared`;
  await Deno.mkdir(parent);
  await Deno.chmod(parent, 0o755);
  const home = `${parent}/home`;
  await Deno.mkdir(home, { mode: 0o700 });
  await Deno.chmod(home, 0o700);
  const env = { HOME: (await tempDir()).path, DENO_DIR, BATON_HOME: home };
  const rules = `${dir.path}/.grok/GROK.md`;
  const ledger = `${home}/rules_blocks.json`;
  const run = async (args: string[]) => {
    const r = await runBaton(args, { cwd: dir.path, env });
    assert.equal(r.code, 0, r.stderr);
    return r;
  };

  /** Installs, edits inside baton's block, and writes a record naming the edited block. */
  const plantEditedBlock = async (): Promise<string> => {
    await run(["install", "grok", "--project"]);
    const edited = (await Deno.readTextFile(rules)).replace(HEADING, `${HEADING} (my own note)`);
    await Deno.writeTextFile(rules, edited);
    const record = JSON.parse(await Deno.readTextFile(ledger));
    record.blocks[rules] = await blockDigest(blockSpan(edited)!);
    await Deno.writeTextFile(ledger, JSON.stringify(record));
    return edited;
  };

  // Control: the home and its parents are this user's; the record is honoured, the block cut.
  await plantEditedBlock();
  await run(["uninstall", "grok", "--project"]);
  assert.equal(await exists(rules), false, "control: a record in a sound home is read");

  // A parent others can write: the same record is not read, and the edit stays.
  const edited = await plantEditedBlock();
  await Deno.chmod(parent, 0o777);
  const un = await run(["uninstall", "grok", "--project"]);
  assert.equal(await Deno.readTextFile(rules), edited, "the edited block was cut");
  assert.match(un.stdout, /keeps no record of the files baton writes outside git here/);
  assert.match(un.stdout, /a folder above the baton home is writable by other users/);

  // Control: baton's own block, unedited, still goes without a record (its text is baton's).
  await Deno.remove(rules);
  const before = await Deno.readTextFile(ledger);
  await run(["install", "grok", "--project"]);
  assert.equal(await Deno.readTextFile(ledger), before, "a record was written there");
  await run(["uninstall", "grok", "--project"]);
  assert.equal(await exists(rules), false);
  await Deno.chmod(parent, 0o755);
});
