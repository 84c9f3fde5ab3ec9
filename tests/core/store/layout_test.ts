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
