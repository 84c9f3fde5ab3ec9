// Tests for an Azure DevOps personal access token (52 lower-case base32
// characters) where a coding session gives it: as the lone user of a
// dev.azure.com git URL (rules.ts url_credentials, git hosts) and as the
// password of `curl -u :TOKEN` with an empty user (curl_user_password);
// an organisation name as the URL's user, a variable and an empty `-u :`
// are kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567";

Deno.test("an Azure DevOps PAT in a dev.azure.com URL or after curl -u : is found in every context", () => {
  const rng = new Rng(1621);
  for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
    for (let i = 0; i < 3; i++) {
      const pat = p("k7", rng.str(BASE32_LOWER, 50));
      const cases: Array<[string, string]> = [
        [`git clone https://${pat}@dev.azure.com/acme/web/_git/web`, "url_credentials"],
        [`git remote set-url origin https://${pat}@dev.azure.com/acme/p/_git/r`, "url_credentials"],
        [`curl -u :${pat} https://dev.azure.com/acme/_apis/projects`, "curl_user_password"],
        [
          `curl -s -u ":${pat}" "https://dev.azure.com/acme/_apis/build/builds"`,
          "curl_user_password",
        ],
        [
          `curl --user ':${pat}' https://feeds.dev.azure.com/acme/_apis/packaging/feeds`,
          "curl_user_password",
        ],
      ];
      for (const [text, kind] of cases) {
        const r = redactText(engine, wrap(text));
        assert.deepEqual(r.kinds, [kind], `${ctx}: ${r.text}`);
        assert.ok(!r.text.includes(pat.slice(0, 20)), `${ctx}: ${r.text}`);
      }
    }
  }
});

Deno.test("an organisation as the URL's user, a variable or an empty -u : are kept", () => {
  const rng = new Rng(1622);
  for (
    const text of [
      "git clone https://contoso-engineering@dev.azure.com/contoso-engineering/web/_git/web",
      'curl -u ":$AZURE_DEVOPS_EXT_PAT" https://dev.azure.com/acme/_apis/projects',
      "curl -u : https://dev.azure.com/acme/_apis/projects",
      `git clone https://${rng.str(BASE32_LOWER.slice(0, 26), 52)}@dev.azure.com/a/b/_git/c`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
  // Control: a mixed-case token as the lone user was already found.
  const token = p("Q7", rng.str(ALNUM, 30));
  assert.deepEqual(redactText(engine, `https://${token}@dev.azure.com/a`).kinds, [
    "url_credentials",
  ]);
});
