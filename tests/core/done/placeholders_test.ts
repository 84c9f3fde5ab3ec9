import assert from "node:assert/strict";
import fc from "fast-check";
import {
  compileDenyList,
  isScannedPath,
  scanPlaceholders,
} from "../../../core/done/placeholders.ts";
import { DEFAULT_DENY } from "../../../core/config/done_section.ts";

const m = compileDenyList(DEFAULT_DENY);

Deno.test("deny words match as whole words; capitals only in capitals, lower-case words in any case", () => {
  assert.equal(m.match("// TODO: x"), "TODO");
  assert.equal(m.match("# FIXME(me)"), "FIXME");
  assert.equal(m.match("/* XXX */"), "XXX");
  assert.equal(m.match("// Pseudocode follows"), "pseudocode");
  assert.equal(m.match("PSEUDOCODE"), "pseudocode");
  for (
    const clean of ["const todo = 1", "TODOS", "xxxl", "fixme_count", "MY_TODO_LIST", "todoist"]
  ) {
    assert.equal(m.match(clean), null, clean);
  }
});

Deno.test("a line with the allow marker is exempt; the same line without it is found (control)", () => {
  const text = "a\n// TODO keep: baton-allow-placeholder\n// TODO fix\n";
  assert.deepEqual(scanPlaceholders("x.ts", text, m), [{ path: "x.ts", line: 3, word: "TODO" }]);
});

Deno.test("Markdown, YAML and JSON are never scanned; exempt prefixes are skipped; source is scanned", () => {
  for (const p of ["README.md", "a/b.MD", "c.yaml", "d.yml", "e.json", "f.jsonc", "deno.lock"]) {
    assert.equal(isScannedPath(p, []), false, p);
  }
  assert.equal(isScannedPath("tests/fixtures/x.ts", ["tests/fixtures/"]), false);
  assert.equal(isScannedPath("tests/fixtures", ["tests/fixtures"]), false);
  assert.equal(isScannedPath("tests/fixturesx/a.ts", ["tests/fixtures"]), true);
  for (const p of ["src/a.ts", "main.py", "Makefile", "x.md.ts"]) {
    assert.equal(isScannedPath(p, []), true, p);
  }
});

Deno.test("property: text made of letters that never spell a deny word yields no finding; inserting one does", () => {
  fc.assert(
    fc.property(
      fc.array(fc.stringMatching(/^[abc \n;(){}=]{0,40}$/), { maxLength: 20 }),
      fc.nat(19),
      (chunks, at) => {
        const text = chunks.join("\n");
        assert.deepEqual(scanPlaceholders("a.ts", text, m), []);
        const lines = text.split("\n");
        const i = at % lines.length;
        lines[i] = `${lines[i]} FIXME `;
        const found = scanPlaceholders("a.ts", lines.join("\n"), m);
        assert.equal(found.length, 1);
        assert.equal(found[0]!.line, i + 1);
      },
    ),
  );
});

Deno.test("a configured deny list replaces the default", () => {
  const custom = compileDenyList(["HACK", "unimplemented!"]);
  assert.equal(custom.match("// TODO"), null);
  assert.equal(custom.match("// HACK around"), "HACK");
  assert.equal(custom.match("  unimplemented!()"), "unimplemented!");
});
