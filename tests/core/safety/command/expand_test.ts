/** expandBraces() and globMatcher(): the shell expansions the classifier applies, bounded on hostile input. */
import assert from "node:assert/strict";
import {
  expandBraces,
  globMatcher,
  MAX_BRACE_WORDS,
} from "../../../../core/safety/command/expand.ts";
import { classifyCommand } from "../../../../core/safety/command/classify.ts";

Deno.test("expandBraces() expands lists, nesting and sequences, and leaves ${VAR}, {} and unclosed braces alone", () => {
  assert.deepEqual(expandBraces("{rm,-rf,/}"), ["rm", "-rf", "/"]);
  assert.deepEqual(expandBraces("a{b,c}d{e,f}"), ["abde", "abdf", "acde", "acdf"]);
  assert.deepEqual(expandBraces("{z..x}"), ["z", "y", "x"]);
  assert.deepEqual(expandBraces("${HOME}"), ["${HOME}"]);
  assert.deepEqual(expandBraces("{}"), ["{}"]);
  assert.deepEqual(expandBraces("{a,b"), ["{a,b"]);
  assert.deepEqual(expandBraces("\\{a,b}"), ["\\{a,b}"]);
});

Deno.test("expandBraces() stops at its bound on a brace bomb", () => {
  const bomb = "{a,b}".repeat(40);
  const words = expandBraces(bomb);
  assert.equal(words.length, MAX_BRACE_WORDS);
  assert.deepEqual(expandBraces("{1..999999}").length, MAX_BRACE_WORDS);
  // The classifier stays bounded too, and a bomb ending in a deletion is still seen.
  const r = classifyCommand(`{rm,-rf,/}${"{a,b}".repeat(30)} x`);
  assert.notEqual(r.class, "read_only");
});

Deno.test("globMatcher() follows sh globbing: *, ?, classes and negated classes", () => {
  assert.equal(globMatcher("id_*")!.test("id_rsa"), true);
  assert.equal(globMatcher("cred*")!.test("credentials"), true);
  assert.equal(globMatcher("[!a]d_rsa")!.test("id_rsa"), true);
  assert.equal(globMatcher("[!i]d_rsa")!.test("id_rsa"), false);
  assert.equal(globMatcher("i?_rsa")!.test("id_rsa"), true);
  assert.equal(globMatcher("*.md")!.test("id_rsa"), false);
  assert.equal(globMatcher("plain"), null);
});
