/**
 * Tests for letter_passwords.ts: passwords of letters alone after a password
 * option or under a name ending in `pass` that names its owner are redacted
 * in every container; prose about the option, passes that name no owner,
 * setting words and captions are not.
 * @module
 */
import assert from "node:assert/strict";
import {
  isActionCaption,
  isOptionLetterPassword,
  isOwnerPassLetters,
  isOwnerPassName,
  isOwnerPwName,
  isPassStepValue,
  isPasswordCaption,
  isProgramCommandWord,
  isPromptSwitchLine,
} from "../../../../core/safety/secrets/letter_passwords.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { CONTEXTS } from "../../../_helpers/secret_fixtures.ts";

const engine = defaultEngine();
const WRAPS = [(x: string) => x, ...Object.values(CONTEXTS)];

Deno.test("redact92: letters alone after a password option, or under an owner's pass, are redacted in every container (see: #21)", () => {
  for (const w of ["walrus", "kitten", "pelicans", "seagulls"]) {
    const shapes = [
      `mysql -u root --password ${w}`,
      `mysql -h db --password ${w} -u root`,
      `redis-cli --pass ${w} -h cache.internal`,
      `docker run app --db-password ${w} db.internal:5432`,
      `tool --passphrase ${w} | tee log`,
      `mytool --password "${w}" --verbose`,
      `openssl pkcs12 -export -passout pass:${w} -out a.p12`,
      `keytool -list -storepass ${w}`,
      `DB_PASS=${w}`,
      `export SMTP_PASS=${w}`,
      `REDIS_PASS="${w}"`,
      `smtp_pass: ${w}`,
      `dbPass: "${w}"`,
      `db_pass=${w}`,
    ];
    for (const wrap of WRAPS) {
      for (const text of shapes) {
        const r = redactText(engine, wrap(text));
        assert.ok(r.kinds.length > 0 && !r.text.includes(w), `${text} -> ${r.text}`);
      }
    }
  }
});

Deno.test("redact92: prose about a password option, a pass that names no owner, setting words and captions are kept (see: #21)", () => {
  const texts = [
    "the --password option is deprecated",
    "use --password instead of -p",
    "mysql --password followed by the user name",
    "pass --db-password together with --db-user",
    "mysql --password prompt",
    "mytool --password enabled",
    "mytool --password Followed",
    "psql --password $PGPASS",
    "SECOND_PASS=enabled",
    "RENDER_PASS=shadows",
    "TEST_PASS=walrus",
    "BYPASS=walrus",
    "COMPASS=northern",
    "DB_PASS=enabled",
    "DB_PASS=${DB_PASS}",
    "render_pass: shadows",
    "db_pass = walrus",
    '"showPassword": "Anzeigen",',
    '"forgot_password": "Forgotten",',
    "  resetPassword: Reinitialiser",
    "password: Contrase\u00f1a",
    '"password": "Contrase\u00f1a",',
  ];
  for (const wrap of WRAPS) {
    for (const text of texts) assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
  }
  // Positive controls: the same keys with a password, and a word under a password's own name.
  for (
    const text of [
      '"showPassword": "Xk9#mQ2vLp",',
      '"password": "Seashells",',
      "password: Sunshine",
      "mysql --password walrus",
    ]
  ) assert.ok(redactText(engine, text).kinds.length > 0, text);
});

Deno.test("isOptionLetterPassword judges the value by what follows it on the line", () => {
  assert.ok(isOptionLetterPassword("walrus", "", false));
  assert.ok(isOptionLetterPassword("walrus", " -u root", false));
  assert.ok(isOptionLetterPassword("walrus", " | tee", false));
  assert.ok(isOptionLetterPassword("walrus", " db.internal:5432", false));
  assert.ok(isOptionLetterPassword("walrus", " by the user", true));
  assert.ok(!isOptionLetterPassword("walrus", " by the user", false));
  assert.ok(!isOptionLetterPassword("Walrus", "", false));
  assert.ok(!isOptionLetterPassword("walr", "", false));
  assert.ok(!isOptionLetterPassword("instead", "", false));
  assert.ok(!isOptionLetterPassword("prompt", "", true));
});

