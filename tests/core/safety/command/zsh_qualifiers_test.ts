/** zshQualifierCode(): the code a zsh glob qualifier list runs, and lists that run none. */
import assert from "node:assert/strict";
import { zshQualifierCode } from "../../../../core/safety/command/zsh_qualifiers.ts";

Deno.test("zshQualifierCode() returns each e string and +command, in every delimiter and after o/O", () => {
  const cases: [string, string[]][] = [
    ["e:'rm -rf ~':", ["rm -rf ~"]],
    ['e:"cat ~/.ssh/id_rsa":', ["cat ~/.ssh/id_rsa"]],
    ["e['id']", ["id"]],
    ["e{'touch x'}", ["touch x"]],
    ["e<id>", ["id"]],
    ["e(id)", ["id"]],
    ["e/id/", ["id"]],
    [".e:'a':e:'b':", ["a", "b"]],
    ["+rmall", ["rmall"]],
    ["^+f_1.N", ["f_1"]],
    ["oe:'touch x':", ["touch x"]],
    ["O+byname", ["byname"]],
    // A sort's key letter is no qualifier: the + after `om` starts a command.
    [".om+byname", ["byname"]],
    ["#qe:id:", ["id"]],
    // A user or mode argument is skipped, and the e after it still read.
    ["u:root:e:'touch x':", ["touch x"]],
    ["f:gu+w:e:id:", ["id"]],
    // A size or time with its sign, then code (zsh runs `+f` after `mh-1`).
    ["mh-1+f", ["f"]],
    ["L+10e:id:", ["id"]],
    // Unterminated: the rest is the code (more to judge, never less).
    ["e:'rm -rf ~'", ["rm -rf ~"]],
  ];
  for (const [text, code] of cases) assert.deepEqual(zshQualifierCode(text), code, text);
});

Deno.test("zshQualifierCode() finds no code in lists that run none (controls)", () => {
  for (
    const text of [
      ".",
      "/",
      "N",
      "D",
      ".om[1,3]",
      "om",
      "Om",
      "L+10",
      "mh-1",
      ":t",
      ".:e",
      ":e",
      "P:-l:",
      "u:e:",
      "g:staff:",
      "f:e:",
      "u0",
      "*",
      "@",
      "^/",
      "Y1",
      "nOn",
    ]
  ) {
    assert.deepEqual(zshQualifierCode(text), [], text);
  }
});
