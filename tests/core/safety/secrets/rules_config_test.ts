// Tests for core/safety/secrets/rules_config.ts: secrets in configuration
// written with no assignment operator (a directive's quoted argument, a
// server or shell directive that sets a named header or variable), in XML
// under a name with words after its credential word, a .NET setting, a
// Cloudflare key under the vendor's name alone; and the filters' reading of
// a run of underscores inside a random token (filters.ts). Every value is
// drawn at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, B64, CONTEXTS, HEX, p, Rng, URLSAFE } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** Each case is redacted (its value gone) as the kind named, raw and inside a JSON transcript line. */
function assertRedacted(cases: readonly (readonly [string, string, string])[]): void {
  for (const [text, value, kind] of cases) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.ok(r.kinds.includes(kind), `${kind} not found: ${text} (${r.kinds.join(",")})`);
      assert.ok(!r.text.includes(value), `left in: ${r.text}`);
    }
  }
}

function assertKept(texts: readonly string[]): void {
  for (const text of texts) assert.deepEqual(redactText(engine, text).kinds, [], text);
}

Deno.test("a directive's quoted argument under a secret's name is redacted: BIND's TSIG secret, apikey \"...\"; (see: #21)", () => {
  const rng = new Rng(1901);
  const tsig = p("q8", rng.str(B64, 41), "=");
  const key = p("Zk3", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 9));
  assertRedacted([
    [`key "rndc-key" {\n\talgorithm hmac-sha256;\n\tsecret "${tsig}";\n};`, tsig, "generic_secret"],
    [`key "ddns" { algorithm hmac-sha512; secret "${tsig}"; };`, tsig, "generic_secret"],
    [`apikey "${key}";`, key, "generic_secret"],
    [`fooapikey"${key}";`, key, "generic_secret"],
    [`private_key '${key}';`, key, "generic_secret"],
    [`  db_password "${pw}";`, pw, "password_assignment"],
  ]);
  assertKept([
    `key "rndc-key" { algorithm hmac-sha256; };`,
    'secret "${TSIG_SECRET}";',
    'tsig_secret "hmac-sha256";',
    `secret "${key}"`,
    `private_key "${key} x";`,
    `x = y; print("secret"); token "${key}" + 1;`,
  ]);
});

Deno.test("a line that is one directive named for a password and its value is redacted: rootpw, bindpw, auth_pass, AuthLDAPBindPassword (see: #21)", () => {
  const rng = new Rng(1907);
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const key = p("Zk3", rng.str(ALNUM, 21));
  assertRedacted([
    [`rootpw ${pw}`, pw, "password_assignment"],
    [`suffix "dc=example,dc=com"\nrootdn "cn=admin"\nrootpw ${pw}\n`, pw, "password_assignment"],
    [`bindpw ${pw}`, pw, "password_assignment"],
    [
      `    authentication {\n        auth_type PASS\n        auth_pass ${pw}\n    }`,
      pw,
      "password_assignment",
    ],
    [`AuthLDAPBindPassword "${pw}"`, pw, "password_assignment"],
    [`password ${pw}`, pw, "password_assignment"],
    [`secure_link_secret ${key};`, key, "generic_secret"],
    [`auth_token ${key};`, key, "generic_secret"],
    [`api_key ${key}`, key, "generic_secret"],
  ]);
  assertKept([
    "password manager",
    "Password required",
    "password reset link expired",
    "passwd --stdin",
    "rootpw /etc/openldap/rootpw.txt",
    "bindpw $LDAP_BIND_PASSWORD",
    `the password ${pw}`,
    `password ${pw} and more`,
    "auth_pass 1111",
    `csrf_token ${key}`,
    "ssl_certificate_key /etc/ssl/private/x.key;",
    "api_key your_api_key_here_123",
  ]);
});

