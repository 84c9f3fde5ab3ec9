// Tests for the routable tail of GitLab tokens (rules.ts gitlab_pat and
// gitlab_deploy_token, rules_vendor.ts gitlab_token): since GitLab 18.3 a
// token ends in `.` + a 2-character payload length and a 7-character CRC
// (or `.<version>.` before them); the whole token is redacted, the tail too,
// in every context, and a dot that only follows a token stays.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { CONTEXTS, p, Rng, URLSAFE } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

const PREFIXES: ReadonlyArray<[string, string]> = [
  [p("gl", "pat-"), "gitlab_pat"],
  [p("gl", "dt-"), "gitlab_deploy_token"],
  [p("gl", "rt-", "t1_"), "gitlab_token"],
  [p("gl", "ft-"), "gitlab_token"],
];

Deno.test("a routable GitLab token is redacted whole, its dotted tail too, in every context", () => {
  const rng = new Rng(1601);
  for (const [prefix, kind] of PREFIXES) {
    for (const versioned of [false, true]) {
      for (const [ctx, wrap] of Object.entries(CONTEXTS)) {
        const crc = rng.str(BASE36, 7);
        const tail = versioned ? `.01.${rng.str(BASE36, 2)}${crc}` : `.${rng.str(BASE36, 2)}${crc}`;
        const token = prefix + rng.str(URLSAFE, 27 + rng.int(40)) + tail;
        const r = redactText(engine, wrap(`GITLAB_TOKEN=${token}`));
        assert.deepEqual(r.kinds, [kind], `${prefix}/${ctx}`);
        assert.ok(!r.text.includes(crc), `${prefix}/${ctx}: ${r.text}`);
        assert.ok(
          r.text.includes(`GITLAB_TOKEN=[REDACTED:${kind}]`),
          `${prefix}/${ctx}: ${r.text}`,
        );
      }
    }
  }
});

Deno.test("a dot after a legacy GitLab token is not part of it", () => {
  const rng = new Rng(1602);
  const token = p("gl", "pat-", rng.str(URLSAFE, 20));
  for (
    const [text, want] of [
      [`use ${token}. Then push.`, "use [REDACTED:gitlab_pat]. Then push."],
      [`${token}.commitment`, "[REDACTED:gitlab_pat].commitment"],
      [`${token}.sh`, "[REDACTED:gitlab_pat].sh"],
    ]
  ) {
    assert.equal(redactText(engine, text!).text, want);
  }
});
