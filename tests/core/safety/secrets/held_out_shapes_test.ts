// Tests for shapes a held-out pass found printed (review47): a key block read
// through a numbered listing (Claude Code's file reads, bat), a short
// placeholder word a random key body or long token holds by chance, and a
// Google service account's access token (`ya29.c.`). Each is redacted whole
// in every context; each look-alike beside it is kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { everywhere } from "../../../_helpers/redact_everywhere.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, B64, p, Rng, URLSAFE } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const { foundEverywhere, keptEverywhere } = everywhere(engine);

const BEGIN = "-----BEGIN ";
const END = "-----END ";

/** The lines of an armored block of `label` with `n` random body lines of 64 characters. */
function block(label: string, rng: Rng, n: number, pgp = false): string[] {
  const body = Array.from({ length: n }, () => rng.str(B64, 64));
  const head = pgp ? ["Version: GnuPG v2", ""] : [];
  const tail = pgp ? ["=" + rng.str(B64, 4)] : [];
  return [
    `${BEGIN}${label}-----`,
    ...head,
    ...body,
    rng.str(B64, 22) + "==",
    ...tail,
    `${END}${label}-----`,
  ];
}

/** The gutters of numbered and boxed listings: Claude Code's Read tool, cat -n, bat, bat without numbers. */
const GUTTERS: ((n: number) => string)[] = [
  (n) => `${String(n).padStart(6)}\u2192`,
  (n) => `${String(n).padStart(6)}\t`,
  (n) => `${String(n).padStart(4)} \u2502 `,
  (_) => `\u2502 `,
];

const LABELS: [string, string, boolean][] = [
  ["PRIVATE KEY", "private_key_pem", false],
  ["RSA PRIVATE KEY", "private_key_pem", false],
  ["OPENSSH PRIVATE KEY", "private_key_openssh", false],
  ["PGP PRIVATE KEY BLOCK", "private_key_pgp", true],
];

Deno.test("a private key block read through a numbered or boxed listing (Claude Code's →, bat's │) is redacted whole in every context", () => {
  const rng = new Rng(4701);
  for (const [label, kind, pgp] of LABELS) {
    for (const gutter of GUTTERS) {
      // At the line's start, and indented in a YAML block scalar (`tls.key: |`).
      for (const indent of ["", "    "]) {
        const lines = block(label, rng, 6, pgp);
        const numbered = lines.map((l, i) => gutter(i + 2) + (l === "" ? "" : indent + l));
        const text = [gutter(1) + (indent === "" ? "" : "  tls.key: |"), ...numbered].join("\n");
        const body = lines.filter((l) => l.length === 64);
        foundEverywhere(text, [body[0]!.slice(8, 24), body[5]!.slice(30, 46)], kind);
      }
    }
  }
});

Deno.test("a key block cut short by an ellipsis stays a placeholder, also in a numbered listing (positive control: the same block whole)", () => {
  const rng = new Rng(4702);
  const line = p("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", rng.str(B64, 20));
  const cut = [`${BEGIN}PRIVATE KEY-----`, line + "\u2026", `${END}PRIVATE KEY-----`];
  for (const gutter of [(_: number) => "", ...GUTTERS]) {
    keptEverywhere(cut.map((l, i) => gutter(i + 1) + l).join("\n"));
    // An ellipsis on a line of its own, after the line number's mark.
    const alone = [cut[0]!, line, "\u2026", cut[2]!];
    keptEverywhere(alone.map((l, i) => gutter(i + 1) + l).join("\n"));
  }
  const whole = [cut[0]!, line + rng.str(B64, 12), cut[2]!];
  for (const gutter of GUTTERS) {
    foundEverywhere(
      whole.map((l, i) => gutter(i + 1) + l).join("\n"),
      [line.slice(32)],
      "private_key_pem",
    );
  }
});

/** `word` in a random mix of cases. */
function anyCase(word: string, rng: Rng): string {
  return [...word].map((c) => (rng.int(2) === 0 ? c.toUpperCase() : c)).join("");
}

/** `line` with `word` written over it at a random place. */
function plant(line: string, word: string, rng: Rng): string {
  const at = rng.int(line.length - word.length + 1);
  return line.slice(0, at) + word + line.slice(at + word.length);
}

