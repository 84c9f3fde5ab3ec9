// The name checks of the keyword pass (core/safety/secrets/name_checks.ts):
// the follows shapes stand for their patterns, and dropping hits in the pass
// changes no finding.

import assert from "node:assert/strict";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { buildAutomaton } from "../../../../core/safety/secrets/automaton.ts";
import {
  buildNameChecks,
  followsFirst,
  followsPattern,
} from "../../../../core/safety/secrets/name_checks.ts";
import type { SecretRule } from "../../../../core/safety/secrets/rule.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { PLACEHOLDER_OPENING_WORDS } from "../../../../core/safety/secrets/filters.ts";
import { ALNUM, CONTEXTS, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();

Deno.test("followsFirst() holds every character a rule's follows pattern can begin with", () => {
  const rng = new Rng(91);
  const alphabet = [
    "\\",
    '"',
    "'",
    " ",
    "\t",
    ":",
    "=",
    ">",
    "a",
    "Z",
    "0",
    "-",
    "\n",
    "`",
    ",",
    "]",
    "|",
    "v",
    // The box-drawn table rule's operator: a bar's first byte, DEL in the pass's view.
    "\x7f",
  ];
  const checked = SECRET_RULES.filter((r) => r.follows !== undefined);
  // Positive control: the rules that read names have one.
  assert.ok(checked.length >= 4, `only ${checked.length} rules with follows`);
  for (const r of checked) {
    const follows = new RegExp(followsPattern(r.follows!).source, "y");
    const first = new RegExp(`^[${followsFirst(r.follows!)}]`);
    let matched = 0;
    for (let i = 0; i < 20_000; i++) {
      let s = "";
      for (let n = 1 + rng.int(6); n > 0; n--) s += rng.pick(alphabet);
      follows.lastIndex = 0;
      if (!follows.test(s)) continue;
      matched++;
      assert.match(s, first, `${r.kind}: ${JSON.stringify(s)} matches follows`);
    }
    assert.ok(matched > 100, `${r.kind}: follows matched only ${matched} strings`);
  }
});

Deno.test("the name checks in the keyword pass change no finding and drop hits", () => {
  const rng = new Rng(67);
  const checked = createEngine(SECRET_RULES);
  const plain = createEngine(SECRET_RULES, { nameChecks: false });
  const names = [
    "DB_PASSWORD",
    "api_key",
    "the token is",
    "input_tokens",
    "stripeKey",
    "db.password",
    "A".repeat(85) + "_API_TOKEN",
    "A".repeat(86) + "_API_TOKEN",
    "A".repeat(87) + "_API_TOKEN",
    "x".repeat(200) + "secret_token_",
  ];
  const seps = [
    "=",
    ": ",
    '\\": \\"',
    '\\\\\\": \\\\\\"',
    " = '",
    "  :=  ",
    "=>",
    ":=`",
    " is ",
    '"',
    "\\",
    "",
  ];
  // Values around every rule's least length, bare or quoted, some cut by a blank or a line break.
  const valueOf = () => {
    const v = rng.str(ALNUM, 1 + rng.int(8)) + "7" + rng.str(ALNUM, rng.int(12));
    return rng.pick([v, `"${v}"`, `'${v}'`, `${v} tail`, `${v}\nnext`, `\\"${v}\\"`]);
  };
  let found = 0;
  let dropped = 0;
  const texts: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const value = rng.str(ALNUM, 10) + "7" + rng.str(ALNUM, 13);
    texts.push(JSON.stringify({
      c: `${rng.pick(names)}${rng.pick(seps)}${value}\n${rng.pick(names)}${rng.pick(seps)}`,
    }));
    texts.push(`${rng.pick(names)}${rng.pick(seps)}${valueOf()}`);
  }
  for (const [, build] of Object.entries(SAMPLES)) {
    for (const wrap of Object.values(CONTEXTS)) texts.push(wrap(build(rng).text));
  }
  for (const text of texts) {
    const bytes = encoder.encode(text);
    const a = findSecrets(checked, bytes);
    assert.deepEqual(a, findSecrets(plain, bytes), text);
    found += a.length;
    dropped += plain.scanKeywords(bytes).hits.length - checked.scanKeywords(bytes).hits.length;
  }
  assert.ok(found > 1000, `positive control: ${found} found`);
  assert.ok(dropped > 500, `the checks dropped only ${dropped / 2} hits`);
});

