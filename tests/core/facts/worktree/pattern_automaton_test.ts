/**
 * Tests of core/facts/worktree/pattern_automaton.ts: the automaton decides
 * every path as the anchored regular expression of the same tokens does
 * (generated patterns and paths, where backtracking is still cheap), and
 * decides in one pass the pattern whose regular expression backtracks
 * without end, and a path of many levels against two slash-crossing stars.
 * @module
 */
import assert from "node:assert/strict";
import {
  automatonMatcher,
  type PatternToken,
  tokensSource,
  unboundedCount,
} from "../../../../core/facts/worktree/pattern_automaton.ts";
import { matchGitignore, parseGitignore } from "../../../../core/facts/worktree/gitignore.ts";
import { prng } from "../../../_helpers/prng.ts";
import { git, makeRepo } from "../../../_helpers/git.ts";

function lit(ch: string): PatternToken {
  return { kind: "one", source: ch === "." ? "\\." : ch, test: (b) => b === ch };
}

const NOT_SLASH: PatternToken = { kind: "one", source: "[^/]", test: (b) => b !== "/" };

Deno.test("the automaton agrees with the regular expression of the same tokens on generated patterns and paths", () => {
  const next = prng(4242);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const choices: PatternToken[] = [
    lit("a"),
    lit("b"),
    lit("/"),
    lit("."),
    NOT_SLASH,
    { kind: "star" },
    { kind: "any" },
    { kind: "dirs" },
  ];
  let matched = 0;
  for (let round = 0; round < 400; round++) {
    const tokens = Array.from({ length: 1 + Math.floor(next() * 7) }, () => pick(choices));
    const regex = new RegExp(`^${tokensSource(tokens)}$`, "s");
    const match = automatonMatcher(tokens);
    for (let k = 0; k < 40; k++) {
      const path = Array.from({ length: Math.floor(next() * 9) }, () => pick(["a", "b", "/", "."]))
        .join("");
      const want = regex.test(path);
      assert.equal(match(path), want, `${tokensSource(tokens)} against ${JSON.stringify(path)}`);
      if (want) matched++;
    }
  }
  assert.ok(matched > 1000, `control: many paths match (${matched})`);
});

Deno.test("a .gitignore line of many stars is decided in one pass, as the regular expression is not", () => {
  const line = `${"*a".repeat(12)}*b`;
  const rules = parseGitignore(`${line}\n`);
  assert.equal(matchGitignore(rules, "a".repeat(4000)), null);
  assert.equal(matchGitignore(rules, `${"a".repeat(12)}.b`), "ignored");
  assert.equal(matchGitignore(rules, `${"a".repeat(11)}.b`), null, "control: one a short");
  assert.equal(unboundedCount([{ kind: "star" }, lit("a"), { kind: "dirs" }]), 2);
});

Deno.test("two slash-crossing stars decide a path of many levels in one pass, as git does", async () => {
  // The regular expression of `**` `/a/` `**` `/zz` tries every pair of slashes: a chain of a
  // thousand levels cost 0.7 s a line (every level is matched on the way down), this one never ends.
  const rules = parseGitignore("**/a/**/zz\n**/**/yy\n");
  const deep = "a/".repeat(200_000);
  assert.equal(matchGitignore(rules, `${deep}b`), null);
  assert.equal(matchGitignore(rules, `${deep}b/zz`), "ignored", "control: the same depth matches");
  assert.equal(matchGitignore(rules, `${deep}yy`), "ignored");
  // git is the oracle on paths on both sides of the length the matcher switches at.
  const dir = await makeRepo();
  const ignore = "**/a/**/zz\n**/**/yy\na/**/b*/**\n";
  await Deno.writeTextFile(`${dir}/.gitignore`, ignore);
  const all = parseGitignore(ignore);
  const want = new Set<string>();
  for (const depth of [1, 3, 100, 127, 128, 129, 300]) {
    for (const top of ["a/", "x/c/"]) {
      for (const tail of ["zz", "b", "yy", "c/zz", "bb", "zz/q"]) {
        const path = `${top.repeat(depth)}${tail}`;
        await Deno.mkdir(`${dir}/${path}`, { recursive: true });
        await Deno.writeTextFile(`${dir}/${path}/f`, "");
        // The first level that is ignored is what git lists (baton's walk never enters it).
        const parts = `${path}/f`.split("/");
        for (let d = 1; d <= parts.length; d++) {
          const sub = parts.slice(0, d).join("/") + (d < parts.length ? "/" : "");
          if (matchGitignore(all, sub) === "ignored") {
            want.add(sub);
            break;
          }
        }
      }
    }
  }
  const out = await git(dir, ["status", "--porcelain", "-z", "-uall", "--ignored=matching"]);
  const listed = new Set(
    out.stdout.split("\0").filter((e) => e.startsWith("!! ")).map((e) => e.slice(3)),
  );
  assert.deepEqual([...want].sort(), [...listed].sort());
  assert.ok(listed.size > 20 && listed.size < 70, `control: both answers (${listed.size})`);
});
