/**
 * parseGitNumber: C's base 0 with a k, m or g unit, within the key's type
 * (the values here were each checked against git 2.39's `git status`).
 * @module
 */
import assert from "node:assert/strict";
import { parseGitNumber } from "../../../../core/facts/git/git_number.ts";

const INT_MAX = 2n ** 31n - 1n;

Deno.test("parseGitNumber: forms git accepts", () => {
  for (
    const [text, want] of [
      ["+010", 8n],
      ["-0x1", -1n],
      [" 9", 9n],
      ["\t0", 0n],
      ["1K", 1024n],
      ["0k", 0n],
      ["2147483647", INT_MAX],
      ["-2147483647", -INT_MAX],
    ] as const
  ) assert.equal(parseGitNumber(text, INT_MAX), want, text);
});

Deno.test("parseGitNumber: forms git refuses", () => {
  for (
    const text of [
      "0b1010",
      "9 ",
      "0x",
      "08",
      "3g",
      "99999999999g",
      "2147483648",
      "-2147483648",
      "-",
      "",
    ]
  ) assert.equal(parseGitNumber(text, INT_MAX), null, text);
  assert.equal(parseGitNumber("-1", 2n ** 64n - 1n, true), null, "unsigned");
});
