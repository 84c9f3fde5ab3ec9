// Tests for core/safety/secrets/rules_stores.ts: Vault, Bitwarden and
// registry credentials in the shapes their tools print and store them.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, B64, CONTEXTS, HEX, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

function uuid(rng: Rng): string {
  return [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-");
}

/** A `vault` table: the header and one row per pair, the key column padded as vault pads it. */
function vaultTable(rows: [string, string][]): string {
  const width = Math.max(3, ...rows.map(([k]) => k.length)) + 4;
  const line = (k: string, v: string) => k.padEnd(width) + v;
  return [line("Key", "Value"), line("---", "-----"), ...rows.map(([k, v]) => line(k, v))]
    .join("\n");
}

Deno.test("vault tables: KV v1 rows and credential rows are redacted, other tables kept (see: #21)", () => {
  const rng = new Rng(2141);
  const pw = p("A1a-", rng.str(ALNUM, 16));
  const sid = uuid(rng);
  const sk = rng.str(B64, 40);
  const cases: [string, string[], string[]][] = [
    // KV version 1: every row after refresh_interval is data.
    [
      vaultTable([["refresh_interval", "768h"], ["db_host", "db.internal"], ["password", pw]]),
      ["db.internal", pw],
      ["768h"],
    ],
    // Dynamic database credentials.
    [
      vaultTable([
        ["lease_id", `database/creds/readonly/${uuid(rng)}`],
        ["lease_duration", "1h"],
        ["lease_renewable", "true"],
        ["password", pw],
        ["username", "v-token-readonly-x8u3q0"],
      ]),
      [pw],
      ["database/creds/readonly/", "lease_renewable    true"],
    ],
    // AppRole secret id (its own rule and the table's).
    [
      vaultTable([["secret_id", sid], ["secret_id_accessor", uuid(rng)], ["secret_id_ttl", "0s"]]),
      [sid],
      ["secret_id_accessor"],
    ],
    // Dynamic AWS credentials.
    [
      vaultTable([["lease_id", "aws/creds/deploy/abc"], ["secret_key", sk], [
        "security_token",
        "<nil>",
      ]]),
      [sk],
      ["aws/creds/deploy/abc"],
    ],
  ];
  // Every credential row of one table, whatever rows sit between.
  const st = p("FwoG", rng.str(B64, 120));
  cases.push([
    vaultTable([["access_key", "ASIA-id"], ["lease_id", "aws/creds/x"], ["secret_key", sk], [
      "security_token",
      st,
    ]]),
    [sk, st.slice(0, 40)],
    ["aws/creds/x"],
  ]);
  for (const [table, gone, kept] of cases) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(`$ vault read x\n${table}\n$ ls\n`));
      for (const g of gone) assert.ok(!r.text.includes(g), `survived: ${g} in ${r.text}`);
      for (const k of kept) assert.ok(r.text.includes(k), `lost: ${k} in ${r.text}`);
    }
  }
  // Tables without a credential row are kept whole.
  for (
    const table of [
      vaultTable([["Seal Type", "shamir"], ["Sealed", "false"], ["Total Shares", "5"]]),
      vaultTable([["token_accessor", uuid(rng)], ["token_duration", "768h"], [
        "token_policies",
        '["default"]',
      ]]),
      vaultTable([["created_time", "2024-01-01T00:00:00Z"], ["destroyed", "false"], [
        "version",
        "3",
      ]]),
    ]
  ) {
    assert.deepEqual(redactText(engine, table).kinds, [], table);
    assert.deepEqual(redactText(engine, CONTEXTS.json_transcript!(table)).kinds, [], table);
  }
});

Deno.test("AppRole secret ids, unseal keys, Bitwarden and registry credentials are found (see: #21)", () => {
  const rng = new Rng(2142);
  const sid = uuid(rng);
  const unseal = p("Q7", rng.str(B64, 41), "=");
  const session = p("Q7", rng.str(B64, 84), "==");
  const bws = p("0.", uuid(rng), ".", "Q7", rng.str(ALNUM, 28), ":", rng.str(B64, 22), "==");
  const userPass = btoa(p("ci:", "Q7", rng.str(ALNUM, 14)));
  const found: [string, string, string][] = [
    [`export VAULT_SECRET_ID=${sid}`, sid, "vault_approle_secret_id"],
    [`{"role_id": "${uuid(rng)}", "secret_id": "${sid}"}`, sid, "vault_approle_secret_id"],
    [`vault-agent --secret-id '${sid}'`, sid, "vault_approle_secret_id"],
    [`Unseal Key 3: ${unseal}`, unseal, "vault_unseal_key"],
    [`vault operator unseal ${unseal}`, unseal, "vault_unseal_key"],
    [`{"unseal_keys_b64": ["${unseal}"], "unseal_threshold": 1}`, unseal, "vault_unseal_key"],
    [`bw get item x --session "${session}"`, session, "bitwarden_session_key"],
    [`$env:BW_SESSION = "${session}"`, session, "bitwarden_session_key"],
    [`BWS_ACCESS_TOKEN: ${bws}  # bws`, bws, "bitwarden_access_token"],
    [`registry:\n  _auth = "${userPass}"`, userPass, "registry_auth"],
    [`//npm.pkg.test/:_auth=${userPass}`, userPass, "registry_auth"],
    [`npmAuthIdent: "ci:${p("Q7", rng.str(ALNUM, 12))}"`, "ci:Q7", "registry_auth"],
  ];
  for (const [text, secret, kind] of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.ok(r.kinds.includes(kind), `${kind}: ${JSON.stringify(r.kinds)} in ${text}`);
      assert.ok(!r.text.includes(secret.slice(0, 12)), `${kind}: survived in ${r.text}`);
    }
  }
  const kept = [
    `secret_id_accessor    ${uuid(rng)}`,
    "secret_id=${SECRET_ID}",
    `role_id=${uuid(rng)}`,
    "vault operator unseal -reset",
    "export BW_SESSION=$(bw unlock --raw)",
    `bws secret get ${uuid(rng)}`,
    "auth: true",
    `auth: ${btoa("usernameonly")}`,
    `oauth: ${btoa("a:b")}`,
    'npmAuthIdent: "${NPM_AUTH_IDENT}"',
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("numbered AppRole secret ids (secret_id1, SECRET_ID_2) are found in every context; the accessor is kept", () => {
  const rng = new Rng(1411);
  const id = () => [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-");
  const shapes = [
    (s: string) => `vault config:\nrole_id1 = '${id()}'\nsecret_id1 = '${s}'`,
    (s: string) => `VAULT_ROLE_ID=${id()}\nVAULT_SECRET_ID_2=${s}`,
    (s: string) => `{"role_id": "${id()}", "secret_id2": "${s}"}`,
  ];
  for (const shape of shapes) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const s = id();
      const r = redactText(engine, wrap(shape(s)));
      assert.ok(!r.text.includes(s), `${ctx}: ${r.text}`);
    }
  }
  for (const text of [`secret_id_accessor: ${id()}`, `secret_id_num_uses: 10`]) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});