Deno.test("a value that opens like a placeholder fails its rule's check in the pass (WebAssembly and TypeScript) and changes no finding", () => {
  const rng = new Rng(4103);
  const mixCase = (w: string) => [...w].map((c) => rng.int(2) === 0 ? c.toUpperCase() : c).join("");
  for (const prefilter of ["wasm", "ts"] as const) {
    const checked = createEngine(SECRET_RULES, { prefilter });
    const plain = createEngine(SECRET_RULES, { prefilter, nameChecks: false });
    // Each of these reached TypeScript before, where the placeholder test dropped it.
    for (
      const text of [
        "API_TOKEN=${API_TOKEN}",
        'const config = { "api_key": "<your api key here>" };',
        "DB_PASSWORD=changeme-now-1234",
        'client_secret: "example-client-secret-value"',
        "SESSION_SECRET = 'replace-with-a-long-random-string'",
      ]
    ) {
      const bytes = encoder.encode(text);
      assert.deepEqual(findSecrets(checked, bytes), [], text);
      assert.equal(checked.scanKeywords(bytes).hits.length, 0, `${prefilter}: ${text}`);
      assert.ok(plain.scanKeywords(bytes).hits.length > 0, text);
    }
    // Every opening, in any case, after every operator shape; and near misses (a real value).
    let found = 0;
    let kept = 0;
    for (let i = 0; i < 1500; i++) {
      const opening = rng.int(3) === 0
        ? rng.str(ALNUM, 1 + rng.int(4))
        : mixCase(rng.pick(PLACEHOLDER_OPENING_WORDS));
      const value = opening + rng.str(ALNUM, 4 + rng.int(20)) + rng.pick(["", "}", ">", "7"]);
      const name = rng.pick(["DB_PASSWORD", "api_key", "clientSecret", "GITHUB_TOKEN", "auth"]);
      const sep = rng.pick(["=", ": ", '": "', "= '", ":=", "=>", ' = \\"', ":\t`", "=="]);
      const text = rng.int(2) === 0
        ? `${name}${sep}${value}`
        : CONTEXTS.json_transcript!(`${name}${sep}${value}`);
      const bytes = encoder.encode(text);
      const a = findSecrets(checked, bytes);
      assert.deepEqual(a, findSecrets(plain, bytes), text);
      found += a.length;
      kept += checked.scanKeywords(bytes).hits.length;
    }
    assert.ok(found > 100, `positive control: ${found} found`);
    assert.ok(kept > 100, `positive control: ${kept} hits kept`);
  }
});

Deno.test("a check whose name is its keyword, with a value set, drops other header values and changes no finding", () => {
  const rng = new Rng(2104);
  const checked = createEngine(SECRET_RULES);
  const plain = createEngine(SECRET_RULES, { nameChecks: false });
  const heads = ["Authorization", "authorization", "AUTHORIZATION", "req.headers.authorization"];
  const between = [":", ": ", '": "', '\\": \\"', '\\\\\\":', "    :\t", "?.", " = ", '"', ":\n"];
  const values = () => {
    const key = rng.str(ALNUM, 12) + "7" + rng.str(ALNUM, 11);
    return rng.pick([
      key,
      `token ${key}`,
      `Token  ${key}`,
      `Bearer ${key}`,
      `Bearer $API_TOKEN`,
      `\`Bearer \${token}\``,
      `"${key}"`,
      `\\"token ${key}\\"`,
      `'${key}'`,
      `${key.slice(0, 15)} x`,
      `tok ${key}`,
      `${rng.str(ALNUM, 8)}-${rng.str(ALNUM, 4)}-${rng.str(ALNUM, 4)}-${rng.str(ALNUM, 12)}`,
    ]);
  };
  let found = 0;
  let dropped = 0;
  for (let i = 0; i < 3000; i++) {
    const text = `${rng.pick(heads)}${rng.pick(between)}${values()}${
      rng.pick(["", "\n", '"', ","])
    }`;
    const bytes = encoder.encode(rng.int(2) === 0 ? text : JSON.stringify({ c: text }));
    const a = findSecrets(checked, bytes);
    assert.deepEqual(a, findSecrets(plain, bytes), text);
    found += a.filter((f) => f.kind.startsWith("authorization")).length;
    dropped += plain.scanKeywords(bytes).hits.length - checked.scanKeywords(bytes).hits.length;
  }
  // Positive controls: headers found, and hits dropped by the checks.
  assert.ok(found > 300, `${found} authorization findings`);
  assert.ok(dropped / 2 > 800, `${dropped / 2} hits dropped`);
});

