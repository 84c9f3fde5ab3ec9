// Tests for core/safety/secrets/code_shapes.ts: lines of real code, configuration and
// documentation found redacted when `baton redact` ran over installed packages (Python's
// site-packages and typeshed, the Deno npm cache, man pages) are kept, raw and JSON-escaped once
// and twice; the same shapes holding a credential are still redacted (positive controls).
// The samples are the real lines, names shortened; none holds a secret.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import {
  isCodeShape,
  isPamControl,
  isProseOrStyle,
} from "../../../../core/safety/secrets/code_shapes.ts";

const engine = createEngine(SECRET_RULES);

/** Raw, and JSON-escaped once and twice (a tool call, and a tool result quoting it). */
const ESCAPES = [
  (x: string) => x,
  (x: string) => JSON.stringify(x).slice(1, -1),
  (x: string) => JSON.stringify(JSON.stringify(x)).slice(1, -1),
];

/** Each line was redacted (and with it every copy of its value in the file) before. */
const REAL_TEXT: readonly string[] = [
  // typeshed, cryptography, prompt_toolkit: a parameter's type.
  "def pbkdf2_hmac(hash_name: str, password: ReadableBuffer, salt: ReadableBuffer) -> bytes: ...\n",
  "def scrypt(\n    password: ReadableBuffer, *, salt: ReadableBuffer, n: int\n) -> bytes: ...\n",
  "    key: PKCS12PrivateKeyTypes | None,\n",
  // A key size is no year (2048, 3072, 4096).
  "    key: Rsa2048PrivateKey | None,\n",
  "        password: FilterOrBool = False,\n",
  // typeshed's stubs: a private alias, `Incomplete`; a destructuring's renamed variable.
  "    def f(self, password: _PasswordType | None = None): ...\n",
  "class X:\n    password: Incomplete\n",
  "      const { contextToken: contextToken2, previousToken: previousToken2 } = getR()\n",
  // pip: a tuple unpacked.
  "            index_url, _, index_url_user_password = index_info\n",
  // Minified bundles: member chains before an operator.
  't.password=n.password||"",t.pathname=n.pathname\n',
  "skipCachedAccessToken:r.skipCachedAccessToken===!0,x:1\n",
  '      pwd: options.gitEnvironment?.["PWD"] ?? null,\n',
  // Vim script, a C header.
  "\tlet pwd = a:dict.istemp ? a:dict.tmpdir : ''\n",
  "    Tcl_Token staticTokens[NUM_STATIC_TOKENS];\n",
  // Manuals: record formats, nsswitch.conf, nginx, PAM, systemd.network.
  "group_name:password:GID:user_list\n",
  "pw_name:pw_passwd:pw_uid:pw_gid:pw_gecos:pw_dir:pw_shell\n",
  "passwd:         compat\ngroup:          compat\n",
  "       proxy_pass localhost:873;\n",
  "location / {\n    proxy_pass backend_servers;\n}\n",
  "-password sufficient pam_systemd_home.so\n",
  "Token=static:::1a:2b:3c:4d\nToken=prefixstable:2002:da8:1::\n",
  // gcloud and aws: pagination tokens given as options.
  'gcloud identity groups search --page-size=3 --page-token="ala9glealanal908"\n',
  "aws ec2 describe-instances --starting-token eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAxfQ==\n",
  "aws waf delete-byte-match-set --change-token 12cs345-67cd-890b-1cd2-c3a4567d89f1\n",
  // botocore's paginators, an IAM policy's resource, an HTTP header list.
  '      "result_key": "Ipv6CidrAssociations"\n',
  '      "Resource":"arn:aws:secretsmanager:*:*:secret:A4BNetworkProfile*",\n',
  '[{"key":"X-Request-Id1","value":"abc"},{"key":"ContentTypeHeader1","value":"x"}]\n',
  // The Cloud SDK's generated clients: a field's description, a template's field, a model's
  // type, a Secret Manager version (each redacted in thousands of copies before).
  "  Attributes:\n    password: Optional. The password for the user.\n    parent: Required. Value for parent.\n",
  "    seedPhraseSecret: '{__relative_name__}'\n",
  "      'image_pull_secrets': 'list[V1LocalObjectReference]',\n",
  "    --webhook-secret-secret-version=projects/myproj/secrets/whsecret/versions/1\n",
  // TypeScript's localized messages, a table of descriptions, a Pygments style.
  '  "The_parser_expected_to_find_a_1_to_match_the_0_token_here_1007": "Parser expected a {1} to match the {0} token here, ok.",\n',
  '  twitter_bearer_token: "it opens with 20 or more upper-case A",\n',
  '  salesforce_access_token: "its prefix holds an upper-case D (00D)",\n',
  '        Token.Comment: "italic #A3AAB2",\n',
  // configparser's interpolation of another option, a Bank-Vaults webhook's reference.
  "[db]\npassword = %(db_password)s\n",
  'admin_pass: "%(admin_pass)s"\n',
  "DB_PASSWORD=vault:secret/data/app#DB_PASSWORD\n",
  "  - name: API_TOKEN\n    value: vault:secret/data/accounts/api#API_TOKEN#2\n",
];