Deno.test("a server or shell directive that sets a named header, parameter or variable to a secret is redacted (see: #21)", () => {
  const rng = new Rng(1902);
  const hex = p("9f", rng.str(HEX, 30));
  const tok = p("Zk3", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 9));
  assertRedacted([
    [`proxy_set_header X-Api-Key "${hex}";`, hex, "generic_secret"],
    [`    proxy_set_header X-Auth-Token ${tok};`, tok, "generic_secret"],
    [`grpc_set_header x-api-key ${tok};`, tok, "generic_secret"],
    [`fastcgi_param DB_PASSWORD "${pw}";`, pw, "generic_secret"],
    [`set $api_token "${tok}";`, tok, "generic_secret"],
    [`SetEnv DB_PASSWORD ${pw}`, pw, "generic_secret"],
    [`RequestHeader set X-Auth-Token "${tok}"`, tok, "generic_secret"],
    [`Header always set X-Api-Key "${tok}"`, tok, "generic_secret"],
    [`http-request set-header X-Api-Key ${tok}`, tok, "generic_secret"],
    [`setenv GITHUB_TOKEN ${tok}`, tok, "generic_secret"],
  ]);
  assertKept([
    "proxy_set_header X-Api-Key $http_x_api_key;",
    "proxy_set_header Host $host;",
    `proxy_set_header X-Request-Id ${hex};`,
    "fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;",
    "fastcgi_param DB_PASSWORD $db_password;",
    "auth_basic_user_file /etc/nginx/.htpasswd;",
    'set $token_header "Authorization";',
    "SetEnv DB_PASSWORD changeme",
    "RequestHeader unset X-Auth-Token",
    "setenv PATH /usr/local/bin:/usr/bin",
  ]);
});

Deno.test("XML under a name with words after its credential word: holder words read as the word, words about it never, others by the value (see: #21)", () => {
  const rng = new Rng(1903);
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const tok = p("Zk3", rng.str(ALNUM, 21));
  assertRedacted([
    [`<db_password_value>${pw}</db_password_value>`, pw, "xml_password"],
    [`<dbPasswordValue>\n  ${pw}\n</dbPasswordValue>`, pw, "xml_password"],
    [`<passwordString>${pw}</passwordString>`, pw, "xml_password"],
    [`<secret_data>${tok}</secret_data>`, tok, "xml_password"],
    [`<the_password_tag>${tok}</the_password_tag>`, tok, "xml_password"],
    [`<sometag name="the_password_attribute" value="${tok}"/>`, tok, "xml_password"],
    [`<sometag name='the_password_att'>${tok}</sometag>`, tok, "xml_password"],
    [`<apiKeyString>${tok}</apiKeyString>`, tok, "xml_token"],
    [`<secretKeyData>${tok}</secretKeyData>`, tok, "xml_token"],
    [`<add key="ApiKeyValue" value="${tok}" />`, tok, "xml_token"],
    [`<AccessTokenText>${tok}</AccessTokenText>`, tok, "xml_token"],
    // A token or key named by an attribute, its word last: Android strings, Java XML properties.
    [`<string name="api_token">${tok}</string>`, tok, "xml_token"],
    [`<string name="server_api_key">${tok}</string>`, tok, "xml_token"],
    [`<entry key="api.token">${tok}</entry>`, tok, "xml_token"],
  ]);
  assertKept([
    "<passwordPolicy>MinLength8UpperLower</passwordPolicy>",
    "<label>Password</label>",
    `<passwordPolicy>${tok}</passwordPolicy>`,
    `<tokenEndpoint>https://login.example.com/${tok}</tokenEndpoint>`,
    `<secretName>${tok}</secretName>`,
    "<the_password_tag>hello world</the_password_tag>",
    `<the_password_tag>${rng.str("abcdefghijklmnop", 14)}</the_password_tag>`,
    "<db_password_value>changeme</db_password_value>",
    "<passwordValue>${DB_PASSWORD}</passwordValue>",
    `<add key="PasswordPolicy" value="${tok}" />`,
    `<tokenizerModel>${tok}</tokenizerModel>`,
    `</db_password_value>${tok}<x>`,
    '<string name="token_expired_message">Your session expired</string>',
    '<string name="password_hint">Enter your password</string>',
    `<string name="next_page_token">${tok}</string>`,
    `<input name="csrf_token">${tok}</input>`,
    '<string name="api_token">${API_TOKEN}</string>',
  ]);
});

