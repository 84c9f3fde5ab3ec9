// Tests for core/safety/secrets/rules_decls.ts: a secret declared in Visual Basic, CMake or
// Clojure, set by a call with its name (`System.setProperty`, `os.Setenv`, a header's put), given
// to an Objective-C setter or to `rclone config create` is redacted whole, raw and JSON-escaped
// once and twice; names that hold no secret, references and placeholders are kept. Every value is
// drawn at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** Raw, and JSON-escaped once and twice (a tool call, and a tool result quoting it). */
const ESCAPES = [
  (x: string) => x,
  (x: string) => JSON.stringify(x).slice(1, -1),
  (x: string) => JSON.stringify(JSON.stringify(x)).slice(1, -1),
];

/** Shapes of each declaration, `%V%` standing for the secret. */
const SHAPES: readonly string[] = [
  'Dim apiKey As String = "%V%"\n',
  'Private Const API_SECRET As String = "%V%"\n',
  'set(API_KEY "%V%")\n',
  "set(API_TOKEN %V%)\n",
  'set(ENV{GITHUB_TOKEN} "%V%")\n',
  '(def api-key "%V%")\n',
  '(def ^:private db-password "%V%")\n',
  '(defonce stripe-secret-key "%V%")\n',
  'System.setProperty("api.key", "%V%");\n',
  'os.Setenv("OPENAI_API_KEY", "%V%")\n',
  'conn.setRequestProperty("X-Api-Key", "%V%");\n',
  'headers.put("X-Auth-Token", "%V%");\n',
  '[Configuration setApiKey:@"%V%"];\n',
  '[client setPassword:@"%V%"];\n',
  "rclone config create s3 s3 provider AWS access_key_id AKIA secret_access_key %V%\n",
  "rclone config create gd drive client_id 123.apps client_secret %V% scope drive\n",
  "rclone config update box sftp host example.com user bob pass %V%\n",
];

/** The same shapes holding no secret. */
const KEPT: readonly string[] = [
  'Dim apiKeyLabel As String = "Enter your API key"\n',
  'Dim apiKey As String = "YOUR_API_KEY_HERE"\n',
  'set(API_KEY "${API_KEY}")\n',
  "set(API_KEY $ENV{API_KEY})\n",
  "set(SOURCES main.cpp token.cpp)\n",
  'set(PASSWORD_SOURCES "src/password.cpp")\n',
  '(def api-key (System/getenv "API_KEY"))\n',
  '(def token-endpoint "https://auth.example.com/token")\n',
  'System.setProperty("api.key", System.getenv("API_KEY"));\n',
  'System.setProperty("java.net.preferIPv4Stack", "true");\n',
  'headers.put("Content-Type", "application/json");\n',
  'headers.set("X-Api-Key", apiKey);\n',
  "rclone config create s3 s3 provider AWS env_auth true\n",
  "rclone config create gd drive client_secret $CLIENT_SECRET\n",
  "rclone config update box sftp pass --obscure\n",
];

Deno.test("a secret declared in VB, CMake or Clojure, set by a call, an Objective-C setter or rclone config is redacted whole (see: #21)", () => {
  const rng = new Rng(9801);
  for (const shape of SHAPES) {
    const value = p(rng.str(ALNUM, 8), "7", rng.str(ALNUM, 11));
    for (const esc of ESCAPES) {
      const text = esc(shape.replace("%V%", value));
      const r = redactText(engine, text);
      assert.ok(
        r.kinds.length > 0 && !r.text.includes(value),
        `${JSON.stringify(text)} -> ${r.text}`,
      );
    }
  }
});

Deno.test("the same declarations holding a reference, a placeholder or no secret are kept (see: #21)", () => {
  for (const line of KEPT) {
    for (const esc of ESCAPES) {
      const text = esc(line);
      const r = redactText(engine, text);
      assert.deepEqual(r.kinds, [], `${JSON.stringify(text)} -> ${r.text}`);
    }
  }
});

/** CSV files with a credential column, `%V%` standing for the secret on the first row. */
const CSV_SHAPES: readonly string[] = [
  "name,api_token\nbob,%V%\n",
  "id,name,email,api_token\n1,bob,bob@x.test,%V%\n",
  "username,password\r\nadmin,%V%\r\n",
  "name,API Key,created\nbob,%V%,2024-01-01\n",
  "user,secret,scope,expires\nci,%V%,repo,2030-01-01\n",
  "$ cat users.csv\nid,token\n7,%V%",
];

/** CSV-like text holding no secret under a credential column. */
const CSV_KEPT: readonly string[] = [
  "name,password\nbob,hunterbob\n",
  "name,api_token\nbob,${API_TOKEN}\n",
  "name,api_token\nbob,<your-token>\n",
  "name,token\nbob,xxxxxxxxxxxx\n",
  "name,password_hash\nbob,Xk9mQ2vL7pR4tW8zB3nCq5\n",
  "id,secret\n1,/etc/app/secret.key\n",
  "function(e,token\n  return a,Xk9mQ2vL7pR4tW8zB3nCq5\n",
  "f(a,token,b)\nx,Xk9mQ2vL7pR4tW8zB3nCq5,y\n",
  "Enter your username,password\nthen click Login, or press Enter-key9\n",
  "openssl list\npasswd,\npkcs12,\n",
];

Deno.test("a CSV cell under a credential column (not the first) is redacted on the first row, raw and JSON-escaped once and twice (redact100)", () => {
  const rng = new Rng(10023);
  for (const shape of CSV_SHAPES) {
    const value = p(rng.str(ALNUM, 8), "7", rng.str(ALNUM, 11));
    for (const esc of ESCAPES) {
      const text = esc(shape.replace("%V%", value));
      const r = redactText(engine, text);
      assert.deepEqual(r.kinds, ["generic_secret"], `${JSON.stringify(text)} -> ${r.text}`);
      assert.ok(!r.text.includes(value), r.text);
      // Control: only the cell goes, the header and the other cells stay.
      assert.equal(r.text, text.replace(value, "[REDACTED:generic_secret]"));
    }
  }
  for (const line of CSV_KEPT) {
    for (const esc of ESCAPES) {
      const text = esc(line);
      assert.deepEqual(redactText(engine, text).kinds, [], JSON.stringify(text));
    }
  }
});

Deno.test("redact101: a token contract's public address (0x and 40 hex) under a CSV token column is kept; a private key of 64 hex is redacted", () => {
  const address = "0x6b175474e89094c44da98b954eedeac495271d0f";
  for (
    const text of [
      `id,type,token\n42,ERC20,${address}`,
      "symbol,name,token\nDAI,Dai Stablecoin,0x6B175474E89094C44Da98b954EedeAC495271d0F",
      `name,token,decimals\nDai,${address},18\n`,
    ]
  ) {
    for (const esc of ESCAPES) {
      assert.deepEqual(redactText(engine, esc(text)).kinds, [], JSON.stringify(esc(text)));
    }
  }
  // Controls: 64 hex (a private key's length) and a random token under the same column.
  const rng = new Rng(10101);
  for (
    const value of [
      `0x${rng.str("0123456789abcdef", 64)}`,
      p(rng.str(ALNUM, 8), "7", rng.str(ALNUM, 11)),
    ]
  ) {
    for (const esc of ESCAPES) {
      const text = esc(`id,type,token\n42,ERC20,${value}`);
      const r = redactText(engine, text);
      assert.deepEqual(r.kinds, ["generic_secret"], JSON.stringify(text));
      assert.ok(!r.text.includes(value), r.text);
    }
  }
});