Deno.test("buildNameChecks() refuses a value set holding a quote or backslash", () => {
  const automaton = buildAutomaton(["auth"]);
  const rule = (cls: string) => ({
    lead: null,
    follows: {
      quote: false,
      escapes: 0,
      blanks: 0,
      operators: ":",
      value: { blanks: 0, min: 4, cls },
    },
    tail: null,
  } as const);
  // Control: a set without them builds.
  assert.equal(buildNameChecks(automaton, [[0]], [rule("A-Za-z")]).ruleMasks.length, 1);
  for (const cls of ['A-Z"', "A-Z'", "A-Z`", "A-Z\\\\"]) {
    assert.throws(() => buildNameChecks(automaton, [[0]], [rule(cls)]), RangeError, cls);
  }
});

Deno.test("a reach check drops URLs with no user:password@ after :// and changes no finding", () => {
  const rng = new Rng(2105);
  const checked = createEngine(SECRET_RULES);
  const plain = createEngine(SECRET_RULES, { nameChecks: false });
  const schemes = ["https", "postgres", "mongodb+srv", "redis", "git+ssh", "jdbc:mysql", "ftp"];
  const user = () =>
    rng.pick(["", "u", "admin", rng.str(ALNUM, 128), rng.str(ALNUM, 129), "bob%40corp"]);
  const pass = () =>
    rng.pick([
      rng.str(ALNUM, 10) + "7",
      "p:a:ss" + rng.str(ALNUM, 8),
      "p@ss" + rng.str(ALNUM, 8),
      rng.str(ALNUM, 255) + "7",
      rng.str(ALNUM, 256) + "7",
      "",
    ]);
  const tail = () =>
    rng.pick(["@db.example.com:5432/app", "@host", "/path@x", "?q=a@b", " @host", "@", "#@x"]);
  let found = 0;
  let dropped = 0;
  for (let i = 0; i < 3000; i++) {
    const body = rng.int(4) === 0
      ? rng.pick(["registry.npmjs.org/@types/node", "host/x:y@z", "a:b c@d", "::@@"])
      : `${user()}:${pass()}${tail()}`;
    const text = `${rng.pick(schemes)}://${body}`;
    const bytes = encoder.encode(
      rng.int(2) === 0 ? text : JSON.stringify({ c: `url = "${text}"` }),
    );
    const a = findSecrets(checked, bytes);
    assert.deepEqual(a, findSecrets(plain, bytes), text);
    found += a.filter((f) => f.kind === "database_url" || f.kind === "url_credentials").length;
    dropped += plain.scanKeywords(bytes).hits.length - checked.scanKeywords(bytes).hits.length;
  }
  // Positive controls: URL passwords found (some at the longest user and password), hits dropped.
  assert.ok(found > 300, `${found} URL findings`);
  assert.ok(dropped / 2 > 400, `${dropped / 2} hits dropped`);
});

