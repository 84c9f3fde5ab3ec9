// The remembered verdicts (core/safety/secrets/verdicts.ts): a match met
// again is judged twice at most, a match with other captures is judged
// again, and remembering changes no finding.

import assert from "node:assert/strict";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import type { SecretRule } from "../../../../core/safety/secrets/rule.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { MAX_MATCH, VerdictCache } from "../../../../core/safety/secrets/verdicts.ts";
import { ALNUM, CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();

/** A one-keyword rule whose checks count their calls. */
function countingRule(
  pattern: RegExp,
  check: (s: string, g: Readonly<Record<string, string | undefined>>) => boolean,
): { rule: SecretRule; calls: () => number } {
  let calls = 0;
  const rule: SecretRule = {
    kind: "test_token",
    title: "test",
    description: "test",
    keywords: ["tok_"],
    pattern,
    after: 64,
    priority: 3,
    validate: (s, g) => {
      calls++;
      return check(s, g);
    },
  };
  return { rule, calls: () => calls };
}

Deno.test("a match met again is judged twice at most (kept at its second sighting); without remembering, each time", () => {
  const line = "ref = tok_processEnvKey\n";
  const bytes = encoder.encode(line.repeat(50) + "ref = tok_Zq7wK2mX9pL4\n");
  const pattern = /tok_(?<s>[A-Za-z0-9]{12,})/;
  const check = (s: string) => /[0-9]/.test(s);
  const remembered = countingRule(pattern, check);
  const judged = countingRule(pattern, check);
  const a = findSecrets(createEngine([remembered.rule], { prefilter: "ts" }), bytes);
  const b = findSecrets(
    createEngine([judged.rule], { prefilter: "ts", rememberVerdicts: false }),
    bytes,
  );
  assert.deepEqual(a, b);
  // Positive control: the last value is a finding, the repeated one is not.
  assert.deepEqual(a.map((f) => f.start), [line.length * 50 + 10]);
  assert.equal(judged.calls(), 51);
  assert.equal(remembered.calls(), 3);
});

Deno.test("a capture outside the whole match (a look-behind's) keeps verdicts apart", () => {
  // The same whole match `tok_q7Lm2xR9vT4w` after `a:` (accepted) and after `b:` (rejected).
  const unit = (ctx: string) => `${ctx}:tok_q7Lm2xR9vT4w `;
  const text = ["a", "a", "b", "b", "a"].map(unit).join("");
  const { rule, calls } = countingRule(
    /(?<=(?<ctx>[ab]):)tok_(?<s>[A-Za-z0-9]{12})/,
    (_s, g) => g.ctx === "a",
  );
  const found = findSecrets(createEngine([rule], { prefilter: "ts" }), encoder.encode(text));
  assert.deepEqual(found.map((f) => f.start), [6, 25, 82]);
  // Judged: both sightings of `a`, the first `b` (other captures), the last `a` (the same).
  assert.equal(calls(), 4);
});

Deno.test("VerdictCache: kept at a second sighting, per rule, never for long matches or with no slots", () => {
  const re = /(?<name>[A-Z]+)=(?<s>\w+)/;
  let calls = 0;
  const verdictOf = (cache: VerdictCache, rule: number, m: RegExpExecArray) => {
    const known = cache.known(rule, m);
    if (known !== undefined) return known;
    calls++;
    // Rule 1 says the opposite of rule 0.
    const verdict = m.groups!.s!.includes("7") !== (rule === 1);
    cache.remember(rule, m, verdict);
    return verdict;
  };
  // Two slots, each value once: every one judged, every verdict right.
  const small = new VerdictCache(2);
  const values = ["a7", "b", "c7", "d", "e7", "f"];
  const verdicts = values.map((v) => verdictOf(small, 0, re.exec(`K=${v}`)!));
  assert.deepEqual(verdicts, values.map((v) => v.includes("7")));
  assert.equal(calls, 6);
  const cache = new VerdictCache();
  calls = 0;
  const m = re.exec("K=x7")!;
  assert.deepEqual([0, 0, 0, 0].map(() => verdictOf(cache, 0, m)), [true, true, true, true]);
  assert.equal(calls, 2);
  assert.deepEqual([1, 1, 1].map(() => verdictOf(cache, 1, m)), [false, false, false]);
  assert.equal(calls, 4);
  // Rule 0's verdict is still kept.
  assert.equal(verdictOf(cache, 0, m), true);
  assert.equal(calls, 4);
  const long = re.exec(`K=${"x".repeat(MAX_MATCH)}`)!;
  for (let i = 0; i < 3; i++) verdictOf(cache, 0, long);
  assert.equal(calls, 7);
  const none = new VerdictCache(0);
  calls = 0;
  for (let i = 0; i < 3; i++) verdictOf(none, 0, m);
  assert.equal(calls, 3);
});

Deno.test("remembered verdicts change no finding (labelled cases, look-alikes, repeated and renamed values)", () => {
  const rng = new Rng(2121);
  const remembered = createEngine(SECRET_RULES);
  const judged = createEngine(SECRET_RULES, { rememberVerdicts: false });
  const pool: string[] = [];
  for (const build of Object.values(SAMPLES)) {
    for (const wrap of Object.values(CONTEXTS)) pool.push(wrap(build(rng).text));
  }
  for (const values of Object.values(lookAlikes(rng))) pool.push(...values);
  // The same value under other names, operators and quotes: the checks read the name too.
  const names = [
    "API_KEY",
    "password",
    "DB_PASSWORD",
    "token",
    "secret",
    "api_token",
    "SECRET_KEY",
  ];
  const seps = [" = ", ": ", "=", ' = "', "='", '\\": \\"', " := "];
  const values = [
    "process.env.API_KEY",
    "req.body.password",
    "settings.API_TOKEN",
    "os.getenv",
    "sk_test_your_key_here",
    "Zq7wK2mX9pL4vR8t",
    "hunter2hunter2",
    "aaaaaaaaaaaaaaaa",
    "3f786850e387550fdab836ed7e6dc881de23001b",
  ];
  for (let i = 0; i < 400; i++) {
    const v = rng.int(3) === 0 ? rng.str(ALNUM, 6 + rng.int(20)) : rng.pick(values);
    const sep = rng.pick(seps);
    const close = sep.endsWith('"')
      ? (sep.includes("\\") ? '\\"' : '"')
      : sep.endsWith("'")
      ? "'"
      : "";
    pool.push(`${rng.pick(["", "const ", "export ", "  "])}${rng.pick(names)}${sep}${v}${close}`);
  }
  let found = 0;
  for (let doc = 0; doc < 300; doc++) {
    const lines: string[] = [];
    for (let n = 1 + rng.int(12); n > 0; n--) lines.push(rng.pick(pool));
    const text = rng.int(2) === 0
      ? lines.join("\n")
      : JSON.stringify({ content: lines.join("\n") });
    const bytes = encoder.encode(text);
    const a = findSecrets(remembered, bytes);
    assert.deepEqual(a, findSecrets(judged, bytes), text);
    found += a.length;
  }
  assert.ok(found > 300, `positive control: only ${found} found`);
});