Deno.test("isOwnerPassName and isOwnerPassLetters read whose pass it is", () => {
  for (const n of ["DB_PASS", "smtp_pass", "REDIS_PASS", "dbPass", "adminPass", "dbpass"]) {
    assert.ok(isOwnerPassName(n), n);
  }
  for (const n of ["SECOND_PASS", "RENDER_PASS", "BYPASS", "compass", "renderPass", "TEST_PASS"]) {
    assert.ok(!isOwnerPassName(n), n);
  }
  assert.ok(isOwnerPassLetters("DB_PASS", "Sunshine"));
  assert.ok(!isOwnerPassLetters("DB_PASS", "Walrus"));
  assert.ok(!isOwnerPassLetters("DB_PASS", "disabled"));
});

Deno.test("isActionCaption takes a word under an action's password key only", () => {
  assert.ok(isActionCaption("forgot_password", "Forgotten"));
  assert.ok(isActionCaption("togglePassword", "anzeigen"));
  assert.ok(!isActionCaption("db_password", "Forgotten"));
  assert.ok(!isActionCaption("showPassword", "Anzeigen2"));
});

Deno.test("redact93: one more argument after the value, owners anywhere in a pass's name, and pwd names are redacted in every container (see: #21)", () => {
  for (const w of ["walrus", "kitten", "pelicans"]) {
    const shapes = [
      `mysql --password ${w} mydb`,
      `mysql -u root --password ${w} shop -e 'select 1'`,
      `mysqladmin -u root --passwd ${w} status`,
      `sudo mysql --password ${w} shop`,
      `cd /srv && mysql --password ${w} shop`,
      `RABBITMQ_DEFAULT_PASS=${w}`,
      `LDAP_BIND_PASS=${w}`,
      `SPRING_DATASOURCE_PASS=${w}`,
      `ftp_pwd=${w}`,
      `dbPwd: "${w}"`,
      `jdbcPass: "${w}"`,
    ];
    for (const wrap of WRAPS) {
      for (const text of shapes) {
        const r = redactText(engine, wrap(text));
        assert.ok(r.kinds.length > 0 && !r.text.includes(w), `${text} -> ${r.text}`);
      }
    }
  }
});

Deno.test("redact93: PostgreSQL's --password switch, mysqladmin's commands, prose, locale captions and step passes are kept (see: #21)", () => {
  const texts = [
    "pg_dump --password dbname",
    "psql -h localhost -U postgres --password mydb",
    "createdb --password newdb",
    "mysqladmin -u root --password status",
    "mysqladmin -u root --password processlist",
    "mysql -u root --password dbname",
    "Pass --password carefully here",
    "set --password inline",
    '"password": "Passwort",',
    '"password": "Wachtwoord",',
    "password: Kennwort",
    '"dbPass": "Passwort",',
    '"savePassword": "Speichern",',
    "  label_password: Kennwort",
    "  password: writeonly",
    "APP_RENDER_PASS=shadows",
    "DB_SORT_PASS=merge",
  ];
  for (const wrap of WRAPS) {
    for (const text of texts) assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
  }
  // Positive controls: the same programs and keys with a password.
  for (
    const text of [
      "mysql --password walrus shop",
      "mysqladmin -u root --password walrus status",
      '"password": "Seashells",',
      "APP_DB_PASS=shadows",
      'psql "postgresql://app:Tr0ub4dor3x@db/prod"',
    ]
  ) assert.ok(redactText(engine, text).kinds.length > 0, text);
});

