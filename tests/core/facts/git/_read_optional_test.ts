/**
 * The git readers' optional read (core/facts/git/_read_optional.ts) on real files: a FIFO
 * or a device at a path git reads is a typed error without being opened (opening a FIFO with no
 * writer would block for good), /dev/null reads as empty, a missing file is null, and a regular
 * file is read (the control). Then through the real CLI: a repository config whose include.path
 * names a FIFO gives preflight an unavailable config part instead of a hang.
 */
import assert from "node:assert/strict";
import { readOptionalFile } from "../../../../core/facts/git/_read_optional.ts";
import { TestFs } from "../../../_helpers/fs.ts";
import { tempDir } from "../../../_helpers/temp.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { runBaton } from "../../../_helpers/cli.ts";

async function mkfifo(path: string): Promise<void> {
  const r = await new Deno.Command("mkfifo", { args: [path] }).output();
  assert.equal(r.code, 0, "mkfifo");
}

Deno.test({
  name: "readOptionalFile() refuses a FIFO and a device unopened, reads /dev/null as empty",
  ignore: Deno.build.os === "windows",
  async fn() {
    await using dir = await tempDir("baton-read-optional-");
    const fs = new TestFs();
    await Deno.writeTextFile(`${dir.path}/plain`, "x = 1\n");
    assert.equal(
      new TextDecoder().decode((await readOptionalFile(fs, `${dir.path}/plain`))!),
      "x = 1\n",
    );
    assert.equal(await readOptionalFile(fs, `${dir.path}/missing`), null);
    assert.deepEqual(await readOptionalFile(fs, "/dev/null"), new Uint8Array(0));
    await mkfifo(`${dir.path}/fifo`);
    await assert.rejects(readOptionalFile(fs, `${dir.path}/fifo`), { code: "git_not_regular" });
    await Deno.symlink("/dev/zero", `${dir.path}/zero`);
    await assert.rejects(readOptionalFile(fs, `${dir.path}/zero`), { code: "git_not_regular" });
  },
});

Deno.test({
  name:
    "an include.path naming a FIFO: preflight says the config is unavailable instead of hanging",
  ignore: Deno.build.os === "windows",
  async fn() {
    const dir = await makeRepo("baton-include-fifo-");
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await Deno.writeTextFile(`${dir}/.git/extra`, "[user]\n\tname = x\n");
    await git(dir, ["config", "include.path", `${dir}/.git/extra`]);
    const control = await runBaton(["preflight", "--json"], { cwd: dir });
    assert.equal(control.code, 0, control.stderr);
    assert.deepEqual(
      JSON.parse(control.stdout).facts.unavailable ?? [],
      [],
      "control: a regular include",
    );
    await Deno.remove(`${dir}/.git/extra`);
    await mkfifo(`${dir}/.git/extra`);
    const r = await runBaton(["preflight", "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const parts = (JSON.parse(r.stdout).facts.unavailable ?? []).map((u: { part: string }) =>
      u.part
    );
    assert.ok(parts.includes("config"), `config unavailable (${parts.join(", ")})`);
  },
});
