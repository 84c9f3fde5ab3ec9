// Tests for core/safety/secrets/sanitize_capsule.ts.

import assert from "node:assert/strict";
import { sanitizeCapsuleParts } from "../../../../core/safety/secrets/sanitize_capsule.ts";
import type { SecretEngine } from "../../../../core/safety/secrets/engine.ts";
import { Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

Deno.test("sanitizeCapsuleParts() redacts every part and roots fields at the part name", () => {
  const rng = new Rng(91);
  const s = SAMPLES.slack_webhook_url!(rng);
  const t = SAMPLES.env_secret!(rng);
  const r = sanitizeCapsuleParts({
    meaning: { next_steps: [{ text: `post to ${s.text}` }] },
    facts: { branch: "main", remotes: [{ url: t.text }] },
  });
  assert.equal(r.sanitize.scan_status, "passed");
  assert.deepEqual(r.sanitize.redactions, [
    { field: "meaning.next_steps[0].text", kind: "slack_webhook_url" },
    { field: "facts.remotes[0].url", kind: "env_secret" },
  ]);
  assert.ok(r.parts.meaning.next_steps[0]!.text.includes("[REDACTED:slack_webhook_url]"));
  assert.ok(!JSON.stringify(r.parts).includes(s.core) && !JSON.stringify(r.parts).includes(t.core));
});

Deno.test("sanitizeCapsuleParts() passes with no redactions on clean parts", () => {
  assert.deepEqual(sanitizeCapsuleParts({ meaning: { now: "all fine" } }).sanitize, {
    scan_status: "passed",
    redactions: [],
  });
});

Deno.test("sanitizeCapsuleParts() records failed when the scan cannot finish", () => {
  const broken = {
    scanKeywords() {
      throw new Error("boom");
    },
  } as unknown as SecretEngine;
  const parts = { meaning: { now: "x" } };
  const r = sanitizeCapsuleParts(parts, { engine: broken });
  assert.deepEqual(r.sanitize, { scan_status: "failed", redactions: [] });
  assert.equal(r.parts, parts);
});

Deno.test("sanitizeCapsuleParts() keeps the redaction list within its bound", () => {
  const rng = new Rng(92);
  const many = Array.from({ length: 1500 }, () => SAMPLES.env_secret!(rng).text).join("\n");
  const r = sanitizeCapsuleParts({ meaning: { now: many, completed: [{ text: many }] } });
  // 3000 values redacted: one entry per field and kind, then the marker that the list was cut.
  assert.deepEqual(r.sanitize.redactions, [
    { field: "meaning.now", kind: "env_secret" },
    { field: "meaning.completed[0].text", kind: "env_secret" },
    { field: "sanitize.redactions", kind: "list_cut" },
  ]);
  assert.ok(
    !r.parts.meaning.now.includes("DB_PASSWORD=a") &&
      r.parts.meaning.now.includes("[REDACTED:env_secret]"),
  );
  const few = sanitizeCapsuleParts({
    meaning: { now: [many.split("\n")[0], many.split("\n")[1]].join(" ") },
  });
  assert.equal(few.sanitize.redactions.length, 2);
});

Deno.test("sanitizeCapsuleParts() redacts a copy of a value found in another part (see: #21)", () => {
  const v = new Rng(93).str("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789", 26);
  const parts = {
    meaning: { now: `the deploy failed with ${v} rejected` },
    facts: { commands: [`export DEPLOY_TOKEN=${v}`] },
  };
  const r = sanitizeCapsuleParts(parts);
  assert.ok(!JSON.stringify(r.parts).includes(v));
  assert.deepEqual(r.sanitize.redactions, [
    { field: "meaning.now", kind: "env_secret" },
    { field: "facts.commands[0]", kind: "env_secret" },
  ]);
  // Negative control: without the assignment the same word is kept.
  const alone = sanitizeCapsuleParts({ meaning: parts.meaning });
  assert.deepEqual(alone.parts, { meaning: parts.meaning });
});

Deno.test("sanitizeCapsuleParts() redacts a copy, in an earlier part, of a value only an xxd dump or a fold shows", () => {
  const dumped = "q8Zr1mXw4Lp0vTkq9Zx7";
  // The rows xxd prints for `DB_HOST=localhost\nAPI_TOKEN=q8Zr1mXw4Lp0vTkq9Zx7\n`.
  const dump = [
    "00000000: 4442 5f48 4f53 543d 6c6f 6361 6c68 6f73  DB_HOST=localhos",
    "00000010: 740a 4150 495f 544f 4b45 4e3d 7138 5a72  t.API_TOKEN=q8Zr",
    "00000020: 316d 5877 344c 7030 7654 6b71 395a 7837  1mXw4Lp0vTkq9Zx7",
    "00000030: 0a                                       .",
  ].join("\n");
  const folded = "Hs7Kq2Wm9Xv4Lp8Zr3Tn6Yb1Jd5Fg0Ac".repeat(3).slice(0, 90);
  const line = `export SERVICE_SECRET=${folded}`;
  const r = sanitizeCapsuleParts({
    meaning: { now: `grep ${dumped} and ${folded} in logs` },
    session: { said: `$ xxd .env\n${dump}\n${line.slice(0, 80)}\n${line.slice(80)}\nls -la` },
  });
  assert.equal(r.sanitize.scan_status, "passed");
  const text = JSON.stringify(r.parts);
  assert.ok(!text.includes(dumped.slice(4)), text);
  assert.ok(!text.includes(folded.slice(0, 20)), text);
  assert.ok(!text.includes(folded.slice(80)), text);
  assert.match(r.parts.meaning.now, /^grep \[REDACTED:\w+\] and \[REDACTED:\w+\] in logs$/);
  assert.ok(r.sanitize.redactions.some((x) => x.field === "meaning.now"));
  // Controls: the dump's other bytes and the command after the fold are kept.
  assert.ok(r.parts.session.said.includes("DB_HOST=localhos"));
  assert.ok(r.parts.session.said.endsWith("\nls -la"));
});
