/**
 * The `lfs` filter driver as git runs it: baton computes a Git LFS pointer
 * only where the driver's command is Git LFS's own (`git-lfs clean`, `git
 * lfs clean`, `git-lfs filter-process`). A driver named `lfs` that runs
 * another program (or whose `process` command, which git prefers to
 * `clean`, is another one or empty, which turns the driver off) stores what that program makes: baton
 * cannot run it, so such a file is unknown, never compared as a pointer.
 * Compared with `git status --porcelain=v2 -z` (tests/_helpers/git_oracle.ts).
 * @module
 */
import assert from "node:assert/strict";
import { git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";

/** A stand-in for git-lfs's clean on PATH: prints the pointer of its input. */
async function standInBin(): Promise<string> {
  const bin = (await tempDir("baton-lfs-bin-")).path;
  await Deno.writeTextFile(
    `${bin}/git-lfs`,
    `#!/bin/sh\nt=$(mktemp)\ncat > "$t"\nprintf 'version https://git-lfs.github.com/spec/v1\\noid sha256:%s\\nsize %s\\n' "$(sha256sum < "$t" | cut -d' ' -f1)" "$(wc -c < "$t" | tr -d ' ')"\nrm -f "$t"\n`,
  );
  await Deno.chmod(`${bin}/git-lfs`, 0o755);
  return `${bin}:/usr/bin:/bin`;
}

/**
 * A repository whose `*.big` files are under `filter=lfs`: `x.big` committed
 * through the driver `config` sets (or as it is where `after`, the config
 * then set), then touched (git must convert it).
 */
async function lfsRepo(config: [string, string][], path: string, after = false): Promise<string> {
  const dir = await makeRepo("baton-lfs-driver-");
  const setConfig = async () => {
    for (const [k, v] of config) await git(dir, ["config", k, v]);
  };
  if (!after) await setConfig();
  await writeFiles(dir, { ".gitattributes": "*.big filter=lfs\n", "x.big": "large content\n" });
  await git(dir, ["add", "-A"], { env: { PATH: path } });
  await git(dir, ["commit", "-q", "-m", "lfs"], { env: { PATH: path } });
  if (after) await setConfig();
  // A fixed mtime, not one relative to the clock: its stat data no longer
  // matches the index however long the machine took.
  await Deno.utime(`${dir}/x.big`, 1_600_000_000, 1_600_000_000);
  return dir;
}

Deno.test("an lfs driver whose command is not Git LFS's is unknown, never compared as a pointer; Git LFS's own commands are compared", async () => {
  const path = await standInBin();
  const env: UserEnv = {
    home: (await tempDir("baton-lfs-home-")).path,
    xdg: null,
    vars: { PATH: path },
  };
  const CLEAN = "git-lfs clean -- %f";
  // An empty process: committed as it is, then the driver configured.
  const others: [string, [string, string][], boolean?][] = [
    ["another program as clean", [["filter.lfs.clean", "tr a-z A-Z"]]],
    ["an empty process (git then runs no filter)", [
      ["filter.lfs.clean", CLEAN],
      ["filter.lfs.process", ""],
    ], true],
    ["git-lfs with other arguments", [["filter.lfs.clean", "git-lfs smudge -- %f"]]],
  ];
  for (const [label, config, after] of others) {
    const dir = await lfsRepo(config, path, after);
    const r = await assertAgreesWithGit(env, dir, { label, allowUnknown: true });
    assert.deepEqual(
      [...r.git.tracked],
      [],
      `control (${label}): git's filter gives the index's content`,
    );
    assert.deepEqual(r.unchecked, ["x.big"], label);
    assert.match(r.facts.tree?.reason ?? "", /not Git LFS's/, label);
  }
  // Controls: Git LFS's own commands (as `git lfs install` writes them, and
  // older spellings) are compared, touched and edited.
  for (const clean of [CLEAN, "git-lfs clean %f", "git lfs clean -- %f"]) {
    const dir = await lfsRepo([["filter.lfs.clean", clean]], path);
    const r = await assertAgreesWithGit(env, dir, { label: clean });
    assert.deepEqual([...r.git.tracked], [], `control (${clean}): clean`);
    await writeFiles(dir, { "x.big": "other content\n" });
    const e = await assertAgreesWithGit(env, dir, { label: `${clean}, edited` });
    assert.equal(e.git.tracked.get("x.big"), ".M", `control (${clean}): edited`);
  }
});

Deno.test("a required lfs driver that runs no command (an empty process or clean, or a smudge alone) stops git: baton states no tree, never a clean one", async () => {
  const path = await standInBin();
  const env: UserEnv = {
    home: (await tempDir("baton-lfs-home-")).path,
    xdg: null,
    vars: { PATH: path },
  };
  const CLEAN = "git-lfs clean -- %f";
  const REQUIRED: [string, string] = ["filter.lfs.required", "true"];
  const idle: [string, [string, string][]][] = [
    ["empty process", [["filter.lfs.clean", CLEAN], ["filter.lfs.process", ""], REQUIRED]],
    ["empty clean", [["filter.lfs.clean", CLEAN], ["filter.lfs.clean", ""], REQUIRED]],
    ["smudge alone", [["filter.lfs.smudge", "git-lfs smudge -- %f"], REQUIRED]],
  ];
  for (const [label, config] of idle) {
    const dir = await lfsRepo(config, path, true);
    const r = await assertAgreesWithGit(env, dir, { label });
    assert.equal(r.git.stopped, true, `control (${label}): git stops`);
  }
  // Controls: required and running Git LFS's command is compared; not required, an empty
  // process runs nothing and git gives the index's content (x.big unknown to baton).
  const running = await lfsRepo([["filter.lfs.clean", CLEAN], REQUIRED], path);
  const ok = await assertAgreesWithGit(env, running, { label: "required, running" });
  assert.equal(ok.git.stopped, undefined);
  assert.deepEqual(ok.unchecked, []);
  const off = await lfsRepo([["filter.lfs.clean", CLEAN], ["filter.lfs.process", ""]], path, true);
  const r = await assertAgreesWithGit(env, off, { label: "not required", allowUnknown: true });
  assert.equal(r.git.stopped, undefined);
  assert.deepEqual(r.unchecked, ["x.big"]);
});