Deno.test("a .NET application setting named for a secret is redacted (see: #21)", () => {
  const rng = new Rng(1904);
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const tok = p("Zk3", rng.str(ALNUM, 21));
  assertRedacted([
    [
      `<setting name="DbPassword" serializeAs="String">\n  <value>${pw}</value>\n</setting>`,
      pw,
      "generic_secret",
    ],
    [
      `<setting name="ApiToken" serializeAs="String"><value>${tok}</value></setting>`,
      tok,
      "generic_secret",
    ],
  ]);
  assertKept([
    '<setting name="PasswordPolicy" serializeAs="String"><value>strict</value></setting>',
    `<setting name="ApiBaseUrl" serializeAs="String"><value>${tok}</value></setting>`,
  ]);
});

Deno.test("review36: a .NET setting with one attribute a line, inside a transcript's JSON, is redacted (see: #21)", () => {
  const rng = new Rng(1906);
  const tok = p("Zk3", rng.str(ALNUM, 21));
  const layouts = [
    `<setting\n    name="ApiToken"\n    serializeAs="String">\n  <value>${tok}</value>\n</setting>`,
    `<setting serializeAs="String"\n\tname="ApiToken">\n<value>${tok}</value></setting>`,
  ];
  for (const text of layouts) {
    const r = redactText(engine, CONTEXTS.json_transcript!(text));
    assert.ok(!r.text.includes(tok), `left in: ${r.text}`);
  }
  // Control: the same layout under a name that is no credential's.
  const kept =
    `<setting\n    name="ApiBaseUrl"\n    serializeAs="String">\n<value>${tok}</value></setting>`;
  assert.deepEqual(redactText(engine, CONTEXTS.json_transcript!(kept)).kinds, []);
});

Deno.test("a Cloudflare key under the vendor's name alone is redacted by its format's length (see: #21)", () => {
  const rng = new Rng(1905);
  const global = p("a7", rng.str(HEX, 35));
  const token = p("Q7z", rng.str(URLSAFE, 37));
  assertRedacted([
    [`cloudflare: "${global}"`, global, "cloudflare_api_key"],
    [`"cloudflare": "${global}",`, global, "cloudflare_api_key"],
    [`cloudflare_global = ${global}`, global, "cloudflare_api_key"],
    [`cloudflare: "${token}"`, token, "cloudflare_api_key"],
  ]);
  assertKept([
    'cloudflare: "3.8.1"',
    `cloudflare_zone_id: ${rng.str(HEX, 32)}`,
    `cloudflare_tunnel: ${token}`,
    `cloudflare: ${"0".repeat(37)}`,
  ]);
});

