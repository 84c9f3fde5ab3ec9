/**
 * The head rules of folded tokens: one per rule with a declared body, never
 * above any rule, each matching only up to a line break.
 * @module
 */
import assert from "node:assert/strict";
import { FOLD_KIND, foldAlphabets, foldRules } from "../../../../core/safety/secrets/fold_rules.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { p } from "../../../_helpers/secret_fixtures.ts";

Deno.test("foldRules() gives each rule with a fold or a blank-free tail a head of priority 0", () => {
  const heads = foldRules(SECRET_RULES);
  const declared = SECRET_RULES.filter((r) =>
    r.anchor !== "near" && r.armored !== true &&
    (r.fold !== undefined || (r.tail !== undefined && r.tail.blanks === 0))
  );
  assert.equal(heads.length, declared.length);
  for (const [i, h] of heads.entries()) {
    assert.equal(h.kind, FOLD_KIND + declared[i]!.kind);
    assert.equal(h.priority, 0);
    assert.deepEqual(h.keywords, declared[i]!.keywords);
  }
  // The brief's named formats all have one.
  for (const kind of ["github_pat", "github_fine_grained_pat", "anthropic_api_key", "jwt"]) {
    assert.ok(heads.some((h) => h.kind === FOLD_KIND + kind), kind);
  }
});

Deno.test("a head rule matches its keyword and body only up to a line break", () => {
  const head = foldRules(SECRET_RULES).find((h) => h.kind === FOLD_KIND + "github_pat")!;
  const re = new RegExp(head.pattern.source, head.pattern.flags + "y");
  const ghp = p("gh", "p_");
  for (
    const text of [
      `${ghp}Ab3\nx`,
      `${ghp}Ab3\r\nx`,
      `${ghp}Ab3\\nx`,
      `${ghp}Ab3\\\\r\\\\nx`,
      `${ghp}\n`,
    ]
  ) {
    re.lastIndex = 0;
    assert.ok(re.test(text), JSON.stringify(text));
  }
  for (const text of [`${ghp}Ab3 x`, `${ghp}Ab3"`, `${ghp}Ab3`]) {
    re.lastIndex = 0;
    assert.ok(!re.test(text), JSON.stringify(text));
  }
});

Deno.test("foldAlphabets() holds each head's body alphabet", () => {
  const alphabets = foldAlphabets(foldRules(SECRET_RULES));
  const jwt = alphabets.get(FOLD_KIND + "jwt")!;
  assert.equal(jwt[".".charCodeAt(0)], 1);
  assert.equal(jwt[" ".charCodeAt(0)], 0);
  const aws = alphabets.get(FOLD_KIND + "aws_access_key_id")!;
  assert.equal(aws["A".charCodeAt(0)], 1);
  assert.equal(aws["a".charCodeAt(0)], 0);
});
