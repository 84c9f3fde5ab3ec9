/**
 * Start-up guard: `baton --version`, `baton help` and `baton load` with no
 * capsule must not load zod, isomorphic-git or yaml. The static import
 * closure of main.ts is computed from the source and must hold no npm
 * package; the heavy modules are reachable only through dynamic imports.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;
const STATIC_RE =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;

async function staticClosure(entry: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith(".ts")) continue;
    const src = (await Deno.readTextFile(`${ROOT}${file}`)).replace(/\/\*[\s\S]*?\*\//g, "");
    for (const m of src.matchAll(STATIC_RE)) {
      const spec = m[1]!;
      if (!spec.startsWith(".")) {
        seen.add(spec);
        continue;
      }
      const parts = file.split("/").slice(0, -1);
      for (const seg of spec.split("/")) {
        if (seg === "..") parts.pop();
        else if (seg !== ".") parts.push(seg);
      }
      stack.push(parts.join("/"));
    }
  }
  return seen;
}

Deno.test("main.ts statically imports no npm package (zod, isomorphic-git, yaml load lazily)", async () => {
  const closure = await staticClosure("main.ts");
  const external = [...closure].filter((s) => !s.endsWith(".ts") || s.startsWith("npm:"));
  const heavy = external.filter((s) => !s.startsWith("node:"));
  assert.deepEqual(heavy, []);
  assert.ok(closure.has("commands/_adapters/io.ts"), "the closure walk followed main.ts imports");
  assert.ok(
    !closure.has("commands/mod.ts"),
    "the command table loads after the --version fast path",
  );
  assert.ok(!closure.has("core/capsule/schema.ts"));
});

Deno.test("the closure check can fail: a file with a static zod import is detected", async () => {
  const closure = await staticClosure("core/capsule/draft_schema.ts");
  assert.ok(closure.has("zod"));
});

Deno.test("the no-capsule path of load (repository discovery) loads no npm package", async () => {
  const closure = await staticClosure("core/facts/git/find_repo.ts");
  assert.deepEqual([...closure].filter((s) => !s.endsWith(".ts")), []);
});

Deno.test("the baton task and the install shim run with the test helper's flags, lazy dynamic imports included", async () => {
  const { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS } = await import("../_helpers/cli.ts");
  const { taskFlags } = await import("../_tools/install_shim.ts");
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  assert.ok(BATON_RUNTIME_FLAGS.includes("--unstable-lazy-dynamic-imports"));
  const words: string[] = config.tasks.baton.split(/\s+/);
  for (const flag of [...BATON_RUNTIME_FLAGS, ...BATON_PERMISSIONS]) {
    assert.ok(words.includes(flag), `task baton passes ${flag}`);
  }
  const given = words.filter((w) => w.startsWith("--allow-"));
  assert.deepEqual(given.sort(), [...BATON_PERMISSIONS].sort(), "task baton grants no more");
  // deno task install writes a shim with exactly the baton task's flags.
  assert.deepEqual(taskFlags(config.tasks.baton), words.slice(2, -1));
  assert.match(config.tasks.install, /tests\/_tools\/install_shim\.ts/);
});

Deno.test("deno compile builds with the baton task's run-time settings: its V8 flags and its permissions", async () => {
  const { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS } = await import("../_helpers/cli.ts");
  const { compileArgs } = await import("../_tools/compile.ts");
  const args = compileArgs(null, "dist/baton", "/stage");
  const runtime = BATON_RUNTIME_FLAGS.filter((f) => f !== "--unstable-lazy-dynamic-imports");
  for (const flag of [...runtime, ...BATON_PERMISSIONS]) assert.ok(args.includes(flag), flag);
  assert.deepEqual(args.filter((a) => a.startsWith("--v8-flags=")).length, 1);
  // The npm package's staged form: JavaScript without comments or source maps.
  assert.equal(args.at(-1), "/stage/main.js");
  assert.ok(args.includes("--config=/stage/deno.json"));
  assert.equal(args[args.indexOf("--include") + 1], "/stage/commands/_adapters/hook_worker.js");
});

Deno.test("every command file in the table statically imports no npm package", async () => {
  const { COMMAND_NAMES } = await import("../../commands/mod.ts");
  const table = await Deno.readTextFile(`${ROOT}commands/mod.ts`);
  const files = [...table.matchAll(/import\("\.\/([a-z_]+\.ts)"\)/g)].map((m) => m[1]!);
  assert.equal(files.length, COMMAND_NAMES.length, "one command file per table entry");
  for (const file of files) {
    const closure = await staticClosure(`commands/${file}`);
    const heavy = [...closure].filter((s) => !s.endsWith(".ts") && !s.startsWith("node:"));
    assert.deepEqual(heavy, [], `commands/${file}`);
    assert.ok(![...closure].some((s) => s === "node:util"), `commands/${file} avoids node:util`);
  }
});

Deno.test("the facts collector and the load workflow import no npm package and no node: module", async () => {
  // node:zlib and npm:ignore (CommonJS) each booted Node compatibility,
  // 25-40 ms of every preflight, finalize and load.
  for (const entry of ["core/facts/collect.ts", "core/workflow/load.ts"]) {
    const closure = await staticClosure(entry);
    const external = [...closure].filter((s) => !s.endsWith(".ts"));
    // zod included: the stored capsule is checked by core/json/shape_check.ts.
    assert.deepEqual(external, [], entry);
  }
});

Deno.test("the facts collector reaches the publication check and the stored form only lazily (their code is not resident at the scan's peak)", async () => {
  const collect = await staticClosure("core/facts/collect.ts");
  // Positive control: the walk reached the scan and the hashing.
  assert.ok(collect.has("core/facts/worktree/scan.ts"));
  assert.ok(collect.has("core/facts/hash_files.ts"));
  for (
    const lazy of [
      "core/facts/git/check_published.ts",
      "core/facts/git/_commit_graph.ts",
      "core/facts/stored_form.ts",
      "core/facts/worktree/read_index.ts",
    ]
  ) {
    assert.ok(!collect.has(lazy), `collect must reach ${lazy} only lazily`);
  }
});

Deno.test("load reaches the command classifier, the chain walker, the capsule renderer, the whole host records and the secret scanner only lazily (a capsule with no command loads no classifier)", async () => {
  const load = await staticClosure("core/workflow/load.ts");
  // Positive control: the walk reached the layout finder and the facts collector.
  assert.ok(load.has("core/store/find_layout.ts"));
  assert.ok(load.has("core/facts/collect.ts"));
  for (
    const lazy of [
      "core/safety/command/classify.ts",
      "core/chain/walk.ts",
      "core/store/render_capsule.ts",
      // The briefing's modules load after the facts are collected.
      "core/briefing/render_briefing.ts",
      "core/briefing/recheck_evidence.ts",
      // Host names come from the records' light part.
      "core/hosts/full_records.ts",
      // The capsule's reader, parser and store load after the scan (core/workflow/load_modules.ts).
      "core/store/capsule_store.ts",
      "core/capsule/parse.ts",
      // The secret scanner loads after the fact collection (not beside its peak memory).
      "core/safety/secrets/sanitize_capsule.ts",
      "core/safety/secrets/default_engine.ts",
    ]
  ) {
    assert.ok(!load.has(lazy), `load must reach ${lazy} only lazily`);
  }
  // The check can fail: the writer's renderer does reach the classifier.
  assert.ok((await staticClosure("core/store/render_capsule.ts")).has(
    "core/safety/command/classify.ts",
  ));
});

/** The specifiers a module imports with `import("...")` (not `typeof import`), comments left out. */
async function dynamicImports(file: string): Promise<string[]> {
  const src = (await Deno.readTextFile(`${ROOT}${file}`))
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/[^\n]*/g, "");
  return [...src.matchAll(/(?<!typeof\s+)\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!)
    .sort();
}

