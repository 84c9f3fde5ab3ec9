/**
 * The dump heads: where each layout's first row or command is, never
 * behind a word, and never a finding of findSecrets without heads.
 * @module
 */
import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { dumpRules, isDumpKind } from "../../../../core/safety/secrets/dump_rules.ts";

const engine = defaultEngine();
const encoder = new TextEncoder();

function heads(text: string): string[] {
  return findSecrets(engine, encoder.encode(text), true).filter((f) => isDumpKind(f.kind))
    .map((f) => f.kind);
}

Deno.test("dump heads open each layout's first row or command, after a line start", () => {
  const rows: Record<string, string> = {
    "dump:xxd": "00000000: 4142 4344 4546 4748 494a 4b4c 4d4e 4f50  ABCDEFGHIJKLMNOP",
    "dump:hexdump":
      "00000000  41 42 43 44 45 46 47 48  49 4a 4b 4c 4d 4e 4f 50  |ABCDEFGHIJKLMNOP|",
    "dump:od": "0000000   A   B  \\n",
    "dump:xxd_plain": "xxd -p key.pem",
    "dump:od_plain": "od -An -c .env",
  };
  for (const [kind, row] of Object.entries(rows)) {
    for (const before of ["", "$ ls\n", '{"content":"', "a\\n", "a\\\\n"]) {
      assert.deepEqual(heads(before + row + "\n"), [kind], JSON.stringify(before + row));
    }
    // Behind a word or a digit: not a row's (or a command's) start.
    assert.deepEqual(heads("x" + row + "\n"), [], row);
    assert.deepEqual(findSecrets(engine, encoder.encode(row + "\n")), [], row);
  }
  assert.deepEqual(heads("od -c .env\nod -A n -c .env\n"), ["dump:od_plain"]);
  assert.deepEqual(heads("00000000: 00:00 not a row\nperiod -An\n"), []);
});

Deno.test("dump heads are of priority 0, with a kind of their own", () => {
  for (const r of dumpRules()) {
    assert.equal(r.priority, 0);
    assert.ok(isDumpKind(r.kind));
  }
});