Deno.test("isPasswordCaption, isPromptSwitchLine and isProgramCommandWord read the word and the program", () => {
  for (const w of ["Passwort", "Kennwort", "Wachtwoord", "Salasana", "Senha", "PASSWORT"]) {
    assert.ok(isPasswordCaption(w), w);
  }
  for (const w of ["Sunshine", "PassWort", "walrus"]) assert.ok(!isPasswordCaption(w), w);
  assert.ok(isPromptSwitchLine("psql -h db "));
  assert.ok(isPromptSwitchLine('{"command":"pg_dump -U app '));
  assert.ok(!isPromptSwitchLine("mysql -u root "));
  assert.ok(!isPromptSwitchLine("mypsql -h db "));
  assert.ok(isProgramCommandWord("mysqladmin -u root ", "flush-privileges"));
  assert.ok(!isProgramCommandWord("mysqladmin -u root ", "walrus"));
  assert.ok(!isProgramCommandWord("mysql -u root ", "status"));
  assert.ok(isOptionLetterPassword("walrus", " mydb", false, "mysql -u root "));
  assert.ok(!isOptionLetterPassword("walrus", " mydb", false, "Pass "));
  assert.ok(!isOptionLetterPassword("walrus", " here", false, "mysql "));
  assert.ok(!isOptionLetterPassword("walrus", " by the user", false, "mysql "));
  for (const n of ["RABBITMQ_DEFAULT_PASS", "ftp_pwd", "dbPwd", "jdbcPass", "MAIL_PASSWD"]) {
    assert.ok(isOwnerPassName(n), n);
  }
  for (const n of ["APP_RENDER_PASS", "API_SECOND_PASS", "HIGH_PASS", "pwd"]) {
    assert.ok(!isOwnerPassName(n), n);
  }
});

Deno.test("redact94: a _PW name that says whose password it is holds one, in every container; a pulse width's is kept", () => {
  const shapes = [
    (v: string) => `LDAP_BIND_PW=${v}`,
    (v: string) => `export ROOT_PW="${v}"`,
    (v: string) => `services:\n  db:\n    environment:\n      MYSQL_ROOT_PW: ${v}`,
    (v: string) => `{"db_pw": "${v}", "port": 5432}`,
    (v: string) => `smtp.pw = ${v}`,
  ];
  for (const v of ["Xk9mQ2vLp7Rt", "walrusfox"]) {
    for (const shape of shapes) {
      for (const wrap of WRAPS) {
        const r = redactText(engine, wrap(shape(v)));
        assert.ok(!r.text.includes(v), `${shape(v)}: ${r.text.slice(0, 200)}`);
      }
    }
  }
  const kept = [
    "SERVO_MIN_PW=1500",
    "servo_max_pw: 2000",
    "MAX_PW=2000",
    "LED_PW=off",
    "STEP_PW=walrusfox",
    "DB_PW=${DB_PASSWORD}",
    "ROOT_PW=changeme",
  ];
  for (const text of kept) {
    for (const wrap of WRAPS) assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
  }
  for (const n of ["LDAP_BIND_PW", "root_pw", "SMTP-PW", "db.admin.pw"]) {
    assert.ok(isOwnerPwName(n), n);
  }
  for (const n of ["PW", "SERVO_MIN_PW", "RENDER_DB_PW_MAX", "FIRST_ROOT_PW"]) {
    assert.ok(!isOwnerPwName(n), n);
  }
});

Deno.test("redact94: a pass joined to its owner in an environment name (SSHPASS, DBPASS) holds a password; BYPASS and COMPASS do not", () => {
  for (const v of ["Xk9mQ2vLp7Rt", "walrusfox"]) {
    for (const n of ["SSHPASS", "DBPASS", "ADMINPASS"]) {
      for (const shape of [`${n}=${v}`, `export ${n}='${v}'`, `docker run -e ${n}=${v} img`]) {
        for (const wrap of WRAPS) {
          const r = redactText(engine, wrap(shape));
          assert.ok(!r.text.includes(v), `${shape}: ${r.text.slice(0, 200)}`);
        }
      }
    }
  }
  for (
    const text of [
      "BYPASS=Xk9mQ2vLp7Rt",
      "COMPASS=Xk9mQ2vLp7Rt",
      "SECONDPASS=Xk9mQ2vLp7Rt",
      "SSHPASS=$PW",
    ]
  ) {
    for (const wrap of WRAPS) assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
  }
});

