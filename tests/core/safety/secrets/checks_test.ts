// Tests for core/safety/secrets/checks.ts.

import assert from "node:assert/strict";
import {
  base62,
  crc32,
  decodeBase64Loose,
  hasJoseHeader,
  hasValidTokenChecksum,
  isBase64UserPass,
  isCamelWords,
  isNameOfWords,
  shannonEntropy,
} from "../../../../core/safety/secrets/checks.ts";
import { ALNUM, Rng } from "../../../_helpers/secret_fixtures.ts";

Deno.test("crc32() matches the zlib check values", () => {
  assert.equal(crc32(""), 0);
  assert.equal(crc32("123456789"), 0xcbf43926);
  assert.equal(crc32("The quick brown fox jumps over the lazy dog"), 0x414fa339);
});

Deno.test("hasValidTokenChecksum() accepts the base62 CRC-32 of the 30 random characters only", () => {
  const rng = new Rng(41);
  for (let i = 0; i < 50; i++) {
    const body = rng.str(ALNUM, 30);
    const good = "npm_" + body + base62(crc32(body), 6);
    assert.ok(hasValidTokenChecksum(good));
    const flipped = good.slice(0, 10) + (good[10] === "a" ? "b" : "a") + good.slice(11);
    assert.ok(!hasValidTokenChecksum(flipped));
  }
  assert.ok(!hasValidTokenChecksum("ghp_short"));
});

Deno.test("shannonEntropy() grows with the alphabet", () => {
  assert.equal(shannonEntropy(""), 0);
  assert.ok(shannonEntropy("aaaaaaab") < 1);
  assert.ok(shannonEntropy(new Rng(42).str(ALNUM, 64)) > 5);
});

Deno.test("isBase64UserPass() wants printable user:password", () => {
  assert.ok(isBase64UserPass(btoa("u:p")));
  assert.ok(!isBase64UserPass(btoa("no colon here")));
  assert.ok(!isBase64UserPass(btoa("user:")));
  assert.ok(!isBase64UserPass(btoa("\x00\x01:\x02")));
  assert.equal(decodeBase64Loose("!!!"), null);
});

Deno.test("hasJoseHeader() reads the first segment as base64url JSON with alg", () => {
  const seg = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  assert.ok(hasJoseHeader(`${seg({ alg: "ES256", kid: "k?>" })}.${seg({})}.s`));
  assert.ok(!hasJoseHeader(`${seg({ typ: "JWT" })}.${seg({})}.s`));
  assert.ok(!hasJoseHeader(`${seg([1])}.x.y`));
  assert.ok(!hasJoseHeader("eyJ%%%.x.y"));
});

Deno.test('hasJoseHeader(): a header that opens with {"alg": and then is damaged still declares an algorithm', () => {
  const rng = new Rng(5401);
  // `eyJhbGciOi` encodes `{"alg":`; what follows is hand-edited or cut.
  for (let i = 0; i < 50; i++) {
    const damaged = `eyJhbGciOi${rng.str(ALNUM, 22)}`;
    assert.ok(hasJoseHeader(`${damaged}.eyJzdWIiOiIxIn0.sig`), damaged);
  }
  // Control: a damaged header that does not open with alg is no JOSE header.
  assert.ok(!hasJoseHeader("eyJ0eXAiOieeeiIsIm5vIjoxfQ.eyJzdWIiOiIxIn0.sig"));
  assert.ok(!hasJoseHeader("eyJub3QiOiJhIGhlYWRlciJ9.eyJ4IjoxfQ.sig"));
});

Deno.test("isCamelWords(): names in camel or Pascal case are words; random runs of the same length are not (review42)", () => {
  for (
    const v of ["ButtonPrimaryLargeIcon", "deploymentPipelineRunner2", "DeploymentPipelineRunner"]
  ) assert.ok(isCamelWords(v), v);
  for (const v of ["Q7zJMLOZWFHHzFLh6cwcPq", "buttonprimarylargeicon", "ButtonPrimary_LargeIcon"]) {
    assert.ok(!isCamelWords(v), v);
  }
  const rng = new Rng(4244);
  for (let i = 0; i < 2000; i++) assert.ok(!isCamelWords(rng.str(ALNUM, 32)));
});

Deno.test("isNameOfWords(): a file's name of words, dates and versions is a name; Buildkite-shaped random bodies are not (review42)", () => {
  for (
    const v of [
      "db_2024-06-01_full_database_dump.sql.gz",
      "build_2024-06-01_results.v3_linux-x86_64.tar.gz",
      "export_20240601T120000Z_full.backup.json",
    ]
  ) assert.ok(isNameOfWords(v), v);
  const rng = new Rng(4245);
  const urlsafe = ALNUM + "_-.";
  for (let i = 0; i < 5000; i++) {
    assert.ok(!isNameOfWords(rng.str(urlsafe, 38)));
    assert.ok(
      !isNameOfWords(`${rng.str("abcdefghijklmnopqrstuvwxyz0123456789", 6)}.${rng.str(ALNUM, 57)}`),
    );
  }
});
