// Tests for where an assigned value ends (core/safety/secrets/rules.ts): a
// shell value with `;`, `&`, `|` or `#` inside, a short password before a
// shell `;`, and a form or query field that ends at `&` (see: #21).

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const wrappers = [(x: string) => x, CONTEXTS.json_transcript!];

Deno.test("a bare env value keeps its inner `;`, `&`, `|` and `#`: no part of it is left", () => {
  const rng = new Rng(2901);
  const part = () => p("Q7", rng.str(ALNUM, 6));
  const cases: [string, string[]][] = [];
  for (const op of [";", "&", "|", "#"]) {
    const a = part();
    const b = part();
    cases.push([`DB_PASSWORD=${a}${op}${b}!x`, [a, b]]);
    cases.push([`export API_TOKEN=${a}${op}${b}${part()}`, [a, b]]);
  }
  for (const [text, parts] of cases) {
    for (const wrap of wrappers) {
      const r = redactText(engine, wrap(text));
      assert.deepEqual(r.kinds, ["env_secret"], wrap(text));
      for (const x of parts) assert.ok(!r.text.includes(x), `${x} survived in ${r.text}`);
    }
  }
});

Deno.test("a short password before a shell `;` is redacted; the next command and setting are kept", () => {
  const cases: [string, string][] = [
    ["DB_PASSWORD=Xy7; ./run.sh", "DB_PASSWORD=[REDACTED:env_secret]; ./run.sh"],
    ["MYSQL_PASSWORD=abc", "MYSQL_PASSWORD=[REDACTED:env_secret]"],
    ["A=1;DB_PASSWORD=Ab3;B_MODE=xy", "A=1;DB_PASSWORD=[REDACTED:env_secret];B_MODE=xy"],
    ["DB_PASSWORD=k9Lm2&API_MODE=fast", "DB_PASSWORD=[REDACTED:env_secret]&API_MODE=fast"],
    ["PGPASSWORD=Zq7Rt4 && psql", "PGPASSWORD=[REDACTED:env_secret] && psql"],
  ];
  for (const [text, want] of cases) assert.equal(redactText(engine, text).text, want);
  // Short values that are no password: placeholders, type words, references, a short
  // value under a name that is not a password, a letter-only `_PASS` value.
  for (
    const text of [
      "PASSWORD=***",
      "PASSWORD=...",
      "PASSWORD=<pw>",
      "PASSWORD=%s",
      "PASSWORD=none",
      "PASSWORD=foo",
      "PASSWORD=N/A",
      "PASSWORD=set",
      "PASSWORD=$X",
      "PASSWORD=${X}",
      "DB_PASS=yes",
      "API_TOKEN=ab1",
      "SECRET_MODE=on",
      "MAX_PASSWORD=10",
    ]
  ) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a form or query field ends at `&` before the next field; an `&` inside a password stays in it", () => {
  const rng = new Rng(2902);
  const pw = () => p("Xk2", rng.str(ALNUM, 9));
  const a = pw();
  const b = pw();
  const kept: [string, string][] = [
    [
      `curl -d 'username=bob&password=${a}&grant_type=password' https://x.test/token`,
      "&grant_type=password'",
    ],
    [`https://x.test/login?user=bob&password=${a}&next=/home`, "&next=/home"],
    [`client_secret=${b}&grant_type=client_credentials`, "&grant_type=client_credentials"],
    [`password=${a}&amp;next=1`, "&amp;next=1"],
  ];
  for (const [text, tail] of kept) {
    for (const wrap of wrappers) {
      const r = redactText(engine, wrap(text));
      assert.equal(r.kinds.length, 1, wrap(text));
      assert.ok(!r.text.includes(a) && !r.text.includes(b), r.text);
      assert.ok(
        r.text.includes(JSON.stringify(tail).slice(1, -1)) || r.text.includes(tail),
        r.text,
      );
    }
  }
  // An `&` followed by no field name is part of the value: its tail is redacted too.
  const c = pw();
  const d = pw();
  for (const text of [`password: ${c}&${d}`, `client_secret=${c}&${d}&grant_type=x`]) {
    const r = redactText(engine, text);
    assert.equal(r.kinds.length, 1, text);
    assert.ok(!r.text.includes(c) && !r.text.includes(d), r.text);
  }
});

