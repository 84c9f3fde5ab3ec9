// Tests for core/safety/secrets/rules_vendor.ts: the Discord id keywords are
// the base64 btoa gives for each three-digit id start (computed without btoa,
// which the module avoids on the load path), the common word starts left out; a Salesforce
// session id folded across its `!` is redacted whole.

import assert from "node:assert/strict";
import { discordIdKeywords, VENDOR_RULES } from "../../../../core/safety/secrets/rules_vendor.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, FOLD_CONTAINERS, foldLines, p, Rng } from "../../../_helpers/secret_fixtures.ts";

Deno.test("the Discord id keywords are btoa of each three-digit start, common starts left out", () => {
  const common = new Set(["nte", "ode", "ntu", "odu", "nde", "nti", "ody", "nda"]);
  const expected: string[] = [];
  for (let d = 100; d <= 999; d++) {
    const b = btoa(String(d));
    if (!common.has(b.slice(0, 3).toLowerCase())) expected.push(b);
  }
  const got = discordIdKeywords();
  assert.deepEqual(got, expected);
  // Control: the list is not trivially empty, and names the documented start.
  assert.ok(got.includes("NzA5"));
  assert.ok(got.length > 800 && got.length < 900);
});

Deno.test("the bare Discord token rule carries the id keywords", () => {
  const rule = VENDOR_RULES.find((r) => r.keywords.includes("NzA5"));
  assert.ok(rule !== undefined);
  assert.deepEqual(rule.keywords, discordIdKeywords());
});

Deno.test("a Salesforce session id folded before or after its `!` is redacted whole; a line of the org id alone is kept (see: #21)", () => {
  const engine = createEngine(SECRET_RULES);
  const rng = new Rng(6640);
  for (const width of [20, 40, 64, 80]) {
    for (const [name, container] of Object.entries(FOLD_CONTAINERS)) {
      const sid = p(
        "00D5g00000",
        rng.str(ALNUM, 5),
        "!AQ",
        rng.str(ALNUM, 4),
        ".",
        rng.str(ALNUM, 100),
      );
      const folded = foldLines(sid, width);
      const r = redactText(engine, container(`$ sf org display --json\n${folded}\nls -la`));
      assert.ok(r.kinds.includes("salesforce_access_token"), `${width} ${name}: ${r.kinds}`);
      for (const piece of folded.split("\n")) {
        assert.ok(!r.text.includes(piece), `${width} ${name}: ${piece} left in ${r.text}`);
      }
      assert.ok(r.text.includes("ls -la"), "the next command stays");
    }
  }
  // The org id alone at a line's end (an org listing) has no token after it: kept.
  const org = p("00D5g00000", rng.str(ALNUM, 5));
  for (const container of Object.values(FOLD_CONTAINERS)) {
    const text = container(`Org Id   ${org}\nInstance https://acme.my.salesforce.com`);
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});