Deno.test("a Heroku key with a run of underscores: inside a random token it is no placeholder; a padded name still names the key (see: #21)", () => {
  const rng = new Rng(1906);
  // HRKU-AA + 58 URL-safe characters holding five underscores (base64url: 30 set bits).
  const hrku = p("HR", "KU-AA", "lQ1", rng.str(ALNUM, 30), "_____", rng.str(ALNUM, 20));
  const uuid = [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-");
  assertRedacted([
    [`"secret1": "${hrku}",`, hrku, "heroku_api_key"],
    [`HEROKU_API_KEY=${hrku}`, hrku, "heroku_api_key"],
    [`const HEROKU_KEY_______ = "${uuid}";`, uuid, "heroku_api_key"],
    // Every operator gitleaks' sample generator writes a setting with.
    [`heroku_token: |\n  ${uuid}`, uuid, "heroku_api_key"],
    [`var herokuToken string = "${uuid}"`, uuid, "heroku_api_key"],
    [`herokuToken,${uuid},`, uuid, "heroku_api_key"],
    [`heroku_TOKEN ::= "${uuid}"`, uuid, "heroku_api_key"],
    [`heroku_TOKEN += "${uuid}"`, uuid, "heroku_api_key"],
    [`$herokuToken .= "${uuid}"`, uuid, "heroku_api_key"],
    [`"heroku_secret": "${uuid}"`, uuid, "heroku_api_key"],
  ]);
  assertKept([
    `heroku_app_id: ${uuid}`,
    `curl https://kolkrabbi.heroku.com/apps/${uuid}/github/push`,
    p("HR", "KU-AA", "_".repeat(58)),
    `your_token_____________${rng.str(ALNUM, 8)}`,
    `API_TOKEN=ghp_____________________________________${rng.str(ALNUM, 4)}`,
  ]);
});

Deno.test('an Android string resource kept from translation (translatable="false" beside its name) is redacted (see: #21)', () => {
  const rng = new Rng(1912);
  const key = p("AIza", rng.str(ALNUM, 15), "9q", rng.str(ALNUM, 12));
  const tok = p("Zk3", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 9));
  assertRedacted([
    [`<string name="server_api_token" translatable="false">${tok}</string>`, tok, "xml_token"],
    [`<string translatable="false" name="api_token">${tok}</string>`, tok, "xml_token"],
    [
      `<resources>\n    <string name="maps_api_key" translatable="false" tools:ignore="MissingTranslation">${key}</string>\n</resources>`,
      key,
      "xml_token",
    ],
    [`<string name="stripe_secret_key" formatted="false">${tok}</string>`, tok, "xml_token"],
    [`<string name="smtp_password" translatable="false">${pw}</string>`, pw, "xml_password"],
    [`<string name="db_password_value" translatable="false">${pw}</string>`, pw, "xml_password"],
  ]);
  assertKept([
    // An app's own words under such names, and names about a credential.
    `<string name="action_forgot_password" translatable="false">Forgot</string>`,
    `<string name="error_invalid_password" translatable="false">Invalid</string>`,
    `<string name="api_token_url" translatable="false">${tok}</string>`,
    `<string name="token_type" translatable="false">${tok}</string>`,
    `<string name="app_name" translatable="false">${tok}</string>`,
    // A resource reference names another string, with or without other attributes.
    `<string name="api_token" translatable="false">@string/other_${tok}</string>`,
    `<string name="api_token">@string/other_${tok}</string>`,
    `<string name="server_api_key">@android:string/${tok}</string>`,
  ]);
});

