// Tests for core/safety/secrets/rules_code.ts: a user and password given to
// an HTTP client's basic authentication in code, and a password given to a
// .NET credential constructor, a Gradle credentials block, an Android
// signing config's storePassword/keyPassword or a setter.

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

Deno.test("a literal compared with a password or secret in code is redacted; empty strings, type names, variables and placeholders are kept (see: #21)", () => {
  const rng = new Rng(2161);
  const pw = `Tr0${rng.str(ALNUM, 9)}`;
  const tk = `Q7${rng.str(ALNUM, 20)}`;
  const found: [string, string, string][] = [
    [`if password == "${pw}" {`, pw, "password_assignment"],
    [`if (password === '${pw}') return true;`, pw, "password_assignment"],
    [`assert user.password == "${pw}"`, pw, "password_assignment"],
    [`if user == "bob" && password == "${pw}" {`, pw, "password_assignment"],
    [`if "${pw}" == password {`, pw, "password_assignment"],
    [`if (!password.equals("${pw}")) {`, pw, "password_assignment"],
    [`if db_pass != "${pw}":`, pw, "password_assignment"],
    [`if token != "${tk}" {`, tk, "generic_secret"],
    [`if (req.headers.apiKey === "${tk}")`, tk, "generic_secret"],
  ];
  for (const [text, secret, kind] of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, [kind], text);
      assert.ok(!r.text.includes(secret), r.text);
    }
  }
  const kept = [
    'if password == "" {',
    'if typeof password === "string"',
    "if password == confirm_password {",
    'if password == "********" {',
    'assert password == "<redacted>"',
    'if pass == "passed" {',
    'if args.password == "changeme":',
    'if token_type == "Bearer12345678" {',
    `if username == "${pw}" {`,
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a password or secret in a multiple assignment is redacted at its name's place; calls and other places are kept (see: #21)", () => {
  const rng = new Rng(2162);
  const pw = `Hk8${rng.str(ALNUM, 9)}`;
  const tk = `Q7${rng.str(ALNUM, 20)}`;
  const found: [string, string, string][] = [
    [`user, pass := "admin", "${pw}"`, pw, "generic_secret"],
    [`username, password := "deploy", "${pw}"`, pw, "generic_secret"],
    [`password, user = '${pw}', "admin"`, pw, "generic_secret"],
    [`host, port, user, password := "db", 5432, "app", "${pw}"`, pw, "generic_secret"],
    [`password, user := "${pw}", "admin"`, pw, "generic_secret"],
    [`self.db_password, self.user = "${pw}", "admin"`, pw, "generic_secret"],
    [`token, err := "${tk}", nil`, tk, "generic_secret"],
  ];
  for (const [text, secret, kind] of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, [kind], text);
      assert.ok(!r.text.includes(secret), r.text);
    }
    // Control: the other places are kept.
    assert.equal(redactText(engine, text).text, text.replace(secret, `[REDACTED:${kind}]`));
  }
  const kept = [
    'user, password := os.Getenv("U"), os.Getenv("P")',
    'user, password := "admin", ""',
    `user, pass := "${pw}", "x"`,
    `bypass, compass := "${pw}", "${pw}"`,
    // Three names, two values: not a multiple assignment of these.
    `a, user, password := "x", "${pw}"`,
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a literal given to a password or secret declared with a string type is redacted; placeholders and other names are kept (see: #21)", () => {
  const rng = new Rng(2163);
  const pw = `Xk7${rng.str(ALNUM, 9)}`;
  const tk = `Q7${rng.str(ALNUM, 20)}`;
  const found: [string, string, string][] = [
    [`var apiToken string = "${tk}"`, tk, "generic_secret"],
    [`var password string = "${pw}"`, pw, "password_assignment"],
    [`const dbPassword: string = "${pw}";`, pw, "password_assignment"],
    [`api_key: str = "${tk}"`, tk, "generic_secret"],
    [`val apiKey: String = "${tk}"`, tk, "generic_secret"],
    [`let token: &str = "${tk}";`, tk, "generic_secret"],
    [`const SECRET_KEY: &'static str = "${tk}";`, tk, "generic_secret"],
  ];
  for (const [text, secret, kind] of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, [kind], text);
      assert.ok(!r.text.includes(secret), r.text);
    }
  }
  const kept = [
    'password: string = ""',
    'api_key: str = "your-api-key"',
    'tokenType: string = "Bearer1234567890"',
    `username: string = "${pw}"`,
    'var password string = "password"',
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("a secret given to a builder method named for it is redacted in every context; variables and words kept", () => {
  const rng = new Rng(2171);
  const shapes = [
    (v: string) => `OpenAI client = OpenAI.builder().apiKey("${v}").build();`,
    (v: string) => `Client.builder().accessToken('${v}').region("eu").build()`,
    (v: string) => `DataSourceBuilder.create().username("app").password("${v}!").build();`,
    (v: string) => `let resp = client.get(url).bearer_auth("${v}").send().await?;`,
    (v: string) => `let resp = client.get(url).basic_auth("admin", Some("${v}")).send().await?;`,
  ];
  for (const shape of shapes) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const v = `Hq7${rng.str(ALNUM, 13)}`;
      const r = redactText(engine, wrap(shape(v)));
      assert.equal(r.kinds.length, 1, `${shape("V")} / ${ctx}: ${r.kinds}`);
      assert.ok(!r.text.includes(v), r.text);
    }
  }
  const kept = [
    "builder.apiKey(apiKey).build()",
    'builder.apiKey("$API_KEY").build()',
    'builder.password("password").build()',
    'client.get(url).bearer_auth("token").send()',
    'client.get(url).basic_auth("admin", None::<String>)',
    'builder.apiKey("your-api-key-here")',
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("an Objective-C @-string or a C# verbatim string under a secret's name is redacted whole, escaped quotes too", () => {
  const rng = new Rng(2172);
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    const head = `Hq7${rng.str(ALNUM, 5)}`;
    const tail = `Vb7${rng.str(ALNUM, 9)}`;
    const texts = [
      `NSString *apiKey = @"${head}${tail}";`,
      `string password = @"${head}${tail}";`,
      `private const string ClientSecret = @"${head}""${tail}";`,
      `static NSString * const kPassword = @"${head}\\"${tail}";`,
    ];
    for (const text of texts) {
      const r = redactText(engine, wrap(text));
      assert.deepEqual(r.kinds, ["generic_secret"], `${text} / ${ctx}`);
      assert.ok(!r.text.includes(head) && !r.text.includes(tail), r.text);
    }
  }
  const kept = [
    'NSString *apiKey = @"YOUR_API_KEY";',
    'string password = @"";',
    'NSString *title = @"Hq7kR4t9Lm2zVb7Nc1";',
    'string path = @"C:\\Users\\app\\secret.txt";',
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("hex under a prefixed credential name declared with a string type is redacted; under a bare name it is a digest", () => {
  const rng = new Rng(2173);
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    const hex = `7a${rng.str("0123456789abcdef", 30)}`;
    for (
      const text of [`var stripeApiKey string = "${hex}"`, `val mailgunApiKey: String = "${hex}"`]
    ) {
      const r = redactText(engine, wrap(text));
      assert.deepEqual(r.kinds, ["generic_secret"], `${text} / ${ctx}`);
      assert.ok(!r.text.includes(hex), r.text);
    }
  }
  const hex = `7a${rng.str("0123456789abcdef", 38)}`;
  for (const text of [`var commitToken string = "${hex}"`, `var token string = "${hex}"`]) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("an Android signing config's storePassword and keyPassword are redacted in every context", () => {
  const rng = new Rng(2161);
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    const store = `Hq7${rng.str(ALNUM, 11)}`;
    const key = `Kz4${rng.str(ALNUM, 11)}`;
    const text = `release {\n    storeFile file("upload.jks")\n    storePassword "${store}"\n` +
      `    keyAlias "upload"\n    keyPassword '${key}'\n}`;
    const r = redactText(engine, wrap(text));
    assert.deepEqual(r.kinds, ["password_assignment", "password_assignment"], `${ctx}: ${r.text}`);
    assert.ok(!r.text.includes(store) && !r.text.includes(key), r.text);
    assert.ok(r.text.includes("keyAlias"), r.text);
  }
  for (
    const text of [
      'storePassword "$System.env.KEYSTORE_PASSWORD"',
      "storePassword keystoreProperties['storePassword']",
      'keyPassword "android"',
      'val keyPasswordLabel = "Key password"',
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a password given positionally to DriverManager.getConnection or new Sequelize is redacted in every context", () => {
  const rng = new Rng(2162);
  const shapes = [
    (v: string) =>
      `Connection c = DriverManager.getConnection("jdbc:mysql://localhost:3306/app", "root", "${v}");`,
    (v: string) => `conn = DriverManager.getConnection(DB_URL, "app", "${v}")`,
    (v: string) =>
      `const sequelize = new Sequelize('appdb', 'root', '${v}', { dialect: 'mysql' });`,
    (v: string) =>
      `new Sequelize(\n  process.env.DB_NAME,\n  "app",\n  "${v}",\n  { host: "db" }\n)`,
  ];
  for (const shape of shapes) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const v = `Hq7${rng.str(ALNUM, 11)}`;
      const r = redactText(engine, wrap(shape(v)));
      assert.deepEqual(r.kinds, ["password_assignment"], `${ctx}: ${r.text}`);
      assert.ok(!r.text.includes(v), r.text);
    }
  }
  for (
    const text of [
      "DriverManager.getConnection(url, user, password)",
      'DriverManager.getConnection(url, "app", System.getenv("DB_PASSWORD"))',
      "new Sequelize(process.env.DATABASE_URL, { logging: false })",
      "new Sequelize('appdb', 'root', '', { dialect: 'sqlite' })",
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a secret #defined, given to a C array or to a C++ string's constructor is redacted in every context", () => {
  const rng = new Rng(2171);
  const shapes = [
    (v: string) => `#define WIFI_PASSWORD "${v}"`,
    (v: string) => `#define API_KEY "${v}"\n#define API_HOST "api.test"`,
    (v: string) => `  # define SECRET_TOKEN L"${v}"`,
    (v: string) => `char secret[25] = "${v}";`,
    (v: string) => `static const char api_key[] = "${v}";`,
    (v: string) => `const char secret_key[] = "${v}";`,
    (v: string) => `std::string password("${v}");`,
    (v: string) => `String apiToken{"${v}"};`,
  ];
  for (const shape of shapes) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const v = `Hq7${rng.str(ALNUM, 17)}`;
      const r = redactText(engine, wrap(shape(v)));
      assert.ok(r.kinds.length > 0 && !r.text.includes(v), `${ctx}: ${r.text}`);
    }
  }
  for (
    const text of [
      '#define PASSWORD_MAX_LEN "64"',
      '#define TOKEN_TYPE "Bearer"',
      '#define PASSWORD_PROMPT "Enter your password: "',
      '#define API_KEY "YOUR_API_KEY"',
      '#define WIFI_PASSWORD ""',
      'char password[64] = "";',
      'passwords[i] = "Hq7aB3dE9fG1hJ2kL4mN";',
      "std::string token(argv[1]);",
      'std::string password("");',
      '#define API_HOST "api.example.com"',
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("Go's spaced short declaration of a pass name (`AdminPass := \"...\"`, gofmt's form) is redacted; a later name of a multiple declaration is left to its own place (redact100, #21)", () => {
  const rng = new Rng(10022);
  const pw = `Hk8${rng.str(ALNUM, 9)}`;
  const found = [
    `AdminPass := "${pw}"`,
    `\tdbPass := "${pw}"`,
    `pass := "${pw}"`,
    `smtpPass := \`${pw}\``,
  ];
  for (const text of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, ["password_assignment"], text);
      assert.ok(!r.text.includes(pw), r.text);
    }
    assert.equal(redactText(engine, text).text, text.replace(pw, "[REDACTED:password_assignment]"));
  }
  const kept = [
    // The first literal is the user's; `pass` gets "x" (the multiple assignment rule's reading).
    `user, pass := "${pw}", "x"`,
    `user, pass:="${pw}", "x"`,
    `user, dbPass := "${pw}", ""`,
    'dbPass := os.Getenv("DB_PASS")',
    'dbPass := "<db-pass>"',
    `bypass := "${pw}"`,
    `compass := "${pw}"`,
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
  // Control: the password at pass's own place in the same declaration is redacted.
  const r = redactText(engine, `user, pass := "admin", "${pw}"`);
  assert.ok(r.kinds.length === 1 && !r.text.includes(pw), r.text);
});
