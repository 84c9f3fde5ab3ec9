import assert from "node:assert/strict";
import fc from "fast-check";
import { compareBands, evaluateBands } from "../../../core/bands/evaluate.ts";
import {
  BAND_SIGNALS,
  type BandSignal,
  DEFAULT_BAND_THRESHOLDS,
} from "../../../core/config/bands_section.ts";

const sig = (value: unknown) => ({ value, source: "test" });

Deno.test("each default threshold starts its band, and one below stays in the band below", () => {
  for (const signal of BAND_SIGNALS) {
    const t = DEFAULT_BAND_THRESHOLDS[signal];
    const step = signal === "pct" ? 0.5 : 1;
    assert.equal(evaluateBands({ [signal]: sig(t.warn - step) }).band, "ok", signal);
    assert.equal(evaluateBands({ [signal]: sig(t.warn) }).band, "warn", signal);
    assert.equal(evaluateBands({ [signal]: sig(t.handoff - step) }).band, "warn", signal);
    assert.equal(evaluateBands({ [signal]: sig(t.handoff) }).band, "handoff", signal);
    assert.equal(evaluateBands({ [signal]: sig(t.hard - step) }).band, "handoff", signal);
    assert.equal(evaluateBands({ [signal]: sig(t.hard) }).band, "hard", signal);
  }
});

Deno.test("signals are OR-joined: the highest band decides, and every signal at it is named", () => {
  const r = evaluateBands({ pct: sig(61), depth: sig(35), bytes: sig(1000) });
  assert.equal(r.band, "handoff");
  assert.deepEqual(r.deciding, ["pct", "depth"]);
  assert.deepEqual(r.missing, []);
  assert.equal(r.readings.find((x) => x.signal === "bytes")?.band, "ok");
});

Deno.test("a missing signal is ignored; null and undefined values count as missing", () => {
  const r = evaluateBands({ pct: null, depth: sig(undefined), bytes: sig(null) });
  assert.equal(r.band, "ok");
  assert.deepEqual(r.missing, ["pct", "depth", "bytes"]);
  assert.deepEqual(r.deciding, []);
});

Deno.test("a present but malformed or out-of-range signal counts as hard (positive control: a good value is not)", () => {
  assert.equal(evaluateBands({ depth: sig(3) }).band, "ok", "control");
  const bad: [BandSignal, unknown, string][] = [
    ["pct", "55", "malformed"],
    ["pct", Number.NaN, "malformed"],
    ["pct", Number.POSITIVE_INFINITY, "malformed"],
    ["pct", 101, "out_of_range"],
    ["pct", -1, "out_of_range"],
    ["depth", 2.5, "out_of_range"],
    ["depth", -3, "out_of_range"],
    ["bytes", {}, "malformed"],
    ["bytes", true, "malformed"],
    ["bytes", -1, "out_of_range"],
  ];
  for (const [signal, value, status] of bad) {
    const r = evaluateBands({ [signal]: sig(value), pct: signal === "pct" ? sig(value) : sig(1) });
    assert.equal(r.band, "hard", `${signal} ${String(value)}`);
    const reading = r.readings.find((x) => x.signal === signal)!;
    assert.equal(reading.status, status);
    assert.equal(reading.value, null);
    assert.deepEqual(r.deciding, [signal]);
  }
});

Deno.test("property: the band never falls when any one signal grows", () => {
  const value = (signal: BandSignal) =>
    signal === "pct"
      ? fc.double({ min: 0, max: 100, noNaN: true })
      : fc.integer({ min: 0, max: signal === "bytes" ? 1 << 20 : 200 });
  fc.assert(
    fc.property(
      value("pct"),
      value("depth"),
      value("bytes"),
      fc.constantFrom(...BAND_SIGNALS),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (pct, depth, bytes, grow, by) => {
        const base = { pct, depth, bytes };
        const grown = { ...base };
        const max = grow === "pct" ? 100 : grow === "bytes" ? 1 << 20 : 200;
        const next = base[grow] + by * (max - base[grow]);
        grown[grow] = grow === "pct" ? next : Math.floor(next);
        const a = evaluateBands({
          pct: sig(base.pct),
          depth: sig(base.depth),
          bytes: sig(base.bytes),
        });
        const b = evaluateBands({
          pct: sig(grown.pct),
          depth: sig(grown.depth),
          bytes: sig(grown.bytes),
        });
        return compareBands(b.band, a.band) >= 0;
      },
    ),
  );
});

Deno.test("property: adding a signal never lowers the band; a malformed one always gives hard", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 0, max: 100 }),
      fc.oneof(
        fc.string(),
        fc.constant(Number.NaN),
        fc.integer({ min: -1000, max: -1 }),
        fc.object(),
      ),
      (pct, depth, garbage) => {
        const one = evaluateBands({ pct: sig(pct) });
        const two = evaluateBands({ pct: sig(pct), depth: sig(depth) });
        const bad = evaluateBands({ pct: sig(pct), bytes: sig(garbage) });
        return compareBands(two.band, one.band) >= 0 && bad.band === "hard";
      },
    ),
  );
});

Deno.test("configured thresholds are used, and the result carries them", () => {
  const t = { ...DEFAULT_BAND_THRESHOLDS, depth: { warn: 5, handoff: 6, hard: 7 } };
  const r = evaluateBands({ depth: sig(6) }, t);
  assert.equal(r.band, "handoff");
  assert.deepEqual(r.thresholds.depth, { warn: 5, handoff: 6, hard: 7 });
});

// The module's examples live here: it is on the hook's path, where each comment is
// loaded twice (Deno's emitted JavaScript and its inline source map).
Deno.test("evaluate.ts: the examples of its exports", () => {
  {
    const r = evaluateBands({
      pct: { value: 65, source: "flag" },
      depth: { value: 12, source: "flag" },
    });
    assert.equal(r.band, "handoff");
    assert.deepEqual(r.deciding, ["pct"]);
    assert.deepEqual(r.missing, ["bytes"]);
    assert.equal(evaluateBands({ depth: { value: "12", source: "flag" } }).band, "hard");
    assert.equal(evaluateBands({}).band, "ok");
  }
});