Deno.test("a setting directive with what its server writes after the value, tab-aligned, or in Caddy's syntax is redacted (see: #21)", () => {
  const rng = new Rng(1913);
  const tok = p("Zk3", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const uuid = [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-");
  assertRedacted([
    [`add_header X-Api-Key ${tok} always;`, tok, "generic_secret"],
    [`fastcgi_param DB_PASSWORD ${pw} if_not_empty;`, pw, "generic_secret"],
    [`RequestHeader set X-Auth-Token "${tok}" early`, tok, "generic_secret"],
    [`RequestHeader set X-Auth-Token "${tok}" env=internal`, tok, "generic_secret"],
    [`RequestHeader merge X-Auth-Token "${tok}"`, tok, "generic_secret"],
    [`    http-request set-header X-Api-Key ${tok} if { path_beg /api }`, tok, "generic_secret"],
    [`http-request set-header X-Api-Key ${tok} unless is_local`, tok, "generic_secret"],
    [`SetEnv\tDB_PASSWORD\t${pw}`, pw, "generic_secret"],
    [`setenv API_TOKEN ${tok} # CI`, tok, "generic_secret"],
    [`reverse_proxy app:8080 {\n\theader_up X-Api-Key ${tok}\n}`, tok, "generic_secret"],
    [`request_header X-Api-Key "${tok}"`, tok, "generic_secret"],
    [`proxy / app:8080 {\n  header_upstream X-Api-Key ${tok}\n}`, tok, "generic_secret"],
    // A Heroku API key (a UUID) set by a directive, which writes no operator.
    [`setenv HEROKU_API_KEY ${uuid}`, uuid, "generic_secret"],
    [`SetEnv HEROKU_API_KEY ${uuid}`, uuid, "generic_secret"],
    [`HEROKU_API_KEY ${uuid}`, uuid, "generic_secret"],
  ]);
  assertKept([
    `add_header X-Request-Id ${tok} always;`,
    "header_up X-Api-Key {env.API_KEY}",
    "header_up X-Api-Key {http.request.header.X-Api-Key}",
    `http-request set-header X-Api-Key ${tok}and more`,
    `http-request set-header X-Api-Key ${tok} and more`,
    "fastcgi_param DB_PASSWORD $db_password if_not_empty;",
    'setenv("API_TOKEN", token);',
    `setenv HEROKU_APP_ID ${uuid}`,
    `SetEnv REQUEST_KEY_ID ${uuid}`,
    `HEROKU_APP ${uuid}`,
  ]);
});

Deno.test("an XML credential's text written as a CDATA section is redacted (see: #21)", () => {
  const rng = new Rng(1914);
  const tok = p("Zk3", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 5), "<&]", rng.str(ALNUM, 4));
  assertRedacted([
    [`<password><![CDATA[${pw}]]></password>`, pw, "xml_password"],
    [`<datasource>\n  <password>\n    <![CDATA[${pw}]]>\n  </password>`, pw, "xml_password"],
    [`<db_password_value><![CDATA[${pw}]]></db_password_value>`, pw, "xml_password"],
    [`<apiKey><![CDATA[${tok}]]></apiKey>`, tok, "xml_token"],
  ]);
  assertKept([
    "<password><![CDATA[Enter your password]]></password>",
    "<password><![CDATA[${DB_PASSWORD}]]></password>",
    "<apiKey><![CDATA[short]]></apiKey>",
    `<password><![CDATA[]]></password>`,
    `<password_hint><![CDATA[${pw}]]></password_hint>`,
  ]);
});

Deno.test("a line-long directive aligned with tabs or several blanks, single-quoted or with a comment after it, is redacted, every copy (see: #21)", () => {
  const rng = new Rng(1911);
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const key = p("Zk3", rng.str(ALNUM, 21));
  assertRedacted([
    // slapd.conf and keepalived.conf as their own samples align them: tabs.
    [`rootpw\t\t${pw}`, pw, "password_assignment"],
    [`bindpw\t${pw}\n`, pw, "password_assignment"],
    [
      `    authentication {\n\t\tauth_type PASS\n\t\tauth_pass\t${pw}\n    }`,
      pw,
      "password_assignment",
    ],
    [`AuthLDAPBindPassword   "${pw}"`, pw, "password_assignment"],
    [`rootpw '${pw}'`, pw, "password_assignment"],
    [`auth_pass ${pw}   # the VRRP password`, pw, "password_assignment"],
    [`api_key\t${key}`, key, "generic_secret"],
  ]);
  // A transcript line: the tab JSON-escaped, and a copy of the value elsewhere in the output;
  // the directive first in the output (the string's start), and a tool output held as JSON
  // inside the transcript's JSON (Codex's function_call_output), escaped twice.
  for (
    const line of [
      JSON.stringify({ out: `vrrp_instance VI_1 {\n\tauth_pass\t${pw}\n}\nkept ${pw}` }),
      JSON.stringify({ out: `rootpw ${pw}\nlater ${pw} again` }),
      JSON.stringify({ output: JSON.stringify({ output: `bindpw\t${pw}\nuri ldap://x` }) }),
      JSON.stringify({ output: JSON.stringify({ output: `SetEnv DB_PASSWORD ${pw}\n${pw}` }) }),
    ]
  ) {
    const r = redactText(engine, line);
    assert.ok(r.kinds.length > 0, line);
    assert.ok(!r.text.includes(pw), r.text);
  }
  assertKept([
    "rootpw\t/etc/openldap/rootpw.txt",
    "passwd\t--stdin",
    "password\tmanager",
    "auth_pass\t1111",
    // A vim help heading and its tag (/usr/share/vim/vim90/doc/pi_netrw.txt), found on this machine.
    "PASSWORD\t\t\t\t\t\t*netrw-passwd*",
    "password *netrw-passwd*",
    // /etc/services (services(5)): a service named for passwords and its port/protocol.
    "kpasswd\t\t464/tcp",
    "kpasswd\t\t464/udp\n",
    "passwd-server\t752/udp\t\tpasswd_server\t# Kerberos passwd server",
    // Code aligned as configuration is: a Go field's type, a column list, an identifier.
    "type Login struct {\n\tUser     string\n\tPassword *string\n}",
    "\tPassword\t*string\n",
    "\tpassword\t[]byte\n",
    "SELECT\n\tusername,\n\tpassword\tpassword_hash,\n",
    "\tapi_key\tapi_key_from_env\n",
    // Google-style docstrings' arguments (the Cloud SDK's generated clients, on this machine).
    "    Args:\n        oidc_token (google.pubsub_v1.types.PushConfig.OidcToken):\n            text",
    "        precommit_token (spanner_v1.types.MultiplexedSessionPrecommitToken):\n",
    // Prose wrapped before its last word (Python's smtplib.py docstring).
    "    SMTPAuthenticationError  The server didn't accept the username/\n                               password combination.\n",
    `password\t${pw}\tand more`,
    `password\t${pw} and more`,
  ]);
});

Deno.test("recall20: a directive's quoted argument after a tab or several blanks, or escaped in JSON inside JSON, is redacted (see: #21)", () => {
  const rng = new Rng(2011);
  const tsig = p("q8", rng.str(B64, 41), "=");
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const inner = JSON.stringify({ out: `key "ddns" {\n\tsecret "${tsig}";\n};` });
  assertRedacted([
    [
      `key "rndc-key" {\n\talgorithm hmac-sha256;\n\tsecret\t"${tsig}";\n};`,
      tsig,
      "generic_secret",
    ],
    [`key "ddns" {\n  secret  "${tsig}";\n};`, tsig, "generic_secret"],
    [`\tdb_password\t\t'${pw}';`, pw, "password_assignment"],
  ]);
  // A tool's JSON output inside the transcript's JSON line: the quotes escaped three times.
  const twice = redactText(engine, JSON.stringify({ type: "tool_result", content: inner }));
  assert.deepEqual(twice.kinds, ["generic_secret"]);
  assert.ok(!twice.text.includes(tsig), twice.text);
  assertKept([
    'secret\t"${TSIG_SECRET}";',
    'tsig_secret  "hmac-sha256";',
    `the secret\t"${tsig}" is rotated;`,
    JSON.stringify({ content: JSON.stringify({ out: 'secret  "hmac-sha256";' }) }),
  ]);
});

Deno.test("recall20: a Cloudflare Global API Key on the next line, after blanks alone or in upper case is redacted (see: #21)", () => {
  const rng = new Rng(2012);
  const global = p("a7", rng.str(HEX, 35));
  assertRedacted([
    [`cloudflare:\n  ${global}`, global, "cloudflare_api_key"],
    [`cloudflare ${global}`, global, "cloudflare_api_key"],
    [`cloudflare: ${global.toUpperCase()}`, global.toUpperCase(), "cloudflare_api_key"],
    [`CLOUDFLARE_GLOBAL = "${global.toUpperCase()}"`, global.toUpperCase(), "cloudflare_api_key"],
  ]);
  assertKept([
    `cloudflare:\n  version: "3.8.1"`,
    `cloudflare ${rng.str(HEX, 40)}`,
    `cloudflare ${p("Q7z", rng.str(URLSAFE, 37))}`,
    `cloudflare: ${"0".repeat(37)}`,
  ]);
});

Deno.test("recall20: a .NET setting with single quotes or serializeAs before its name is redacted (see: #21)", () => {
  const rng = new Rng(2013);
  const pw = p("Hq7", rng.str(ALNUM, 9));
  assertRedacted([
    [
      `<setting name='DbPassword' serializeAs='String'>\n  <value>${pw}</value>\n</setting>`,
      pw,
      "generic_secret",
    ],
    [
      `<setting serializeAs="String" name="DbPassword">\n  <value>${pw}</value>\n</setting>`,
      pw,
      "generic_secret",
    ],
  ]);
  assertKept([
    "<setting serializeAs='String' name='PasswordPolicy'><value>strict</value></setting>",
    `<setting serializeAs="String" name="ApiBaseUrl"><value>${pw}</value></setting>`,
  ]);
});

Deno.test("an XML name with no quote before it is judged as a tag before the pattern runs: no finding changes (see: #21)", () => {
  const rng = new Rng(3141);
  const plain = SECRET_RULES.map((r) => {
    const { rejectName: _drop, ...rest } = r;
    return rest;
  });
  const without = createEngine(plain);
  // Credential words at the end (read under an attribute only), before holder, meta and other words.
  const names = [
    "your-token",
    "github_token",
    "api_key",
    "access-key",
    "db_password",
    "api_token_value",
    "secret_key_string",
    "auth_token_hint",
    "the_password_tag",
    "signing-key-data",
  ];
  const shapes = [
    (n: string, v: string) => `<${n}>${v}</${n}>`,
    (n: string, v: string) => `< ${n} >\n  ${v}\n</${n}>`,
    (n: string, v: string) => `<string name="${n}">${v}</string>`,
    (n: string, v: string) => `<entry key='${n}'>${v}</entry>`,
    (n: string, v: string) => `<add key="${n}" value="${v}"/>`,
    (n: string, v: string) => `GITHUB_TOKEN=<${n}>\nexport X=${v}`,
    (n: string, v: string) => `<x name = "${n}" >${v}</x>`,
  ];
  let found = 0;
  for (let i = 0; i < 600; i++) {
    const value = rng.pick([`Zq7${rng.str(ALNUM, 17)}`, "hunter2", `k8${rng.str(ALNUM, 30)}`]);
    const text = rng.pick(shapes)(rng.pick(names), value);
    const wrapped = rng.int(2) === 0 ? text : CONTEXTS.json_transcript!(text);
    const a = redactText(engine, wrapped);
    assert.deepEqual(a, redactText(without, wrapped), wrapped);
    found += a.kinds.length;
  }
  // Both sides seen: names read and their values redacted, names left.
  assert.ok(found > 150, `${found} found`);
});

Deno.test("a placeholder tag (`<your-token>` in a README) never runs the element rule's pattern, which is not even compiled (see: #21)", () => {
  const fresh = createEngine(SECRET_RULES);
  const element = fresh.rules.filter((c) =>
    c.rule.kind === "xml_token" && c.rule.follows?.operators === ">" &&
    c.rule.pattern.source.includes("(?<name>")
  );
  assert.equal(element.length, 1);
  const readme = "export GITHUB_TOKEN=<your-token>\\nexport OPENAI_API_KEY=sk-...\\n".repeat(40);
  assert.deepEqual(redactText(fresh, readme).kinds, []);
  assert.equal(element[0]!.fast, null);
  // Positive control: the same name after a `name` attribute's quote runs it, and is read.
  const value = p("Zq7", new Rng(3142).str(ALNUM, 21));
  const r = redactText(fresh, `${readme}<string name="github_token">${value}</string>\n`);
  assert.ok(!r.text.includes(value), r.text);
  assert.notEqual(element[0]!.fast, null);
});
