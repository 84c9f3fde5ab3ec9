// Tests for core/safety/secrets/rules_code.ts: a user and password given to
// an HTTP client's basic authentication in code, and a password given to a
// .NET credential constructor, a Gradle credentials block or a setter.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("basic auth credentials given in code are redacted, variables kept (see: #21)", () => {
  const rng = new Rng(2151);
  const pw = `Hq7${rng.str(ALNUM, 11)}`;
  const found = [
    `r = requests.get(url, auth=("admin", "${pw}"))`,
    `httpx.Client(auth = ('admin', '${pw}'))`,
    `es = Elasticsearch(hosts, basic_auth=("admin", "${pw}"))`,
    `r = requests.get(url, auth=HTTPBasicAuth("admin", "${pw}"))`,
    `aiohttp.BasicAuth("admin", "${pw}")`,
    `req.SetBasicAuth("admin", "${pw}")`,
    `client.basicAuth("admin", "${pw}")`,
  ];
  for (const text of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, ["basic_auth"], text);
      assert.ok(!r.text.includes(pw) && r.text.includes("admin"), r.text);
    }
  }
  const kept = [
    "r = requests.get(url, auth=(user, password))",
    'r = requests.get(url, auth=("admin", os.environ["PW"]))',
    'req.SetBasicAuth("admin", "$PASSWORD")',
    'auth=("admin", "admin")',
    'HTTPBasicAuth("user", "<password>")',
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a password given to a .NET NetworkCredential or DirectoryEntry is redacted, variables kept (see: #21)", () => {
  const rng = new Rng(2152);
  const pw = `Hq7${rng.str(ALNUM, 11)}`;
  const found = [
    `client.Credentials = new NetworkCredential("ci@example.com", "${pw}");`,
    `client.Credentials = new NetworkCredential("ci", @"${pw}", "CORP");`,
    `$wc.Credentials = New-Object System.Net.NetworkCredential("cidownload", "${pw}")`,
    `var e = new DirectoryEntry("LDAP://dc.corp.test",\n    "svc-ldap@corp.test",\n    "${pw}");`,
    `var e = new DirectoryEntry("LDAP://dc.corp.test", "svc", "${pw}", AuthenticationTypes.Secure);`,
  ];
  for (const text of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, ["password_assignment"], text);
      assert.ok(!r.text.includes(pw) && r.text.includes("LDAP") === text.includes("LDAP"), r.text);
    }
  }
  const kept = [
    "new NetworkCredential(user, password)",
    'new NetworkCredential("ci", password)',
    'new NetworkCredential("ci", "$env:CI_PASSWORD")',
    'new NetworkCredential("ci", "<password>")',
    'new DirectoryEntry("LDAP://dc.corp.test", "svc", pw)',
    'new DirectoryEntry("LDAP://dc.corp.test")',
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a password in a Gradle credentials block is redacted; interpolations, placeholders and prose are kept (see: #21)", () => {
  const rng = new Rng(2153);
  const pw = `Hq7${rng.str(ALNUM, 11)}`;
  const found = [
    `credentials {\n    username 'deploy'\n    password '${pw}'\n}`,
    `credentials { username "deploy"; password "${pw}" }`,
    `        password '${pw}' // deploy key`,
  ];
  for (const text of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, ["password_assignment"], text);
      assert.ok(!r.text.includes(pw) && r.text.includes("deploy"), r.text);
    }
  }
  const kept = [
    '    password "$System.env.MAVEN_PASSWORD"',
    "    password 'password'",
    "password 'is wrong' he said",
    `the password '${pw}' was typed`,
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a secret given to a setter or builder is redacted; variables, references, short or word values are kept (see: #21)", () => {
  const rng = new Rng(2154);
  const pw = `Hq7${rng.str(ALNUM, 11)}`;
  const tok = `Q7${rng.str(ALNUM, 22)}`;
  const found: [string, string][] = [
    [`ds.setPassword("${pw}");`, pw],
    [`client.set_password('${pw}')`, pw],
    [`new PostgreSQLContainer("postgres:16").withUsername("app").withPassword("${pw}")`, pw],
    [`config.setApiKey("${tok}");`, tok],
    [`builder.withToken("${tok}")`, tok],
    [`vault.setClientSecret("${tok}")`, tok],
  ];
  for (const [text, secret] of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, ["generic_secret"], text);
      assert.ok(!r.text.includes(secret), r.text);
    }
  }
  const kept = [
    "ds.setPassword(password);",
    'ds.setPassword("$DB_PASSWORD");',
    'container.withPassword("test");',
    'req.setTokenType("Bearer")',
    'setSecret("my secret value")',
    'user.setPassword("password");',
    'builder.withToken("abcdefghijklmnop")',
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});
