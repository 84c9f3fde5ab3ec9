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
