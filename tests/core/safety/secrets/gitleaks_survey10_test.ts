// Tests for the changes of survey10 (gitleaks' rule test cases replayed through baton; facts
// about formats only, no rule text): the Hugging Face rule in core/safety/secrets/rules.ts
// wants letters of both cases, the typed-declaration rule (rules_typed.ts) reads hex or a UUID
// under an API, server or service token's name, a directive's quoted argument
// (rules_config.ts) is read in a string escaped twice that opens the text, and a Kubernetes
// Secret's data block (rules.ts) is read past a comment holding escaped quotes. Each is
// redacted raw and JSON-escaped once and twice; the look-alikes are kept. Generated values
// are drawn at run time.

import assert from "node:assert/strict";
import { escaped, ESCAPES } from "../../../_helpers/redact_everywhere.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { ALNUM, HEX, lookAlikes, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const { assertRedacted, assertKept } = escaped(engine);

const LOWER = "abcdefghijklmnopqrstuvwxyz";

/** A UUID drawn from `rng`. */
function uuid(rng: Rng): string {
  return `${rng.str(HEX, 8)}-${rng.str(HEX, 4)}-4${rng.str(HEX, 3)}-a${rng.str(HEX, 3)}-${
    rng.str(HEX, 12)
  }`;
}

Deno.test("the survey10 look-alikes are in the labelled tables (see: #21)", () => {
  const all = lookAlikes(new Rng(10001));
  assert.ok((all.huggingface_token ?? []).some((l) => l.includes("servingcellpriority")));
});

Deno.test("a Hugging Face token of both cases is redacted, one case only is kept (see: #21)", () => {
  const rng = new Rng(10002);
  for (let i = 0; i < 12; i++) {
    const token = p("h", "f_", "Q", rng.str(ALNUM, 32), "k");
    assertRedacted(`huggingface-cli login --token ${token}`, token, "huggingface_token");
    assertRedacted(`HF_TOKEN=${token} python app.py`, token, "huggingface_token");
  }
  // gitleaks' look-alike: a C identifier after `&hf_`, all lower case.
  assertKept(
    "  M_UINT (ServingCellPriorityParametersDescription_t, H_PRIO, 2, " +
      p("&h", "f_servingcellpriorityparametersdescription_h_prio),"),
  );
  assertKept(`x = ${p("h", "f_", rng.str(LOWER, 34))};`);
});

Deno.test("hex or a UUID under a typed API, server or service token is redacted (see: #21)", () => {
  const rng = new Rng(10003);
  for (let i = 0; i < 12; i++) {
    const hex = rng.str(HEX, 32);
    const id = uuid(rng);
    assertRedacted(`var apiToken string = "${hex}"`, hex, "generic_secret");
    assertRedacted(`const serviceToken: string = "${id}";`, id, "generic_secret");
    assertRedacted(`val server_token: String = "${hex}"`, hex, "generic_secret");
  }
  // An id or a digest under a typed name that is no credential's compound word, raw and
  // escaped once (escaped twice, rules_code.ts's typed rule reads any secret's name).
  for (
    const text of [
      `const cacheToken: string = "${uuid(rng)}";`,
      `var apiTokenHash string = "${rng.str(HEX, 64)}"`,
    ]
  ) {
    for (const escape of ESCAPES.slice(0, 2)) {
      assert.deepEqual(redactText(engine, escape(text)).kinds, [], text);
    }
  }
});

Deno.test("a directive's quoted argument in a string escaped twice is redacted (see: #21)", () => {
  const rng = new Rng(10004);
  for (let i = 0; i < 12; i++) {
    const v = p("Q", rng.str(ALNUM, 10), "7k", rng.str(ALNUM, 10));
    assertRedacted(`apikey "${v}";`, v, "generic_secret");
    assertRedacted(`private_key '${v}';`, v, "generic_secret");
    assertRedacted(`key "rndc" {\n  secret "${v}";\n};`, v, "generic_secret");
  }
  // No secret's name, a placeholder, a value with no `;` after it.
  assertKept(`include "${rng.str(ALNUM, 20)}";`);
  assertKept(`apikey "${"x".repeat(24)}";`);
  assertKept(`the apikey "${rng.str(ALNUM, 20)}" is`);
});

Deno.test("a Secret's data after a comment with quotes is redacted escaped (see: #21)", () => {
  const rng = new Rng(10005);
  for (let i = 0; i < 12; i++) {
    const v = btoa(p("Q", rng.str(ALNUM, 10), "7k", rng.str(ALNUM, 6)));
    const manifest = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: heketi-secret\ndata:\n" +
      `  # base64 encoded password. E.g.: echo -n "mypassword" | base64\n  key: ${v}\n`;
    assertRedacted(manifest, v, "k8s_secret_data");
  }
  // The same map in a ConfigMap is no secret's.
  assertKept(
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n" +
      `  # set with "kubectl edit"\n  mode: ${btoa(rng.str(ALNUM, 16))}\n`,
  );
});
