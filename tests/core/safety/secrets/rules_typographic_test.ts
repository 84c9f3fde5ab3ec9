// Tests for core/safety/secrets/rules_typographic.ts: a secret assigned in
// typographic quotes (review50), redacted whole in every context, and its
// look-alikes kept. See: #21

import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { everywhere } from "../../../_helpers/redact_everywhere.ts";
import { ALNUM, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

const { foundEverywhere, keptEverywhere } = everywhere(engine);

Deno.test("review50: a secret assigned in typographic quotes (“…”, ‘…’, «…») is redacted whole in every context; a reference, a placeholder and quoted prose are kept (see: #21)", () => {
  const rng = new Rng(5008);
  const shapes = [
    (v: string) => `API_TOKEN=\u201c${v}\u201d`,
    (v: string) => `password: \u2018${v}\u2019`,
    (v: string) => `client_secret = \u00ab${v}\u00bb`,
  ];
  for (const shape of shapes) {
    const v = p(rng.str(ALNUM, 9), "7", rng.str(ALNUM, 8));
    foundEverywhere(shape(v), [v.slice(0, 9), v.slice(-8)], "generic_secret");
  }
  for (
    const text of [
      "API_TOKEN=\u201c${API_TOKEN}\u201d",
      "password: \u201c<your-password>\u201d",
      "The \u201ctoken\u201d field is \u201coptional\u201d.",
      "secret: \u201cthe value\u201d",
    ]
  ) keptEverywhere(text);
});

Deno.test("review59: a secret assigned with a full-width ＝ or ： (an input method's) is redacted whole in every context; a reference, a placeholder, an arrow or a dash before prose are kept (see: #21)", () => {
  const rng = new Rng(5909);
  const shapes = [
    (v: string) => `API_TOKEN\uff1d${v}`,
    (v: string) => `api_key\uff1a ${v}`,
    (v: string) => `DB_PASSWORD \uff1d "${v}"`,
    (v: string) => `client_secret\uff1a'${v}',`,
  ];
  for (const shape of shapes) {
    const v = p(rng.str(ALNUM, 9), "7", rng.str(ALNUM, 8));
    foundEverywhere(shape(v), [v.slice(0, 9), v.slice(-8)], "generic_secret");
  }
  for (
    const text of [
      "API_TOKEN\uff1d${API_TOKEN}",
      "password\uff1a<your-password>",
      "api_key\uff1a your_api_key_here",
      "token \u2192 Settings",
      "password \u2014 see the docs",
      "Secret\uff1a\u8bf7\u5728\u63a7\u5236\u53f0\u83b7\u53d6",
    ]
  ) keptEverywhere(text);
});