Deno.test("load imports what it needs past the fact collection in two dynamic imports (the capsule's modules, then the gate with the evidence re-check and the renderer); only the secret scanner and the classifier, both conditional, come on their own", async () => {
  // Each dynamic import is a module-graph load of its own (core/workflow/briefing_modules.ts).
  assert.deepEqual(await dynamicImports("core/workflow/load.ts"), [
    "../safety/command/classify.ts",
    "../safety/secrets/default_engine.ts",
    "../safety/secrets/sanitize_capsule.ts",
    "./briefing_modules.ts",
    "./load_modules.ts",
  ]);
  const capsule = await staticClosure("core/workflow/load_modules.ts");
  assert.ok(capsule.has("core/capsule/parse.ts"));
  const briefing = await staticClosure("core/workflow/briefing_modules.ts");
  for (
    const needed of [
      "core/safety/secrets/keyword_gate.ts",
      "core/safety/secrets/gate_tables.ts",
      "core/briefing/recheck_evidence.ts",
      "core/briefing/render_briefing.ts",
      "core/briefing/short_briefing.ts",
    ]
  ) {
    assert.ok(briefing.has(needed), `briefing_modules.ts must bring ${needed}`);
    // Not before the capsule is parsed: loaded with it they left more resident at the end.
    assert.ok(!capsule.has(needed), `load_modules.ts must not bring ${needed}`);
  }
});

