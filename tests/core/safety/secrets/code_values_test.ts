// Tests for core/safety/secrets/code_values.ts and the filters fp23 added to filters.ts: what
// real code, logs and documentation on a developer's machine put after a secret-like name.

import assert from "node:assert/strict";
import {
  isCodeOrProseValue,
  isCredentialChain,
  isCredentialName,
  isTestVerdict,
  repeatsName,
} from "../../../../core/safety/secrets/code_values.ts";
import { isLookAlikeValue, isNotSecret } from "../../../../core/safety/secrets/filters.ts";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = defaultEngine();
const SYMBOLS = "!@#%^&*+-";

Deno.test("isCredentialName() reads names in code, not random or numbered values", () => {
  for (
    const v of [
      "hasPassword",
      "password_mgr",
      "result.groups?.password",
      "SOCKS5_CUSTOM_AUTH_END",
      "O200K_TOKEN_SPLIT_REGEX",
      "createO200KSpecialTokenMap",
      "PNG_COL_IN_INTERLACE_PASS",
      "self.apiKey",
    ]
  ) assert.ok(isCredentialName(v), v);
  for (
    const v of [
      "MyPassword_2024",
      "Secret123",
      "Xk9q_token_Lm2z",
      "s3cr3t_Pass",
      "normalize",
      "password",
      "Winter2024.Kx9q",
    ]
  ) assert.ok(!isCredentialName(v), v);
});

Deno.test("isCodeOrProseValue(): a call, a scope, a word a sentence goes on from; random values never", () => {
  assert.ok(isCodeOrProseValue("fallback_getpass", "("));
  assert.ok(isCodeOrProseValue(":handle_assign", ""));
  assert.ok(isCodeOrProseValue("Permission", " d"));
  assert.ok(!isCodeOrProseValue("Permission", ""));
  assert.ok(!isCodeOrProseValue("Xk9q2Lm7Zr!", " d"));
  assert.ok(isCodeOrProseValue("n?e.slice", "("));
  assert.ok(isCodeOrProseValue("a.CL100K_TOKEN_SPLIT_REGEX=a.R50K_TOKEN_SPLIT_REGEX=void", ""));
  // A random run followed by a bracket is a value, not a call; random base64 with `=` is a value.
  assert.ok(!isCodeOrProseValue("Xk9q2Lm7Zr8w", "("));
  assert.ok(!isCodeOrProseValue("Xk9q2Lm7Zr8w=Qz4", ""));
  const rng = new Rng(2301);
  for (let i = 0; i < 2000; i++) {
    // A password drawn from letters, digits and a symbol: never code or prose, whatever follows.
    const v = rng.str(ALNUM, 6 + rng.int(14)) + rng.str(SYMBOLS, 1) + rng.str(ALNUM, 2);
    for (const next of ["", " d", "("]) assert.ok(!isCodeOrProseValue(v, next), `${v} ${next}`);
  }
});

Deno.test("isCredentialChain(): names joined by = with a credential among them, whatever the chain's length; a value otherwise", () => {
  assert.ok(isCredentialChain("a.X_TOKEN=a.Y_TOKEN=void"));
  assert.ok(isCredentialChain("exports.apiToken=exports.B=void"));
  // Many links before the credential's name: each distinct link read once, the repeats free.
  assert.ok(isCredentialChain(`${"exports.foo=".repeat(600)}exports.AUTH_TOKEN=void`));
  assert.ok(!isCredentialChain("LDAP_BIND_PW=LDAP_BIND_PW="));
  assert.ok(!isCredentialChain("Xk9q2Lm7Zr8w=Qz4"));
  assert.ok(!isCredentialChain("a.b=c+d"));
  // More than 16 distinct links that may name a credential, none of them one: read as a value.
  const links = Array.from({ length: 20 }, (_, i) => `a.KEYBOARD${i}`);
  assert.ok(!isCredentialChain(`${links.join("=")}=a.AUTH_TOKEN`));
  assert.ok(isCredentialChain(`${links.slice(0, 4).join("=")}=a.AUTH_TOKEN`));
});

Deno.test("isTestVerdict(): PASS: of a test log, not a pass: setting", () => {
  assert.ok(isTestVerdict("PASS", ":", "tests/foo.sh"));
  assert.ok(isTestVerdict("XPASS", ":", "x86_64"));
  assert.ok(isTestVerdict("PASS", ":", "TestParse/empty_input"));
  assert.ok(!isTestVerdict("pass", ":", "tests/foo.sh"));
  assert.ok(!isTestVerdict("SMTP_PASS", ":", "tests/foo.sh"));
  assert.ok(!isTestVerdict("PASS", "=", "tests/foo.sh"));
  // review46: a random value under an upper-case PASS key is a password, not a test's name.
  assert.ok(!isTestVerdict("PASS", ":", "Hk8vQ2mZ9xLp"));
  assert.ok(!isTestVerdict("PASS", ":", "e3ynmmqzhnqev"));
});

