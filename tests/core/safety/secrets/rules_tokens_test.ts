// Tests for core/safety/secrets/rules_tokens.ts: the prefixed tokens of the
// second survey are found in every context with their own kind, and their
// public halves and look-alikes (xpub, npub, pub-c-, ATTACHMENT_, AVNS_
// constants, a base64 JWT without alg) are kept; also the git-host URL with a
// lone token at a GitHub Enterprise or self-managed GitLab host and `-pat`
// names, which the same survey added to the main table.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens.ts";
import { hasBech32Checksum } from "../../../../core/safety/secrets/checks.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, lookAlikes, p, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("each prefixed token of the second survey is found in every context under its own kind", () => {
  const rng = new Rng(1401);
  for (const rule of TOKEN_RULES) {
    for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
      const s = SAMPLES[rule.kind]!(rng);
      const r = redactText(engine, wrap(s.text));
      assert.deepEqual(r.kinds, [rule.kind], `${rule.kind}/${ctx}`);
      assert.ok(!r.text.includes(s.core), `${rule.kind}/${ctx}: ${r.text}`);
    }
  }
});

Deno.test("public halves and look-alikes of the second survey's tokens are kept", () => {
  const all = lookAlikes(new Rng(1402));
  for (const kind of TOKEN_RULES.map((r) => r.kind)) {
    for (const v of all[kind] ?? []) {
      for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.dotenv!]) {
        assert.deepEqual(redactText(engine, wrap(v)).kinds, [], `${kind}: ${v}`);
      }
    }
  }
  // Every rule of the module has look-alikes of its own, except the two whose prefix is all they share.
  const without = TOKEN_RULES.map((r) => r.kind).filter((k) => all[k] === undefined);
  assert.deepEqual(without, ["brevo_smtp_key", "astra_db_token", "paddle_api_key"]);
});

Deno.test("a Nostr key is a key only with a valid bech32 checksum", () => {
  const s = SAMPLES.nostr_private_key!(new Rng(1403)).secret;
  assert.ok(hasBech32Checksum(s));
  // One changed data character breaks the checksum: the same text is no longer flagged.
  const flipped = s.slice(0, 10) + (s[10] === "q" ? "p" : "q") + s.slice(11);
  assert.ok(!hasBech32Checksum(flipped));
  assert.deepEqual(redactText(engine, `nsec: ${flipped}`).kinds, []);
  assert.deepEqual(redactText(engine, `nsec: ${s}`).kinds, ["nostr_private_key"]);
});

Deno.test("a base64-encoded JWT is a token only when its header names an alg", () => {
  const seg = (x: string) => btoa(x).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const body = seg('{"sub":"user-1","iat":1700000000}') + "." + new Rng(1404).str(ALNUM, 43);
  const withAlg = btoa(seg('{"alg":"RS256","kid":"k"}') + "." + body);
  const without = btoa(seg('{"typ":"JWT","kid":"k"}') + "." + body);
  assert.deepEqual(redactText(engine, `stored blob ${withAlg} in the cache`).kinds, ["jwt_base64"]);
  assert.deepEqual(redactText(engine, `stored blob ${without} in the cache`).kinds, []);
});

Deno.test("a token as the lone user of a GitHub Enterprise or self-managed GitLab URL is redacted", () => {
  const rng = new Rng(1405);
  for (const host of ["github.mycorp.com", "gitlab.example.org", "gitlab.corp.internal.test"]) {
    for (const wrap of Object.values(CONTEXTS)) {
      const token = p("Q7", rng.str(ALNUM, 30));
      const text = wrap(`git clone https://${token}@${host}/team/repo.git`);
      const r = redactText(engine, text);
      assert.deepEqual(r.kinds, ["url_credentials"], host);
      assert.ok(!r.text.includes(token) && r.text.includes(host), r.text);
    }
  }
  // Controls: a user name there, and GitHub's forum host, are kept.
  const token = p("Q7", rng.str(ALNUM, 30));
  assert.deepEqual(redactText(engine, `https://${token}@github.community/t/1`).kinds, []);
  assert.deepEqual(redactText(engine, "https://build-bot-account@gitlab.corp.test/a").kinds, []);
});

Deno.test("a token under a name ending in -pat is redacted; a -pat pattern name is kept", () => {
  const rng = new Rng(1406);
  for (const wrap of Object.values(CONTEXTS)) {
    const token = p("q7", rng.str("abcdefghijklmnopqrstuvwxyz0123456789", 50));
    for (const line of [`azure-devops-pat: ${token}`, `ado-pat=${token}`]) {
      const r = redactText(engine, wrap(line));
      assert.ok(r.kinds.length === 1 && !r.text.includes(token), `${line}: ${r.text}`);
    }
  }
  assert.deepEqual(redactText(engine, 'url-pat: "^/api/v1/(\\d+)$"').kinds, []);
  assert.deepEqual(redactText(engine, "anti-pat: see the docs").kinds, []);
});
