/**
 * tests/dev.json (the configuration of tests, benchmarks and build tools)
 * stays in step with deno.json: the same compiler options and run-time
 * imports, plus the packages only tests and tools use. deno.json imports
 * exactly the packages baton's own code imports, so a user's first run
 * downloads nothing else.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const root = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
const dev = JSON.parse(await Deno.readTextFile(new URL("tests/dev.json", ROOT)));

function bareSpecifiers(dir: string, out: Set<string>): void {
  for (const e of Deno.readDirSync(new URL(dir, ROOT))) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory) bareSpecifiers(rel, out);
    else if (e.name.endsWith(".ts") && !e.name.endsWith("_test.ts")) {
      const text = Deno.readTextFileSync(new URL(rel, ROOT));
      const statements =
        /^\s*(?:import|export)\b[^;]*?from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
      for (const m of text.matchAll(statements)) {
        const spec = m[1] ?? m[2]!;
        if (/^(@[a-z0-9-]+\/)?[a-z0-9][a-z0-9._-]*$/.test(spec)) out.add(spec);
      }
    }
  }
}

Deno.test("tests/dev.json has deno.json's compiler options and run-time imports, and more", () => {
  assert.deepEqual(dev.compilerOptions, root.compilerOptions);
  assert.deepEqual(dev.unstable, root.unstable);
  assert.equal(dev.nodeModulesDir, root.nodeModulesDir);
  for (const [name, spec] of Object.entries(root.imports)) {
    assert.equal(dev.imports[name], spec, name);
  }
  assert.ok(Object.keys(dev.imports).length > Object.keys(root.imports).length);
});

Deno.test("deno.json imports exactly the packages baton's run-time code imports", () => {
  const used = new Set<string>();
  for (const dir of ["core", "commands", "wasm", "skills", "integrations"]) {
    bareSpecifiers(dir, used);
  }
  const text = Deno.readTextFileSync(new URL("main.ts", ROOT));
  assert.ok(text.length > 0);
  assert.deepEqual([...used].sort(), Object.keys(root.imports).sort());
  // Positive control: a test-only package is not in the run-time set.
  assert.ok(!used.has("fast-check"));
});
