/**
 * The head rules of folded tokens: one per rule with a declared body, never
 * above any rule, each matching only up to a line break.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import {
  breakReach,
  brokenKeywordRules,
  FOLD_KIND,
  foldAlphabets,
  foldRules,
  headSource,
  runOpening,
} from "../../../../core/safety/secrets/fold_rules.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { p } from "../../../_helpers/secret_fixtures.ts";

Deno.test("foldRules() gives each prefixed token two heads of priority 0, each with a keyword-pass check", () => {
  const heads = foldRules(SECRET_RULES);
  const declared = SECRET_RULES.filter((r) =>
    r.anchor !== "near" && r.armored !== true && r.follows === undefined &&
    (r.fold !== undefined ||
      (r.tail !== undefined && r.tail.blanks === 0 && !r.tail.opensLine &&
        r.keywords.every((k) => /[^A-Za-z0-9]/.test(k))))
  );
  assert.equal(heads.length, 2 * declared.length);
  for (const r of declared) {
    const own = heads.filter((h) => h.kind === FOLD_KIND + r.kind && h.keywords === r.keywords);
    assert.equal(own.length, 2, r.kind);
    // A JSON-escaped break within the format's least length, or a real break in a run as long.
    assert.ok(own.some((h) => h.reach?.sep === "\\" && h.reach.end === "n"), r.kind);
    assert.ok(
      own.some((h) => h.tail !== undefined && new RegExp(`[${h.tail.cls}]`).test("\n")),
      r.kind,
    );
    for (const h of own) assert.equal(h.priority, 0);
  }
  // None behind a keyword of letters and digits alone without a declared body (a Discord id's base64 start).
  assert.ok(!heads.some((h) => h.kind === FOLD_KIND + "discord_token"));
  // The brief's named formats all have them.
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

Deno.test("a head rule's token opens where no word goes on, or after an escape's letter", () => {
  const head = foldRules(SECRET_RULES).find((h) => h.kind === FOLD_KIND + "github_pat")!;
  const re = new RegExp(head.pattern.source, head.pattern.flags + "y");
  const ghp = p("gh", "p_");
  const at = (text: string) => {
    re.lastIndex = text.indexOf(ghp);
    return re.test(text);
  };
  assert.ok(!at(`x${ghp}Ab3\n`));
  assert.ok(!at(`9${ghp}Ab3\n`));
  // Controls: after a blank, an escaped line break, a quote.
  assert.ok(at(` ${ghp}Ab3\n`));
  assert.ok(at(`\\n${ghp}Ab3\n`));
  assert.ok(at(`"${ghp}Ab3\n`));
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

Deno.test("the head of X's bearer token (a keyword of 20 A's) is tried only within `before` of its run's start", () => {
  const rule = SECRET_RULES.find((r) => r.kind === "twitter_bearer_token")!;
  const heads = foldRules(SECRET_RULES).filter((h) => h.kind === FOLD_KIND + rule.kind);
  assert.equal(heads.length, 2);
  const before = rule.before ?? 0;
  assert.ok(before > 0);
  for (const head of heads) {
    const re = new RegExp(head.pattern.source, head.pattern.flags + "y");
    const at = (text: string, offset: number) => {
      re.lastIndex = offset;
      return re.test(text);
    };
    // A run of A's (or a's) far longer than a token's: a hit deep inside it is no token's start
    // (each such hit read the head's whole reach for a line break: 1 MB/s of CPU on a long run).
    for (const ch of ["A", "a"]) {
      const run = ch.repeat(60) + "\n";
      for (let k = before + 1; k <= 40; k++) assert.ok(!at(run, k), `${ch} at ${k}`);
      // Controls: the run's first hits are tried, as the rule's own match may start there.
      for (let k = 0; k <= before; k++) assert.ok(at(run, k), `${ch} at ${k}`);
    }
    // A token's run of 22 A's, folded: found at its start.
    const token = "A".repeat(22) + "Bx9Kq7Wm2Lp5Zr8Tn3Yb6";
    assert.ok(at(`TOKEN=${token}\nrest`, 6));
  }
  // Other heads keep their opening: a head of a rule that may start before its keyword is
  // tried anywhere unless its keyword is one character repeated.
  const terraform = foldRules(SECRET_RULES).find((h) =>
    h.kind === FOLD_KIND + "terraform_cloud_token"
  )!;
  assert.ok(!terraform.pattern.source.startsWith("(?<!"));
});

Deno.test("runOpening() gives X's bearer token a run of before+6 and its heads before+1", () => {
  const rule = SECRET_RULES.find((r) => r.kind === "twitter_bearer_token")!;
  const before = rule.before ?? 0;
  assert.deepEqual(runOpening(rule), { code: 0x61, count: before + 6 });
  for (const head of foldRules(SECRET_RULES).filter((h) => h.kind === FOLD_KIND + rule.kind)) {
    assert.deepEqual(runOpening(head), { code: 0x61, count: before + 1 });
  }
  // The token's pattern rejects every start a hit after before+6 of the run tries, and
  // accepts one after an escape (`\\uAAAA`) ending before+5 into the run (why not fewer).
  const re = new RegExp(rule.pattern.source, rule.pattern.flags + "y");
  const token = "A".repeat(22) +
    "Bx9Kq7Wm2Lp5Zr8Tn3Yb6Hd4Fg1Jc0Vs7Nq2Ex5Ru8Mt3Wk6Pz9Ly4Ga1Sd7Kf2Oh5Ui8";
  const at = (text: string, start: number) => {
    re.lastIndex = start;
    return re.test(text);
  };
  for (const ch of ["A", "a"]) {
    const text = ch.repeat(before + 6) + token;
    for (let s = 0; s <= before; s++) assert.ok(!at(text, before + 6 - s), `${ch} ${s}`);
  }
  assert.ok(at("\\uAAAA" + token, 6));
  // Other rules: none.
  assert.equal(runOpening(SECRET_RULES.find((r) => r.kind === "github_pat")!), null);
});

Deno.test("the engine's skip of a run head's hits deep in a run changes no finding (property)", () => {
  const on = createEngine(SECRET_RULES);
  const off = createEngine(SECRET_RULES, { skipRuns: false });
  const token = "Bx9Kq7Wm2Lp5Zr8Tn3Yb6Hd4Fg1Jc0Vs7Nq2Ex5Ru8Mt3Wk6Pz9Ly4Ga1Sd7Kf2Oh5Ui8";
  const piece = fc.oneof(
    fc.integer({ min: 0, max: 30 }).map((n) => "A".repeat(n)),
    fc.integer({ min: 0, max: 30 }).map((n) => "a".repeat(n)),
    fc.integer({ min: 1, max: token.length }).map((n) => token.slice(0, n)),
    fc.constantFrom("\n", "\\n", "\r\n", " ", "=", "x", '"', "TOKEN=", "\\u", "%", "\\", "%2B"),
    // A whole token (the token rule's own skip could lose it).
    fc.integer({ min: 20, max: 24 }).map((n) => "A".repeat(n) + token),
  );
  let heads = 0;
  let tokens = 0;
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
      const bytes = new TextEncoder().encode(pieces.join(""));
      const a = findSecrets(on, bytes, true);
      assert.deepEqual(a, findSecrets(off, bytes, true));
      if (a.some((f) => f.kind === FOLD_KIND + "twitter_bearer_token")) heads++;
      if (a.some((f) => f.kind === "twitter_bearer_token")) tokens++;
    }),
    { numRuns: 800 },
  );
  // The texts hold heads of the token (what the skip could lose).
  assert.ok(heads > 20, String(heads));
  assert.ok(tokens > 20, String(tokens));
});

/** Every way a line break is written that a broken keyword's head reads (and a few it does not). */
const BREAKS = [
  "\n",
  "\r\n",
  "\\n",
  "\\r\\n",
  "\\\\n",
  "\\N",
  // The longest: four backslashes before each letter; and five, which is no break.
  "\\\\\\\\r\\\\\\\\n",
  "\\\\\\\\\\n",
  "\r",
  "\\t",
];

