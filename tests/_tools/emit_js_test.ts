/**
 * The package's JavaScript form of a module: comments and types gone, no
 * source map, this checkout's `.ts` module names turned to `.js`, nothing
 * else changed; and the comment finder the package test relies on finds
 * every comment and nothing that only looks like one.
 */
import assert from "node:assert/strict";
import { commentsIn, EmitError, emitJs, jsName, relativeImports } from "./emit_js.ts";

const SOURCE = `/**
 * A module comment.
 * @module
 */
import type { Shape } from "./shape.ts";
import { area } from "./geometry/area.ts"; // trailing
export { perimeter } from "../perimeter.ts";
import zod from "zod";

/** Doc of f. */
export async function f(s: Shape): Promise<number> {
  /* block */ const { late } = await import("./late.ts");
  const worker = new URL("./hook_worker.ts", import.meta.url);
  const named = "src/a.ts"; // a path as data stays as it is
  const remote = new URL("https://example.com/x.ts");
  return area(s) + late(worker, named, remote, zod, /\\/\\/ not a comment/, \`/* nor */ \${1}\`);
}
`;

Deno.test("emitJs drops comments, types and any source map, and renames this checkout's modules", () => {
  const js = emitJs(SOURCE, "core/f.ts");
  assert.deepEqual(commentsIn(js), []);
  assert.doesNotMatch(js, /sourceMappingURL|: Shape|Promise<number>/);
  assert.match(js, /from "\.\/geometry\/area\.js"/);
  assert.match(js, /from "\.\.\/perimeter\.js"/);
  assert.match(js, /import\("\.\/late\.js"\)/);
  assert.match(js, /new URL\("\.\/hook_worker\.js", import\.meta\.url\)/);
  // Type-only imports are dropped; packages, data and remote URLs are kept as they are.
  assert.doesNotMatch(js, /shape/);
  assert.match(js, /from "zod"/);
  assert.match(js, /"src\/a\.ts"/);
  assert.match(js, /"https:\/\/example\.com\/x\.ts"/);
  assert.match(js, /\/\\\/\\\/ not a comment\//);
  assert.match(js, /`\/\* nor \*\/ \$\{1\}`/);
});

Deno.test("commentsIn finds each kind of comment, and not a regular expression or template text", () => {
  const source = `#!/usr/bin/env node\n// line\nconst a = 1; /* block */\n` +
    `/** doc */\nexport function g() { return [/\\/\\//, \`// \${a} /* t */\`, a / 2 / 1]; } // end\n`;
  assert.deepEqual(commentsIn(source), ["// line", "/* block */", "/** doc */", "// end"]);
  assert.deepEqual(commentsIn("const r = /\\/*x/; const t = `/* ${r} */`;"), []);
  // Positive control: Deno's own emit ends in a source-map comment.
  assert.deepEqual(commentsIn("f();\n//# sourceMappingURL=data:application/json;base64,e30=\n"), [
    "//# sourceMappingURL=data:application/json;base64,e30=",
  ]);
});

Deno.test("jsName renames a .ts module only, and emitJs refuses a module that does not parse", () => {
  assert.equal(jsName("commands/_adapters/hook_worker.ts"), "commands/_adapters/hook_worker.js");
  assert.equal(
    jsName("core/safety/secrets/tables_generated.bin"),
    "core/safety/secrets/tables_generated.bin",
  );
  assert.throws(() => emitJs("const = ;", "core/broken.ts"), EmitError);
  assert.throws(() => emitJs("const = ;", "core/broken.ts"), /cannot transpile core\/broken\.ts/);
});

Deno.test("relativeImports lists a module's relative static, re-exported and dynamic imports", () => {
  const js = emitJs(SOURCE, "core/f.ts");
  assert.deepEqual(relativeImports(js).sort(), [
    "../perimeter.js",
    "./geometry/area.js",
    "./late.js",
  ]);
});
