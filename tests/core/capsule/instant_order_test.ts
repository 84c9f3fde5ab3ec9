/**
 * Tests of core/capsule/instant_order.ts: capsule dates and archive names order by the instant
 * they name, whatever the precision each is written with; the string order is the control that
 * gets each pair wrong.
 * @module
 */
import assert from "node:assert/strict";
import {
  compareArchiveNames,
  compareInstants,
  isLater,
  sortArchiveNames,
} from "../../../core/capsule/instant_order.ts";
import { prng } from "../../_helpers/prng.ts";

const PAIRS: [earlier: string, later: string][] = [
  ["2026-12-01T10:00:00Z", "2026-12-01T10:00:00.100Z"],
  ["2026-12-01T10:00:00.100Z", "2026-12-01T10:00:00.1001Z"],
  ["2026-12-01T10:00:00.999999999Z", "2026-12-01T10:00:01Z"],
  ["2026-12-01T09:59:59.9Z", "2026-12-01T10:00:00Z"],
];

Deno.test("two precisions order as the instants they name, where string order does not", () => {
  let stringWrong = 0;
  for (const [earlier, later] of PAIRS) {
    assert.ok(compareInstants(earlier, later) < 0, `${earlier} < ${later}`);
    assert.ok(compareInstants(later, earlier) > 0, `${later} > ${earlier}`);
    assert.ok(isLater(later, earlier));
    assert.ok(!isLater(earlier, later));
    if (!(earlier < later)) stringWrong++;
  }
  assert.equal(stringWrong, 2, "control: the string order gets the first two pairs wrong");
});

Deno.test("one instant written with two precisions is the same instant", () => {
  assert.equal(compareInstants("2026-12-01T10:00:00Z", "2026-12-01T10:00:00.000Z"), 0);
  assert.equal(compareInstants("2026-12-01T10:00:00.1Z", "2026-12-01T10:00:00.100000000Z"), 0);
  assert.ok(!isLater("2026-12-01T10:00:00.1Z", "2026-12-01T10:00:00.100Z"));
});

Deno.test("a text of another shape orders by its parsed date, then as a string", () => {
  assert.ok(compareInstants("2026-12-01 10:00:00Z", "2026-12-01T10:00:01Z") < 0);
  assert.ok(compareInstants("a", "b") < 0);
  assert.equal(compareInstants("x", "x"), 0);
});

Deno.test("archive names order by the instant they name, then by name", () => {
  const names = [
    "20261201T100000Z-cccccccc.md",
    "20261201T100000.100Z-aaaaaaaa.md",
    "20261201T095959.999Z-bbbbbbbb.md",
    "20261201T100000.000Z-dddddddd.md",
  ];
  assert.deepEqual(names.toSorted(compareArchiveNames), [
    "20261201T095959.999Z-bbbbbbbb.md",
    "20261201T100000.000Z-dddddddd.md",
    "20261201T100000Z-cccccccc.md",
    "20261201T100000.100Z-aaaaaaaa.md",
  ]);
  assert.notDeepEqual(names.toSorted(), names.toSorted(compareArchiveNames), "control");
});

Deno.test("sorting archive names by keys read once gives the comparator's order, whatever the precisions", () => {
  const next = prng(99);
  const fractions = ["", ".1", ".10", ".100", ".1001", ".5", ".500", ".000", ".999999999", ".0"];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  for (let round = 0; round < 50; round++) {
    const names = Array.from({ length: 200 }, () => {
      const id = Math.floor(next() * 0xffffffff).toString(16).padStart(8, "0");
      return `2026120${pick(["1", "2"])}T10000${pick(["0", "1", "2"])}${pick(fractions)}Z-${id}.md`;
    });
    names.push("not-dated.md", "20261201T100000-bad.md"); // no date: first, as strings
    const keyed = sortArchiveNames(names);
    assert.deepEqual(keyed.slice(2), names.slice(0, -2).toSorted(compareArchiveNames));
    assert.deepEqual(keyed.slice(0, 2), ["20261201T100000-bad.md", "not-dated.md"]);
    assert.notDeepEqual(names.slice(0, -2).toSorted(), keyed.slice(2), "control: string order");
  }
});