Deno.test("breakReach() bounds where each broken keyword's head's line break ends, from the hit keyword's start", () => {
  const heads = brokenKeywordRules(SECRET_RULES);
  assert.ok(heads.length > 50);
  let matched = 0;
  for (const head of heads) {
    const reach = breakReach(head);
    assert.ok(reach !== null, head.kind);
    const re = new RegExp(head.pattern.source, head.pattern.flags + "y");
    const before = head.before ?? 0;
    // Each keyword of its token cut at each place by each break, a body after.
    for (const k of headSource(head)!.keywords) {
      for (const br of BREAKS) {
        for (let cut = 1; cut < k.length; cut++) {
          const text = `x "${k.slice(0, cut)}${br}${k.slice(cut)}Q7uEGb0yUYAw9Zr1mXw4Lp0vT\" y`;
          for (let at = 0; at < text.length; at++) {
            re.lastIndex = at;
            const m = re.exec(text);
            if (m === null) continue;
            // The break's last byte in the match: a line feed, or an n after a backslash.
            const whole = m[0];
            let end = -1;
            for (let j = 0; j < whole.length; j++) {
              const c = whole.charCodeAt(j);
              if (c === 0x0a || ((c | 0x20) === 0x6e && whole[j - 1] === "\\")) end = at + j;
              if (end >= 0) break;
            }
            assert.ok(end >= 0, `${head.kind}: ${JSON.stringify(whole)}`);
            // Every hit of a keyword of the head this match could be confirmed from.
            const lower = text.toLowerCase();
            for (const kw of head.keywords) {
              const key = kw.toLowerCase();
              for (let s = lower.indexOf(key); s >= 0; s = lower.indexOf(key, s + 1)) {
                if (at < s - before || at > s || at + whole.length < s + kw.length) continue;
                matched++;
                assert.ok(
                  end >= s + reach.lo && end <= s + reach.hi,
                  `${head.kind} ${JSON.stringify(text)} at ${at}: break ends at ${end}, hit ${s}`,
                );
              }
            }
          }
        }
      }
    }
  }
  assert.ok(matched > 1000, String(matched));
  // Other rules: none.
  assert.equal(breakReach(SECRET_RULES.find((r) => r.kind === "github_pat")!), null);
  assert.ok(foldRules(SECRET_RULES).every((h) => breakReach(h) === null));
});

