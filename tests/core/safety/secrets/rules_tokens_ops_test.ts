// Tests for core/safety/secrets/rules_tokens_ops.ts: Onfido API tokens, Rootly API keys and
// Azure Data Factory runtime keys are found bare, under any name and in a transcript's JSON
// (a runtime key folded across its `@` too); their look-alikes are kept. Every value is drawn at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import {
  ALNUM,
  CONTEXTS,
  FOLD_CONTAINERS,
  foldLines,
  HEX,
  p,
  Rng,
  URLSAFE,
} from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("an Onfido API token and a Rootly API key are found bare and under a name with no credential word (see: #21)", () => {
  const rng = new Rng(2041);
  const onfido = p("api", "_live_us.", rng.str(URLSAFE, 11), ".Zq7", rng.str(ALNUM, 29));
  const rootly = p("root", "ly_", rng.str(HEX, 64));
  const shir = p(
    "I",
    "R@",
    rng.str(HEX, 8),
    "-b2f2-4c1e-ab39-",
    rng.str(HEX, 12),
    "@adf-etl-001@we@Zq7",
    rng.str(ALNUM, 40),
    "=",
  );
  const cases: [string, string, string][] = [
    [`onfido: ${onfido}`, onfido, "onfido_api_token"],
    [`Authorization: Token token=${onfido}`, onfido, "onfido_api_token"],
    [`ROOTLY=${rootly}`, rootly, "rootly_api_key"],
    [`key: ${shir}`, shir.slice(-44), "azure_data_factory_shir_key"],
    [`dmgcmd -Key "${shir}"`, shir.slice(-44), "azure_data_factory_shir_key"],
    [
      `curl -H "Authorization: Bearer ${rootly}" https://api.rootly.com/v1/incidents`,
      rootly,
      "rootly_api_key",
    ],
  ];
  for (const [text, value, kind] of cases) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.yaml!]) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.includes(kind), `${kind} not found: ${text} (${r.kinds.join(",")})`);
      assert.ok(!r.text.includes(value), `left in: ${r.text}`);
    }
  }
});

Deno.test("Onfido and Rootly look-alikes are kept (see: #21)", () => {
  const rng = new Rng(2042);
  for (
    const text of [
      "onfido.api_live.sandbox_mode.enabled",
      p("api", "_live.", "x".repeat(11), ".", "x".repeat(32)),
      p("api", "_live.", "settings_abc", ".", "documentation_and_more_words_xx"),
      p("root", "ly_", "0".repeat(64)),
      p("root", "ly_", rng.str(HEX, 40)),
      "rootly_api_key",
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a runtime key folded inside its body, across its `@`, is redacted whole (see: #21)", () => {
  const rng = new Rng(2043);
  for (const width of [40, 64, 80]) {
    for (const [name, container] of Object.entries(FOLD_CONTAINERS)) {
      const key = p(
        "I",
        "R@",
        rng.str(HEX, 8),
        "-b2f2-4c1e-ab39-",
        rng.str(HEX, 12),
        "@adf-etl-001@westeurope@Zq7",
        rng.str(ALNUM, 40),
        "=",
      );
      const folded = foldLines(key, width);
      const r = redactText(engine, container(`$ cat runtime.key\n${folded}\nls -la`));
      assert.ok(r.kinds.includes("azure_data_factory_shir_key"), `${width} ${name}: ${r.kinds}`);
      for (const piece of folded.split("\n")) {
        assert.ok(!r.text.includes(piece), `${width} ${name}: ${piece} left in ${r.text}`);
      }
      assert.ok(r.text.includes("ls -la"), "the next command stays");
    }
  }
});
