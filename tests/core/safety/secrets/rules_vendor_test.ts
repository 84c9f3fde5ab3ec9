// Tests for core/safety/secrets/rules_vendor.ts: the Discord id keywords are
// the base64 btoa gives for each three-digit id start (computed without btoa,
// which the module avoids on the load path), the common word starts left out.

import assert from "node:assert/strict";
import { discordIdKeywords, VENDOR_RULES } from "../../../../core/safety/secrets/rules_vendor.ts";

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
