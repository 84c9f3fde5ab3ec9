// Tests for a rule's `ahead` (core/safety/secrets/rule.ts, applied in engine.ts confirm): the short
// pattern every match holds from its start, tried before the rule's own; it must change no
// finding, and a hit it rejects must not run (or compile) the rule's pattern.

import assert from "node:assert/strict";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import type { SecretRule } from "../../../../core/safety/secrets/rule.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();
const declared = SECRET_RULES.filter((r) => r.ahead !== undefined);

/** The secret words a name of the multiple assignment's lists ends with, and plain names. */
const SECRET_NAMES = ["password", "pass", "pwd", "secret", "token", "api_key", "apiKey", "passwd"];
const PLAIN_NAMES = ["user", "host", "port", "err", "ok", "self.user", "cfg.db", "name"];

/** A list of one to four names (one of them secret), an operator and as many values, or a near miss. */
function listShape(rng: Rng, secret: string): string {
  const n = 1 + rng.int(4);
  const at = rng.int(n);
  const names = Array.from(
    { length: n },
    (_, i) =>
      i === at
        ? rng.pick(["", "db_", "self.", "cfg.db_", "my"]) + rng.pick(SECRET_NAMES)
        : rng.pick(PLAIN_NAMES),
  );
  const values = Array.from(
    { length: n },
    (_, i) =>
      i === at
        ? rng.pick([`"${secret}"`, `'${secret}'`, `\`${secret}\``, `os.Getenv("P")`, `""`])
        : rng.pick(['"admin"', "5432", "nil", "'db'", "x.y"]),
  );
  const sep = () => rng.pick([",", ", ", " , ", ",\t"]);
  const op = rng.pick([" := ", ":=", " = ", "=", " == ", "(", ": ", " => "]);
  const tail = rng.pick(["", "\n", ";", " // set", ")", " + x"]);
  return `${names.join(sep())}${op}${values.join(sep())}${tail}`;
}

Deno.test("some rules declare ahead", () => {
  assert.ok(declared.length > 0);
});

Deno.test("wherever a rule's pattern matches, its ahead matches at the same start, and it finds what it found without it", () => {
  const rng = new Rng(4101);
  const plain = SECRET_RULES.map((r) => {
    const { ahead: _drop, ...rest } = r;
    return rest as SecretRule;
  });
  const withIt = createEngine(SECRET_RULES);
  const without = createEngine(plain);
  let matched = 0;
  let found = 0;
  for (const rule of declared) {
    const flags = rule.pattern.flags.replace(/[gyd]/g, "");
    const pattern = new RegExp(rule.pattern.source, flags + "y");
    const ahead = new RegExp(rule.ahead!.source, rule.ahead!.flags.replace(/[gyd]/g, "") + "y");
    for (let i = 0; i < 400; i++) {
      const secret = `Hk8${rng.str(ALNUM, 14)}`;
      const shape = listShape(rng, secret);
      const text = rng.int(2) === 0 ? shape : CONTEXTS.json_transcript!(shape);
      for (let at = 0; at < text.length; at++) {
        pattern.lastIndex = at;
        if (!pattern.test(text)) continue;
        matched++;
        ahead.lastIndex = at;
        assert.ok(ahead.test(text), `${rule.kind} at ${at}: ${text}`);
      }
      const bytes = encoder.encode(text);
      const a = findSecrets(withIt, bytes);
      assert.deepEqual(a, findSecrets(without, bytes), text);
      found += a.length;
    }
  }
  // Both sides seen: matches (and findings) and near misses.
  assert.ok(matched > 50, `${matched} matches`);
  assert.ok(found > 50, `${found} findings`);
});

Deno.test("a hit its ahead rejects never runs the rule's pattern, which is not even compiled", () => {
  const engine = createEngine(SECRET_RULES);
  const gated = engine.rules.filter((c) => c.rule.ahead !== undefined);
  assert.ok(gated.length > 0);
  // Arguments, object literals and prose: each hit's name is followed by a comma, no `=` after the list.
  const misses = [
    "return bcrypt.compare(password, user.hashedPassword);",
    "const config = { apiKey: API_KEY, secret: process.env.JWT_SECRET, retries: 1 };",
    "Ask for the username, password, and token, then retry.",
    "login(user, pass, token, otp)",
  ].join("\n").repeat(50);
  assert.deepEqual(findSecrets(engine, encoder.encode(misses)), []);
  for (const c of gated) assert.ok(c.fast === null, `${c.rule.kind}: its pattern was compiled`);
  // Positive control: a multiple assignment passes, its pattern runs and the secret is found.
  const secret = `Hk8${new Rng(4102).str(ALNUM, 14)}`;
  const text = `${misses}\nuser, pass := "admin", "${secret}"\n`;
  const found = findSecrets(engine, encoder.encode(text));
  assert.deepEqual(found.map((f) => text.slice(f.start, f.end)), [secret]);
  assert.ok(gated.some((c) => c.fast !== null));
});
