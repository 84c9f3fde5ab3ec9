import assert from "node:assert/strict";
import fc from "fast-check";
import { ARCHIVE_NAME, archiveName, batonLayout } from "../../../core/store/layout.ts";

Deno.test("batonLayout() puts every path under <root>/.baton, a trailing slash or not", () => {
  for (const root of ["/r", "/r/", "/r//"]) {
    assert.deepEqual(batonLayout(root), {
      dir: "/r/.baton",
      latest: "/r/.baton/latest.md",
      capsules: "/r/.baton/capsules",
      lock: "/r/.baton/lock",
      state: "/r/.baton/state",
    });
  }
});

Deno.test("archiveName() matches ARCHIVE_NAME and sorts as the creation times do (property)", () => {
  const time = fc.date({
    min: new Date("2000-01-01"),
    max: new Date("2999-12-31"),
    noInvalidDate: true,
  });
  const id = fc.stringMatching(/^[0-9a-f]{64}$/).map((h) => `sha256:${h}`);
  fc.assert(fc.property(time, time, id, id, (a, b, ia, ib) => {
    const na = archiveName(a.toISOString(), ia);
    const nb = archiveName(b.toISOString(), ib);
    assert.match(na, ARCHIVE_NAME);
    assert.ok(!na.includes(":"));
    if (a.getTime() < b.getTime()) assert.ok(na < nb, `${na} !< ${nb}`);
  }));
});

Deno.test("ARCHIVE_NAME refuses other names (a temp file, latest.md, a short id)", () => {
  for (
    const bad of [
      "latest.md",
      ".20261130T010203.456Z-abcdef01.md.1.x.0011.tmp",
      "20261130T010203Z-abc.md",
    ]
  ) {
    assert.doesNotMatch(bad, ARCHIVE_NAME);
  }
  assert.match("20261130T010203Z-abcdef01.md", ARCHIVE_NAME);
});

Deno.test("archiveName() of a date with 0 to 9 digits of fraction (every one the schema takes) matches ARCHIVE_NAME and orders as the instants do (property)", async () => {
  const { compareArchiveNames } = await import("../../../core/capsule/instant_order.ts");
  const time = fc.record({
    ms: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2999, 11, 31) }),
    digits: fc.integer({ min: 0, max: 9 }),
    nanos: fc.integer({ min: 0, max: 999_999_999 }),
  }).map(({ ms, digits, nanos }) => {
    const whole = new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
    const fraction = String(nanos).padStart(9, "0").slice(0, digits);
    return {
      text: `${whole}${digits === 0 ? "" : `.${fraction}`}Z`,
      key: `${whole}.${fraction.padEnd(9, "0")}`,
    };
  });
  const id = fc.stringMatching(/^[0-9a-f]{64}$/).map((h) => `sha256:${h}`);
  fc.assert(fc.property(time, time, id, id, (a, b, ia, ib) => {
    const na = archiveName(a.text, ia);
    const nb = archiveName(b.text, ib);
    assert.match(na, ARCHIVE_NAME);
    if (a.key < b.key) assert.ok(compareArchiveNames(na, nb) < 0, `${na} !< ${nb}`);
  }));
  // Control: as strings, one such pair sorts the other way.
  const [x, y] = [
    archiveName("2026-12-01T10:00:00Z", "sha256:b"),
    archiveName("2026-12-01T10:00:00.1Z", "sha256:a"),
  ];
  assert.ok(x > y && compareArchiveNames(x, y) < 0);
});
