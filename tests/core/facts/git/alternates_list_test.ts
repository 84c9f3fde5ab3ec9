/**
 * alternatesEntries: a store list parsed as git parses it.
 * @module
 */
import assert from "node:assert/strict";
import { alternatesEntries } from "../../../../core/facts/git/alternates_list.ts";

Deno.test("alternatesEntries: plain, comment, quoted with each escape, a character after the quote skipped, bad quoting read plain", () => {
  assert.deepEqual(alternatesEntries("/a\n#c\n\n/b \n", "\n"), ["/a", "/b "]);
  assert.deepEqual(alternatesEntries('"/x\\a\\b\\f\\n\\r\\t\\v\\\\\\""\n', "\n"), [
    '/x\x07\b\f\n\r\t\v\\"',
  ]);
  assert.deepEqual(alternatesEntries('"/\\303\\251"\n', "\n"), ["/\u00e9"]);
  assert.deepEqual(alternatesEntries('"/q"xy\n/b', "\n"), ["/q", "y", "/b"]);
  // Bad quoting: no closing quote, an unknown escape, an octal over 377.
  assert.deepEqual(alternatesEntries('"/bad\n', "\n"), ['"/bad']);
  assert.deepEqual(alternatesEntries('"/b\\q"\n', "\n"), ['"/b\\q"']);
  assert.deepEqual(alternatesEntries('"/b\\440"\n', "\n"), ['"/b\\440"']);
  // Bytes that are not UTF-8: the list is not followed.
  assert.equal(alternatesEntries('"/\\351"\n', "\n"), null);
  // The variable's separator, a quoted ':' kept.
  assert.deepEqual(alternatesEntries('#c::"/x:y":/z:', ":"), ["/x:y", "/z"]);
});
