import assert from "node:assert/strict";
import { workflowContext, writtenJson } from "../../../commands/_adapters/context.ts";
import { fakeIo } from "../../_helpers/io.ts";
import { makeCapsule } from "../../_helpers/capsule.ts";

Deno.test("workflowContext() takes the home, XDG dir and a hash cap in bounds from the environment", () => {
  const io = fakeIo({
    cwd: "/w",
    env: { HOME: "/h/", XDG_CONFIG_HOME: "/x", BATON_HASH_CAP_BYTES: "4096" },
  });
  const ctx = workflowContext(io);
  assert.deepEqual([ctx.cwd, ctx.homeDir, ctx.xdgConfigHome, ctx.maxHashBytes], [
    "/w",
    "/h",
    "/x",
    4096,
  ]);
  assert.equal(workflowContext(io, "/other").cwd, "/other");
  for (const bad of ["12", "abc", String(2 ** 31), "-5", "1e6"]) {
    const c = workflowContext(fakeIo({ cwd: "/", env: { BATON_HASH_CAP_BYTES: bad } }));
    assert.equal(c.maxHashBytes, undefined, bad);
    assert.ok(!("maxHashBytes" in c));
  }
  assert.ok(ctx.keys !== undefined, "a key ring, loaded on first use");
});

Deno.test("writtenJson() names the capsule, its paths and the one it replaced", async () => {
  const capsule = await makeCapsule((b) => {
    b.previous = "sha256:" + "1".repeat(64);
  });
  assert.deepEqual(
    writtenJson({
      capsule,
      latestPath: "/r/l.md",
      archivePath: "/r/a.md",
      setAside: null,
      forkKept: null,
    }),
    {
      id: capsule.id,
      path: "/r/l.md",
      archive: "/r/a.md",
      previous: capsule.previous,
    },
  );
});