Deno.test("fp23: code, logs and docs are kept while the same names with a real value are redacted, in every context", () => {
  const rng = new Rng(2302);
  const kept = [
    "PASS: x86_64\nPASS: x86-64 (Intel mode)",
    "    --- PASS: TestParse/empty_input (0.00s)",
    "                passwd = fallback_getpass(prompt, stream)",
    "      password: hasPassword,",
    "        self.passwd = password_mgr",
    "    tokenSplitRegex: O200K_TOKEN_SPLIT_REGEX,",
    "lsof: status error on /etc/security/passwd: Permission denied",
    "\t(strlen_pass::handle_assign, strlen_pass::before_dom_children)",
    "Authorization: Basic dXNlcjpwYXNzd29yZA==",
    "const u = new URL('https://abc:xyz@example.com');",
    "def getpass(prompt='Password: ', stream=None):\n    print('Warning: Password input may be echoed.', file=stream)",
  ];
  for (const text of kept) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${ctx}: ${text}`);
    }
  }
  // Positive controls: the same shapes holding a real value.
  for (let i = 0; i < 20; i++) {
    const v = `Zq7${rng.str(ALNUM, 10)}!x`;
    const found = [
      `password: ${v}`,
      `passwd = ${v}`,
      `pass: ${v}`,
      `api_token: ${v}9`,
      `SMTP_PASS: ${v}`,
      `Authorization: Basic ${btoa(`admin:${v}`)}`,
      `https://abc:${v}@example.com/`,
      `password = '${v}'`,
    ];
    for (const text of found) {
      for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
        const r = redactText(engine, wrap(text));
        assert.ok(r.kinds.length > 0, `${ctx}: ${text}`);
        assert.ok(!r.text.includes(v.slice(0, 8)), `${ctx}: ${r.text}`);
      }
    }
  }
});

Deno.test("fp23: public keys in DER and encoded placeholders are look-alikes; private keys and real values are not", () => {
  for (
    const v of [
      "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE1Olb3zMAFFxXKHiIkQO5cJ3Yhl5i6UPp",
      "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAswlp",
      "MCowBQYDK2VwAyEAUbyyGlhEVpbq3bKk2Ck8WMHGFWcnQZ5q",
      "0x7EC2DBB6F4DBF434",
      "Root%20CA%20Certificates",
    ]
  ) assert.ok(isLookAlikeValue(v), v);
  for (
    const v of [
      // PKCS#8 private keys (RSA, EC, Ed25519) open otherwise.
      "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7",
      "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg",
      "MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF",
      "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318",
    ]
  ) assert.ok(!isLookAlikeValue(v), v);
  assert.ok(isNotSecret(btoa("user:password")));
  assert.ok(isNotSecret(btoa("isaacs:not my real password")));
  assert.ok(isNotSecret("PASSWORD\x60,"));
  const rng = new Rng(2303);
  for (let i = 0; i < 500; i++) {
    const v = rng.str(ALNUM, 16);
    assert.ok(!isNotSecret(btoa(`admin:${v}`)), v);
    assert.ok(!isNotSecret(`${v}\x60`), v);
  }
  assert.ok(!isNotSecret(btoa("Aladdin:open sesame")));
});

Deno.test("repeatsName(): a constant named by its own text, never a random value", () => {
  assert.ok(repeatsName("challengePassword", "SN_pkcs9_challengePassword"));
  assert.ok(repeatsName("id-smime-aa-timeStampToken", "SN_smime_aa_timeStampToken"));
  assert.ok(repeatsName("SOCKS5_CUSTOM_AUTH_END", "exports.SOCKS5_CUSTOM_AUTH_END"));
  assert.ok(!repeatsName("password", "db_password"));
  // review46: a person's password built from its name and a word is a value.
  assert.ok(!repeatsName("cacheRedisPassword", "redis_password"));
  assert.ok(!repeatsName("ProdDbPassword", "DB_PASSWORD"));
  const rng = new Rng(2307);
  for (let i = 0; i < 2000; i++) {
    const v = rng.str(ALNUM, 8 + rng.int(24));
    assert.ok(!repeatsName(v, `SN_${rng.str(ALNUM, 6)}_password`), v);
  }
  // Positive control: the same #define with a random value is still redacted.
  const r = redactText(engine, '#define WIFI_PASSWORD "Xk9q2Lm7Zr8w"');
  assert.deepEqual(r.kinds, ["password_assignment"]);
});

