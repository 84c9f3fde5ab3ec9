/**
 * A tracked file this user may not read, whose stat data changed: git
 * cannot compare it (it calls it modified, `.M`); baton names that one path
 * unchecked and compares the rest of the tree, where it used to give up on
 * the whole tree. The unreadable file is a controlled input: baton reads
 * through a file system that denies it (as the operating system does for a
 * user without the permission), and git, where `setpriv` can drop root's
 * permission override, is run without it on the same file made unreadable.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";
import { StorageError } from "../../../core/errors.ts";
import { GIT_ENV } from "../../_helpers/git.ts";

/** A file system that refuses to read one path, as the OS refuses a user without the permission. */
class DenyingFs extends TestFs {
  constructor(private readonly denied: string) {
    super();
  }
  override readFile(path: string): Promise<Uint8Array> {
    if (path === this.denied) {
      return Promise.reject(
        new StorageError(`Cannot use "${path}": permission denied`, {
          data: { path, os_error: "EACCES" },
        }),
      );
    }
    return super.readFile(path);
  }
}

/** git status without root's permission override, or null where setpriv cannot drop it. */
async function gitWithoutOverride(dir: string): Promise<string | null> {
  const caps = "-dac_override,-dac_read_search";
  try {
    const out = await new Deno.Command("setpriv", {
      args: [
        `--inh-caps=${caps}`,
        `--bounding-set=${caps}`,
        "git",
        "status",
        "--porcelain=v2",
        "-uall",
      ],
      cwd: dir,
      env: GIT_ENV,
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.code === 0 ? new TextDecoder().decode(out.stdout) : null;
  } catch {
    return null;
  }
}

Deno.test("a tracked file that cannot be read, its stat data changed: that path is unchecked (git calls it .M), the rest of the tree is compared", async () => {
  const env: UserEnv = { home: (await tempDir("baton-unread-home-")).path, xdg: null };
  const dir = await makeRepo("baton-unread-");
  await writeFiles(dir, { "a.txt": "a\n", "b.txt": "b\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, { "a.txt": "A\n", "b.txt": "changed\n", "u.txt": "u\n" });
  // Control: readable, git and baton agree on both files.
  const readable = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...readable.git.tracked].sort(), [["a.txt", ".M"], ["b.txt", ".M"]]);
  // a.txt unreadable to baton: only it is unchecked; b.txt and u.txt are still compared.
  const r = await assertAgreesWithGit(env, dir, {
    allowUnknown: true,
    fs: new DenyingFs(`${dir}/a.txt`),
  });
  assert.deepEqual(r.unchecked, ["a.txt"]);
  assert.match(r.facts.tree!.reason, /cannot be read by this user/);
  assert.deepEqual(r.facts.changed_files.map((f) => [f.path, f.xy]), [
    ["b.txt", ".M"],
    ["u.txt", "??"],
  ]);
  assert.notEqual(r.facts.dirty, false);
  // git itself, where it can be run without root's override on the file made unreadable.
  await Deno.chmod(`${dir}/a.txt`, 0o000);
  try {
    const status = await gitWithoutOverride(dir);
    if (status !== null) assert.match(status, /^1 \.M .* a\.txt$/m, "git calls it modified");
  } finally {
    await Deno.chmod(`${dir}/a.txt`, 0o644);
  }
});
