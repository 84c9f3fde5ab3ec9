// Tests for an environment variable's name held in another syntax (review80):
// a hex or UUID token under an upper-case secret name is found in a YAML or
// JSON map and after a JSON string's `\u003d`, as it is after `NAME=`; a
// vendor called Cursor names its key `CURSOR_API_KEY`, which the pagination
// exclusion had dropped; a whole docker config JSON in base64 (a Kubernetes
// `.dockerconfigjson` printed alone) is found when a registry in it holds a
// credential. Each look-alike beside them is kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { B64, CONTEXTS, HEX, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const uuid = (r: Rng) => [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-");

/** The shapes a transcript holds an environment map in, beside `NAME=value`. */
const SHAPES: readonly ((name: string, value: string) => string)[] = [
  // docker compose's `environment:` map, a GitHub Actions `env:` block
  (n, v) => `services:\n  api:\n    environment:\n      ${n}: ${v}\n      PORT: "8080"`,
  (n, v) => `env:\n  ${n}: "${v}"`,
  // `doppler secrets download --no-file`, `vercel env pull --json`, a parsed .env
  (n, v) => `{\n  "LOG_LEVEL": "debug",\n  "${n}": "${v}"\n}`,
  // a JSON encoder that escapes `=` writes the .env line it holds so
  (n, v) => JSON.stringify({ content: `${n}=${v}\nPORT=8080\n` }).replace(/=/g, "\\u003d"),
];

/** Asserts `text` is redacted in every context and `value` left nowhere. */
function redactedEverywhere(text: string, value: string): void {
  for (const [ctx, wrap] of [["raw", (s: string) => s] as const, ...Object.entries(CONTEXTS)]) {
    const r = redactText(engine, wrap(text));
    assert.ok(r.kinds.length > 0, `${ctx}: nothing found in ${r.text}`);
    assert.ok(!r.text.includes(value.slice(0, 12)), `${ctx}: ${r.text}`);
  }
}

