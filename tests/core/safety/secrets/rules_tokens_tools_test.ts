// Tests for core/safety/secrets/rules_tokens_tools.ts: Google AQ. keys, W&B, Amp, Daytona, Cartesia, Context7, Helicone,
// Logfire, QStash, Inngest, Trigger.dev, UploadThing, Buildkite, pyx and Dependency-Track tokens are found bare, under their vendor's
// variable, quoted, in a transcript's JSON and in a bearer header, redacted
// whole; placeholders, published development credentials and the prefixes
// in names are kept. Every value is drawn at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { TOOL_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_tools.ts";
import { HEX, p, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";
import { assertFoundWhole, assertLookAlikesKept } from "../../../_helpers/vendor_token_checks.ts";

const engine = createEngine(SECRET_RULES);

/** Each kind of the file and the variable its vendor's documentation names. */
const VARIABLES: Record<string, string> = {
  google_api_key: "GEMINI_API_KEY",
  wandb_api_key: "WANDB_API_KEY",
  amp_api_key: "AMP_API_KEY",
  daytona_api_key: "DAYTONA_API_KEY",
  cartesia_api_key: "CARTESIA_API_KEY",
  context7_api_key: "CONTEXT7_API_KEY",
  helicone_api_key: "HELICONE_API_KEY",
  logfire_token: "LOGFIRE_TOKEN",
  upstash_qstash_token: "QSTASH_TOKEN",
  buildkite_token: "BUILDKITE_AGENT_TOKEN",
  inngest_signing_key: "INNGEST_SIGNING_KEY",
  trigger_dev_secret_key: "TRIGGER_SECRET_KEY",
  uploadthing_token: "UPLOADTHING_TOKEN",
  pyx_token: "PYX_API_KEY",
  dependency_track_api_key: "DT_API_KEY",
};

Deno.test("the tool tokens' kinds each have a rule here and a variable in this test (see: #21)", () => {
  const kinds = [...new Set(TOOL_TOKEN_RULES.map((r) => r.kind))].sort();
  assert.deepEqual(kinds, Object.keys(VARIABLES).sort());
});

Deno.test("each tool token is found and redacted whole in every shape and context (see: #21)", () => {
  assertFoundWhole(engine, VARIABLES, 2211);
});

Deno.test("a Buildkite token ending a sentence is redacted, its full stop kept (see: #21)", () => {
  const rng = new Rng(2212);
  for (let i = 0; i < 30; i++) {
    const s = SAMPLES.buildkite_token!(rng);
    const r = redactText(engine, `The agent token is ${s.secret}.`);
    assert.equal(r.text, "The agent token is [REDACTED:buildkite_token].", s.secret);
  }
});

Deno.test("a job acquisition token is one Buildkite finding, not a JWT inside it (see: #21)", () => {
  const rng = new Rng(2213);
  for (let i = 0; i < 40; i++) {
    const s = SAMPLES.buildkite_token!(rng);
    if (!s.secret.startsWith(p("bk", "jat_"))) continue;
    const r = redactText(engine, `buildkite-agent start --acquire-job ${s.secret}`);
    assert.deepEqual(r.kinds, ["buildkite_token"], s.secret);
  }
});

Deno.test("the tool tokens' look-alikes are kept, bare and under their vendor's variable (see: #21)", () => {
  assertLookAlikesKept(engine, VARIABLES, 2214);
});

Deno.test("a QStash token is told from a JWT payload and from other base64 JSON (see: #21)", () => {
  const rng = new Rng(2215);
  const token = SAMPLES.upstash_qstash_token!(rng).secret;
  // Positive control, then the same base64 as a JWT's payload (the JWT rule's, not this one's).
  assert.deepEqual(redactText(engine, `QSTASH_TOKEN=${token}`).kinds, ["upstash_qstash_token"]);
  const inJwt = p("eyJhbGciOiJIUzI1NiJ9.", token.replace(/=+$/, ""), ".", rng.str(HEX, 43));
  assert.ok(!redactText(engine, inJwt).kinds.includes("upstash_qstash_token"));
  // A UserID without a password is not the token.
  const noPassword = btoa(`{"UserID":"${rng.str(HEX, 32)}","Role":"admin-reader-xx"}`);
  assert.ok(!redactText(engine, noPassword).kinds.includes("upstash_qstash_token"));
});
