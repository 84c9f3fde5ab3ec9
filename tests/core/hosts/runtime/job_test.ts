/**
 * A hook job's Worker name (core/hosts/runtime/job.ts): the kind and folder the
 * Worker reads back to start loading and guarding before its request comes.
 */
import assert from "node:assert/strict";
import { jobWorkerName, workerJob } from "../../../../core/hosts/runtime/job.ts";

Deno.test("a job Worker's name gives back its kind and folder; a folder the name cannot hold is left out", () => {
  assert.deepEqual(workerJob(jobWorkerName("inject", "/work/repo")), {
    kind: "inject",
    cwd: "/work/repo",
  });
  assert.deepEqual(workerJob(jobWorkerName("capture", "C:/a b/ü")), {
    kind: "capture",
    cwd: "C:/a b/ü",
  });
  assert.deepEqual(workerJob(jobWorkerName("inject")), { kind: "inject", cwd: null });
  // A folder with a line break in its name is not carried (the job guards its own then).
  assert.deepEqual(workerJob(jobWorkerName("inject", "/a\nb")), { kind: "inject", cwd: null });
  assert.deepEqual(workerJob(jobWorkerName("inject", "")), { kind: "inject", cwd: null });
});

Deno.test("a Worker name no job gave names no job", () => {
  for (
    const name of [
      "",
      "baton-hook-",
      "baton-hook-other",
      "x baton-hook-inject",
      "baton-hook-inject\n",
    ]
  ) {
    assert.equal(workerJob(name), null, JSON.stringify(name));
  }
});