Deno.test("the engine's skip of a broken keyword's head's hits with no break in reach changes no finding (property)", () => {
  const on = createEngine(SECRET_RULES);
  const off = createEngine(SECRET_RULES, { skipBreaks: false });
  const tokens = [
    p("xoxb-", "2048103456-7321567890123-Q7uEGb0yUYAw9Zr1mXw4Lp0v"),
    p(
      "github_pat_",
      "11ABCDEFG0Q7uEGb0yUYAw_9Zr1mXw4Lp0vTq8Zr1mXw4Lp0vT9Zr1mXw4Lp0vTQ7uEGb0yUYAw9Zr1mX",
    ),
    p(
      "sk-ant-api03-",
      "Q7uEGb0yUYAw9Zr1mXw4Lp0vTq8Zr1mXw4Lp0vT9Zr1mXw4Lp0vTQ7uEGb0yUYAw9Zr1mXw4Lp0vTq8Zr1mXw4Lp-AAAAAA",
    ),
    p("sk_live_", "Q7uEGb0yUYAw9Zr1mXw4Lp0vTq8Zr1"),
    p(
      "pypi-",
      "AgEIcHlwaS5vcmcCJDQ3ZjFhZmM0LTk5NjMtNDM5Ny04MWE1LWQ4NWQ0MjEwYWMxYwACKlszLCJkZDI5MTY",
    ),
  ];
  const piece = fc.oneof(
    // A token broken inside its keyword (or its body), each break of BREAKS.
    fc.tuple(
      fc.constantFrom(...tokens),
      fc.integer({ min: 1, max: 14 }),
      fc.constantFrom(...BREAKS),
    )
      .map(([t, n, br]) => t.slice(0, n) + br + t.slice(n)),
    fc.constantFrom(...tokens).chain((t) =>
      fc.integer({ min: 1, max: t.length }).map((n) => t.slice(0, n))
    ),
    fc.constantFrom(...tokens).chain((t) =>
      fc.integer({ min: 0, max: Math.min(16, t.length) }).map((n) => t.slice(n))
    ),
    fc.constantFrom(...BREAKS, " ", '"', '\\"', "=", "x", "TOKEN=", "\\", "n", "N", "-", "_"),
  );
  let heads = 0;
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
      const bytes = new TextEncoder().encode(pieces.join(""));
      const a = findSecrets(on, bytes, true);
      assert.deepEqual(a, findSecrets(off, bytes, true));
      if (a.some((f) => f.kind.startsWith(FOLD_KIND))) heads++;
    }),
    { numRuns: 600 },
  );
  // The texts hold heads (what the skip could lose).
  assert.ok(heads > 30, String(heads));
});