Deno.test("review46: a password with digits or cases mixed in is not a name, an expression or a prose word", () => {
  for (
    const [v, next] of [
      ["Gq7Rt2Vw9Zx4Hp3K", " +"],
      ["J8F3K2L9Q0W7E5R1", " +"],
      ["LSxIqEYBnruHeIrq", "("],
      ["Tr0ub4dor3Secret", ""],
      ["Summer2024Pass", ""],
      ["QmZxkTrvPLwnHsYd", " f"],
      ["Pass15Monkey", ""],
      ["SP97QYWAGY0LWQSMROZI", " |"],
      ["wkgkwWfhbjBNG", " +"],
    ] as const
  ) assert.ok(!isCodeOrProseValue(v, next), `${v}|${next}`);
  // Positive controls: the code and prose fp23 keeps still reads as such.
  for (
    const [v, next] of [
      ["SEC_ERROR_BASE", " +"],
      ["fallback_getpass", "("],
      ["createO200KSpecialTokenMap", "("],
      ["getElementById", "("],
      ["standard_b64encode", "("],
      ["hmacSha256Hex", "("],
      ["HTTPS_PROXY_AUTH", ""],
      ["X509V3_EXT_secret", " +"],
      ["Permission", " d"],
      ["hasPassword", ""],
      ["SOCKS5_CUSTOM_AUTH_END", ""],
    ] as const
  ) assert.ok(isCodeOrProseValue(v, next), `${v}|${next}`);
  // Random letters and digits followed by an operator or a bracket: on fp23's code about 40 %
  // read as code; a few all-capital or long-word runs still can.
  const rng = new Rng(4601);
  let code = 0;
  const n = 3000;
  for (let i = 0; i < n; i++) {
    const v = rng.str(ALNUM, 12 + rng.int(13));
    if (isCodeOrProseValue(v, " +") || isCodeOrProseValue(v, "(")) code++;
  }
  assert.ok(code < n / 10, `${code} of ${n}`);
});

Deno.test("review46: a 64-bit hex secret and a %20-encoded passphrase are values; a gpg key id and a label are not", () => {
  assert.ok(!isLookAlikeValue("0x4f3c2a1b9d8e7f60"));
  assert.ok(!isLookAlikeValue("correct%20horse%20battery%20staple"));
  assert.ok(isLookAlikeValue("0x7EC2DBB6F4DBF434"));
  assert.ok(isLookAlikeValue("Root%20CA%20Certificates"));
});

Deno.test("review46: real passwords after code-like shapes are redacted in every context; the code stays", () => {
  const found: [string, string][] = [
    ["password = Gq7Rt2Vw9Zx4Hp3K + salt", "Gq7Rt2Vw9Zx4Hp3K"],
    ["api_key = J8F3K2L9Q0W7E5R1 + salt", "J8F3K2L9Q0W7E5R1"],
    ["db_password: Tr0ub4dor3Secret", "Tr0ub4dor3Secret"],
    ["db_password: Tr0ub4dor3Secret -- rotated", "Tr0ub4dor3Secret"],
    ["password: Summer2024Pass", "Summer2024Pass"],
    ["Generated password: QmZxkTrvPLwnHsYd for user admin", "QmZxkTrvPLwnHsYd"],
    ["password=correct%20horse%20battery%20staple", "correct%20horse"],
    ["SESSION_SECRET=0x4f3c2a1b9d8e7f60", "4f3c2a1b9d8e7f60"],
    ["secret: 0x4f3c2a1b9d8e7f60", "4f3c2a1b9d8e7f60"],
    ["PASS: Hk8vQ2mZ9xLp", "Hk8vQ2mZ9xLp"],
    ["password: Pass15Monkey", "Pass15Monkey"],
    ['redis_password = "cacheRedisPassword"', "cacheRedisPassword"],
    ["client_secret: Pass07Monkey -- set by ops", "Pass07Monkey"],
    ["api_token = SP97QYWAGY0LWQSMROZI | base64", "SP97QYWAGY0LWQSMROZI"],
    ["db_password = wkgkwWfhbjBNG + salt", "wkgkwWfhbjBNG"],
  ];
  const kept = [
    "/etc/security/passwd: Permission denied",
    "tokenSplitRegex: O200K_TOKEN_SPLIT_REGEX",
    "password: hasPassword,",
    "secret = SEC_ERROR_BASE + 14",
    "PASS: tests/foo.sh",
  ];
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    for (const [text, secret] of found) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.length > 0, `${ctx}: ${text}`);
      assert.ok(!r.text.includes(secret), `${ctx}: ${r.text}`);
    }
    for (const text of kept) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${ctx}: ${text}`);
    }
  }
});
