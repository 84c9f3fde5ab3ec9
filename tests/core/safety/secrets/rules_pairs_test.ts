// Tests for core/safety/secrets/rules_pairs.ts: an AWS secret access key
// right after its key id (SDK calls, id:secret, the console's CSV, a table
// row) or after "Secret Access Key" in words, an Azure storage account key
// under the flag or name that takes one or in `az storage account keys list`
// output, and a JWK's private members are found in every context; AWS's
// documented example pair, a digest after a key id, a public JWK, a "d"
// outside a JWK, a reference and an npm integrity hash are kept; and a
// Honeycomb key in its X-Honeycomb-Team header.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import {
  B64,
  CONTEXTS,
  HEX,
  lookAlikes,
  p,
  Rng,
  SAMPLES,
  URLSAFE,
} from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** A random AWS secret access key: 40 base64 characters of both cases with a digit. */
function awsSecret(rng: Rng): string {
  return p("aB3/", rng.str(B64, 36));
}

/** A random Azure storage account key: 86 base64 characters and `==`. */
function storageKey(rng: Rng): string {
  return p("Zq9+", rng.str(B64, 82), "==");
}

/** Redacts `text` in every context; asserts the kinds and that `secret` is gone. */
function foundEverywhere(text: string, secret: string, kinds: string[], label: string): void {
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    const r = redactText(engine, wrap(text));
    assert.deepEqual(r.kinds, kinds, `${label}/${ctx}: ${r.text}`);
    assert.ok(!r.text.includes(secret.slice(4, 24)), `${label}/${ctx}: ${r.text}`);
  }
}

Deno.test("an AWS secret access key right after its key id is found in every shape and context", () => {
  const rng = new Rng(1611);
  for (let i = 0; i < 3; i++) {
    const id = p("AK", "IA", rng.str(BASE32, 16));
    const tmp = p("AS", "IA", rng.str(BASE32, 16));
    const s = awsSecret(rng);
    const shapes = [
      `creds := credentials.NewStaticCredentials("${id}", "${s}", "")`,
      `new BasicAWSCredentials("${id}", "${s}");`,
      `const c = new AWS.Credentials('${tmp}', '${s}');`,
      `AwsBasicCredentials.create("${id}", "${s}")`,
      `${id}:${s}`,
      `User name,Password,Access key ID,Secret access key\nci-bot,,${id},${s}`,
      `| ${id} | ${s} |`,
    ];
    for (const text of shapes) {
      const kinds = ["aws_access_key_id", "aws_secret_access_key"];
      foundEverywhere(text, s, kinds, text.slice(0, 30));
    }
    const prompt = `AWS Access Key ID [None]: ${id}\nAWS Secret Access Key [None]: ${s}`;
    foundEverywhere(prompt, s, ["aws_access_key_id", "aws_secret_access_key"], "prompt");
  }
});

Deno.test("AWS's example pair, a digest or prose after a key id are not a secret key", () => {
  const rng = new Rng(1612);
  const id = p("AK", "IA", rng.str(BASE32, 16));
  const example = p(
    "AK",
    "IAIOSFODNN7",
    "EXAMPLE",
    ":",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCY",
    "EXAMPLEKEY",
  );
  assert.deepEqual(redactText(engine, example).kinds, []);
  for (
    const text of [
      `${id}:${rng.str(HEX, 40)}`,
      `${id} is used by the sync job since 2024 and rotated every ninety days`,
      `${id}, ${"A".repeat(40)}`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, ["aws_access_key_id"], text);
  }
});

Deno.test("an Azure storage account key under its flag or name, or listed by az, is found", () => {
  const rng = new Rng(1613);
  for (let i = 0; i < 3; i++) {
    const k = storageKey(rng);
    const shapes = [
      `az storage blob upload --account-name acct --account-key ${k} -c c -f f`,
      `az storage container create -n c --account-key "${k}"`,
      `New-AzStorageContext -StorageAccountName acct -StorageAccountKey "${k}"`,
      `export AZURE_STORAGE_KEY="${k}"`,
      `storage_access_key = "${k}"`,
      `primary_access_key: ${k}`,
      `[{"keyName": "key1", "permissions": "FULL", "value": "${k}"}]`,
      `{\n  "creationTime": "2024-05-01T10:00:00+00:00",\n  "keyName": "key2",\n  "permissions": "FULL",\n  "value": "${k}"\n}`,
    ];
    for (const text of shapes) {
      foundEverywhere(text, k, ["azure_storage_account_key"], text.slice(0, 30));
    }
  }
});

