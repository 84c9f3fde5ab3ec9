/**
 * invalidateCacheTree() on hand-made cache-tree bodies; the comparison with
 * git's own bytes after `git add` / `git rm --cached` is in index_edit_test.ts.
 */
import assert from "node:assert/strict";
import { invalidateCacheTree } from "../../../core/handoff/cache_tree_edit.ts";
import { UnavailableError } from "../../../core/errors.ts";

const OID = "\x07".repeat(20);
const enc = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));
const dec = (b: Uint8Array) => String.fromCharCode(...b);
// root (4 entries, 2 subtrees: a with subtree b, then .baton)
const BODY = `\x004 2\n${OID}a\x002 1\n${OID}b\x001 0\n${OID}.baton\x001 0\n${OID}`;

Deno.test("invalidateCacheTree() invalidates the root and the directories on the path only", () => {
  const out = dec(invalidateCacheTree(enc(BODY), ".baton/latest.md"));
  assert.equal(out, `\x00-1 2\na\x002 1\n${OID}b\x001 0\n${OID}.baton\x00-1 0\n`);
  // Control: a path elsewhere leaves .baton valid.
  const other = dec(invalidateCacheTree(enc(BODY), "a/b/x"));
  assert.equal(other, `\x00-1 2\na\x00-1 1\nb\x00-1 0\n.baton\x001 0\n${OID}`);
});

Deno.test("invalidateCacheTree() removes a subtree named like the path's last part, as git does", () => {
  assert.equal(
    dec(invalidateCacheTree(enc(BODY), ".baton")),
    `\x00-1 1\na\x002 1\n${OID}b\x001 0\n${OID}`,
  );
  // A sparse directory entry's path ends in "/": the directory is invalidated, not removed.
  assert.equal(
    dec(invalidateCacheTree(enc(BODY), ".baton/")),
    `\x00-1 2\na\x002 1\n${OID}b\x001 0\n${OID}.baton\x00-1 0\n`,
  );
});

Deno.test("invalidateCacheTree() matches a name that is not ASCII by its UTF-8 bytes", () => {
  const body = enc(`\x001 1\n${OID}\xc3\xa9\x001 0\n${OID}`);
  assert.equal(dec(invalidateCacheTree(body, "é/x")), `\x00-1 1\n\xc3\xa9\x00-1 0\n`);
});

Deno.test("invalidateCacheTree() refuses a malformed body with a typed error that echoes nothing", () => {
  for (
    const bad of ["", "\x00x 1\n", `\x001 2\n${OID}`, `\x001 0\n${OID}extra`, "\x001 0\nshort"]
  ) {
    assert.throws(() => invalidateCacheTree(enc(bad), "a"), (e) => {
      assert.ok(e instanceof UnavailableError);
      assert.doesNotMatch(e.message, /extra|short/);
      return true;
    });
  }
  assert.ok(invalidateCacheTree(enc(BODY), "a").length > 0, "control: a good body passes");
});