/** The same shapes with a credential: each still redacted. */
const CONTROLS: readonly string[] = [
  "    password: Xk9mQ2vLp7Rt,\n",
  "        password: Xk9mQ2vLp7Rt = False,\n",
  "index_url_user_password = Xk9mQ2vLp7Rt\n",
  "passwd:         Xk9mQ2vLp7Rt\n",
  "-password Xk9mQ2vLp7Rt pam_systemd_home.so\n",
  'gcloud auth --access-token="Xk9mQ2vLp7RtZ3hW8nBq"\n',
  "    password: Xk9mQ2vLp7. The password for the user.\n",
  "    seedPhraseSecret: 'Xk9mQ2vLp7RtZ3hW8nBq'\n",
  '{"key":"Xk9mQ2vLp7RtZ3hW8nBqL4","value":"x"}\n',
  '  twitter_bearer_token: "AAAAAAAAAAAAAAAAAAAAAXk9mQ2vLp7RtZ3hW8nBqL4x",\n',
  '  client_secret: "Xk9mQ2vLp7RtZ3hW8nBq",\n',
  // A passphrase of capitalised words under a password's name is the password, not a model's
  // class (a type's name is kept only under other names: `'secret': 'V1SecretVolumeSource'`).
  '  "password": "BlueSkyMorning7",\n',
  "    'db_password': 'CorrectHorseBatteryStaple',\n",
  // A type's name ends in no number; a secret a human chose often does.
  "SECRET_KEY = 'WinterDragonLily96'\n",
  "    token: LetmeinShadowProd12,\n",
  "mysql --password=MorningDragonQwerty\n",
  // An INI file's passphrase of three snake-case words, or with a number, is no variable's name.
  "[server]\npassword = dragon_princess_blue\n",
  "[server]\npwd = sunshine_morning726\n",
  "[client]\npassword = letmein_now1\n",
  // A wildcard ends an IAM pattern only after `secret:`; a year is no type's number; capitals
  // are a constant's name only in code; a docstring's word ends in a stop, not `!`.
  "  DB_PASSWORD: Passw0rd*\n",
  '  "client_secret": "BlueSky2024Morning",\n',
  "    password: Summer2024Sunset,\n",
  "password: S3CRET_ADMIN_PW\n",
  "password: Welcome! then sign in\n",
  // The wildcard of an IAM pattern follows `secret:` with no blank; a YAML value after one is
  // a password.
  "secret: Passw0rd2024*\n",
  "DB_PASSWORD=vault:Xk9mQ2vLp7RtZ3#x9\n",
  'password: "%(db_password)sXk9mQ2vLp7"\n',
];

Deno.test("lines of real code, manuals and packages that hold no secret are kept, raw and escaped (see: #21)", () => {
  for (const line of REAL_TEXT) {
    for (const esc of ESCAPES) {
      const text = esc(line);
      const r = redactText(engine, text);
      assert.deepEqual(r.kinds, [], `${JSON.stringify(text)} -> ${JSON.stringify(r.text)}`);
    }
  }
});

Deno.test("the same shapes holding a credential are still redacted (see: #21)", () => {
  for (const line of CONTROLS) {
    for (const esc of ESCAPES) {
      const text = esc(line);
      assert.notEqual(redactText(engine, text).kinds.length, 0, JSON.stringify(text));
    }
  }
});

Deno.test("isCodeShape reads code and configuration, not random values (see: #21)", () => {
  assert.ok(isCodeShape("ReadableBuffer", { name: "password", op: ":", close: "," }));
  assert.ok(isCodeShape("FilterOrBool", { name: "password", op: ":", assigned: " =" }));
  assert.ok(!isCodeShape("FilterOrBool", { name: "password", op: ":" }));
  assert.ok(isCodeShape("n.password||", {}));
  assert.ok(isCodeShape("a:dict.istemp", {}));
  assert.ok(isCodeShape("GID:user_list", { op: ":" }));
  assert.ok(!isCodeShape("GID:user_list", { op: " =" }));
  assert.ok(isCodeShape("compat", { name: "passwd" }));
  assert.ok(!isCodeShape("compat", { name: "password" }));
  assert.ok(!isCodeShape("my.s3cr3t.Pw", { op: "=" }));
  assert.ok(!isCodeShape("Xk9mQ2vLp7", { op: ":" }));
});

Deno.test("isProseOrStyle reads sentences and styles, not passphrases (see: #21)", () => {
  assert.ok(isProseOrStyle("its prefix holds an upper-case D (00D)"));
  assert.ok(isProseOrStyle("bold #ff0000"));
  assert.ok(!isProseOrStyle("correct horse battery staple"));
  assert.ok(!isProseOrStyle("abandon ability able about above absent absorb"));
  assert.ok(isPamControl("requisite"));
  assert.ok(!isPamControl("hunter2x"));
});
