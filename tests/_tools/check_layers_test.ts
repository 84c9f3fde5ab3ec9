// The layer check on synthetic trees: each rule flags its violation (the
// positive control) and a clean tree passes, so a check that silently stops
// matching fails here.

import assert from "node:assert/strict";
import { checkLayers, CORE_RANKS, type LayerProblem, readTree } from "./check_layers.ts";

/** An import line; built at run time so the layer check does not read this file's fixtures as imports. */
const imp = (spec: string) => ["import { v } from ", JSON.stringify(spec), ";\n"].join("");
const tree = (files: Record<string, string>) => new Map(Object.entries(files));
const messages = (problems: LayerProblem[]) => problems.map((p) => `${p.file}: ${p.message}`);

const CLEAN = {
  "main.ts": imp("./commands/mod.ts"),
  "commands/mod.ts": imp("./load.ts") + imp("../core/capsule/id.ts"),
  "commands/load.ts": imp("./_cli/x.ts") + imp("./_adapters/io.ts"),
  "commands/_cli/x.ts": "export const x = 1;\n",
  "commands/_adapters/io.ts": "export const io = 1;\n",
  "core/hosts/alpha.ts":
    'export const A = {\n  id: "alpha",\n  events: {\n    "pre-tool": ["BeforeUse"],\n    stop: ["Halt"],\n  },\n  tools: {\n    read: ["read", "Peek"],\n    shell: ["run_cmd"],\n  },\n} as const satisfies HostRecord;\n',
  "core/hosts/beta.ts": 'export const B = { id: "beta" } as const satisfies HostRecord;\n',
  "core/hosts/gamma.ts": 'export const C = { id: "gamma" } as const satisfies HostRecord;\n',
  "core/hosts/caps.ts":
    "export const CAPS: Readonly<Record<HostId, number>> = perHost((r) => r.cap);\n",
  "core/errors.ts": "export class E {}\n",
  "core/json/canonical.ts": imp("../errors.ts"),
  "core/capsule/id.ts": imp("../json/canonical.ts") + imp("../trust/states.ts"),
  "core/trust/states.ts": "export const s = 1;\n",
  "core/facts/git/_pack.ts": "export const p = 1;\n",
  "core/facts/git/read.ts": imp("./_pack.ts") + imp("../../capsule/id.ts"),
  "core/workflow/load.ts": imp("../facts/git/read.ts"),
  "tests/commands/_cli/x_test.ts": imp("../../../commands/_cli/x.ts"),
  "tests/core/facts/git/pack_test.ts": imp("../../../../core/facts/git/_pack.ts"),
  "tests/e2e/cli_test.ts": imp("../../commands/load.ts"),
};

Deno.test("a clean tree has no problems", () => {
  assert.deepEqual(messages(checkLayers(tree(CLEAN))), []);
});

Deno.test("an upward import between core folders is flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/capsule/render.ts": imp("../facts/git/read.ts"),
  })));
  assert.ok(
    problems.some((p) =>
      p.includes("core/capsule (rank 1) must not import core/facts/git/read.ts")
    ),
    problems.join("\n"),
  );
});

Deno.test("a sub-folder ranked on its own: hosts/runtime may use workflow, hosts may not use it", () => {
  assert.equal(CORE_RANKS["hosts/runtime"], 5);
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/hosts/runtime/run.ts": imp("../../workflow/load.ts"),
    "core/hosts/ids.ts": imp("./runtime/run.ts"),
  })));
  assert.ok(!problems.some((p) => p.startsWith("core/hosts/runtime/run.ts")), problems.join("\n"));
  assert.ok(
    problems.some((p) =>
      p.startsWith("core/hosts/ids.ts: core/hosts (rank 3) must not import core/hosts/runtime")
    ),
    problems.join("\n"),
  );
});

Deno.test("a cycle between two core folders of one rank is flagged, though no file cycle exists", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/trust/cap.ts": imp("../capsule/types.ts"),
    "core/capsule/types.ts": "export type T = number;\n",
  })));
  assert.ok(problems.some((p) => p.includes("folder cycle: core/")), problems.join("\n"));
  assert.ok(!problems.some((p) => p.includes("import cycle")), problems.join("\n"));
});

Deno.test("a file cycle is flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/json/a.ts": imp("./b.ts"),
    "core/json/b.ts": imp("./a.ts"),
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
    "core/json/mod.ts": imp("./canonical.ts"),
    "core/workflow/use.ts": imp("../json/mod.ts"),
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
    "integrations/x.ts": imp("../commands/load.ts"),
    "commands/load.ts": imp("../skills/baton/data.ts"),
  })));
  assert.ok(problems.includes(
    "integrations/x.ts: commands/ is entered only through commands/mod.ts, not commands/load.ts",
  ));
  assert.ok(problems.some((p) => p.startsWith("commands/load.ts: skills/ is entered only")));
  assert.ok(!problems.some((p) => p.startsWith("tests/")), problems.join("\n"));
});

