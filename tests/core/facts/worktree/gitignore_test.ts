/**
 * The gitignore matcher: unit cases for each rule of gitignore(5), and a
 * differential test that runs the whole untracked walk against
 * `git status -uall` (the oracle) on generated patterns and trees.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { git, makeRepo, writeFiles } from "../../../_helpers/git.ts";
import { gitStatus, scanWithGit } from "../../../_helpers/worktree_status.ts";
import {
  compileWildmatch,
  matchGitignore,
  parseGitignore,
} from "../../../../core/facts/worktree/gitignore.ts";

function verdicts(text: string, paths: string[], ignoreCase = false): Record<string, string> {
  const rules = parseGitignore(text, { ignoreCase });
  return Object.fromEntries(paths.map((p) => [p, String(matchGitignore(rules, p))]));
}

Deno.test("parseGitignore() follows gitignore(5) for comments, escapes, spaces and negation", () => {
  assert.deepEqual(
    verdicts("# comment\n\\#hash\n\\!bang\ntrail  \nkeep\\ \n*.o\n!main.o\n", [
      "# comment",
      "#hash",
      "!bang",
      "trail",
      "trail  ",
      "keep ",
      "keep",
      "x.o",
      "main.o",
    ]),
    {
      "# comment": "null",
      "#hash": "ignored",
      "!bang": "ignored",
      "trail": "ignored",
      "trail  ": "null",
      "keep ": "ignored",
      "keep": "null",
      "x.o": "ignored",
      "main.o": "unignored",
    },
  );
});

Deno.test("parseGitignore() anchors patterns with a slash and matches the rest at any depth", () => {
  assert.deepEqual(
    verdicts("/root.txt\ndoc/frotz\nname\nonly-dir/\n", [
      "root.txt",
      "a/root.txt",
      "doc/frotz",
      "a/doc/frotz",
      "name",
      "a/b/name",
      "a/name/",
      "only-dir/",
      "a/only-dir/",
      "only-dir",
    ]),
    {
      "root.txt": "ignored",
      "a/root.txt": "null",
      "doc/frotz": "ignored",
      "a/doc/frotz": "null",
      "name": "ignored",
      "a/b/name": "ignored",
      "a/name/": "ignored",
      "only-dir/": "ignored",
      "a/only-dir/": "ignored",
      "only-dir": "null",
    },
  );
});

Deno.test("parseGitignore() implements ** , ?, brackets and POSIX classes like wildmatch", () => {
  assert.deepEqual(
    verdicts("**/lead\ntail/**\na/**/b\nx?z\n[abc]1\n[!abc]2\n[[:digit:]]9\nm[a-c]n\n", [
      "lead",
      "p/q/lead",
      "tail",
      "tail/x",
      "tail/x/y",
      "a/b",
      "a/x/y/b",
      "xyz",
      "x/z",
      "b1",
      "d1",
      "d2",
      "a2",
      "59",
      "x9",
      "mbn",
      "mdn",
    ]),
    {
      "lead": "ignored",
      "p/q/lead": "ignored",
      "tail": "null",
      "tail/x": "ignored",
      "tail/x/y": "ignored",
      "a/b": "ignored",
      "a/x/y/b": "ignored",
      "xyz": "ignored",
      "x/z": "null",
      "b1": "ignored",
      "d1": "null",
      "d2": "ignored",
      "a2": "null",
      "59": "ignored",
      "x9": "null",
      "mbn": "ignored",
      "mdn": "null",
    },
  );
});

Deno.test("parseGitignore() keeps git's quirks: reversed ranges and a ** after a literal prefix", () => {
  // Both verified against git 2.39 with check-ignore.
  assert.deepEqual(verdicts("[a-/]\n", ["a", "b", "/"]), { a: "ignored", b: "null", "/": "null" });
  // "d", two stars, two slashes: the stars after the literal "d" start a
  // component and match zero directories, so only the directory d matches
  // (what lies below it is ignored because d is).
  assert.deepEqual(verdicts("d**//\n", ["d/", "d", "dx/"]), {
    "d/": "ignored",
    d: "null",
    "dx/": "null",
  });
});