Deno.test("a bare password keeps an inner `;` or `#`; a comment, a statement's end and the next setting are kept", () => {
  const rng = new Rng(2907);
  const part = () => p("Q7", rng.str(ALNUM, 5));
  for (const op of [";", "#"]) {
    const a = part();
    const b = part();
    for (const text of [`password=${a}${op}${b}`, `db_password: ${a}${op}${b}`]) {
      for (const wrap of wrappers) {
        const r = redactText(engine, wrap(text));
        // The generic rule's value class holds `#`: either rule may take the whole value.
        assert.equal(r.kinds.length, 1, wrap(text));
        assert.ok(!r.text.includes(a) && !r.text.includes(b), r.text);
      }
    }
  }
  const pw = p("Xk2", rng.str(ALNUM, 8));
  const kept: [string, string][] = [
    [`Password=${pw};Server=db`, "Password=[REDACTED:password_assignment];Server=db"],
    [`db_password = ${pw}  # prod`, "db_password = [REDACTED:password_assignment]  # prod"],
    [`password=${pw};`, "password=[REDACTED:password_assignment];"],
  ];
  for (const [text, want] of kept) assert.equal(redactText(engine, text).text, want);
  for (const text of ["password: # TODO fill in", "password: #abc123", "password=t.pw;this.x=1"]) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a bare token, key or secret keeps an inner `;`; the next setting, a statement and code are kept", () => {
  const rng = new Rng(2911);
  const part = () => p("Q7", rng.str(ALNUM, 7));
  for (const name of ["token", "api_key", "client_secret", "x-auth-token", "credentials"]) {
    const a = part();
    const b = part();
    for (const text of [`${name}=${a};${b}`, `${name}: ${a};${b}`, `?${name}=${a};${b}&x=1`]) {
      for (const wrap of wrappers) {
        const r = redactText(engine, wrap(text));
        assert.equal(r.kinds.length, 1, wrap(text));
        assert.ok(!r.text.includes(a) && !r.text.includes(b), `${b} survived in ${r.text}`);
      }
    }
  }
  const tok = p("Ab3", rng.str(ALNUM, 17));
  const kept: [string, string][] = [
    [`token=${tok};Server=db`, "token=[REDACTED:generic_secret];Server=db"],
    [`x.token=${tok}; y=1`, "x.token=[REDACTED:generic_secret]; y=1"],
    [`api_key=${tok};`, "api_key=[REDACTED:generic_secret];"],
  ];
  for (const [text, want] of kept) assert.equal(redactText(engine, text).text, want);
  // Code: a statement word or a member chain after the `;` is the next statement.
  for (
    const text of [
      "var token=accessToken2;var b=2",
      "token=tokenValue1;console.log(x)",
      "e.token=t;e.x=1",
      "secret=process.env.SECRET_KEY1;module.exports=x",
      "token=;Ab3kL9xQ7mZ2pR8vT4wY6",
    ]
  ) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a quoted password or token that opens with `#` or `;` is redacted: only a bare one's `#` or `;` is a comment or a statement's end", () => {
  const rng = new Rng(2913);
  for (const op of ["#", ";"]) {
    const v = p(op, "%hxK9", rng.str(ALNUM, 12));
    for (
      const text of [
        `"pass": "${v}",`,
        `pwd='${v}'`,
        `"password": "${v}"`,
        `password: '${v}'`,
        `"token": "${v}"`,
      ]
    ) {
      for (const wrap of wrappers) {
        const r = redactText(engine, wrap(text));
        assert.equal(r.kinds.length, 1, wrap(text));
        assert.ok(!r.text.includes(v.slice(1)), r.text);
      }
    }
  }
  // Controls: bare, the `#` or `;` opens a comment or ends a statement; a Ruby interpolation.
  for (
    const text of [
      "pwd: #Kx9mQ2zRw4Lp",
      "pwd=;Kx9mQ2zRw4Lp",
      "token=;Ab3kL9xQ7mZ2pR8vT4wY6",
      'password: "#{db_pass}"',
    ]
  ) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a quoted value a tool wrapped onto the next lines is redacted whole; a next line that is no part of it is kept", () => {
  const rng = new Rng(2912);
  const a = p("Q7", rng.str(ALNUM, 18));
  const b = p("k9", rng.str(ALNUM, 14));
  const c = p("z3", rng.str(ALNUM, 6));
  const cases: [string, string][] = [
    [`  "api_key": "${a}\n${b}",`, "generic_secret"],
    [`DB_PASSWORD="${a}\n  ${b}"`, "env_secret"],
    [`password: "${a}\n${b}\n${c}"`, "generic_secret"],
    [`db_password = '${a}\n${b}'`, "password_assignment"],
  ];
  for (const [text, kind] of cases) {
    for (const wrap of wrappers) {
      const r = redactText(engine, wrap(text));
      assert.deepEqual(r.kinds, [kind], wrap(text));
      for (const x of [a, b]) assert.ok(!r.text.includes(x), `${x} survived in ${r.text}`);
      assert.ok(!r.text.includes(c), r.text);
    }
  }
  const kept: [string, string][] = [
    [`token: ${a}\nname: "x"`, 'name: "x"'],
    [`API_KEY=${a}\nFOO="bar"`, 'FOO="bar"'],
    [`secret: ${a}\n"quoted"`, '"quoted"'],
    [`api_key = "${a}\nsome words here"`, `some words here"`],
  ];
  for (const [text, tail] of kept) {
    const r = redactText(engine, text);
    assert.equal(r.kinds.length, 1, text);
    assert.ok(!r.text.includes(a) && r.text.endsWith(tail), r.text);
  }
});

