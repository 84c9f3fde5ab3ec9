// Tests for core/store/archive_listing.ts: the rows and lines of `baton list`.

import assert from "node:assert/strict";
import {
  archiveRow,
  newestFirst,
  renderArchiveLines,
} from "../../../core/store/archive_listing.ts";
import { renderCapsuleFile } from "../../../core/store/render_capsule.ts";
import { makeCapsule } from "../../_helpers/capsule.ts";

Deno.test("a valid capsule file is a row with its fields; a damaged one is an invalid row", async () => {
  const c = await makeCapsule((b) => {
    b.previous = "sha256:" + "fedcba9876543210".repeat(4);
  });
  const good = await archiveRow("a.md", renderCapsuleFile(c), new Map());
  assert.deepEqual(good, {
    file: "a.md",
    id: c.id,
    created_at: "2026-11-01T00:00:00.000Z",
    trigger: "manual",
    status: "active",
    previous: c.previous,
    authorship: "unsigned",
    valid: true,
    elsewhere: false,
  });
  const bad = await archiveRow("b\u001b[2J.md", "not a capsule", new Map());
  assert.equal(bad.valid, false);
  assert.equal(bad.id, null);
  assert.equal((await archiveRow("c.md", null, new Map())).valid, false, "an unreadable file too");

  const lines = renderArchiveLines([good, bad]).split("\n");
  assert.equal(
    lines[0],
    `${
      c.id.slice(7, 19)
    }  2026-11-01T00:00:00.000Z  manual      active  prev fedcba987654  unsigned`,
  );
  assert.ok(!lines[1]!.includes("\u001b"), "a hostile file name is neutralised");
  assert.match(lines[1]!, /INVALID$/);
  // Written in another repository: asked of the capsule's facts, said on its line.
  const away = await archiveRow(
    "a.md",
    renderCapsuleFile(c),
    new Map(),
    () => Promise.resolve(true),
  );
  assert.equal(away.elsewhere, true);
  assert.match(renderArchiveLines([away]), / unsigned {2}\(written in another repository\)\n$/);
});

Deno.test("newestFirst() reverses the sorted names and applies the limit", () => {
  assert.deepEqual(newestFirst(["1.md", "2.md", "3.md"], 10), ["3.md", "2.md", "1.md"]);
  assert.deepEqual(newestFirst(["1.md", "2.md", "3.md"], 1), ["3.md"]);
  assert.deepEqual(newestFirst([], 5), []);
});