Deno.test("parseGitignore() reads two stars before an escaped slash as git's wildmatch does", () => {
  // Each verified against git 2.39 (git status -uall): the escaped slash ends the stars'
  // component, they match across slashes, and there is no zero-directory shortcut.
  const stars = "**\\/";
  assert.deepEqual(verdicts(`${stars}é\n`, ["d/e/f/é", "é"]), {
    "d/e/f/é": "ignored",
    "é": "null",
  });
  assert.deepEqual(verdicts(`a/${stars}b\n`, ["a/b", "a/x/b", "a/x/y/b"]), {
    "a/b": "null",
    "a/x/b": "ignored",
    "a/x/y/b": "ignored",
  });
  assert.deepEqual(verdicts(`${stars}e/\n`, ["d/e/", "e/", "d/e"]), {
    "d/e/": "ignored",
    "e/": "null",
    "d/e": "null",
  });
  // Control: an escaped first star is a literal star, not two stars.
  assert.deepEqual(verdicts("\\**/é\n", ["d/e/f/é"]), { "d/e/f/é": "null" });
});

Deno.test("parseGitignore() matches UTF-8 bytes like git: ? and brackets take one byte", () => {
  // Each verified against git 2.39 (git status -uall / check-ignore).
  assert.deepEqual(verdicts("caf?\n", ["café", "cafe"]), { "café": "null", cafe: "ignored" });
  assert.deepEqual(verdicts("caf??\n", ["café", "cafe"]), { "café": "ignored", cafe: "null" });
  assert.deepEqual(verdicts("[é]x\n", ["éx"]), { "éx": "null" });
  assert.deepEqual(verdicts("*é*\n", ["xéy", "xey"]), { "xéy": "ignored", xey: "null" });
});

Deno.test("parseGitignore() folds ASCII letters only under core.ignoreCase, as git does", () => {
  assert.deepEqual(verdicts("A.LOG\n[[:upper:]]1\n", ["a.log", "b1"], true), {
    "a.log": "ignored",
    b1: "ignored",
  });
  assert.deepEqual(verdicts("É\n", ["é"], true), { "é": "null" }, "non-ASCII letters do not fold");
  assert.deepEqual(verdicts("A.LOG\n", ["a.log"]), { "a.log": "null" }, "positive control");
});

Deno.test("parseGitignore() under core.ignoreCase folds where git's wildmatch folds: not after a backslash, not a bracket's single capital; a range takes letters whose capitals it holds", () => {
  const paths = ["ax", "Ax", "by", "cz", "Cz", "dw", "_q"];
  assert.deepEqual(verdicts("\\Ax\n[B]y\n[A-C]z\n[\\D]w\n[_-a]q\n", paths, true), {
    ax: "null",
    Ax: "null",
    by: "null",
    cz: "ignored",
    Cz: "ignored",
    dw: "null",
    _q: "ignored",
  });
  // Lower-case letters there fold as before.
  assert.deepEqual(verdicts("\\ax\n[b]y\n", ["Ax", "BY"], true), { Ax: "ignored", BY: "ignored" });
  // Control: without core.ignoreCase each matches its own case.
  assert.deepEqual(verdicts("\\Ax\n[B]y\n", ["Ax", "By", "ax"]), {
    Ax: "ignored",
    By: "ignored",
    ax: "null",
  });
});

Deno.test("parseGitignore() honours core.ignoreCase, a BOM and CRLF line ends", () => {
  assert.deepEqual(verdicts("\uFEFFREADME\r\n", ["README", "readme"]), {
    README: "ignored",
    readme: "null",
  });
  assert.deepEqual(verdicts("README\n", ["readme"], true), { readme: "ignored" });
});

// --- differential: the whole walk against git status ---------------------

const NAMES = ["a", "b", "ab", "a.log", "b.txt", "x y", "c1", "B", "é", "aé"];
const DIRS = ["a", "d", "d/e", "d/e/f", "g"];
const TOKENS = [
  "a",
  "b",
  "ab",
  "*",
  "?",
  "**",
  "/",
  "*.log",
  "*.txt",
  "[ab]",
  "[!a]",
  "d",
  "e",
  "f",
  "g",
  "x y",
  "x\\ y",
  "c[0-9]",
  "B",
  "**/",
  "/**",
  "\\",
  "[",
  "]",
  "[a-",
  "[[:alpha:]]",
  "[[:nope:]]",
  "[]a]",
  "[!]",
  " ",
  "é",
  "[é]",
  "??",
];

const PATTERN = fc.tuple(
  fc.boolean(),
  fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 4 }),
  fc.boolean(),
).map(([neg, parts, dir]) => `${neg ? "!" : ""}${parts.join("")}${dir ? "/" : ""}`);

