import assert from "node:assert/strict";
import fc from "fast-check";
import { MAX_CONFIG_BYTES, parseBatonConfig } from "../../../core/config/parse_config.ts";
import { ConfigError } from "../../../core/config/config_error.ts";
import {
  ARM_FLOOR,
  armingThresholds,
  belowArmFloor,
  DEFAULT_BAND_THRESHOLDS,
} from "../../../core/config/bands_section.ts";

function configError(text: string): ConfigError {
  try {
    parseBatonConfig(text);
  } catch (e) {
    assert.ok(e instanceof ConfigError, `expected ConfigError, got ${e}`);
    return e;
  }
  assert.fail("expected the config to be refused");
}

Deno.test("no file content, comments only, or an empty bands section give the defaults", () => {
  for (const text of ["", "# nothing\n", "bands:\n", "bands: {}\n"]) {
    assert.deepEqual(parseBatonConfig(text).bands, DEFAULT_BAND_THRESHOLDS, JSON.stringify(text));
  }
});

Deno.test("partial overrides merge with the defaults", () => {
  const c = parseBatonConfig(
    "bands:\n  pct:\n    warn: 40\n    handoff: 55\n  bytes:\n    hard: 1048576\n",
  );
  assert.deepEqual(c.bands.pct, { warn: 40, handoff: 55, hard: 80 });
  assert.deepEqual(c.bands.depth, DEFAULT_BAND_THRESHOLDS.depth);
  assert.deepEqual(c.bands.bytes, { warn: 131072, handoff: 196608, hard: 1048576 });
});

Deno.test("unknown top-level keys are tolerated and counted, never named", () => {
  const c = parseBatonConfig(
    "lifecycle:\n  done_gate: true\nfuture: 1\nbands:\n  depth: {warn: 10}\n",
  );
  assert.equal(c.unknownKeys, 2);
  assert.equal(c.bands.depth.warn, 10);
});

Deno.test("thresholds that do not ascend are refused at the signal's line and column", () => {
  const e = configError("bands:\n  depth:\n    warn: 35\n");
  assert.match(e.message, /"bands\.depth" must ascend/);
  assert.deepEqual(e.position, { line: 3, column: 5 });
  assert.equal(e.exitCode, 2);
  assert.equal(e.code, "config_invalid");
  assert.equal(e.data?.line, 3);
});

Deno.test("wrong values are refused with their position and baton's own key names", () => {
  const cases: [string, RegExp, number][] = [
    ["bands:\n  pct:\n    warn: -5\n", /"bands\.pct\.warn" must be a positive number/, 3],
    ["bands:\n  pct:\n    warn: zero\n", /wrong type at "bands\.pct\.warn": expected a number/, 3],
    ["bands:\n  depth:\n    warn: 2.5\n", /whole number/, 3],
    ["bands:\n  pct:\n    hard: 120\n", /above the largest allowed value \(100\)/, 3],
    ["bands:\n  bytes:\n    hard: 999999999\n", /largest allowed value \(16777216\)/, 3],
    ["bands:\n  pct: 50\n", /expected a mapping/, 2],
    ["bands:\n  secretive_key: 1\n", /unknown key under "bands"/, 2],
    ["- a\n- b\n", /top level must be a mapping/, 1],
  ];
  for (const [text, re, line] of cases) {
    const e = configError(text);
    assert.match(e.message, re, text);
    assert.equal(e.position?.line, line, text);
    assert.doesNotMatch(e.message, /secretive_key|zero/, "never echoes what the file says");
  }
});

Deno.test("YAML syntax errors give line and column and never quote the source", () => {
  const e = configError("bands:\n  pct: {warn: 40\n  # sk-live-SECRETSECRET\n");
  assert.match(e.message, /YAML syntax error \([A-Z_]+\) at line \d+, column \d+/);
  assert.doesNotMatch(e.message, /SECRET|warn: 40/);
  const dup = configError("bands:\n  pct: {warn: 40}\n  pct: {warn: 41}\n");
  assert.match(dup.message, /DUPLICATE_KEY/);
  assert.equal(dup.position?.line, 3);
});

Deno.test("a key repeated in any mapping is refused at the repeat; equal-looking keys of other types, or in other mappings, are not repeats", () => {
  for (
    const [text, line] of [
      ["bands:\n  pct: {warn: 40}\nenforce: {}\nbands: {}\n", 4],
      ["enforce:\n  orphan_hours: 2\n  orphan_hours: 3\n", 3],
      ["x: {a: 1, b: 2, a: 3}\n", 1],
      ["x:\n  - {k: 1}\n  - {j: 1, j: 2}\n", 3],
    ] as const
  ) {
    const e = configError(text);
    assert.match(e.message, /DUPLICATE_KEY/, text);
    assert.equal(e.position?.line, line, text);
  }
  // Controls: the number 1 and the string "1", and one key in two mappings.
  assert.equal(parseBatonConfig('x: {1: a, "1": b}\ny: {a: 1}\nz: {a: 1}\n').unknownKeys, 3);
  // A file of many distinct short keys (the check is one pass) parses, with its repeat found last.
  let many = "";
  for (let i = 0; many.length < MAX_CONFIG_BYTES - 64; i++) many += `k${i.toString(36)}:\n`;
  assert.ok(parseBatonConfig(many).unknownKeys > 8_000);
  assert.match(configError(`${many}k0:\n`).message, /DUPLICATE_KEY/);
});

Deno.test("aliases and oversized files are refused", () => {
  assert.match(configError("a: &x [1]\nb: *x\n").message, /aliases/);
  assert.match(configError("#" + "x".repeat(MAX_CONFIG_BYTES)).message, /larger than/);
});

Deno.test("property: any ascending positive triple within bounds is accepted as given", () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 3, maxLength: 3 }),
      (v) => {
        const [warn, handoff, hard] = [...v].sort((a, b) => a - b);
        const c = parseBatonConfig(
          `bands:\n  pct: {warn: ${warn}, handoff: ${handoff}, hard: ${hard}}\n`,
        );
        return c.bands.pct.warn === warn && c.bands.pct.handoff === handoff &&
          c.bands.pct.hard === hard;
      },
    ),
  );
});

Deno.test("armingThresholds() raises every threshold to the arming floor; belowArmFloor() tells when one was lower", () => {
  const low = {
    ...DEFAULT_BAND_THRESHOLDS,
    depth: { warn: 1, handoff: 2, hard: 3 },
  };
  assert.equal(belowArmFloor(low), true);
  assert.deepEqual(armingThresholds(low).depth, {
    warn: ARM_FLOOR.depth,
    handoff: ARM_FLOOR.depth,
    hard: ARM_FLOOR.depth,
  });
  // Control: the defaults are above the floor and pass unchanged.
  assert.equal(belowArmFloor(DEFAULT_BAND_THRESHOLDS), false);
  assert.deepEqual(armingThresholds(DEFAULT_BAND_THRESHOLDS), DEFAULT_BAND_THRESHOLDS);
});
