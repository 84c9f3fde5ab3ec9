/**
 * The one-time `.baton-backup` install writes beside a host config, through
 * the real CLI: uninstall restores from it and deletes it, but a backup git
 * tracks is the repository's file (it was deleted), and a backup path that is
 * a folder (as a commit can bring) stopped uninstall altogether. Now the
 * tracked backup is kept, the folder is left and uninstall still takes
 * baton's entries out. Control: an untracked backup install wrote goes.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;
const SETTINGS = '{\n  "model": "opus"\n}\n';

async function exists(path: string): Promise<boolean> {
  return (await Deno.lstat(path).catch(() => null)) !== null;
}

async function baton(args: string[], cwd: string, home: string) {
  const r = await runBaton(args, { cwd, env: { HOME: home, DENO_DIR } });
  assert.equal(r.code, 0, r.stderr);
  return r;
}

async function repoWithSettings(): Promise<string> {
  const repo = await makeRepo("baton-ub-");
  await writeFiles(repo, { ".claude/settings.local.json": SETTINGS });
  await commitAll(repo, "settings");
  return repo;
}

Deno.test("uninstall keeps a backup git tracks; an untracked one it wrote goes (control)", async () => {
  await using home = await tempDir();
  // Control: the backup install wrote, untracked, is restored from and deleted.
  const mine = await repoWithSettings();
  await baton(["install", "claude-code"], mine, home.path);
  assert.ok(await exists(`${mine}/.claude/settings.local.json.baton-backup`));
  await baton(["uninstall", "claude-code"], mine, home.path);
  assert.equal(await exists(`${mine}/.claude/settings.local.json.baton-backup`), false);
  assert.equal(await Deno.readTextFile(`${mine}/.claude/settings.local.json`), SETTINGS);
  // The same backup committed: the repository's file now.
  const repo = await repoWithSettings();
  await baton(["install", "claude-code"], repo, home.path);
  await git(repo, ["add", "-f", ".claude/settings.local.json.baton-backup"]);
  await git(repo, ["commit", "-q", "-m", "backup committed"]);
  const un = await baton(["uninstall", "claude-code"], repo, home.path);
  assert.equal(
    await Deno.readTextFile(`${repo}/.claude/settings.local.json.baton-backup`),
    SETTINGS,
  );
  assert.match(un.stdout, /tracked by git/);
  assert.doesNotMatch(await Deno.readTextFile(`${repo}/.claude/settings.local.json`), /baton/);
});

Deno.test("a folder where the backup belongs does not stop uninstall", async () => {
  await using home = await tempDir();
  const repo = await repoWithSettings();
  await baton(["install", "claude-code"], repo, home.path);
  const backup = `${repo}/.claude/settings.local.json.baton-backup`;
  await Deno.remove(backup);
  await Deno.mkdir(backup);
  await Deno.writeTextFile(`${backup}/keep.txt`, "mine\n");
  const un = await baton(["uninstall", "claude-code"], repo, home.path);
  assert.match(un.stdout, /not a backup baton wrote/);
  assert.doesNotMatch(await Deno.readTextFile(`${repo}/.claude/settings.local.json`), /baton/);
  assert.equal(await Deno.readTextFile(`${backup}/keep.txt`), "mine\n");
});
