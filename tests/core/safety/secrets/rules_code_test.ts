// Tests for core/safety/secrets/rules_code.ts: a user and password given to
// an HTTP client's basic authentication in code.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("basic auth credentials given in code are redacted, variables kept (see: #21)", () => {
  const rng = new Rng(2151);
  const pw = `Hq7${rng.str(ALNUM, 11)}`;
  const found = [
    `r = requests.get(url, auth=("admin", "${pw}"))`,
    `httpx.Client(auth = ('admin', '${pw}'))`,
    `es = Elasticsearch(hosts, basic_auth=("admin", "${pw}"))`,
    `r = requests.get(url, auth=HTTPBasicAuth("admin", "${pw}"))`,
    `aiohttp.BasicAuth("admin", "${pw}")`,
    `req.SetBasicAuth("admin", "${pw}")`,
    `client.basicAuth("admin", "${pw}")`,
  ];
  for (const text of found) {
    for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, ctx(text));
      assert.deepEqual(r.kinds, ["basic_auth"], text);
      assert.ok(!r.text.includes(pw) && r.text.includes("admin"), r.text);
    }
  }
  const kept = [
    "r = requests.get(url, auth=(user, password))",
    'r = requests.get(url, auth=("admin", os.environ["PW"]))',
    'req.SetBasicAuth("admin", "$PASSWORD")',
    'auth=("admin", "admin")',
    'HTTPBasicAuth("user", "<password>")',
  ];
  for (const text of kept) assert.deepEqual(redactText(engine, text).kinds, [], text);
});
