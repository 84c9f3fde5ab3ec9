/**
 * Tests of core/facts/worktree/pattern_automaton.ts: the automaton decides
 * every path as the anchored regular expression of the same tokens does
 * (generated patterns and paths, where backtracking is still cheap), and
 * decides in one pass the pattern whose regular expression backtracks
 * without end.
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
