/**
 * load says a capsule was written in another repository by the place its signed facts
 * record, as log, verify, show, search and the decisions do, not by the recorded commit
 * alone. A repository holding another project's commits (a fork, a project fetched in) with
 * that project's capsule, signed by this machine, committed into it was briefed with no
 * warning and `load --json` said written_elsewhere false, while `baton log` beside it said
 * "(written in another repository)". The control is a second clone of the same project
 * (its remote names the project), where the capsule is this repository's.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const PROJECT = "https://example.invalid/victim/project.git";

for (
  const [name, url, elsewhere] of [
    [
      "a fork of the project under another remote",
      "https://example.invalid/stranger/fork.git",
      true,
    ],
    ["control: another clone of the project", PROJECT, false],
  ] as const
) {
  Deno.test(`load, this machine's capsule in ${name}: written elsewhere is ${elsewhere}`, async () => {
    const mine = await makeRepo("baton-fork-place-");
    await writeFiles(mine, { "a.txt": "a\n" });
    await commitAll(mine, "init");
    await git(mine, ["remote", "add", "origin", PROJECT]);
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: mine,
      stdin: JSON.stringify({
        now: "PLAN of the project",
        decisions: [{ id: "db", text: "use the production database" }],
      }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    const other = `${(await tempDir("baton-fork-place-")).path}/clone`;
    await git(mine, ["clone", "-q", mine, other]);
    await git(other, ["remote", "set-url", "origin", url]);
    await Deno.mkdir(`${other}/.baton/capsules`, { recursive: true });
    await Deno.copyFile(`${mine}/.baton/latest.md`, `${other}/.baton/latest.md`);
    for (const e of Deno.readDirSync(`${mine}/.baton/capsules`)) {
      await Deno.copyFile(
        `${mine}/.baton/capsules/${e.name}`,
        `${other}/.baton/capsules/${e.name}`,
      );
    }
    await commitAll(other, "the project's handoff");

    const log = await runBaton(["log"], { cwd: other });
    assert.equal(log.code, 0, log.stderr);
    assert.equal(/written in another repository/.test(log.stdout), elsewhere, log.stdout);
    const load = await runBaton(["load"], { cwd: other });
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /PLAN of the project/);
    assert.equal(
      /WARNING: it was written in another repository/.test(load.stdout),
      elsewhere,
      load.stdout,
    );
    const json = await runBaton(["load", "--json"], { cwd: other });
    assert.equal(json.code, 0, json.stderr);
    assert.equal(JSON.parse(json.stdout).written_elsewhere, elsewhere);
  });
}
