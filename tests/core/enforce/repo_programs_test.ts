/**
 * repoRunsPrograms(): a populated submodule's own config and hooks count,
 * checked against git itself: `git status` in the superproject runs
 * `git status` in each submodule, which runs the submodule's fsmonitor.
 */
import assert from "node:assert/strict";
import { repoRunsPrograms } from "../../../core/enforce/repo_programs.ts";
import { findRepo } from "../../../core/facts/git/find_repo.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";

const fs = new TestFs();

Deno.test("git status runs a submodule's core.fsmonitor; repoRunsPrograms says so", async () => {
  const dir = await makeRepo("baton-repoprog-");
  const origin = await makeRepo("baton-repoprog-origin-");
  try {
    await writeFiles(origin, { "s.txt": "s\n" });
    await commitAll(origin, "sub");
    await writeFiles(dir, { "a.txt": "a\n", "mon.sh": '#!/bin/sh\necho ran >> "$0.ran"\n' });
    await Deno.chmod(`${dir}/mon.sh`, 0o755);
    await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "lib"]);
    await commitAll(dir, "init");
    const repo = (await findRepo(fs, dir))!;
    assert.equal(await repoRunsPrograms(fs, repo), false, "control: a plain submodule");
    await git(dir, ["status"]);
    assert.equal(await Deno.lstat(`${dir}/mon.sh.ran`).catch(() => null), null, "control");
    await git(`${dir}/lib`, ["config", "core.fsmonitor", `${dir}/mon.sh`]);
    await git(dir, ["status"]);
    assert.ok(await Deno.lstat(`${dir}/mon.sh.ran`), "git status in the superproject ran it");
    assert.equal(await repoRunsPrograms(fs, repo), true);
    await git(`${dir}/lib`, ["config", "--unset", "core.fsmonitor"]);
    await git(dir, ["submodule", "deinit", "-q", "-f", "lib"]);
    await git(`${dir}/.git/modules/lib`, ["config", "core.fsmonitor", `${dir}/mon.sh`]);
    assert.equal(await repoRunsPrograms(fs, repo), false, "control: not populated, not run");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(origin, { recursive: true });
  }
});
