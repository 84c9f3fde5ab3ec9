/** Whether a BATON_LAUNCHER file starts this baton: the rules, each with its control. */
import assert from "node:assert/strict";
import { launcherIsThisBaton } from "../../../core/hosts/launcher_identity.ts";

const RUNTIME = {
  execReal: "/usr/bin/deno",
  runtime: true,
  main: "/src/baton/main.ts",
  rootReal: "/src/baton/",
};
const BINARY = { execReal: "/opt/baton/baton", runtime: false, main: "", rootReal: "" };
const shim = (script: string, real = "/home/jo/.local/bin/baton") => ({
  real,
  executable: true,
  script,
});

Deno.test("launcher identity: a script that runs this main.ts, quoted or not", () => {
  assert.equal(
    launcherIsThisBaton(shim(`#!/bin/sh\nexec deno run '/src/baton/main.ts' "$@"\n`), RUNTIME),
    true,
  );
  assert.equal(
    launcherIsThisBaton(shim(`#!/bin/sh\nexec deno run /src/baton/main.ts "$@"\n`), RUNTIME),
    true,
  );
  assert.equal(
    launcherIsThisBaton(shim(`@echo off\r\n"deno" run "/src/baton/main.ts" %*\r\n`), RUNTIME),
    true,
  );
  assert.equal(
    launcherIsThisBaton(shim(`#!/bin/sh\nexec deno run /src/baton/main.ts.bak "$@"\n`), RUNTIME),
    false,
  );
  assert.equal(
    launcherIsThisBaton(shim(`#!/bin/sh\nexec deno run /x/src/baton/main.ts "$@"\n`), RUNTIME),
    false,
  );
  assert.equal(launcherIsThisBaton(shim(`#!/bin/sh\nexec /bin/true\n`), RUNTIME), false);
  assert.equal(
    launcherIsThisBaton(shim("binary\0data /src/baton/main.ts"), RUNTIME),
    false,
    "not a script",
  );
});

Deno.test("launcher identity: a script shipped in this baton's directory (the npm launcher)", () => {
  const cjs = shim(
    "#!/usr/bin/env node\nconst root = path.join(__dirname, '..');\n",
    "/src/baton/bin/baton.cjs",
  );
  assert.equal(launcherIsThisBaton(cjs, RUNTIME), true);
  assert.equal(
    launcherIsThisBaton({ ...cjs, real: "/src/baton-other/bin/baton.cjs" }, RUNTIME),
    false,
  );
  assert.equal(launcherIsThisBaton({ ...cjs, script: "" }, RUNTIME), false, "a data file inside");
});

Deno.test("launcher identity: a compiled baton is itself only; nothing without an execute bit", () => {
  assert.equal(
    launcherIsThisBaton({ real: "/opt/baton/baton", executable: true, script: "" }, BINARY),
    true,
  );
  assert.equal(
    launcherIsThisBaton({ real: "/usr/bin/ls", executable: true, script: "" }, BINARY),
    false,
  );
  assert.equal(
    launcherIsThisBaton({
      ...shim(`#!/bin/sh\nexec deno run '/src/baton/main.ts'\n`),
      executable: false,
    }, RUNTIME),
    false,
  );
});
