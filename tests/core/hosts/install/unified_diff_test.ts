import assert from "node:assert/strict";
import { applyPatch } from "diff";
import { renderUnifiedDiff } from "../../../../core/hosts/install/unified_diff.ts";

Deno.test("renderUnifiedDiff() names /dev/null for created and removed files and applies back exactly", () => {
  const created = renderUnifiedDiff("/p/new.md", { before: null, after: "a\nb\n" });
  assert.match(created, /^--- \/dev\/null\n\+\+\+ \/p\/new\.md\n@@ -0,0 \+1,2 @@\n\+a\n\+b\n$/);
  const removed = renderUnifiedDiff("/p/old.md", { before: "a\n", after: null });
  assert.match(removed, /^--- \/p\/old\.md\n\+\+\+ \/dev\/null\n/);
  const before = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n") + "\n";
  const after = before.replace("line 3\n", "line 3 changed\n").replace("line 30\n", "") + "tail";
  const patch = renderUnifiedDiff("/p/f", { before, after });
  assert.equal(applyPatch(before, patch), after, "two hunks and a missing final newline");
  assert.match(patch, /\\ No newline at end of file/);
});

Deno.test("renderUnifiedDiff() shows a file's terminal control, invisible characters and stray line breaks as visible marks; a CRLF file's diff still applies exactly", () => {
  const before = '{\n  "a": "x\u001b[1A\u001b[2K\ry\u202ez\u2028+ fake\u0085\u009b2J"\n}\n';
  const diff = renderUnifiedDiff("/p/s.json", {
    before,
    after: before.replace("}", '  , "b": 1\n}'),
  });
  // deno-lint-ignore no-control-regex
  assert.ok(!/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202e]/.test(diff), diff);
  assert.match(diff, /x\u241b\[1A\u241b\[2K\u240dy‹U\+202E›z‹U\+2028›\+ fake‹U\+0085›‹U\+009B›2J/);
  // Control: a CRLF file (a CR that ends its line) is shown as it is and the diff applies back.
  const crlf = "a\r\nb\r\n";
  const after = "a\r\nc\r\n";
  assert.equal(applyPatch(crlf, renderUnifiedDiff("/p/c", { before: crlf, after })), after);
});