Deno.test("a rule the pass cannot check leaves the checks of the other rules of its keyword in place", () => {
  const named: SecretRule = {
    kind: "named",
    title: "t",
    description: "d",
    keywords: ["token"],
    pattern: /(?<![a-z_])[a-z_]{0,20}token=(?<s>[A-Za-z0-9]{8,32})/,
    before: 24,
    lead: "a-z_",
    follows: { quote: false, escapes: 0, blanks: 0, operators: "=" },
    after: 48,
    priority: 1,
  };
  // No lead, follows or tail: the pass cannot check it.
  const bare: SecretRule = {
    kind: "bare",
    title: "t",
    description: "d",
    keywords: ["token"],
    pattern: /token-[0-9a-f]{8}/,
    after: 16,
    priority: 2,
  };
  for (const prefilter of ["ts", "wasm"] as const) {
    const checked = createEngine([named, bare], { prefilter });
    const plain = createEngine([named, bare], { prefilter, nameChecks: false });
    // The bit of each rule's check among the hit's passed checks (rules in order).
    const bits = (text: string) => {
      const pass = checked.scanKeywords(encoder.encode(text));
      assert.equal(pass.hits.length, 2, `${prefilter}: one hit in ${text}`);
      const masks = checked.nameChecks!.ruleMasks;
      return [(pass.passed[0]! & masks[0]!) !== 0, (pass.passed[0]! & masks[1]!) !== 0];
    };
    // The named rule's check fails where no `=` follows its name; the bare rule takes the hit.
    assert.deepEqual(bits("see token-0badf00d"), [false, true], prefilter);
    // Control: with `=` after the name, the named rule's check passes too.
    assert.deepEqual(bits("my_token=Ab3dEf6hIj"), [true, true], prefilter);
    for (const text of ["see token-0badf00d", "my_token=Ab3dEf6hIj", "token token=x"]) {
      const bytes = encoder.encode(text);
      assert.deepEqual(findSecrets(checked, bytes), findSecrets(plain, bytes), text);
    }
    assert.deepEqual(
      findSecrets(checked, encoder.encode("see token-0badf00d")).map((f) => f.kind),
      [
        "bare",
      ],
    );
    assert.deepEqual(
      findSecrets(checked, encoder.encode("my_token=Ab3dEf6hIj")).map((f) => f.kind),
      ["named"],
    );
  }
});

Deno.test("an opening check drops a directive's word in prose and changes no finding (WebAssembly and TypeScript)", () => {
  // The line-long and quoted directive rules (rules_config.ts) match only a name that opens a
  // line; their tail check also asks that of the name, so `reset your password manager` is
  // dropped in the pass while `rootpw X`, wherever a line can open, still reaches the engine.
  const rng = new Rng(2212);
  const engines = (["wasm", "ts"] as const).map((prefilter) => ({
    checked: createEngine(SECRET_RULES, { prefilter }),
    plain: createEngine(SECRET_RULES, { prefilter, nameChecks: false }),
  }));
  const names = ["rootpw", "bindpw", "auth_pass", "password", "api_key", "secure_link_secret"];
  const openers = [
    "",
    "\n",
    "\r\n",
    "{ ",
    "; ",
    "\\n",
    "\\\\n",
    "\\r\\n",
    '"out": "',
    '\\"o\\": \\"',
  ];
  const indents = ["", " ", "\t", "    ", "\\t", "\\t\\t", " \\t"];
  const prose = ["reset your ", "the ", "a strong ", "Enter the ", "x"];
  const value = () => rng.str(ALNUM, 4 + rng.int(12)) + rng.pick(["7", "_9", "!", "-x1"]);
  let found = 0;
  let dropped = 0;
  for (let i = 0; i < 1500; i++) {
    const name = rng.pick(names);
    const gap = rng.pick([" ", "\t", "  ", "\\t"]);
    const line = rng.int(3) === 0
      ? `${rng.pick(prose)}${name}${gap}${rng.pick(["manager", "handler", "combination", value()])}`
      : `${rng.pick(openers)}${rng.pick(indents)}${name}${gap}${value()}${
        rng.pick(["", ";", " # c"])
      }`;
    const text = `${rng.pick(["", "line before", '{"a":1}'])}${line}${
      rng.pick(["", "\n", "\\n", '"'])
    }`;
    const bytes = encoder.encode(text);
    for (const { checked, plain } of engines) {
      const a = findSecrets(checked, bytes);
      assert.deepEqual(a, findSecrets(plain, bytes), JSON.stringify(text));
      found += a.length;
      dropped += plain.scanKeywords(bytes).hits.length - checked.scanKeywords(bytes).hits.length;
    }
  }
  // Prose holds no hit at all; the directive on the next line keeps its one (control).
  for (const { checked } of engines) {
    const hits = (t: string) => checked.scanKeywords(encoder.encode(t)).hits.length / 2;
    assert.equal(hits("reset your password combination"), 0);
    assert.equal(hits("the api_key handler"), 0);
    assert.equal(hits("reset your password manager\nrootpw Ab3dEf7x"), 1);
  }
  // Positive controls: directive values found, and prose hits dropped by the pass.
  assert.ok(found > 800, `${found} findings`);
  assert.ok(dropped / 2 > 500, `${dropped / 2} hits dropped`);
});
