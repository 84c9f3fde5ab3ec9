// Tests for core/safety/secrets/tables_generated.ts: the prebuilt tables are
// those of SECRET_RULES as they are now, the shared engine loads them, and an
// engine over other rules builds its own.

import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { SECRET_TABLES } from "../../../../core/safety/secrets/tables_generated.ts";

Deno.test("the prebuilt tables equal the tables built from SECRET_RULES", () => {
  const built = createEngine(SECRET_RULES, { prefilter: "ts" });
  assert.equal(SECRET_TABLES.fingerprint, built.tablesFingerprint);
  for (const kind of ["wasm", "ts"] as const) {
    const loaded = defaultEngine(kind);
    assert.deepEqual(loaded.automaton, built.automaton);
    assert.deepEqual(loaded.nameChecks, built.nameChecks);
  }
});

Deno.test("an engine loads prebuilt tables only when their fingerprint is its own", () => {
  const broken = { fingerprint: SECRET_TABLES.fingerprint, data: new Uint8Array(4) };
  // Positive control: with the same rules the (broken) data is read, and refused.
  assert.throws(() => createEngine(SECRET_RULES, { tables: broken }), RangeError);
  // A rule with another lead class has another fingerprint: the tables are built, not read.
  const other = SECRET_RULES.map((r, i) => i === 0 ? { ...r, lead: (r.lead ?? "") + "@" } : r);
  const engine = createEngine(other, { tables: broken });
  assert.notEqual(engine.tablesFingerprint, SECRET_TABLES.fingerprint);
  const text = new TextEncoder().encode("DB_PASSWORD=correct-horse-battery\n");
  assert.deepEqual(findSecrets(engine, text), [{ kind: "env_secret", start: 12, end: 33 }]);
});
