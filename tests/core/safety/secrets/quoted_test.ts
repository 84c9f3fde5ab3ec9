// Tests for core/safety/secrets/quoted.ts: a quoted value holding an escaped
// quote (C#'s "" in a verbatim string, \" of C, JavaScript and Objective-C,
// PHP's \') is redacted whole by every rule that reads quoted values, in
// every context; the closing quote still ends the value.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { quotedValue, SINGLE_QUOTE_ESCAPE } from "../../../../core/safety/secrets/quoted.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("quotedValue() reads an escaped quote as part of the value, plain and JSON-escaped", () => {
  const re = new RegExp(quotedValue("s", 1, 64));
  assert.equal(re.exec(String.raw`x = "ab\"cd" + "ef"`)?.groups?.s, String.raw`ab\"cd`);
  assert.equal(re.exec(String.raw`x = 'ab\'cd' . 'ef'`)?.groups?.s, String.raw`ab\'cd`);
  // In a transcript's JSON the value's own escape is escaped again; one backslash closes it.
  assert.equal(re.exec(String.raw`x = \"ab\\\"cd\", y = \"ef\"`)?.groups?.s, String.raw`ab\\\"cd`);
  // Control: without an escape the value ends at its quote.
  assert.equal(re.exec(`x = "abcd", y = "ef"`)?.groups?.s, "abcd");
});

Deno.test("a value holding an escaped quote is redacted whole by every quoted-value rule, in every context", () => {
  const rng = new Rng(1421);
  const shapes = [
    (a: string, b: string) => String.raw`password = "${a}\"${b}"`,
    (a: string, b: string) => String.raw`$password = '${a}\'${b}';`,
    (a: string, b: string) => String.raw`"api_key": "${a}\"${b}"`,
    (a: string, b: string) => String.raw`const apiToken = "${a}\"${b}";`,
    (a: string, b: string) => String.raw`DB_PASSWORD="${a}\"${b}"`,
    (a: string, b: string) => String.raw`ds.setPassword("${a}\"${b}");`,
    (a: string, b: string) => String.raw`var apiToken string = "${a}\"${b}"`,
    (a: string, b: string) => String.raw`if password == "${a}\"${b}" {`,
    (a: string, b: string) => String.raw`client.apiKey("${a}\"${b}")`,
    (a: string, b: string) => String.raw`NSString *apiKey = @"${a}\"${b}";`,
    (a: string, b: string) => `string password = @"${a}""${b}";`,
    (a: string, b: string) => String.raw`mysql --password "${a}\"${b}" db`,
    (a: string, b: string) => String.raw`r = requests.get(u, auth=("admin", "${a}\"${b}"))`,
    (a: string, b: string) =>
      String.raw`$p = ConvertTo-SecureString "${a}\"${b}" -AsPlainText -Force`,
  ];
  for (const shape of shapes) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const a = `Zq7${rng.str(ALNUM, 13)}`;
      const b = `Yb9${rng.str(ALNUM, 9)}`;
      const r = redactText(engine, wrap(shape(a, b) + " // next"));
      assert.ok(r.kinds.length > 0, `${shape("A", "B")} / ${ctx}`);
      assert.ok(
        !r.text.includes(a) && !r.text.includes(b),
        `${shape("A", "B")} / ${ctx}: ${r.text}`,
      );
      // Control: what follows the closing quote is kept.
      assert.ok(r.text.includes("// next"), r.text);
    }
  }
});

Deno.test("a value with many escaped quotes (JSON kept in one variable) is redacted whole", () => {
  const rng = new Rng(1422);
  for (const count of [17, 40, 300]) {
    const pieces = Array.from({ length: count + 1 }, () => `Pq${rng.str(ALNUM, 10)}`);
    const value = pieces.join(String.raw`\"`);
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const r = redactText(engine, wrap(`GOOGLE_CREDENTIALS_JSON="${value}" # next`));
      assert.ok(r.kinds.length > 0, `${count} escapes / ${ctx}`);
      const left = pieces.filter((p) => r.text.includes(p));
      assert.deepEqual(left, [], `${count} escapes / ${ctx}: ${left.length} pieces printed`);
      // Control: what follows the closing quote is kept.
      assert.ok(r.text.includes("# next"), `${count} escapes / ${ctx}: ${r.text}`);
    }
  }
});

Deno.test("a shell value that splices a quote into single quotes ('a'\"'\"'b', 'a'\\''b') is redacted whole", () => {
  const rng = new Rng(1423);
  const splices = [`'"'"'`, String.raw`'\''`];
  for (const splice of splices) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const a = `Zq7${rng.str(ALNUM, 13)}`;
      const b = `Yb9${rng.str(ALNUM, 9)}`;
      const c = `Xc5${rng.str(ALNUM, 9)}`;
      const line = `export DB_PASSWORD='${a}${splice}${b}${splice}${c}' && echo next`;
      const r = redactText(engine, wrap(line));
      assert.ok(r.kinds.length > 0, `${splice} / ${ctx}`);
      for (const piece of [a, b, c]) {
        assert.ok(!r.text.includes(piece), `${splice} / ${ctx}: ${r.text}`);
      }
      // Control: what follows the closing quote is kept.
      assert.ok(r.text.includes("echo next"), `${splice} / ${ctx}: ${r.text}`);
    }
  }
});

/**
 * How many ways the inside of a single-quoted value can read `text` as plain
 * characters and escapes (each escape any length its pattern takes there).
 */
function readings(text: string): number {
  const plain = /^[^'\\\r\n]$/;
  const escape = new RegExp(`^(?:${SINGLE_QUOTE_ESCAPE})$`);
  const ways = new Array<number>(text.length + 1).fill(0);
  ways[0] = 1;
  for (let i = 0; i < text.length; i++) {
    if (ways[i] === 0) continue;
    if (plain.test(text[i]!)) ways[i + 1]! += ways[i]!;
    for (let len = 2; i + len <= text.length && len <= 12; len++) {
      if (escape.test(text.slice(i, i + len))) ways[i + len]! += ways[i]!;
    }
  }
  return ways[text.length]!;
}

Deno.test("fp23: the inside of a single-quoted value reads every text one way at most (no exponential backtracking)", () => {
  // A JSON-escaped source map holds runs of `\\n`: read two ways each, a quote that never
  // closed over a few hundred of them cost exponential time (2 KB took over 20 s on main).
  assert.equal(readings(String.raw`\\n`.repeat(16)), 1);
  const rng = new Rng(2306);
  for (let i = 0; i < 3000; i++) {
    const text = rng.str("\\\\nnrta'\"x", 1 + rng.int(12));
    assert.ok(readings(text) <= 1, JSON.stringify(text));
  }
  // Control: the escapes the value runs through still read (PHP's \' and its JSON-escaped \\').
  assert.equal(readings(String.raw`ab\'cd`), 1);
  assert.equal(readings(String.raw`ab\\'cd`), 1);
});
