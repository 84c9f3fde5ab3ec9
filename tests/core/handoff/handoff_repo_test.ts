/**
 * handoffRepository on real repositories: unset (or naming what was found)
 * moves nothing; another index is followed for reading and refused for
 * writing; another repository, object store or an empty GIT_DIR is refused;
 * the work-tree variables move neither HEAD nor the index.
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { findRepo } from "../../../core/facts/git/find_repo.ts";
import { handoffRepository } from "../../../core/handoff/handoff_repo.ts";
import { UnavailableError } from "../../../core/errors.ts";

Deno.test("handoffRepository follows another index for reading, refuses it for writing, and refuses another repository or object store", async () => {
  const fs = new TestFs();
  const dir = await makeRepo();
  const other = await makeRepo();
  await writeFiles(dir, { "src/a.txt": "a\n" });
  await commitAll(dir, "base");
  const repo = (await findRepo(fs, dir))!;
  for (
    const env of [{}, { GIT_INDEX_FILE: ".git/index" }, { GIT_DIR: ".git" }, {
      GIT_WORK_TREE: "/elsewhere",
    }]
  ) {
    for (const use of ["read", "write"] as const) {
      assert.deepEqual(await handoffRepository(fs, dir, repo, env, use), repo, JSON.stringify(env));
    }
  }
  const alt = await handoffRepository(
    fs,
    `${dir}/src`,
    repo,
    { GIT_INDEX_FILE: ".git/alt" },
    "read",
  );
  assert.equal(alt.indexFile, `${dir}/.git/alt`);
  await assert.rejects(
    handoffRepository(fs, dir, repo, { GIT_INDEX_FILE: ".git/alt" }, "write"),
    UnavailableError,
  );
  for (
    const env of [{ GIT_DIR: `${other}/.git` }, { GIT_DIR: "" }, {
      GIT_OBJECT_DIRECTORY: `${other}/.git/objects`,
    }]
  ) {
    await assert.rejects(
      handoffRepository(fs, dir, repo, env, "read"),
      UnavailableError,
      JSON.stringify(env),
    );
  }
});