Deno.test("a reference, an integrity hash or a short value under a storage key name is kept", () => {
  const rng = new Rng(1614);
  for (
    const text of [
      "AZURE_STORAGE_KEY=${{ secrets.AZURE_STORAGE_KEY }}",
      `"integrity": "sha512-${rng.str(B64, 86)}=="`,
      `az storage blob list --account-key $KEY --account-name acct`,
      `{"keyName": "key1", "permissions": "FULL", "value": "${"A".repeat(86)}=="}`,
      `storage_key = "${rng.str(B64, 40)}"`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a JWK's private members are found in every context, its public ones kept", () => {
  const rng = new Rng(1615);
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    for (let i = 0; i < 4; i++) {
      const s = SAMPLES.jwk_private_key!(rng);
      const r = redactText(engine, wrap(s.text));
      assert.deepEqual(r.kinds, ["jwk_private_key"], `${ctx}: ${r.text}`);
      assert.ok(!r.text.includes(s.core), `${ctx}: ${r.text}`);
    }
  }
  // An RSA key in sorted member order: every private member goes, n and e stay.
  const priv = ["d", "dp", "dq", "p", "q", "qi"].map((m) => [m, p("Qr5", rng.str(URLSAFE, 40))]);
  const n = rng.str(URLSAFE, 100);
  const members = [...priv.slice(0, 3), ["e", "AQAB"], ["kty", "RSA"], ["n", n], ...priv.slice(3)];
  const jwk = JSON.stringify(Object.fromEntries(members));
  const r = redactText(engine, jwk);
  assert.equal(r.kinds.length, 6, r.text);
  for (const [, v] of priv) assert.ok(!r.text.includes(v!), r.text);
  assert.ok(r.text.includes(n));
});

Deno.test("look-alikes of a JWK's private member are kept", () => {
  for (const v of lookAlikes(new Rng(1616)).jwk_private_key ?? []) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.yaml!]) {
      assert.deepEqual(redactText(engine, wrap(v)).kinds, [], v);
    }
  }
});

Deno.test("a Honeycomb key in an X-Honeycomb-Team header is found in every context", () => {
  const rng = new Rng(1617);
  for (let i = 0; i < 3; i++) {
    const k = p("h7", rng.str(URLSAFE.replace(/[_-]/g, ""), 20));
    const classic = p("4f", rng.str(HEX, 30));
    for (
      const [text, key] of [
        [`curl -H "X-Honeycomb-Team: ${k}" https://api.honeycomb.io/1/auth`, k],
        [`OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team=${k}"`, k],
        [`exporters:\n  otlp:\n    headers:\n      x-honeycomb-team: ${classic}`, classic],
      ]
    ) {
      foundEverywhere(text!, key!, ["honeycomb_api_key"], text!.slice(0, 30));
    }
  }
  for (
    const text of [
      'headers: {"X-Honeycomb-Team": apiKey}',
      "x-honeycomb-team: ${HONEYCOMB_API_KEY}",
      "set the x-honeycomb-team header to your key",
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("the token heroku auth:token or authorizations:create prints is found in every context", () => {
  const rng = new Rng(1618);
  const uuid = () => [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-");
  for (let i = 0; i < 3; i++) {
    const t = uuid();
    const id = uuid();
    for (
      const text of [
        `$ heroku auth:token\n \u203a Warning: token will expire 11/05/2027\n${t}`,
        `$ heroku auth:token\n${t}\n$ git push heroku main`,
        `$ heroku authorizations:create -d ci\nCreating OAuth Authorization... done\nClient:      <none>\n` +
        `ID:          ${id}\nDescription: ci\nScope:       global\nToken:       ${t}\nUpdated at:  now`,
      ]
    ) {
      foundEverywhere(text, t, ["heroku_api_key"], text.slice(0, 30));
      assert.ok(redactText(engine, text).text.includes(id) || !text.includes(id));
    }
  }
  for (
    const text of [
      "export HEROKU_API_KEY=$(heroku auth:token)",
      `$ heroku authorizations:create\nID:          ${uuid()}\nScope:       global`,
      `$ heroku auth:token\n$ ls\n${"x".repeat(20)}\nrequest id ${uuid()} done`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("the password of a Go MySQL DSN (user:password@tcp(host)/db) is found in every context", () => {
  const rng = new Rng(1619);
  for (let i = 0; i < 3; i++) {
    const pw = p("Hq7", rng.str(B64.replace("/", ""), 13));
    for (
      const text of [
        `db, err := sql.Open("mysql", "root:${pw}@tcp(127.0.0.1:3306)/app?parseTime=true")`,
        `dsn := fmt.Sprintf("app:${pw}@tcp(%s:3306)/%s", host, name)`,
        `MYSQL_DSN=app:${pw}@tcp(db:3306)/app`,
        `DSN="app:${pw}@unix(/var/run/mysqld/mysqld.sock)/app"`,
      ]
    ) {
      foundEverywhere(text, pw, ["database_url"], text.slice(0, 30));
      assert.ok(redactText(engine, text).text.includes("@"), text);
    }
  }
  for (
    const text of [
      'sql.Open("mysql", "root@tcp(127.0.0.1:3306)/app")',
      'dsn := fmt.Sprintf("%s:%s@tcp(%s)/%s", user, pass, host, db)',
      "DSN=app:${MYSQL_PASSWORD}@tcp(db:3306)/app",
      "app:app@tcp(db:3306)/app",
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});
