// Tests for core/safety/secrets/engine.ts: overlap resolution, byte offsets
// around non-ASCII text, unterminated key blocks, the TS fallback.

import assert from "node:assert/strict";
import {
  createEngine,
  findSecrets,
  findSecretsIn,
} from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import type { SecretRule } from "../../../../core/safety/secrets/rule.ts";
import { ALNUM, B64, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const encoder = new TextEncoder();

Deno.test("findSecrets() lets the vendor rule win over the generic assignment covering the same value", () => {
  const s = SAMPLES.github_pat!(new Rng(61));
  const text = `GITHUB_TOKEN=${s.secret}\ntoken: "${s.secret}"\n`;
  const f = findSecrets(engine, encoder.encode(text));
  assert.deepEqual(f.map((x) => x.kind), ["github_pat", "github_pat"]);
});

Deno.test("findSecrets() reports byte offsets after multi-byte characters", () => {
  const s = SAMPLES.slack_bot_token!(new Rng(62));
  const prefix = "日本語 ✓ café — ";
  const bytes = encoder.encode(`${prefix}${s.secret} ünï`);
  const [f] = findSecrets(engine, bytes);
  const start = encoder.encode(prefix).length;
  assert.deepEqual(f, { kind: "slack_bot_token", start, end: start + s.secret.length });
  assert.equal(new TextDecoder().decode(bytes.subarray(f!.start, f!.end)), s.secret);
});

Deno.test("findSecrets() redacts an unterminated key block through the end of its base64 body", () => {
  const rng = new Rng(63);
  const body = Array.from({ length: 6 }, () => rng.str(B64, 64)).join("\n");
  const text = `-----BEGIN EC PRIVATE KEY-----\n${body}\n\n(truncated by the tool)\n`;
  const [f] = findSecrets(engine, encoder.encode(text));
  assert.equal(f?.kind, "private_key_pem");
  assert.equal(text.slice(f!.start, f!.end), `-----BEGIN EC PRIVATE KEY-----\n${body}`);
});

Deno.test("findSecrets() finds nothing in text without keywords (and something with one)", () => {
  const rng = new Rng(64);
  const clean = encoder.encode(rng.str("abcdefghijklmnopqrstuvwxyz ", 10_000));
  assert.deepEqual(findSecrets(engine, clean), []);
  const s = SAMPLES.groq_api_key!(rng);
  assert.equal(findSecrets(engine, encoder.encode(`x ${s.text} y`)).length, 1);
});

Deno.test("createEngine() builds the TS prefilter on request and reports the longest windows", () => {
  const ts = createEngine(SECRET_RULES, { prefilter: "ts" });
  assert.equal(ts.prefilter, "ts");
  assert.equal(engine.prefilter, "wasm");
  assert.ok(engine.maxAfter >= 20 * 1024);
  const rule: SecretRule = {
    kind: "demo",
    title: "demo",
    description: "demo",
    keywords: ["kx7-"],
    pattern: /kx7-[0-9]{4}/,
    after: 12,
    priority: 3,
  };
  const one = createEngine([rule]);
  assert.deepEqual(findSecrets(one, encoder.encode("a kx7-9153 kx7-12")), [
    { kind: "demo", start: 2, end: 10 },
  ]);
});

Deno.test("rejecting by name before the pattern runs changes no finding", () => {
  const rng = new Rng(65);
  const plain = SECRET_RULES.map((r) => {
    const { rejectName: _drop, ...rest } = r;
    return rest as SecretRule;
  });
  const without = createEngine(plain);
  const names = [
    "input_tokens",
    "max_tokens",
    "TOKEN_TTL",
    "page_token",
    "api_key",
    "DB_PASSWORD",
    "Secret",
  ];
  let found = 0;
  for (let i = 0; i < 300; i++) {
    const kind = rng.pick(Object.keys(SAMPLES));
    const s = SAMPLES[kind]!(rng);
    const text = `${rng.pick(names)}: ${rng.pick([s.secret, "12", "abc"])}\n${
      rng.pick(names)
    }=${s.secret}\n${s.text}`;
    const bytes = encoder.encode(text);
    const a = findSecrets(engine, bytes);
    assert.deepEqual(a, findSecrets(without, bytes), text);
    found += a.length;
  }
  assert.ok(found > 300);
});

Deno.test("checking what follows a name before the pattern runs changes no finding", () => {
  const rng = new Rng(66);
  const plain = SECRET_RULES.map((r) => {
    const { follows: _drop, rejectName: _drop2, ...rest } = r;
    return rest as SecretRule;
  });
  const without = createEngine(plain);
  const names = [
    "DB_PASSWORD",
    "api_key",
    "the token is",
    "DD_API_KEY",
    // Names of 96, 97 and 98 characters around the longest a rule reads.
    "A".repeat(85) + "_API_TOKEN",
    "A".repeat(86) + "_API_TOKEN",
    "A".repeat(87) + "_API_TOKEN",
    "x".repeat(200) + "secret_token_",
  ];
  const seps = ["=", ": ", '\\": \\"', " = '", "  :=  ", " is "];
  let found = 0;
  for (let i = 0; i < 400; i++) {
    const value = rng.str(ALNUM, 10) + "7" + rng.str(ALNUM, 13);
    const text = JSON.stringify({
      c: `${rng.pick(names)}${rng.pick(seps)}${value}\n${rng.pick(names)}${rng.pick(seps)}x\n`,
    });
    const bytes = encoder.encode(text);
    const a = findSecrets(engine, bytes);
    assert.deepEqual(a, findSecrets(without, bytes), text);
    found += a.length;
  }
  assert.ok(found > 100, `positive control: ${found} found`);
});

Deno.test("a rule's needs literal drops hits without it in the window and keeps those with it", () => {
  const rule: SecretRule = {
    kind: "demo_needs",
    title: "demo",
    description: "demo",
    keywords: ["qz9", "qz9qz"],
    pattern: /qz9(?:qz)?[a-z ]{0,40}?-u (?<s>[A-Za-z0-9]{12})/,
    needs: "-u",
    after: 30,
    priority: 3,
  };
  const demo = createEngine([rule], { prefilter: "ts" });
  const spans = (text: string) =>
    findSecrets(demo, encoder.encode(text)).map((f) => text.slice(f.start, f.end));
  // Positive controls: with the literal in the window, and for hits after an
  // earlier one whose literal lies further on (the cached search is reused).
  assert.deepEqual(spans("qz9 abc -u k3J9xQ2mP7zR"), ["k3J9xQ2mP7zR"]);
  assert.deepEqual(spans("qz9 a qz9 b -u Vw8pL2nQ5tYe qz9qz c -u Hc4rT9bM1sKd"), [
    "Vw8pL2nQ5tYe",
    "Hc4rT9bM1sKd",
  ]);
  // Without it, or with it past the window, no finding.
  assert.deepEqual(spans("qz9 abc -x k3J9xQ2mP7zR"), []);
  assert.deepEqual(spans(`qz9 ${"a".repeat(40)} -u k3J9xQ2mP7zR`), []);
  // The pattern alone would match here: the literal decides.
  assert.deepEqual(
    findSecrets(
      createEngine([{ ...rule, needs: "-v" }]),
      encoder.encode("qz9 abc -u k3J9xQ2mP7zR"),
    ),
    [],
  );
});

Deno.test("a section rule takes openings on either side of its marker, never across a cut or past its distances", () => {
  const rule: SecretRule = {
    kind: "demo_section",
    title: "demo",
    description: "demo",
    keywords: ["mark"],
    anchor: "near",
    section: { marker: /MARK/, cut: /MARK|CUT/, opens: /val=/, before: 40, after: 20 },
    pattern: /val=(?<s>[A-Za-z0-9]{12})/,
    before: 40,
    after: 60,
    priority: 2,
  };
  const demo = createEngine([rule], { prefilter: "ts" });
  const spans = (text: string) =>
    findSecrets(demo, encoder.encode(text)).map((f) => text.slice(f.start, f.end));
  // Positive controls: before and after the marker, several per section.
  assert.deepEqual(spans("val=k3J9xQ2mP7zR MARK val=Vw8pL2nQ5tYe"), [
    "k3J9xQ2mP7zR",
    "Vw8pL2nQ5tYe",
  ]);
  assert.deepEqual(spans("val=k3J9xQ2mP7zR val=Hc4rT9bM1sKd MARK"), [
    "k3J9xQ2mP7zR",
    "Hc4rT9bM1sKd",
  ]);
  // A cut between the opening and the marker, or a marker of another section, ends the section.
  assert.deepEqual(spans("val=k3J9xQ2mP7zR CUT MARK CUT val=Vw8pL2nQ5tYe"), []);
  assert.deepEqual(spans("MARK val=k3J9xQ2mP7zR MARK val=Vw8pL2nQ5tYe"), [
    "k3J9xQ2mP7zR",
    "Vw8pL2nQ5tYe",
  ]);
  // Past the distances, or no marker where the keyword is (the keyword ignores case, the marker not).
  assert.deepEqual(spans(`val=k3J9xQ2mP7zR ${"x".repeat(40)} MARK`), []);
  assert.deepEqual(spans(`MARK ${"x".repeat(20)} val=k3J9xQ2mP7zR`), []);
  assert.deepEqual(spans("mark val=k3J9xQ2mP7zR"), []);
  // Many markers and openings in a row: every section is read, each opening tried once.
  const many = "MARK val=k3J9xQ2mP7zR ".repeat(5000);
  assert.equal(spans(many).length, 5000);
});

Deno.test("a chain of names in a rejected bare value is still read: the value after it is found", () => {
  const spans = (text: string) =>
    findSecrets(engine, encoder.encode(text)).map((f) => text.slice(f.start, f.end));
  // Positive controls: the value after a chain, and a value at the end of one.
  assert.deepEqual(spans("key:key:key:key:key: Ab3dEf9hIj2kLm5nQ7"), ["Ab3dEf9hIj2kLm5nQ7"]);
  assert.deepEqual(spans("key:key:Ab3dEf9hIj2kLm5nQ7"), ["Ab3dEf9hIj2kLm5nQ7"]);
  // A quoted value holding an assignment is read as well.
  assert.deepEqual(spans('note: "api_key: q8Zr1mXw4Lp0vT9sKd"'), ["q8Zr1mXw4Lp0vT9sKd"]);
  // A long chain is judged by a few reads, and what follows it still is.
  const chain = "key:".repeat(50_000);
  assert.deepEqual(spans(chain), []);
  assert.deepEqual(spans(`${chain} stripeKey: Ab3dEf9hIj2kLm5nQ7`), ["Ab3dEf9hIj2kLm5nQ7"]);
});

Deno.test("a secret's offsets are right where its text also occurs earlier in the match", () => {
  const rng = new Rng(71);
  const value = rng.str(ALNUM, 20) + "7q";
  // The name holds the value too: the secret is the second occurrence, not the first.
  const text = `x ${value}_token = "${value}"\n`;
  const f = findSecrets(engine, encoder.encode(text));
  assert.equal(f.length, 1);
  assert.equal(f[0]!.start, text.lastIndexOf(value));
  assert.equal(f[0]!.end, text.lastIndexOf(value) + value.length);
  // Positive control: a value that occurs once is placed from the match's text.
  const once = `x other_token = "${value}"\n`;
  const g = findSecrets(engine, encoder.encode(once));
  assert.deepEqual(g.map((x) => [x.start, x.end]), [[
    once.indexOf(value),
    once.indexOf(value) + value.length,
  ]]);
});

Deno.test("a rule whose secret is the value after the operator drops placeholder values before its pattern runs", () => {
  let judged = 0;
  const rule: SecretRule = {
    kind: "demo",
    title: "demo",
    description: "demo",
    keywords: ["token"],
    pattern:
      /(?<![A-Za-z0-9_])(?=(?<name>[A-Za-z0-9_]{3,40}))\k<name>(?:\\?["'])?[ \t]{0,16}(?::=|=>|=|:)[ \t]{0,16}(?:\\?"(?<s>[^"\\\r\n]{5,200})\\?"|(?:\\?["'])?(?<s>[^\s"'\\]{5,200}))/,
    lead: "A-Za-z0-9_",
    follows: { quote: true, escapes: 1, blanks: 16, operators: ":=" },
    valueAfterOperator: true,
    before: 40,
    after: 300,
    priority: 1,
    validate: () => {
      judged++;
      return true;
    },
  };
  const { valueAfterOperator: _drop, ...plainRule } = rule;
  const withIt = createEngine([rule]);
  const without = createEngine([plainRule as SecretRule]);
  const placeholders = ["${TOKEN}", "<your-token>", "********", "example-token", "xxxxxxxxxx"];
  for (const value of placeholders) {
    for (
      const shape of [
        `API_TOKEN=${value}`,
        `"api_token": "${value}"`,
        `{\\"token\\": \\"${value}\\"}`,
      ]
    ) {
      const bytes = encoder.encode(shape);
      judged = 0;
      assert.deepEqual(findSecrets(withIt, bytes), [], shape);
      assert.equal(judged, 0, shape);
      // Without the declaration the pattern runs (and the placeholder checks reject it).
      assert.deepEqual(findSecrets(without, bytes), [], shape);
      assert.ok(judged > 0, shape);
    }
  }
  // Positive controls: a real value, and values the opening test must leave to the pattern.
  for (
    const shape of ["API_TOKEN=q8Zr1mXw4Lp0", 'api_token: "q8Zr1mXw4Lp0"', "token := q8Zr1mXw4Lp0"]
  ) {
    const bytes = encoder.encode(shape);
    judged = 0;
    const found = findSecrets(withIt, bytes);
    assert.equal(found.length, 1, shape);
    assert.ok(judged > 0);
    assert.deepEqual(found, findSecrets(without, bytes), shape);
  }
});

/** Where the value after the operator ending at `at` begins, as valueAfterOperator states it (-1: left to the pattern). */
function declaredValueStart(text: string, at: number): number {
  let p = at;
  if (text[p] === "=" || text[p] === ">") return -1;
  while (text[p] === " " || text[p] === "\t") p++;
  if (text[p] === "\\") {
    p++;
    if (!`"'\``.includes(text[p] ?? "x")) return -1;
  }
  return `"'\``.includes(text[p] ?? "x") ? p + 1 : p;
}

Deno.test("every rule that declares valueAfterOperator has its secret right after the operator, and finds what it found without it", () => {
  const rng = new Rng(72);
  const declared = SECRET_RULES.filter((r) => r.valueAfterOperator === true);
  assert.ok(declared.length > 0);
  const plain = SECRET_RULES.map((r) => {
    const { valueAfterOperator: _drop, ...rest } = r;
    return rest as SecretRule;
  });
  const without = createEngine(plain);
  const separators = [
    "=",
    ": ",
    ":=",
    "=>",
    " = ",
    '="',
    ': "',
    '=\\"',
    ": '",
    "= `",
    '": "',
    '\\": \\"',
    ":  \\'",
  ];
  const openings = [
    "${",
    "{{ ",
    "<",
    "***",
    "xxxxx",
    "...",
    "00000000",
    "example-",
    "changeme",
    "your-",
    "",
    "",
    "",
  ];
  let matched = 0;
  let found = 0;
  for (const rule of declared) {
    const sticky = new RegExp(rule.pattern.source, rule.pattern.flags.replace(/[gyd]/g, "") + "dy");
    for (let i = 0; i < 150; i++) {
      const keyword = rng.pick([...rule.keywords]).replace(/[^A-Za-z0-9_]/g, "_");
      const name = rng.pick([
        keyword.toUpperCase(),
        `MY_${keyword.toUpperCase()}`,
        `db_${keyword}`,
        keyword,
      ]);
      const sep = rng.pick(separators);
      const close = sep.includes('\\"')
        ? '\\"'
        : sep.includes('"')
        ? '"'
        : sep.includes("'")
        ? "'"
        : sep.includes("`")
        ? "`"
        : "";
      const value = rng.pick(openings) + rng.str(ALNUM + "-_./+", 8 + rng.int(24)) +
        rng.pick(["}", "}}", ">", "", "7Q"]);
      const text = `${name}${sep}${value}${close}`;
      sticky.lastIndex = 0;
      const m = sticky.exec(text);
      if (m !== null && m.groups?.s !== undefined) {
        matched++;
        // The operator `follows` reads: the first operator byte after the name (and its closing quote and blanks).
        const op = name.length + sep.search(/[:=]/) + 1;
        const at = declaredValueStart(text, op);
        if (at >= 0) assert.equal(m.indices!.groups!.s![0], at, `${rule.kind}: ${text}`);
      }
      const bytes = encoder.encode(`x ${text}\n`);
      const a = findSecrets(engine, bytes);
      assert.deepEqual(a, findSecrets(without, bytes), text);
      found += a.length;
    }
  }
  assert.ok(matched > 100);
  assert.ok(found > 50);
});

Deno.test("a rule without a name tries each start once per window, however many hits are near it", () => {
  // Count the sticky attempts of the SQL rule (before: 300) through its judging pattern.
  const counted = createEngine(SECRET_RULES);
  const sql = counted.rules.find((c) => c.rule.kind === "sql_password")!;
  let tries = 0;
  class Counting extends RegExp {
    override exec(s: string): RegExpExecArray | null {
      tries++;
      return super.exec(s);
    }
  }
  sql.fast = new Counting(sql.rule.pattern.source, sql.reFlags.replace("d", ""));
  const statement = "CREATE USER bob WITH PASSWORD 'Tr0ub4dor-x9';";
  const spans = (text: string) =>
    findSecrets(counted, encoder.encode(text)).map((f) => text.slice(f.start, f.end));
  // A hit every ten bytes: each start in reach of 30 hits. Before, each hit tried all of
  // its 301 starts (about 30 attempts per byte); now each start is tried once.
  const hostile = "password '".repeat(2000);
  assert.deepEqual(spans(`${hostile}\n${statement}`), ["Tr0ub4dor-x9"]);
  assert.ok(tries > 0);
  assert.ok(tries <= hostile.length + statement.length + 2 * 301, `${tries} attempts`);
  // Positive controls: the statement alone, and after hits that tried (and missed) its starts.
  tries = 0;
  assert.deepEqual(spans(statement), ["Tr0ub4dor-x9"]);
  assert.ok(tries > 0);
  assert.deepEqual(spans(`ALTER USER bob IDENTIFIED BY 'x'; ${statement}`), [
    "Tr0ub4dor-x9",
  ]);
});

Deno.test("an owner's _PW or PASS name repeated: a bounded number of pattern runs a byte, as for any other name", () => {
  // Every pattern run counted (test, match, split and replace run exec when it is replaced).
  // A value holding `=` after a password name was read as a chain of assignments, each of
  // its links as a name: `LDAP_BIND_PW=` repeated ran 24 patterns a byte, `DBPASS=` 18.
  const exec = RegExp.prototype.exec;
  const runsPerByte = (unit: string) => {
    const bytes = encoder.encode(unit.repeat(Math.ceil((128 << 10) / unit.length)));
    let runs = 0;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      runs++;
      return exec.call(this, s);
    };
    try {
      findSecrets(engine, bytes);
    } finally {
      RegExp.prototype.exec = exec;
    }
    return runs / bytes.length;
  };
  for (const unit of ["LDAP_BIND_PW=", "DBPASS=", "ldap_bind_pw=", "A_PW=B_PW=C_PW=D_PW="]) {
    const perByte = runsPerByte(unit);
    assert.ok(perByte < 2, `${unit}: ${perByte.toFixed(2)} runs a byte`);
  }
  // Positive control: the units of the hostile table the bound was set by.
  assert.ok(runsPerByte("token=") > 0.1);
  // And the values still redacted under those names.
  const text = "LDAP_BIND_PW=Xk9q2Lm7Zr8w\nDBPASS=Qz4vBn8Tc1Hy\n";
  assert.deepEqual(
    findSecrets(engine, encoder.encode(text)).map((f) => text.slice(f.start, f.end)),
    ["Xk9q2Lm7Zr8w", "Qz4vBn8Tc1Hy"],
  );
});

Deno.test("perf21w: a name repeated with no delimiter for longer than a value's bound: each byte's value checks stay bounded, real values around it are found", () => {
  // The characters of the matches handed to the value checks, a byte of input. `db.root.pw=`
  // repeated: each 8 kB value was judged MAX_RUN_TRIES (8) times, then the next hit, just past
  // its bound, started a fresh run of tries: 8 characters judged a byte (2.4 MB/s).
  const judged = (text: string) => {
    const counted = createEngine(SECRET_RULES);
    const verdicts = counted.rules[0]!.verdicts;
    const known = verdicts.known.bind(verdicts);
    let chars = 0;
    verdicts.known = (rule: number, m: RegExpExecArray) => {
      chars += m[0].length;
      return known(rule, m);
    };
    const found = findSecrets(counted, encoder.encode(text)).map((f) => text.slice(f.start, f.end));
    return { perByte: chars / text.length, found };
  };
  for (const unit of ["db.root.pw=", "app.db.password=", "svc.pw:"]) {
    const { perByte } = judged(unit.repeat(Math.ceil((256 << 10) / unit.length)));
    assert.ok(perByte < 1, `${unit}: ${perByte.toFixed(2)} characters judged a byte`);
  }
  // Positive controls: the count counts, and values around such a run are still found.
  assert.ok(judged("db.root.pw=Xk9q2Lm7Zr8w\n".repeat(100)).perByte > 0.3);
  const real = "db.root.pw=Xk9q2Lm7Zr8w";
  const { found } = judged(`${real}\n${"db.root.pw=".repeat(3000)}\n${real}\n`);
  assert.deepEqual(found, ["Xk9q2Lm7Zr8w", "Xk9q2Lm7Zr8w"]);
});

Deno.test("perf21x: a long run of name characters is walked about once per rule, not once per keyword in it; names around it are still read", () => {
  // Name characters read by the name walks (every look-up in a rule's lead table), a byte of
  // input. Each keyword in `secret_token_` repeated walked its run forward to the name's bound
  // (98) and back over the rule's reach, for every rule of the keyword: 6 MB/s.
  const checked = (text: string) => {
    const counted = createEngine(SECRET_RULES);
    let reads = 0;
    for (const c of counted.rules) {
      if (c.lead === null) continue;
      c.lead = new Proxy(c.lead, {
        get(target, key) {
          if (typeof key === "string") reads++;
          return Reflect.get(target, key);
        },
      });
    }
    const found = findSecrets(counted, encoder.encode(text)).map((f) => text.slice(f.start, f.end));
    return { perByte: reads / text.length, found };
  };
  for (const unit of ["secret_token_", "token_secret_key_", "apiKeyPasswordToken"]) {
    const { perByte } = checked(unit.repeat(Math.ceil((64 << 10) / unit.length)));
    assert.ok(perByte < 6, `${unit}: ${perByte.toFixed(1)} name characters checked a byte`);
  }
  // Positive controls: the count counts (on the old walks: 24, 18 and 16 a byte; `token=`: 1.2)...
  assert.ok(checked("token=".repeat(4000)).perByte > 0.5);
  // ...and the names before and after such a run are read as before (one glued to its
  // end is part of a run longer than any name, as it was).
  const run = "secret_token_".repeat(3000);
  const text =
    `SECRET_TOKEN=Xk9q2Lm7Zr8wPq3\n${run}\napi_token=Bv5nC8xZ2qW4eR7\n${run}SECRET_TOKEN=Hy6tG3dS9aF1jK2\n`;
  const { found } = checked(text);
  assert.deepEqual(found, ["Xk9q2Lm7Zr8wPq3", "Bv5nC8xZ2qW4eR7"]);
});

Deno.test("a section rule reads a window around its marker: the same findings as on the whole buffer", () => {
  // The value may run far past the rule's reach: such a match is read again on the whole text.
  const rule: SecretRule = {
    kind: "demo_section",
    title: "demo",
    description: "demo",
    keywords: ["mark"],
    anchor: "near",
    section: { marker: /MARK/, cut: /CUT/, opens: /val=/, before: 40, after: 40 },
    pattern: /val=(?<s>[A-Za-z0-9]{12,9000})/,
    before: 40,
    after: 60,
    priority: 2,
  };
  const demo = createEngine([rule], { prefilter: "ts" });
  const rng = new Rng(73);
  const long = rng.str(ALNUM, 5000);
  const text = [
    "x".repeat(3000),
    "val=k3J9xQ2mP7zR MARK val=Vw8pL2nQ5tYe",
    "y".repeat(3000),
    `MARK val=${long} tail`,
    "z".repeat(3000),
    "CUT val=Hc4rT9bM1sKd MARK",
  ].join("\n");
  const bytes = encoder.encode(text);
  const spans = (least: number) =>
    findSecretsIn(demo, bytes, least).map((f) => text.slice(f.start, f.end));
  const whole = spans(1 << 30);
  // Positive control: every value, the long one whole (not cut at the window's end).
  assert.deepEqual(whole, ["k3J9xQ2mP7zR", "Vw8pL2nQ5tYe", long, "Hc4rT9bM1sKd"]);
  for (const least of [1, 100, 4096]) {
    assert.deepEqual(spans(least), whole, `least window ${least}`);
  }
});
