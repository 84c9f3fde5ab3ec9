import assert from "node:assert/strict";
import { taskStartDir } from "../../../commands/_adapters/task_dir.ts";

const DENO = "deno/2.9.6 npm/? deno/2.9.6 linux x86_64";
const env = (e: Record<string, string>) => (n: string) => e[n];

Deno.test("taskStartDir() is the directory a deno task was started from when it runs in the checkout", () => {
  assert.equal(
    taskStartDir({
      cwd: "/checkout/",
      checkout: "/checkout",
      env: env({ INIT_CWD: "/work/project/", npm_config_user_agent: DENO }),
    }),
    "/work/project",
  );
  assert.equal(
    taskStartDir({
      cwd: "C:\\checkout",
      checkout: "C:/checkout",
      env: env({ INIT_CWD: "C:\\work\\p", npm_config_user_agent: DENO }),
    }),
    "C:/work/p",
  );
});

Deno.test("taskStartDir() is null outside a deno task, elsewhere than the checkout, or for the checkout itself", () => {
  const base = { cwd: "/checkout", checkout: "/checkout" };
  assert.equal(taskStartDir({ ...base, env: env({ INIT_CWD: "/p" }) }), null, "npm, not deno");
  assert.equal(
    taskStartDir({ ...base, env: env({ INIT_CWD: "rel", npm_config_user_agent: DENO }) }),
    null,
  );
  assert.equal(
    taskStartDir({
      cwd: "/elsewhere",
      checkout: "/checkout",
      env: env({ INIT_CWD: "/p", npm_config_user_agent: DENO }),
    }),
    null,
  );
  assert.equal(
    taskStartDir({ ...base, env: env({ INIT_CWD: "/checkout/", npm_config_user_agent: DENO }) }),
    null,
  );
});
