// Tests for a token given as a git host URL's user inside a `git config -l`
// key (review80): `url.<base>.insteadof`, `http.<url>.*` and
// `credential.<url>.*` hold the URL after the section's `.`, which the
// rule's look-behind had taken for a longer scheme. Words as the user, and a
// scheme inside a longer word, are kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const CONTAINERS = [["raw", (s: string) => s] as const, ...Object.entries(CONTEXTS)];

/** A token of `n` characters with a digit and both cases. */
function token(rng: Rng, n: number): string {
  return "Q7a" + rng.str(ALNUM, n - 3);
}

Deno.test("a token as the user of a git host URL in a git config key is redacted whole", () => {
  const rng = new Rng(8101);
  for (const host of ["github.com", "gitlab.com", "bitbucket.org", "github.acme.io"]) {
    const t = token(rng, 40);
    const lines = [
      `url.https://${t}@${host}/.insteadof=https://${host}/`,
      `http.https://${t}@${host}/.extraheader=X-Trace: 1`,
      `$ git config -l\ncore.bare=false\nurl.https://${t}@${host}/.insteadOf=git@${host}:\n`,
    ];
    for (const line of lines) {
      for (const [ctx, wrap] of CONTAINERS) {
        const r = redactText(engine, wrap(line));
        assert.ok(r.kinds.includes("url_credentials"), `${ctx}: ${r.text}`);
        assert.ok(!r.text.includes(t.slice(3, 15)), `${ctx}: ${r.text}`);
        assert.ok(r.text.includes(`@${host}`), `${ctx}: the host stays`);
      }
    }
  }
});

Deno.test("a user of words in a git config key, and a scheme inside a longer word, are kept", () => {
  const rng = new Rng(8102);
  // Positive control: the same line with a token as the user.
  const t = token(rng, 40);
  assert.deepEqual(redactText(engine, `url.https://${t}@github.com/.insteadof=x`).kinds, [
    "url_credentials",
  ]);
  for (
    const text of [
      "url.https://my-long-github-username@github.com/.insteadof=https://github.com/",
      `myurl.https://${token(rng, 40)}@github.com/`,
      `curl.https://${token(rng, 40)}@github.com/`,
    ]
  ) {
    for (const [ctx, wrap] of CONTAINERS) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${ctx}: ${text}`);
    }
  }
});
