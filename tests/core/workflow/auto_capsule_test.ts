import assert from "node:assert/strict";
import { writeAutoCapsule } from "../../../core/workflow/auto_capsule.ts";
import { CapsuleInvalidError } from "../../../core/errors.ts";
import { createDenoIo } from "../../../commands/mod.ts";
import { workflowContext } from "../../../commands/_adapters/context.ts";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { testBatonHome } from "../../_helpers/cli.ts";

Deno.test("writeAutoCapsule() refuses to replace a latest capsule it cannot read, and writes once it is repaired", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n", ".baton/latest.md": "# hand-edited notes\n" });
  await commitAll(dir, "init");
  // The signing key goes to the test's own baton home, never the real one.
  const io = createDenoIo();
  const env = (name: string) => name === "BATON_HOME" ? testBatonHome() : io.env(name);
  const ctx = workflowContext({ ...io, env }, dir);
  await assert.rejects(
    () => writeAutoCapsule(ctx, { trigger: "pre_compact" }),
    (e) => e instanceof CapsuleInvalidError,
  );
  assert.equal(await Deno.readTextFile(`${dir}/.baton/latest.md`), "# hand-edited notes\n");
  await Deno.remove(`${dir}/.baton/latest.md`);
  const r = await writeAutoCapsule(ctx, { trigger: "pre_compact", host: "codex" });
  assert.equal(r.status, "written");
  assert.equal(r.carried_from, null, "nothing to carry: the first capsule");
});