/** Asserts no context flags `text`. */
function keptEverywhere(text: string): void {
  for (const [ctx, wrap] of [["raw", (s: string) => s] as const, ...Object.entries(CONTEXTS)]) {
    assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${ctx}: ${text}`);
  }
}

Deno.test("a UUID or hex token under an upper-case secret name is found in a YAML or JSON map and after \\u003d", () => {
  const rng = new Rng(8001);
  for (const name of ["RAILWAY_TOKEN", "SNYK_TOKEN", "HEROKU_API_KEY", "MY_SERVICE_SECRET"]) {
    for (const value of [uuid(rng), rng.str(HEX, 40), rng.str(HEX, 64)]) {
      for (const shape of SHAPES) redactedEverywhere(shape(name, value), value);
    }
  }
});

Deno.test("a UUID or digest under a name that is no secret's, or lower case, is kept in the same shapes", () => {
  const rng = new Rng(8002);
  // Positive control: the same shape and value under a secret's upper-case name is found.
  const control = uuid(rng);
  redactedEverywhere(SHAPES[0]!("RAILWAY_TOKEN", control), control);
  for (const name of ["NEXT_CURSOR", "PAGE_TOKEN", "COMMIT_SHA", "TOKEN_ID", "REQUEST_ID"]) {
    for (const value of [uuid(rng), rng.str(HEX, 40)]) {
      for (const shape of SHAPES) keptEverywhere(shape(name, value));
    }
  }
  // A lower-case key is a program's field (`"token": "<uuid>"` of an API's reply), not an
  // environment variable: a UUID there is as often an id.
  for (const shape of SHAPES.slice(0, 3)) keptEverywhere(shape("railway_token", uuid(rng)));
});

Deno.test("a UUID or digest under a name that labels a key (its id, version or reference) is kept", () => {
  const rng = new Rng(8304);
  // Positive control: the key's own name takes the same value in the same shapes.
  for (const name of ["SIGNING_KEY", "ENCRYPTION_KEY", "SERVICE_SECRET"]) {
    const value = rng.str(HEX, 64);
    for (const shape of SHAPES) redactedEverywhere(shape(name, value), value);
  }
  // An id of a key is no key: kept in every shape, `NAME=` included.
  for (const name of ["SIGNING_KEY_ID", "ENCRYPTION_KEY_ID", "KEY_VAULT_SECRET_UUID"]) {
    for (const value of [uuid(rng), rng.str(HEX, 40), rng.str(HEX, 64)]) {
      for (const shape of SHAPES) keptEverywhere(shape(name, value));
    }
  }
  // AWS Secrets Manager's VersionId is a UUID; in a YAML or JSON map these were found by the
  // upper-case name alone.
  for (const name of ["API_KEY_ID", "SECRET_VERSION", "TOKEN_NONCE", "GIT_TOKEN_REF"]) {
    for (const value of [uuid(rng), rng.str(HEX, 40)]) {
      for (const shape of SHAPES.slice(0, 3)) keptEverywhere(shape(name, value));
    }
  }
});

Deno.test("CURSOR_API_KEY is a key's name; a pagination cursor stays excluded", () => {
  const rng = new Rng(8003);
  for (const value of [`key_${rng.str(HEX, 64)}`, rng.str(HEX, 64)]) {
    for (const text of [`CURSOR_API_KEY=${value}`, `export CURSOR_API_KEY="${value}"`]) {
      redactedEverywhere(text, value.replace(/^key_/, ""));
    }
  }
  redactedEverywhere(`{"cursor_secret": "Zq7${rng.str(HEX, 29)}"}`, "Zq7");
  for (const name of ["next_cursor", "NEXT_CURSOR", "cursor", "cursor_token", "PAGE_CURSOR"]) {
    keptEverywhere(`${name}=${rng.str(HEX, 64)}`);
  }
});

/** A docker config JSON as `docker login` writes it: tab-indented, or compact as Kubernetes keeps it. */
function dockerConfig(rng: Rng, entry: string, indent: "compact" | "tab" | "spaces"): string {
  const registry = rng.pick(["ghcr.io", "registry.gitlab.com", "https://index.docker.io/v1/"]);
  const o = { auths: { [registry]: JSON.parse(entry) } };
  return JSON.stringify(o, null, indent === "compact" ? undefined : indent === "tab" ? "\t" : 2);
}

Deno.test("a docker config JSON in base64 holding a registry credential is found whole in every context", () => {
  const rng = new Rng(8004);
  for (const indent of ["compact", "tab", "spaces"] as const) {
    const entries = [
      `{"auth": "${btoa(`bob:${rng.str(B64, 24)}`)}"}`,
      `{"username": "bob", "password": "${rng.str(B64, 20)}"}`,
      `{"identitytoken": "${rng.str(B64, 40)}"}`,
    ];
    for (const entry of entries) {
      const b64 = btoa(dockerConfig(rng, entry, indent));
      for (
        const text of [
          b64,
          `data:\n  .dockerconfigjson: ${b64}`,
          `$ kubectl get secret regcred -o jsonpath='{.data.\\.dockerconfigjson}'\n${b64}`,
        ]
      ) {
        for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
          const r = redactText(engine, wrap(text));
          assert.ok(r.kinds.includes("docker_config_auth"), `${ctx}: ${r.text}`);
          for (let i = 0; i + 12 <= b64.length; i += 12) {
            assert.ok(!r.text.includes(b64.slice(i, i + 12)), `${ctx}: ${r.text}`);
          }
        }
      }
    }
  }
});

Deno.test("a docker config JSON in base64 with no credential in it (a credential store or helper) is kept", () => {
  const rng = new Rng(8005);
  // Positive control: the same config given an auth is found.
  const found = btoa(dockerConfig(rng, `{"auth": "${btoa(`bob:${rng.str(B64, 24)}`)}"}`, "tab"));
  assert.deepEqual(redactText(engine, found).kinds, ["docker_config_auth"]);
  for (
    const plain of [
      `{"auths":{"ghcr.io":{}},"credsStore":"desktop"}`,
      `{"auths":{"https://index.docker.io/v1/":{}},"credHelpers":{"gcr.io":"gcloud"}}`,
      dockerConfig(rng, `{"auth": ""}`, "tab"),
      dockerConfig(rng, `{"email": "bob@example.com"}`, "spaces"),
    ]
  ) {
    keptEverywhere(btoa(plain));
  }
});
