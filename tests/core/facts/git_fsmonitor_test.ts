/**
 * `core.fsmonitor`: git asks the hook what changed and trusts the index's
 * fsmonitor-valid bits for the rest; baton runs nothing a repository names,
 * so it must compare every file itself, never take those bits as "clean". A
 * hook that reports nothing changed hides an edit from git; baton still
 * shows it, as git without the hook does (the oracle here).
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import {
  assertAgreesWithGit,
  batonFacts,
  oracle,
  type UserEnv,
} from "../../_helpers/git_oracle.ts";

Deno.test("an fsmonitor hook that reports nothing changed hides an edit from git, never from baton: baton answers as git without the hook", async () => {
  const env: UserEnv = { home: (await tempDir("baton-fsmonitor-home-")).path, xdg: null };
  const dir = await makeRepo("baton-fsmonitor-");
  await writeFiles(dir, { "a.txt": "a\n", "b.txt": "b\n" });
  await commitAll(dir, "base");
  // A version-2 hook that always answers "nothing since this token".
  await Deno.writeTextFile(`${dir}/.git/fsmonitor.sh`, '#!/bin/sh\nprintf "token\\0"\n');
  await Deno.chmod(`${dir}/.git/fsmonitor.sh`, 0o755);
  await git(dir, ["config", "core.fsmonitor", ".git/fsmonitor.sh"]);
  await git(dir, ["update-index", "--fsmonitor"]);
  await git(dir, ["status"]);
  await writeFiles(dir, { "a.txt": "edited\n" });
  // Control: the hook hides the edit from git, and the index carries its bits.
  assert.deepEqual([...(await oracle(env, dir)).tracked], [], "control: git trusts the hook");
  // `ls-files -f` marks an fsmonitor-valid entry with a lower-case tag.
  const tags = (await git(dir, ["ls-files", "-f"])).stdout.trim().split("\n");
  assert.deepEqual(tags, ["h a.txt", "h b.txt"], "control: the index holds fsmonitor-valid bits");
  const facts = await batonFacts(env, dir);
  assert.deepEqual(facts.changed_files.map((f) => [f.path, f.xy]), [["a.txt", ".M"]]);
  // git without the hook (the index and its bits unchanged) says the same as baton.
  await git(dir, ["config", "--unset", "core.fsmonitor"]);
  const r = await assertAgreesWithGit(env, dir);
  assert.deepEqual([...r.git.tracked], [["a.txt", ".M"]]);
});
