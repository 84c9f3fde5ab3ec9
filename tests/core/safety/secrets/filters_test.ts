// Tests for core/safety/secrets/filters.ts.

import assert from "node:assert/strict";
import {
  isExcludedName,
  isLookAlikeValue,
  isNotSecret,
} from "../../../../core/safety/secrets/filters.ts";
import { ALNUM, HEX, Rng } from "../../../_helpers/secret_fixtures.ts";

Deno.test("isNotSecret() keeps placeholders, vendor examples and markers, not random values", () => {
  const rng = new Rng(51);
  for (
    const v of [
      "your-api-key-here",
      "<token>",
      "${API_TOKEN}",
      "{{ secrets.TOKEN }}",
      "xxxxxxxxxxxx",
      "************",
      "[REDACTED:github_pat]",
      "password",
      "changeme",
      "AKIAIOSFODNN7" + "EXAMPLE",
    ]
  ) assert.ok(isNotSecret(v), v);
  for (let i = 0; i < 100; i++) assert.ok(!isNotSecret(rng.str(ALNUM, 40)));
});

Deno.test("isLookAlikeValue() recognises digests, ids, references and public material", () => {
  const rng = new Rng(52);
  for (
    const v of [
      rng.str(HEX, 40),
      rng.str(HEX, 64),
      crypto.randomUUID(),
      "sha512-" + rng.str(ALNUM, 86) + "==",
      "sha256:" + rng.str(HEX, 64),
      "h1:" + rng.str(ALNUM, 43) + "=",
      "pk_live_" + rng.str(ALNUM, 24),
      "data:image/png;base64,iVBOR",
      "./secrets/file",
      "https://example.test/path",
      "process.env.API_KEY",
      "getenv(",
      "$API_KEY",
      "12345",
      "^3.3.1-next.19+2c93303",
      "~1.2.x",
      ">=2.0.0-rc.1",
      "true",
    ]
  ) assert.ok(isLookAlikeValue(v), v);
  for (let i = 0; i < 100; i++) {
    assert.ok(!isLookAlikeValue(rng.str(ALNUM, 10) + "9" + rng.str(ALNUM, 10)));
  }
  assert.ok(!isLookAlikeValue("https://user:pw@host/"));
});

Deno.test("isExcludedName() skips counts, cursors, hashes and public keys, not credentials", () => {
  for (
    const n of [
      "max_tokens",
      "input_tokens",
      "nextPageToken",
      "page_token",
      "token_type",
      "secret_sha256",
      "public_key",
      "PASSWORD_FILE",
      "tokenizer",
    ]
  ) {
    assert.ok(isExcludedName(n), n);
  }
  for (
    const n of [
      "GITHUB_TOKEN",
      "refresh_token",
      "client_secret",
      "db.password",
      "apiKey",
      "access_token",
    ]
  ) {
    assert.ok(!isExcludedName(n), n);
  }
});
