/**
 * `baton check-clean` and the handoff commit (`baton commit`, `baton clean`) where git refuses the
 * repository for its owner ("dubious ownership"): git is the oracle, told the owner differs with
 * GIT_TEST_ASSUME_DIFFERENT_OWNER; baton is told the same through the input its own owner check
 * reads (the file system's process uid). Both refuse, and both go on once safe.directory names it.
 */
import assert from "node:assert/strict";
import { GitOwnershipError } from "../../core/facts/git/errors.ts";
import { isCodedError } from "../../core/errors.ts";
import { commitHandoff } from "../../core/handoff/handoff_commit.ts";
import { checkCleanCommand } from "../../commands/check_clean.ts";
import { parseFlags } from "../../commands/_cli/command.ts";
import { handoffCommitIo } from "../../commands/_adapters/handoff_git.ts";
import { fakeIo } from "../_helpers/io.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";

/**
 * An Io over `cwd` whose file system says this process runs as another user than the one owning
 * the files: the same input baton's owner check reads (`processUid`), as
 * GIT_TEST_ASSUME_DIFFERENT_OWNER is git's.
 */
function asAnotherUser(cwd: string, env: Record<string, string>) {
  const io = fakeIo({ cwd, env });
  const uid = Deno.uid() ?? 0;
  const fs = new Proxy(io.fs, {
    get: (target, key) => {
      if (key === "processUid") return () => uid + 1;
      const v = Reflect.get(target, key);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { ...io, fs };
}

Deno.test("check-clean and the handoff commit refuse a repository git refuses for its owner (exit 6, no path named); named in safe.directory, both go on", async () => {
  const dir = await makeRepo("baton-owner-cmd-");
  const conf = await Deno.makeTempDir({ prefix: "baton-owner-cmd-conf-" });
  try {
    await writeFiles(dir, { "f.txt": "one\n" });
    await commitAll(dir);
    await git(dir, ["switch", "-q", "-c", "feature"]);
    await writeFiles(dir, { ".baton/latest.md": "# baton capsule\n" });
    const global = `${conf}/gitconfig`;
    await Deno.writeTextFile(global, "");
    const env = {
      GIT_CONFIG_GLOBAL: global,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.invalid",
    };
    const oracle = () =>
      git(dir, ["status", "--porcelain"], {
        env: { ...env, GIT_TEST_ASSUME_DIFFERENT_OWNER: "1" },
        allowFail: true,
      });
    const checkClean = async () => {
      const io = asAnotherUser(dir, env);
      try {
        return { code: await checkCleanCommand.run(parseFlags(checkCleanCommand, []), io), io };
      } catch (e) {
        return { code: isCodedError(e) ? e.exitCode : -1, error: e as Error, io };
      }
    };
    const commit = () =>
      commitHandoff(handoffCommitIo(asAnotherUser(dir, env)), {
        kind: "put",
        base: null,
        dryRun: true,
      });
    const refused = await oracle();
    assert.notEqual(refused.code, 0, "git refuses the repository");
    assert.match(refused.stderr, /dubious ownership/);
    const clean = await checkClean();
    assert.equal(clean.code, 6);
    assert.ok(clean.error instanceof GitOwnershipError);
    assert.ok(!clean.error.message.includes(dir), "no path named");
    assert.equal(clean.io.out(), "", "nothing said about a tree git will not read");
    await assert.rejects(commit(), GitOwnershipError);
    // Named in safe.directory (or '*'): both read it.
    for (const file of [`[safe]\n\tdirectory = ${dir}\n`, "[safe]\n\tdirectory = *\n"]) {
      await Deno.writeTextFile(global, file);
      assert.equal((await oracle()).code, 0, `control: git reads it (${file})`);
      const ok = await checkClean();
      assert.equal(ok.code, 0, String(ok.error));
      assert.equal((await commit()).action, "planned");
    }
    // An empty value clears the names before it, as git reads it.
    await Deno.writeTextFile(global, `[safe]\n\tdirectory = ${dir}\n\tdirectory =\n`);
    assert.notEqual((await oracle()).code, 0);
    assert.equal((await checkClean()).code, 6);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(conf, { recursive: true });
  }
});