const CASE = fc.record({
  files: fc.uniqueArray(
    fc.tuple(fc.constantFrom("", ...DIRS), fc.constantFrom(...NAMES)).map(([d, n]) =>
      d === "" ? n : `${d}/${n}`
    ),
    { minLength: 1, maxLength: 12 },
  ),
  root: fc.array(PATTERN, { maxLength: 5 }),
  nested: fc.array(PATTERN, { maxLength: 3 }),
  nestedDir: fc.constantFrom("d", "d/e", "g"),
});

/** Capitals in every place git folds them or not (escaped, a bracket's single ones, ranges, classes). */
const CAPITALS = ["A", "\\A", "[A]", "[A-Z]", "[\\B]", "[B-a]", "[[:upper:]]", "[[:lower:]]"];

const CASE_FOLDED = fc.record({
  files: fc.uniqueArray(
    fc.tuple(fc.constantFrom("", ...DIRS), fc.constantFrom(...NAMES, "A", "Ab", "_")).map((
      [d, n],
    ) => d === "" ? n : `${d}/${n}`),
    { minLength: 1, maxLength: 12 },
  ),
  root: fc.array(
    fc.tuple(
      fc.boolean(),
      fc.array(fc.constantFrom(...TOKENS, ...CAPITALS), { minLength: 1, maxLength: 3 }),
    ).map(([neg, parts]) => `${neg ? "!" : ""}${parts.join("")}`),
    { maxLength: 5 },
  ),
});

Deno.test("the untracked walk agrees with git status under core.ignoreCase on generated patterns with capitals", async () => {
  await fc.assert(
    fc.asyncProperty(CASE_FOLDED, async ({ files, root }) => {
      const dirs = new Set(
        files.flatMap((f) =>
          f.split("/").slice(0, -1).map((_, i, a) => a.slice(0, i + 1).join("/"))
        ),
      );
      const kept = files.filter((f) => !dirs.has(f));
      const dir = await makeRepo("baton-gitignore-case-");
      try {
        await git(dir, ["config", "core.ignoreCase", "true"]);
        const content: Record<string, string> = { ".gitignore": root.join("\n") + "\n" };
        for (const f of kept) content[f] = "x";
        await writeFiles(dir, content);
        const ours = (await scanWithGit(dir, { ignoreCase: true })).untracked;
        const theirs = (await gitStatus(dir)).untracked;
        assert.deepEqual(ours, theirs, JSON.stringify(content));
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    }),
    { numRuns: 80 },
  );
});

Deno.test("the untracked walk agrees with git status on generated patterns and trees", async () => {
  await fc.assert(
    fc.asyncProperty(CASE, async ({ files, root, nested, nestedDir }) => {
      // A file and a directory cannot share a path.
      const dirs = new Set(
        files.flatMap((f) =>
          f.split("/").slice(0, -1).map((_, i, a) => a.slice(0, i + 1).join("/"))
        ),
      );
      const kept = files.filter((f) => !dirs.has(f));
      const dir = await makeRepo("baton-gitignore-");
      try {
        const content: Record<string, string> = {};
        for (const f of kept) content[f] = "x";
        content[".gitignore"] = root.join("\n") + "\n";
        if (nested.length > 0 && [...dirs].includes(nestedDir)) {
          content[`${nestedDir}/.gitignore`] = nested.join("\n") + "\n";
        }
        await writeFiles(dir, content);
        const ours = (await scanWithGit(dir)).untracked;
        const theirs = (await gitStatus(dir)).untracked;
        assert.deepEqual(ours, theirs, JSON.stringify(content));
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    }),
    { numRuns: 150 },
  );
});

Deno.test("compileWildmatch() is one whole-text wildmatch with WM_PATHNAME, folding ASCII only when asked", () => {
  const m = (p: string, t: string, fold = false) => compileWildmatch(p, fold)(t);
  assert.equal(m("a/**", "a/b/c"), true);
  assert.equal(m("a**", "a/b"), false, "glued stars are one star");
  assert.equal(m("**/c", "c"), true, "zero directories");
  assert.equal(m("a/[!x]", "a//"), false, "a bracket never takes /");
  assert.equal(m("[[:digit:]]?", "1é"), false, "? is one byte");
  assert.equal(m("[[:digit:]]??", "1é"), true);
  assert.equal(m("a[", "a["), false, "an unclosed bracket matches nothing");
  assert.equal(m("A/B", "a/b", true), true);
  assert.equal(m("É", "é", true), false, "only ASCII folds");
  assert.equal(m("A/B", "a/b"), false, "control: no fold");
});