Deno.test("a letters-only password piped to a command is redacted; code's a | b after a password name is kept (see: #21)", () => {
  // Before, ` | ` after the value read as code's operator: the word was taken for an operand and
  // printed (the bench's planted `echo ldap_bind_pass: ezpjen | ./configure --stdin`).
  for (
    const text of [
      "echo ldap_bind_pass: ezpjen | ./configure --stdin",
      "echo password: walruses | ./setup --stdin",
      "echo smtp_pass: lobster | tee /run/secrets/smtp",
    ]
  ) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, wrap(text));
      assert.deepEqual(r.kinds, ["password_assignment"], r.text);
    }
  }
  for (
    const text of [
      "password: string | null",
      "db_pass: enabled | disabled",
      "password: Foo | Bar",
      "smtp_pass: hidden | shown",
      "type Cfg = { password: secret | undefined }",
      "pass: followed | x",
      "render_pass: shadows | bloom",
    ]
  ) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
    }
  }
});

/** Raw, and JSON-escaped once and twice (a tool call, and a tool result quoting it). */
const ESCAPES = [
  (x: string) => x,
  (x: string) => JSON.stringify(x).slice(1, -1),
  (x: string) => JSON.stringify(JSON.stringify(x)).slice(1, -1),
];

Deno.test("redact101: a compiler's or a renderer's pass given a step's or a file's name (`firstPass := \"step-1\"`) is kept; a password under a pass name is still redacted", () => {
  // redact100's `pass :=` keyword made the password rule read these Go lines, and redacted them.
  for (
    const text of [
      'firstPass := "step-1"',
      'renderPass := "shadow_map"',
      'lintPass := "go-vet"',
      'tlsPass := "cert-v2.pem"',
      'tlsPass := "Server_Cert.pem"',
      "render_pass: depth-prepass.v2",
    ]
  ) {
    for (const esc of ESCAPES) {
      assert.deepEqual(redactText(engine, esc(text)).kinds, [], esc(text));
    }
  }
  // Controls: a password (a capital, a symbol, digits inside a word), and joined words under a
  // name that says whose password it is.
  for (
    const [text, value] of [
      ['AdminPass := "Xk9#mQ2vLp7"', "Xk9#mQ2vLp7"],
      ['dbPass := "S3cr3t-Pa55w0rd!"', "S3cr3t-Pa55w0rd!"],
      ['dbPass := "hunter2"', "hunter2"],
      ['db_pass: "blue-river-42"', "blue-river-42"],
      ['smtpPass := "correct-horse-battery"', "correct-horse-battery"],
    ]
  ) {
    for (const esc of ESCAPES) {
      const r = redactText(engine, esc(text!));
      assert.deepEqual(r.kinds, ["password_assignment"], esc(text!));
      assert.ok(!r.text.includes(value!), r.text);
    }
  }
});

Deno.test("isPassStepValue keeps joined lower-case words and file names under a pass that names no owner", () => {
  assert.ok(isPassStepValue("firstPass", "step-1"));
  assert.ok(isPassStepValue("renderPass", "shadow_map"));
  assert.ok(isPassStepValue("TLS_PASS", "certs/Server.pem"));
  assert.ok(!isPassStepValue("renderPass", "shadow"));
  assert.ok(!isPassStepValue("renderPass", "Shadow-Map"));
  assert.ok(!isPassStepValue("lintPass", "p4ss-w0rd"));
  assert.ok(!isPassStepValue("db_pass", "blue-river-42"));
  assert.ok(!isPassStepValue("password", "go-vet"));
  assert.ok(!isPassStepValue("ftp_passwd", "go-vet"));
});
