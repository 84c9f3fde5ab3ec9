/**
 * Tests for view_triggers.ts: the exact test of which readings a buffer can
 * need, and its WebAssembly twin, which must agree with it at every offset
 * and around each 16-byte step.
 * @module
 */
import assert from "node:assert/strict";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import {
  DELTA_TRIGGER,
  ESCAPE_TRIGGER,
  viewTriggers,
} from "../../../../core/safety/secrets/view_triggers.ts";
import { Rng } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();

Deno.test("viewTriggers() fires on the four escapes and a delta word before a quote, and on nothing like them", () => {
  for (const s of ["a\\u003db", "\\u003D", "x\\u002b", "\\u002B", "\\u0026", "\\\\u0027"]) {
    assert.equal(viewTriggers(encoder.encode(s)), ESCAPE_TRIGGER, s);
  }
  for (
    const s of [
      '"delta":{',
      'content_block_delta\\"',
      '.delta"',
      "delta\\",
      '{"candidates":[',
      'candidates\\"',
    ]
  ) {
    assert.equal(viewTriggers(encoder.encode(s)), DELTA_TRIGGER, s);
  }
  const both = encoder.encode('"delta":"p\\u003d"');
  assert.equal(viewTriggers(both), ESCAPE_TRIGGER | DELTA_TRIGGER);
  for (
    const s of [
      "\\u001b[0m",
      "\\u00e9",
      "\\u003",
      "u003d",
      "delta",
      "a delta of 3",
      'Delta"',
      'delt"',
      "candidates",
      "the candidates are",
      'candidate"',
    ]
  ) {
    assert.equal(viewTriggers(encoder.encode(s)), 0, s);
  }
});

Deno.test("the WASM view triggers agree with view_triggers.ts at every offset and around each 16-byte step", () => {
  const w = createEngine(SECRET_RULES, { prefilter: "wasm" });
  assert.equal(w.prefilter, "wasm");
  const rng = new Rng(2121);
  const pieces = [
    "\\u003d",
    "\\u003D",
    "\\u002b",
    "\\u0026",
    "\\u0027",
    "\\u001b",
    "\\u00",
    "\\u003",
    "u0",
    "\\",
    'delta"',
    "delta\\",
    "delta",
    'elta"',
    'candidates"',
    "candidates\\",
    "candidates",
    'andidates"',
    "can",
    "an",
    "del",
    "el",
    "d",
    "é",
    "\n",
  ];
  const seen = [0, 0, 0, 0];
  for (let i = 0; i < 4000; i++) {
    let s = "";
    const parts = rng.int(12);
    for (let k = 0; k < parts; k++) {
      // Filler of any length puts the pieces on every lane of a step and across steps.
      s += "x".repeat(rng.int(rng.next() < 0.5 ? 4 : 40)) + rng.pick(pieces);
    }
    const bytes = encoder.encode(s);
    w.scanKeywords(bytes);
    const expected = viewTriggers(bytes);
    assert.equal(w.viewTriggers(bytes), expected, JSON.stringify(s));
    seen[expected]!++;
  }
  // Positive controls: every answer, many times.
  assert.ok(seen.every((n) => n > 200), `answers seen ${seen}`);
});