Deno.test("a connection string's value ends before the next setting, whose name may hold blanks", () => {
  const pw = p("Xk7", new Rng(2913).str(ALNUM, 9));
  const text =
    `Server=db,1433;Database=B2B;User ID=app;Password=${pw};Initial Catalog=x;Data Source=y;`;
  // The generic and the password rule read the same span; either kind may name it.
  assert.equal(
    redactText(engine, text).text.replace(/REDACTED:[a-z_]+/, "REDACTED"),
    "Server=db,1433;Database=B2B;User ID=app;Password=[REDACTED];Initial Catalog=x;Data Source=y;",
  );
});

Deno.test("a bare env value that runs over `;`, `&`, `|` or `#` into a placeholder keeps its head redacted", () => {
  const cases: [string, string, string][] = [
    ["DB_PASSWORD=Xy7kL9#${x}", "Xy7kL9", "#${x}"],
    ["DB_PASSWORD=Xy7;cat${IFS}x", "Xy7", ";cat${IFS}x"],
    ["API_TOKEN=Q7fk29&${x}", "Q7fk29", "&${x}"],
  ];
  for (const [text, head, rest] of cases) {
    for (const wrap of wrappers) {
      const r = redactText(engine, wrap(text));
      assert.ok(!r.text.includes(head), `${head} survived in ${r.text}`);
      assert.deepEqual(r.kinds, ["env_secret"], r.text);
      // Only the head is taken: the command after it stays readable.
      assert.ok(r.text.includes(`]${rest}`), r.text);
    }
  }
});

Deno.test("a bare env value's parts after `;`, `&`, `|` or `#` are taken up to a stop, so a generated password leaves no tail (see: #21)", () => {
  const rng = new Rng(2931);
  const a = p("Xy", rng.str(ALNUM, 3));
  const b = p("kL", rng.str(ALNUM, 3));
  const c = p("mQ", rng.str(ALNUM, 5));
  const whole = [
    `DB_PASSWORD=${a};${b};\${IFS}${c}`,
    `POSTGRES_PASSWORD=${a}|${b}<2\${c}`,
    `API_TOKEN=${a}&${b}&\${HOME}${c}`,
  ];
  for (const text of whole) {
    for (const wrap of wrappers) {
      const r = redactText(engine, wrap(text));
      assert.deepEqual(r.kinds, ["env_secret"], r.text);
      for (const part of [a, b, c]) {
        assert.ok(!r.text.includes(part), `${part} survived in ${r.text}`);
      }
    }
  }
  // Control: the parts stop at a reference standing alone, a command given ${IFS} or the next NAME=
  // (parts short enough that the generic rule, which reads past `;`, does not take them).
  const [sa, sb] = [p("Xy", rng.str(ALNUM, 1)), p("k", rng.str(ALNUM, 1))];
  const stops: [string, string][] = [
    [`DB_PASSWORD=${sa};${sb};\${X}`, ";${X}"],
    [`DB_PASSWORD=${sa};${sb};cat\${IFS}x`, ";cat${IFS}x"],
    [`DB_PASSWORD=${sa};${sb};B=\${X}`, ";B=${X}"],
    [`DB_PASSWORD=${sa}|${sb}|<x>`, "|<x>"],
  ];
  for (const [text, rest] of stops) {
    const r = redactText(engine, text);
    assert.ok(!r.text.includes(sa) && !r.text.includes(sb), r.text);
    assert.ok(r.text.endsWith(`]${rest}`), r.text);
  }
});

Deno.test("an env value whose head is itself a placeholder or word stays kept after a `;` or `|` (positive control: a random head)", () => {
  const kept = [
    "API_TOKEN=${TOKEN};echo${IFS}x",
    "API_TOKEN=true;echo${IFS}<x>",
    "DB_PASSWORD=<pw>|cat${x}",
    "API_KEY=changeme;${X}",
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
  assert.deepEqual(
    redactText(engine, "API_KEY=Q7fk2;${X}").text,
    "API_KEY=[REDACTED:env_secret];${X}",
  );
});
