// Tests for core/safety/secrets/rules_tokens_survey8.ts: a Datadog application key under the
// bare name `dd_app` and a URL password whose host is a percent-encoded Unix socket path are
// redacted raw and JSON-escaped once and twice; their look-alikes (other names, a placeholder,
// a short or documentation password, a socket URL with no password) are kept. Generated values
// are drawn at run time.

import assert from "node:assert/strict";
import { escaped } from "../../../_helpers/redact_everywhere.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SURVEY8_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_survey8.ts";
import { ALNUM, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const { assertRedacted, assertKept } = escaped(engine);

Deno.test("the survey8 kinds each have a sample and look-alikes (see: #21)", () => {
  const all = lookAlikes(new Rng(8801));
  for (const kind of new Set(SURVEY8_TOKEN_RULES.map((r) => r.kind))) {
    assert.ok(SAMPLES[kind] !== undefined, kind);
    assert.ok((all[kind]?.length ?? 0) >= 2, kind);
  }
});

Deno.test("a Datadog application key under the bare name dd_app is redacted (see: #21)", () => {
  const rng = new Rng(8802);
  for (let i = 0; i < 12; i++) {
    const key = rng.str("abcdef", 4) + rng.str("0123456789", 4) + rng.str(ALNUM, 32);
    for (
      const text of [
        `api:\n  auth_type: "API-Key"\n  dd_app: "${key}"\n`,
        `DD_APP=${key}`,
        `datadog_app: ${key}`,
        `{"dd-app": "${key}"}`,
      ]
    ) assertRedacted(text, key, "datadog_app_key");
  }
});

Deno.test("a URL password before a percent-encoded socket host is redacted (see: #21)", () => {
  const rng = new Rng(8803);
  for (let i = 0; i < 12; i++) {
    const pw = rng.str(ALNUM, 6) + "%24" + rng.str(ALNUM, 6);
    for (
      const text of [
        `mongodb://app:${pw}@%2Ftmp%2Fmongodb-27017.sock/test`,
        `DATABASE_URL=postgresql://svc:${pw}@%2Fvar%2Frun%2Fpostgresql/appdb`,
        `mongodb+srv://u%24er:${pw}@%2ftmp%2fm.sock`,
      ]
    ) assertRedacted(text, pw, "url_credentials");
  }
});

Deno.test("the survey8 look-alikes are kept (see: #21)", () => {
  const rng = new Rng(8804);
  // Other names (no app or no Datadog word), a placeholder, a word, too short.
  assertKept(`my_app: "${rng.str("0123456789abcdef", 40)}"`);
  assertKept(`dd_apps: "${rng.str("0123456789abcdef", 40)}"`);
  assertKept(`dd_app: "${"x".repeat(40)}"`);
  assertKept(`dd_app: "${"ab12".repeat(10)}"`);
  assertKept(`dd_app: "${rng.str(ALNUM, 32)}"`);
  // Socket URLs: no password, a short password, a placeholder, a template.
  assertKept("mongodb://%2Ftmp%2Fmongodb-27017.sock/test");
  assertKept("postgresql://app:pw@%2Fvar%2Frun%2Fpostgresql/db");
  assertKept("mongodb://user:xxxxxxxx@%2Ftmp%2Fmongodb-27017.sock");
  assertKept("mongodb://<user>:<password>@%2Ftmp%2Fmongodb-27017.sock");
});