Deno.test("a short placeholder word a random key body or long token holds by chance (`fake`, `dummy`) does not keep it", () => {
  const rng = new Rng(4703);
  for (let i = 0; i < 60; i++) {
    const word = anyCase(rng.pick(["fake", "dummy"]), rng);
    const lines = block(rng.pick(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY"]), rng, 8);
    const k = 1 + rng.int(8);
    lines[k] = plant(lines[k]!, word, rng);
    const kind = "private_key_pem";
    foundEverywhere(lines.join("\n"), [lines[k]!.slice(0, 12), lines[k]!.slice(-12)], kind);
    // The block's base64, as a Kubernetes Secret's data holds it.
    const b64 = btoa(lines.join("\n") + "\n");
    const at = 60 + rng.int(b64.length - 80);
    const encoded = b64.slice(0, at) + word + b64.slice(at + word.length);
    const r = redactText(engine, `data:\n  tls.key: ${encoded}\n`);
    assert.deepEqual(r.kinds, ["private_key_base64"], encoded);
  }
  // A session token of several hundred characters.
  for (let i = 0; i < 20; i++) {
    const token = plant(p("IQoJb3JpZ2luX2Vj", rng.str(B64, 600)), anyCase("fake", rng), rng);
    const r = redactText(engine, `aws_session_token = ${token}\n`);
    assert.ok(!r.text.includes(token.slice(100, 140)), r.text.slice(0, 200));
  }
});

Deno.test("a placeholder word of six letters or more in a key body, or a short one outside its random runs, still keeps it (positive control: the block without it)", () => {
  const rng = new Rng(4704);
  for (const word of ["EXAMPLE", "example", "Sample", "REDACTED", "placeholder"]) {
    const lines = block("RSA PRIVATE KEY", rng, 4);
    keptEverywhere(lines.map((l, i) => (i === 2 ? plant(l, word, rng) : l)).join("\n"));
    foundEverywhere(lines.join("\n"), [lines[2]!.slice(10, 26)], "private_key_pem");
  }
  const lines = block("PRIVATE KEY", rng, 2);
  keptEverywhere([...lines.slice(0, 2), "fake-key-for-tests", ...lines.slice(2)].join("\n"));
  keptEverywhere([...lines.slice(0, 2), "dummy", ...lines.slice(2)].join("\n"));
  // Shorter values: the word is not chance there.
  keptEverywhere(p("API_TOKEN=fake", rng.str(ALNUM, 24)));
  keptEverywhere(p("client_secret: ", rng.str(ALNUM, 20), "Dummy", rng.str(ALNUM, 10)));
});

Deno.test("a Google service account's access token (`ya29.c.`) is found alone on a line, as gcloud prints it, and in every context", () => {
  const rng = new Rng(4705);
  for (let i = 0; i < 6; i++) {
    const token = p(
      "ya",
      "29.",
      rng.pick(["c.", "d.", ""]),
      rng.pick(["c0", "b0", "Kp"]),
      rng.str(URLSAFE, 180 + rng.int(300)),
    );
    foundEverywhere(token, [token.slice(40, 60), token.slice(-16)], "google_oauth_access_token");
    foundEverywhere(
      `$ gcloud auth print-access-token\n${token}\n`,
      [token.slice(40, 60)],
      "google_oauth_access_token",
    );
  }
  keptEverywhere(p("ya", "29.c.test-access-token"));
  keptEverywhere(p("ya", "29.c.", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"));
  keptEverywhere(p("the token starts with ya", "29.c. and is short-lived"));
});

Deno.test("a line-start directive that opens a tool result's JSON string (its first line: `grep requirepass redis.conf`) is redacted as after a line break; after a word it is kept", () => {
  const rng = new Rng(4706);
  const shapes: [(v: string) => string, string][] = [
    [(v) => `requirepass ${v}`, "password_assignment"],
    [(v) => `masterauth "${v}"`, "password_assignment"],
    [(v) => `ENV API_TOKEN ${v}`, "env_secret"],
    [(v) => `| API_TOKEN | ${v} |`, "table_secret"],
  ];
  for (const [shape, kind] of shapes) {
    const value = rng.str(ALNUM, 24);
    const out = shape(value) + "\nnext line";
    for (
      const line of [
        JSON.stringify({ type: "tool_result", content: out }),
        JSON.stringify({ content: [{ type: "text", text: out }] }),
        JSON.stringify({ wrapped: JSON.stringify({ output: out }) }),
        `{"stdout": "${out.replace("\n", "\\n")}"}`,
      ]
    ) {
      const r = redactText(engine, line);
      assert.deepEqual(r.kinds, [kind], line);
      assert.ok(!r.text.includes(value), r.text);
    }
    // After a word of prose in the string, no line opens there.
    const prose = JSON.stringify({ content: `see ${shape(value)}` });
    assert.deepEqual(redactText(engine, prose).kinds, [], prose);
  }
});

Deno.test("a value that names an algorithm (postgresql.conf's scram-sha-256, pg_hba.conf's METHOD list) is kept; a random value under the same names is redacted", () => {
  const rng = new Rng(4707);
  const settings: ((v: string) => string)[] = [
    (v) => `#password_encryption = ${v}\t# scram-sha-256 or md5`,
    (v) => `password_encryption: ${v}`,
    (v) => `# METHOD can be "trust", "reject", "md5", "password", "${v}",`,
    (v) => `JWT_SECRET_ALGORITHM=${v}`,
  ];
  for (const setting of settings) {
    for (
      const algorithm of [
        "scram-sha-256",
        "SHA-512",
        "argon2id",
        "pbkdf2_sha256",
        "hmac-sha256",
        "aes-256-gcm",
        "HS512",
      ]
    ) {
      keptEverywhere(setting(algorithm));
    }
    const value = p(rng.str(ALNUM, 10), "-", rng.str(ALNUM, 8));
    const r = redactText(engine, setting(value));
    assert.equal(r.kinds.length, 1, r.text);
    assert.ok(!r.text.includes(value), r.text);
  }
});

Deno.test("a private key's last lines and END line printed without its BEGIN line (`tail key.pem`) are redacted in every context", () => {
  const rng = new Rng(4708);
  for (const [label, _kind, pgp] of LABELS) {
    for (const from of [2, 4]) {
      const lines = block(label, rng, 6, pgp);
      const tail = lines.slice(from);
      // The lines after the first (a shell context echoes the first on its command's line).
      const cores = tail.slice(1, -1).filter((l) => l.length >= 16).map((l) => l.slice(4, 16));
      for (
        const text of [
          tail.join("\n"),
          `$ tail -n ${tail.length} key.pem\n${tail.join("\n")}\n$ ls`,
        ]
      ) {
        foundEverywhere(text, cores, "private_key_tail");
        const raw = redactText(engine, text);
        if (tail[0]!.length >= 16) assert.ok(!raw.text.includes(tail[0]!.slice(4, 16)), raw.text);
      }
    }
  }
});

Deno.test("a certificate's end, one line before a key's END line, and a key block kept as a placeholder stay unflagged by the tail rule (positive control: a key's tail)", () => {
  const rng = new Rng(4709);
  const cert = [
    rng.str(B64, 64),
    rng.str(B64, 64),
    rng.str(B64, 20) + "==",
    `${END}CERTIFICATE-----`,
  ];
  keptEverywhere(cert.join("\n"));
  keptEverywhere([rng.str(B64, 64), `${END}RSA PRIVATE KEY-----`].join("\n"));
  keptEverywhere(`The file ends with ${END}OPENSSH PRIVATE KEY----- and a newline.`);
  // A whole block kept as a placeholder: its later lines are not redacted as a tail either.
  const lines = block("RSA PRIVATE KEY", rng, 5);
  lines[1] = plant(lines[1]!, "EXAMPLE", rng);
  keptEverywhere(lines.join("\n"));
  // Positive control: the same block from its third line on (its start not printed).
  foundEverywhere(lines.slice(2).join("\n"), [lines[3]!.slice(0, 16)], "private_key_tail");
  // After a certificate in the same text, a key's tail is still found.
  const key = block("PRIVATE KEY", rng, 4).slice(2);
  foundEverywhere(
    [`${BEGIN}CERTIFICATE-----`, ...cert, ...key].join("\n"),
    [key[0]!.slice(0, 16)],
    "private_key_tail",
  );
});

Deno.test("a PGP secret key block stored as base64 (a CI signing key: gpg --export-secret-keys --armor | base64) is redacted; a PGP public key block so stored is kept", () => {
  const rng = new Rng(4710);
  for (let i = 0; i < 4; i++) {
    const secret = btoa(block("PGP PRIVATE KEY BLOCK", rng, 8, true).join("\n") + "\n");
    foundEverywhere(
      `GPG_SIGNING_KEY_B64=${secret}`,
      [secret.slice(80, 96), secret.slice(-40, -24)],
      "private_key_base64",
    );
    foundEverywhere(secret, [secret.slice(80, 96)], "private_key_base64");
  }
  keptEverywhere(btoa(block("PGP PUBLIC KEY BLOCK", rng, 8, true).join("\n") + "\n"));
});

Deno.test("a WireGuard peer's PresharedKey (wg showconf, wg0.conf) is redacted as its PrivateKey is; a PublicKey is kept", () => {
  const rng = new Rng(4711);
  for (let i = 0; i < 4; i++) {
    const psk = btoa(String.fromCharCode(...Array.from({ length: 32 }, () => rng.int(256))));
    const pub = btoa(String.fromCharCode(...Array.from({ length: 32 }, () => rng.int(256))));
    const conf = `[Peer]\nPublicKey = ${pub}\nPresharedKey = ${psk}\nAllowedIPs = 10.0.0.0/24\n`;
    foundEverywhere(conf, [psk.slice(4, 20)], "wireguard_private_key");
    foundEverywhere(`{"preshared_key": "${psk}"}`, [psk.slice(4, 20)], "wireguard_private_key");
    keptEverywhere(`[Peer]\nPublicKey = ${pub}\nAllowedIPs = 10.0.0.0/24\n`);
  }
});

Deno.test("a database URL's password that holds `#` (a hand-written .env URL) is redacted whole; a port and a fragment after a host, and a `#{...}` interpolation, are kept", () => {
  const rng = new Rng(4712);
  for (const scheme of ["mysql", "postgresql", "mongodb+srv", "redis", "amqps"]) {
    const password = p(rng.str(ALNUM, 5), "#", rng.str(ALNUM, 6), rng.pick(["", "!", "#"]));
    const url = `${scheme}://app:${password}@db.internal:5432/app`;
    for (const text of [url, `DATABASE_URL=${url}`, `DATABASE_URL="${url}"`]) {
      foundEverywhere(text, [password.slice(0, 5), password.slice(6, 12)], "database_url");
    }
  }
  keptEverywhere("postgres://db.internal:5432/app#replica");
  keptEverywhere("see redis://cache:6379#notes@example.test for the layout");
  keptEverywhere("postgres://app:#{password}@db.internal/app");
});

Deno.test("a secret behind the control sequences of a progress display or tput (cursor moves, modes, ESC ( B) is redacted, raw and JSON-escaped; text with brackets is left as is", () => {
  const rng = new Rng(4713);
  const esc = "\x1b";
  for (
    const shape of [
      (v: string) => `API_TOKEN=${esc}[2K${esc}[1G${v}`,
      (v: string) => `API_TOKEN=${esc}[?25l${v}${esc}[?25h`,
      (v: string) => `${esc}[1mAPI_TOKEN${esc}(B${esc}[m=${v}`,
      (v: string) => `${esc}[38;5;208mapi_key${esc}[0m: ${esc}[3A${v}`,
    ]
  ) {
    const value = rng.str(ALNUM, 24);
    for (const text of [shape(value), JSON.stringify({ content: shape(value) })]) {
      const r = redactText(engine, text);
      assert.equal(r.kinds.length, 1, JSON.stringify(text));
      assert.ok(!r.text.includes(value), r.text);
    }
  }
  const plain = `see [1] and ${esc}[31mred${esc}[0m, then ${esc}(B and [2]`;
  assert.deepEqual(redactText(engine, plain).kinds, []);
});

Deno.test("Maven's encrypted master password (settings-security.xml `<master>{...}</master>`) is redacted; other `<master>` elements are kept", () => {
  const rng = new Rng(4714);
  for (const close of ["}", "\\}"]) {
    const value = p("{", rng.str(B64, 43), "=", close);
    const text = `<settingsSecurity>\n  <master>${value}</master>\n</settingsSecurity>\n`;
    foundEverywhere(text, [value.slice(1, 17)], "xml_password");
  }
  for (
    const kept of [
      "<master>node-1.internal</master>",
      "<master>true</master>",
      "<branch>master</branch>",
    ]
  ) {
    keptEverywhere(kept);
  }
});

Deno.test("a Vim script variable given to a password's name (netrw.vim's `s:netrw_passwd`) is kept, and not redacted in its every copy; a random value after a scope prefix is redacted", () => {
  const rng = new Rng(4715);
  const script = [
    'if exists("s:netrw_passwd") && s:netrw_passwd != ""',
    "  let s:netrw_hup[host].passwd = s:netrw_passwd",
    "  call s:NetrwMethod(s:netrw_passwd, g:netrw_uid)",
    "let b:pass = a:password",
  ].join("\n");
  keptEverywhere(script);
  for (const scope of ["s", "g", "b"]) {
    const value = p(rng.str(ALNUM, 6), "7", rng.str(ALNUM, 7));
    const r = redactText(engine, `let s:netrw_hup[host].passwd = ${scope}:${value}\n${script}`);
    assert.equal(r.kinds.length, 1, r.text);
    assert.ok(!r.text.includes(value), r.text);
  }
});

Deno.test("terraform output -json's sensitive string outputs are redacted, pretty-printed or on one line, raw and in a transcript; outputs not marked sensitive are kept", () => {
  const rng = new Rng(4716);
  for (const name of ["db_password", "admin_kubeconfig_token", "connection_info"]) {
    const value = p(rng.str(ALNUM, 10), "-", rng.str(ALNUM, 10));
    const pretty = [
      "{",
      `  "${name}": {`,
      '    "sensitive": true,',
      '    "type": "string",',
      `    "value": "${value}"`,
      "  },",
      '  "vpc_id": {',
      '    "sensitive": false,',
      '    "type": "string",',
      '    "value": "vpc-0a1b2c3d4e5f6a7b8"',
      "  }",
      "}",
    ].join("\n");
    foundEverywhere(pretty, [value.slice(0, 10)], "terraform_sensitive_output");
    const line = JSON.stringify(JSON.parse(pretty));
    foundEverywhere(line, [value.slice(0, 10)], "terraform_sensitive_output");
    assert.ok(redactText(engine, line).text.includes("vpc-0a1b2c3d4e5f6a7b8"));
  }
});

Deno.test("review50: a Terraform state file's sensitive string outputs (value, type, then sensitive) are redacted, pretty-printed or on one line, raw and in a transcript; an output not marked sensitive and a reference are kept", () => {
  const rng = new Rng(5003);
  for (const name of ["db_password", "admin_token", "connection_info"]) {
    const value = p(rng.str(ALNUM, 10), "-", rng.str(ALNUM, 10));
    const state = {
      version: 4,
      terraform_version: "1.9.8",
      serial: 12,
      outputs: {
        vpc_id: { value: "vpc-0a1b2c3d4e5f6a7b8", type: "string" },
        [name]: { value, type: "string", sensitive: true },
        subnet_ids: { value: "subnet-0f9e8d7c6b5a4f3e2", type: "string" },
      },
      resources: [],
    };
    for (const text of [JSON.stringify(state, null, 2), JSON.stringify(state)]) {
      foundEverywhere(text, [value.slice(0, 10)], "terraform_sensitive_output");
      const r = redactText(engine, text);
      assert.ok(
        r.text.includes("vpc-0a1b2c3d4e5f6a7b8") && r.text.includes("subnet-0f9e8d7c6b5a4f3e2"),
      );
    }
  }
  // Look-alikes: a reference marked sensitive, and an output not marked so before a sensitive one.
  keptEverywhere('"value": "${var.db_password}",\n  "type": "string",\n  "sensitive": true');
  keptEverywhere(
    '{"a": {"value": "Zq8Lm3Vx7Kp2Rt9N", "type": "string"}, "b": {"value": "${var.x}", "type": "string", "sensitive": true}}',
  );
});

Deno.test("a 1Password concealed field's value (op item get --format json) is redacted whatever its label; a STRING field and a reference are kept", () => {
  const rng = new Rng(4717);
  for (const label of ["password", "API key", "recovery code"]) {
    const value = p(rng.str(ALNUM, 10), "!", rng.str(ALNUM, 9));
    const item = {
      id: "x1y2z3",
      title: "prod db",
      fields: [
        { id: "username", type: "STRING", purpose: "USERNAME", label: "username", value: "admin" },
        { id: "f1", type: "CONCEALED", label, value, reference: `op://Private/prod db/${label}` },
      ],
    };
    foundEverywhere(
      JSON.stringify(item, null, 2),
      [value.slice(0, 10)],
      "onepassword_concealed_field",
    );
    foundEverywhere(JSON.stringify(item), [value.slice(0, 10)], "onepassword_concealed_field");
  }
});

Deno.test("a CloudFormation parameter given on the command line (ParameterKey=DBPassword,ParameterValue=...) is redacted; other parameters are kept", () => {
  const rng = new Rng(4718);
  for (const key of ["DBPassword", "ApiToken", "MasterUserSecret"]) {
    const value = p(rng.str(ALNUM, 10), "7", rng.str(ALNUM, 9));
    for (const form of [value, `"${value}"`]) {
      const text =
        `aws cloudformation create-stack --stack-name app --parameters ParameterKey=${key},ParameterValue=${form} ParameterKey=Env,ParameterValue=production`;
      foundEverywhere(text, [value.slice(0, 10)], "name_value_secret");
    }
  }
  keptEverywhere(
    "aws cloudformation update-stack --parameters ParameterKey=Env,ParameterValue=production ParameterKey=InstanceType,ParameterValue=t3.micro",
  );
  keptEverywhere(
    "aws cloudformation update-stack --parameters ParameterKey=DBPassword,UsePreviousValue=true",
  );
});

Deno.test("review50: a Wi-Fi key (wpa_supplicant, NetworkManager, nmcli), openssl's -k/-K, net user's password and a .netrc default entry are redacted in every context; references, masks and switches are kept (see: #21)", () => {
  const rng = new Rng(5007);
  const pw = () => p(rng.str(ALNUM, 7), "-", rng.str(ALNUM, 6), "9");
  const cases: [(v: string) => string, string][] = [
    (v: string) => `network={\n    ssid="home"\n    psk="${v}"\n    key_mgmt=WPA-PSK\n}`,
    (v: string) => `[wifi-security]\nkey-mgmt=wpa-psk\npsk=${v}`,
    (v: string) => `802-11-wireless-security.psk:           ${v}`,
  ].map((f) => [f, "wifi_psk"] as [(v: string) => string, string]);
  cases.push(
    [(v) => `nmcli device wifi connect "Home Net" password ${v}`, "cli_secret_option"],
    [(v) => `nmcli connection modify home wifi-sec.psk "${v}"`, "cli_secret_option"],
    [
      (v) => `openssl enc -aes-256-cbc -salt -k ${v} -in db.sql -out db.sql.enc`,
      "cli_secret_option",
    ],
    [(v) => `net user deploy ${v} /add /expires:never`, "cli_secret_option"],
    [(v) => `default login deploy password ${v}`, "netrc_password"],
  );
  for (const [shape, kind] of cases) {
    const v = pw();
    foundEverywhere(shape(v), [v.slice(0, 12)], kind);
  }
  // A 64-hex-digit key (wpa_passphrase's output) and openssl's raw key.
  const hex = rng.str("0123456789abcdef", 64);
  foundEverywhere(`network={\n\tssid="lab"\n\tpsk=${hex}\n}`, [hex.slice(4, 40)], "wifi_psk");
  foundEverywhere(
    `openssl enc -d -aes-256-cbc -K ${hex} -iv ${hex.slice(0, 32)}`,
    [hex.slice(4, 40)],
    "cli_secret_option",
  );
  for (
    const text of [
      'psk="$WIFI_PASSPHRASE"',
      "802-11-wireless-security.psk:           --",
      "psk=<your-passphrase>",
      "psk_identity=client-one",
      "nmcli device wifi connect Home password $WIFI_PW",
      "openssl enc -aes-256-cbc -kfile key.txt -in a -out b",
      "openssl enc -k $PASS -in a -out b",
      "net user deploy * /add",
      "net user deploy /delete",
      "net user administrator /active:yes",
      "The default login is admin and the password is admin.",
      "default login anonymous password user@site",
      'default login {user-id} password "{password}"',
      "for an ftp server use a default login and password to avoid a prompt",
    ]
  ) keptEverywhere(text);
});
