// Tests for core/evidence/redact_argv.ts, with the real secret engine.
import assert from "node:assert/strict";
import { redactArgv } from "../../../core/evidence/redact_argv.ts";
import { defaultEngine } from "../../../core/safety/secrets/default_engine.ts";
import { redactText } from "../../../core/safety/secrets/redact.ts";

const engine = defaultEngine();
const scan = (t: string) => redactText(engine, t);
const SECRET = "Zx81kPq0LmN3vB7t";

Deno.test("redactArgv() redacts a value only the option before it names", () => {
  assert.equal(scan(SECRET).kinds.length, 0, "the value alone is no secret to the engine");
  const r = redactArgv(["mycli", "--password", SECRET, "--verbose"], scan);
  assert.equal(r.redactions, 1);
  assert.ok(!r.argv.join(" ").includes(SECRET), r.argv.join(" "));
  assert.deepEqual([r.argv[0], r.argv[1], r.argv[3]], ["mycli", "--password", "--verbose"]);
});

Deno.test("redactArgv() leaves an argv with no secret as it is, and counts a word redacted alone once", () => {
  assert.deepEqual(redactArgv(["git", "status", "--short"], scan), {
    argv: ["git", "status", "--short"],
    redactions: 0,
  });
  const one = redactArgv(["mycli", `--password=${SECRET}`], scan);
  assert.equal(one.redactions, 1);
  assert.ok(!one.argv[1]!.includes(SECRET));
});

Deno.test("redactArgv() redacts the whole word when a finding took the word before it too (never fails open)", () => {
  // A scan whose finding spans the option and its value: the pair's text no longer starts with
  // the option word, which the old code took as nothing found.
  const spanning = (t: string) =>
    t === `--password ${SECRET}`
      ? { text: "[REDACTED:cli_password]", kinds: ["cli_password"] }
      : { text: t, kinds: [] };
  const r = redactArgv(["mycli", "--password", SECRET], spanning);
  assert.deepEqual(r.argv, ["mycli", "--password", "[REDACTED:cli_password]"]);
  assert.equal(r.redactions, 1);
  // Control: the same scan finds nothing in an argv without the value.
  assert.deepEqual(redactArgv(["mycli", "--password"], spanning).argv, ["mycli", "--password"]);
});
