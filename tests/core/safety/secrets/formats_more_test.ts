// Tests for formats a fourth survey found printed (rules.ts and the tables
// it spreads): each is found in every context under its kind and redacted
// whole, and its look-alikes are kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { B64, CONTEXTS, p, Rng, SAMPLES, URLSAFE } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** Redacts `text` in every context; asserts the kinds and that `core` is gone. */
function foundEverywhere(text: string, core: string, kinds: string[]): void {
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    const r = redactText(engine, wrap(text));
    assert.deepEqual(r.kinds, kinds, `${ctx}: ${r.text}`);
    assert.ok(!r.text.includes(core), `${ctx}: ${r.text}`);
  }
}

/** Asserts that no context flags `text`. */
function keptEverywhere(text: string): void {
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${ctx}: ${text}`);
  }
}

Deno.test("a New Relic license key (US or region-prefixed, ending NRAL) is found bare and in a config", () => {
  const rng = new Rng(1632);
  for (let i = 0; i < 4; i++) {
    const s = SAMPLES.newrelic_license_key!(rng);
    for (const text of [s.text, `license_key: '${s.text}'`, `newrelic.license_key(${s.text})`]) {
      foundEverywhere(text, s.core, ["newrelic_license_key"]);
    }
  }
});

Deno.test("a Convex deploy key is found whole, past its |, in every context", () => {
  const rng = new Rng(1633);
  for (let i = 0; i < 4; i++) {
    const s = SAMPLES.convex_deploy_key!(rng);
    const tail = s.secret.slice(-12);
    for (
      const text of [
        `CONVEX_DEPLOY_KEY=${s.text}`,
        `CONVEX_DEPLOY_KEY='${s.text}' npx convex deploy`,
        `{"CONVEX_DEPLOY_KEY": "${s.text}"}`,
      ]
    ) {
      foundEverywhere(text, tail, ["convex_deploy_key"]);
    }
  }
});

Deno.test("a cosign (sigstore) private key block is redacted through its END line in every context", () => {
  const rng = new Rng(1634);
  for (const label of ["ENCRYPTED SIGSTORE", "ENCRYPTED COSIGN", "SIGSTORE"]) {
    const body = [rng.str(B64, 64), rng.str(B64, 64), rng.str(B64, 40) + "=="];
    const text = [
      `-----BEGIN ${label} PRIVATE KEY-----`,
      ...body,
      `-----END ${label} PRIVATE KEY-----`,
    ]
      .join("\n");
    foundEverywhere(text, body[1]!.slice(10, 30), ["private_key_pem"]);
    const r = redactText(engine, `cat cosign.key\n${text}\ncat cosign.pub`);
    assert.equal(r.text, "cat cosign.key\n[REDACTED:private_key_pem]\ncat cosign.pub");
  }
  // A public key block is kept.
  keptEverywhere(`-----BEGIN PUBLIC KEY-----\n${rng.str(B64, 64)}\n-----END PUBLIC KEY-----`);
});

Deno.test("a secret piped to gcloud secrets, firebase secrets, pass insert or passwd --stdin is found", () => {
  const rng = new Rng(1635);
  const shapes = [
    (v: string) => `echo -n "${v}" | gcloud secrets create db-pass --data-file=-`,
    (v: string) => `printf '%s' '${v}' | gcloud secrets versions add db-pass --data-file=-`,
    (v: string) => `echo "${v}" | npx firebase functions:secrets:set STRIPE_KEY`,
    (v: string) => `echo '${v}' | pass insert -e db/prod`,
    (v: string) => `echo '${v}' | sudo passwd --stdin deploy`,
    (v: string) => `gcloud secrets create api-key --data-file=- <<< '${v}'`,
  ];
  for (const shape of shapes) {
    const v = p("Hq7", rng.str(URLSAFE, 13));
    foundEverywhere(shape(v), v, ["cli_password"]);
  }
  keptEverywhere("echo $DB_PASS | gcloud secrets create db-pass --data-file=-");
  keptEverywhere("gcloud secrets create db-pass --data-file=./secret.txt");
  keptEverywhere("cat notes.txt | pass insert -m notes/today");
});

Deno.test("a Cloudflare Tunnel token is found bare, after service install and under a name", () => {
  const rng = new Rng(1636);
  for (let i = 0; i < 3; i++) {
    const s = SAMPLES.cloudflare_tunnel_token!(rng);
    for (
      const text of [
        `sudo cloudflared service install ${s.text}`,
        `docker run cloudflare/cloudflared:latest tunnel --no-autoupdate run --token ${s.text}`,
        `TUNNEL_TOKEN=${s.text}`,
      ]
    ) {
      foundEverywhere(text, s.core, ["cloudflare_tunnel_token"]);
    }
  }
});

Deno.test("an OpenAI sk-None- user key is found whole in every context", () => {
  const rng = new Rng(1631);
  for (let i = 0; i < 3; i++) {
    const tail = rng.str(URLSAFE, 20);
    const key = p("sk", "-None-", rng.str(URLSAFE, 48), "T3Blbk", "FJ", rng.str(URLSAFE, 28), tail);
    foundEverywhere(`OPENAI_API_KEY=${key}`, tail, ["openai_api_key"]);
  }
  keptEverywhere("pass sk-None-of-the-above to the classifier");
});
