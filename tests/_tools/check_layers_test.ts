// The layer check on synthetic trees: each rule flags its violation (the
// positive control) and a clean tree passes, so a check that silently stops
// matching fails here.

import assert from "node:assert/strict";
import { checkLayers, CORE_RANKS, type LayerProblem, readTree } from "./check_layers.ts";

const tree = (files: Record<string, string>) => new Map(Object.entries(files));
const messages = (problems: LayerProblem[]) => problems.map((p) => `${p.file}: ${p.message}`);

const CLEAN = {
  "main.ts": 'import { runMain } from "./commands/mod.ts";\n',
  "commands/mod.ts": 'import { x } from "./_x.ts";\nimport { id } from "../core/capsule/id.ts";\n',
  "commands/_x.ts": "export const x = 1;\n",
  "core/errors.ts": "export class E {}\n",
  "core/json/canonical.ts": 'import { E } from "../errors.ts";\n',
  "core/capsule/id.ts":
    'import { c } from "../json/canonical.ts";\nimport { s } from "../trust/states.ts";\n',
  "core/trust/states.ts": "export const s = 1;\n",
  "core/facts/git/_pack.ts": "export const p = 1;\n",
  "core/facts/git/read.ts":
    'import { p } from "./_pack.ts";\nimport { id } from "../../capsule/id.ts";\n',
  "core/workflow/load.ts": 'import { r } from "../facts/git/read.ts";\n',
  "tests/commands/x_test.ts": 'import { x } from "../../commands/_x.ts";\n',
  "tests/core/facts/git/pack_test.ts": 'import { p } from "../../../../core/facts/git/_pack.ts";\n',
  "tests/e2e/cli_test.ts": 'import { run } from "../../commands/load.ts";\n',
};

Deno.test("a clean tree has no problems", () => {
  assert.deepEqual(messages(checkLayers(tree(CLEAN))), []);
});

Deno.test("an upward import between core folders is flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/capsule/render.ts": 'import { r } from "../facts/git/read.ts";\n',
  })));
  assert.ok(
    problems.some((p) =>
      p.includes("core/capsule (rank 1) must not import core/facts/git/read.ts")
    ),
    problems.join("\n"),
  );
});

Deno.test("a cycle between two core folders of one rank is flagged, though no file cycle exists", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/trust/cap.ts": 'import type { T } from "../capsule/types.ts";\n',
    "core/capsule/types.ts": "export type T = number;\n",
  })));
  assert.ok(problems.some((p) => p.includes("folder cycle: core/")), problems.join("\n"));
  assert.ok(!problems.some((p) => p.includes("import cycle")), problems.join("\n"));
});

Deno.test("a file cycle is flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/json/a.ts": 'import { b } from "./b.ts";\n',
    "core/json/b.ts": 'import { a } from "./a.ts";\n',
  })));
  assert.ok(problems.some((p) => p.includes("import cycle: core/json/")), problems.join("\n"));
});

Deno.test("a core folder missing from the rank table is flagged", () => {
  assert.equal(CORE_RANKS["newfeature"], undefined);
  const problems = messages(checkLayers(tree({ ...CLEAN, "core/newfeature/x.ts": "" })));
  assert.ok(problems.some((p) => p.includes("core/newfeature has no rank")), problems.join("\n"));
});

Deno.test("mod.ts inside core, and outside the package tops, is flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/json/mod.ts": 'export * from "./canonical.ts";\n',
    "core/workflow/use.ts": 'import { c } from "../json/mod.ts";\n',
    "integrations/generic/mod.ts": "export const t = 1;\n",
  })));
  assert.ok(
    problems.includes("core/json/mod.ts: no mod.ts inside core: callers import module files"),
  );
  assert.ok(problems.some((p) => p.startsWith("core/workflow/use.ts: no mod.ts inside core")));
  assert.ok(
    problems.some((p) => p.startsWith("integrations/generic/mod.ts: mod.ts only at the top")),
  );
});

Deno.test("a package is entered only through its mod.ts, except by tests", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "main.ts": 'import { x } from "./commands/load.ts";\n',
    "commands/load.ts": 'import { s } from "../skills/baton/data.ts";\n',
  })));
  assert.ok(problems.includes(
    "main.ts: commands/ is entered only through commands/mod.ts, not commands/load.ts",
  ));
  assert.ok(problems.some((p) => p.startsWith("commands/load.ts: skills/ is entered only")));
  assert.ok(!problems.some((p) => p.startsWith("tests/")), problems.join("\n"));
});

Deno.test("a private module imported from outside its folder and its mirrored tests is flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/facts/worktree/scan.ts": 'import { p } from "../git/_pack.ts";\n',
    "tests/core/facts/pack_test.ts": 'import { p } from "../../../core/facts/git/_pack.ts";\n',
    "tests/e2e/x_test.ts": 'import { x } from "../../commands/_x.ts";\n',
  })));
  for (
    const file of [
      "core/facts/worktree/scan.ts",
      "tests/core/facts/pack_test.ts",
      "tests/e2e/x_test.ts",
    ]
  ) {
    assert.ok(
      problems.some((p) => p.startsWith(`${file}: private module`)),
      `${file}\n${problems.join("\n")}`,
    );
  }
});

Deno.test("core doing I/O and core importing commands are flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/json/io.ts": 'import { x } from "../../commands/mod.ts";\nconsole.log(Deno.cwd());\n',
  })));
  assert.ok(problems.includes("core/json/io.ts: core must not import commands/mod.ts"));
  assert.ok(problems.includes("core/json/io.ts: core must not use Deno.* (inject a capability)"));
  assert.ok(problems.includes("core/json/io.ts: core must not print"));
});

Deno.test("the repository itself passes the check", () => {
  const root = new URL("../../", import.meta.url).pathname;
  const here = Deno.cwd();
  Deno.chdir(root);
  try {
    assert.deepEqual(messages(checkLayers(readTree())), []);
  } finally {
    Deno.chdir(here);
  }
});