Deno.test("a private module imported from outside its folder and its mirrored tests is flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/facts/worktree/scan.ts": imp("../git/_pack.ts"),
    "tests/core/facts/pack_test.ts": imp("../../../core/facts/git/_pack.ts"),
    "commands/_x.ts": "",
    "tests/e2e/x_test.ts": imp("../../commands/_x.ts"),
    "core/safety/rules/_family/a.ts": "",
    "core/safety/rules/use.ts": imp("./_family/a.ts"),
    "core/json/use.ts": imp("../safety/rules/_family/a.ts"),
  })));
  assert.ok(!problems.some((p) => p.startsWith("core/safety/rules/use.ts")), problems.join("\n"));
  assert.ok(
    problems.includes(
      "core/json/use.ts: private folder core/safety/rules/_family/ imported from outside core/safety/rules/",
    ),
    problems.join("\n"),
  );
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
    "core/json/io.ts": imp("../../commands/mod.ts") + "console.log(Deno.cwd());\n",
  })));
  assert.ok(problems.includes("core/json/io.ts: core must not import commands/mod.ts"));
  assert.ok(problems.includes("core/json/io.ts: core must not use Deno.* (inject a capability)"));
  assert.ok(problems.includes("core/json/io.ts: core must not print"));
});

Deno.test("a file under commands/ that is not a command, mod.ts or in _cli/ or _adapters/ is flagged", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "commands/_search_run.ts": "export const run = 1;\n",
    "commands/helpers/x.ts": "export const h = 1;\n",
  })));
  for (const file of ["commands/_search_run.ts", "commands/helpers/x.ts"]) {
    assert.ok(
      problems.some((p) => p.startsWith(`${file}: commands/ holds only`)),
      `${file}\n${problems.join("\n")}`,
    );
  }
  // The clean tree's command, kit and adapter files pass (positive control above: CLEAN is clean).
  assert.ok(!problems.some((p) => p.startsWith("commands/load.ts")), problems.join("\n"));
});

Deno.test("a per-host table outside the host records is flagged (keyed, switched on, or listing the records' native event and tool names); one derived with perHost() is not", () => {
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/briefing/names.ts":
      'const NAMES = { alpha: "A", "beta": "B", gamma: "C", other: "x" };\nexport const n = NAMES;\n',
    "core/hosts/limits.ts":
      "export const LIMITS: Record<HostId, number> = Object.fromEntries([]);\n",
    // Keyed by transcript format, not by host: the format's own table.
    "core/transcript/read.ts":
      "const READ: Record<TextFormat, number> = { alpha: 1, beta: 2, gamma: 3 };\nexport const r = READ;\n",
    // A switch over host ids is a table too.
    "core/hosts/render.ts":
      'export function f(h: string) {\n  switch (h) {\n    case "alpha":\n    case "beta":\n    case "gamma":\n      return 1;\n  }\n}\n',
    // So is a list of the host-native names the records give (events, tools).
    "core/enforce/tools.ts":
      'const TOOLS = new Set(["BeforeUse", "Peek", "run_cmd"]);\nexport const t = TOOLS;\n',
    // Positive controls: two cases, plain words and names no record gives are no table.
    "core/hosts/two.ts":
      'export function g(h: string) {\n  switch (h) {\n    case "alpha":\n    case "beta":\n      return 1;\n  }\n}\n',
    "core/enforce/words.ts":
      'const WORDS = new Set(["read", "BeforeUse", "Peek", "Other_name", "Made.up"]);\nexport const w = WORDS;\n',
  })));
  for (
    const file of [
      "core/briefing/names.ts",
      "core/hosts/limits.ts",
      "core/hosts/render.ts",
      "core/enforce/tools.ts",
    ]
  ) {
    assert.ok(
      problems.some((p) => p.startsWith(`${file}: per-host table`)),
      `${file}\n${problems.join("\n")}`,
    );
  }
  for (
    const file of [
      "core/transcript/read.ts",
      "core/hosts/caps.ts",
      "core/hosts/two.ts",
      "core/enforce/words.ts",
    ]
  ) {
    assert.ok(!problems.some((p) => p.startsWith(`${file}:`)), problems.join("\n"));
  }
});

Deno.test("the repository itself passes the check", () => {
  // Read from the root, never by changing into it: the suite's test files share one process
  // and its current directory.
  const root = new URL("../..", import.meta.url).pathname;
  const sources = readTree(undefined, root);
  assert.ok(sources.has("main.ts") && sources.has("core/errors.ts"), "keyed from the root");
  assert.deepEqual(messages(checkLayers(sources)), []);
});

Deno.test("a record's empty or one-line events and tools blocks name only what is inside them", () => {
  const names = (list: string[]) =>
    `const L = new Set(${JSON.stringify(list)});\nexport const l = L;\n`;
  const problems = messages(checkLayers(tree({
    ...CLEAN,
    "core/hosts/gamma.ts":
      'export const C = {\n  id: "gamma",\n  events: {},\n  payload: {\n    event: "hook_kind",\n    session: "sess_id",\n    cwd: "Work-dir",\n  },\n  tools: { read: ["Zed_a", "Zed_b", "Zed_c"], edit: [] },\n  transcript: {\n    formats: ["fmt-a", "fmt-b", "fmt-c"],\n  },\n} as const satisfies HostRecord;\n',
    // Payload fields and transcript formats are not the host's event or tool names...
    "core/enforce/payload.ts": names(["hook_kind", "sess_id", "Work-dir"]),
    "core/enforce/formats.ts": names(["fmt-a", "fmt-b", "fmt-c"]),
    // ...while the one-line tools block's names are (the positive control).
    "core/enforce/tools.ts": names(["Zed_a", "Zed_b", "Zed_c"]),
  })));
  assert.ok(
    problems.some((p) => p.startsWith("core/enforce/tools.ts: per-host table")),
    problems.join("\n"),
  );
  for (const file of ["core/enforce/payload.ts", "core/enforce/formats.ts"]) {
    assert.ok(!problems.some((p) => p.startsWith(`${file}:`)), problems.join("\n"));
  }
});