Deno.test("the briefing's modules (load and session-start, after the fact collection) import no npm package", async () => {
  // evidence115's deno.json reader (jsonc-parser) came in through the evidence re-check:
  // about 20 ms and 7 MB of every load and injecting session-start; it loads when a record is made.
  const briefing = await staticClosure("core/workflow/briefing_modules.ts");
  assert.ok(briefing.has("core/evidence/script_scope.ts"), "control: the walk reaches the judge");
  // Local files are walked to their paths (.ts, the generated .bin tables); a package stays bare.
  const packages = [...briefing].filter((s) => !/\.(?:ts|bin)$/.test(s));
  assert.deepEqual(packages, []);
});

Deno.test("the hook's light path (everything up to the session-start freshness check) loads no npm package, node:zlib or capsule parser", async () => {
  for (
    const entry of [
      "commands/mod.ts",
      "core/hosts/runtime/run_hook.ts",
      "commands/_adapters/hook_io.ts",
    ]
  ) {
    const closure = await staticClosure(entry);
    const external = [...closure].filter((s) => !s.endsWith(".ts") || s.startsWith("npm:"));
    assert.deepEqual(
      external.filter((s) => !s.startsWith("node:") || s === "node:zlib"),
      [],
      entry,
    );
    for (
      const heavy of [
        "core/capsule/schema.ts",
        "core/capsule/parse.ts",
        "core/facts/collect.ts",
        "core/facts/git/object_reader.ts",
        "commands/_adapters/bounded_job.ts",
      ]
    ) {
      assert.ok(!closure.has(heavy), `${entry} must reach ${heavy} only lazily`);
    }
  }
  const hookRun = await staticClosure("core/hosts/runtime/run_hook.ts");
  assert.ok(hookRun.has("core/hosts/detect_host.ts"), "the walk followed the hook's imports");
});

Deno.test("the band hook (every prompt) loads no full transcript reader and none of session start's or capture's rules", async () => {
  const band = await staticClosure("core/hosts/runtime/band_hook.ts");
  // Positive control: the walk reached the records' context signals through the scan.
  assert.ok(band.has("core/transcript/context_signals.ts"), "the walk followed the scan's imports");
  const hookRun = await staticClosure("core/hosts/runtime/run_hook.ts");
  for (
    const heavy of [
      "core/transcript/claude_code.ts",
      "core/transcript/codex.ts",
      "core/transcript/gemini.ts",
      "core/transcript/copilot.ts",
      "core/transcript/record_text.ts",
      "core/bands/render_band.ts",
    ]
  ) {
    assert.ok(!band.has(heavy), `the band hook must reach ${heavy} only lazily or not at all`);
  }
  for (
    const rules of [
      "core/workflow/injection_check.ts",
      "core/workflow/recent_capture.ts",
      "core/store/injection_state.ts",
      "core/hosts/capture_plan.ts",
    ]
  ) {
    assert.ok(!hookRun.has(rules), `the hook runner must load ${rules} only for its own event`);
  }
});

Deno.test("the hook closure check can fail: the heavy job is reachable from the worker entry", async () => {
  const closure = await staticClosure("commands/_adapters/hook_worker.ts");
  assert.ok(closure.has("commands/_adapters/hook_job.ts"));
  const job = await staticClosure("core/workflow/auto_capsule.ts");
  assert.ok(job.has("zod"));
});
