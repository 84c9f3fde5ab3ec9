import assert from "node:assert/strict";
import { parseLatestHeader, readLatestHeader } from "../../../core/store/latest_header.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { renderCapsuleFile } from "../../../core/store/render_capsule.ts";
import { makeCapsule } from "../../_helpers/capsule.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { withRepo } from "../../_helpers/temp_fs.ts";

Deno.test("parseLatestHeader() reads id, time and trigger from a rendered capsule file", async () => {
  const c = await makeCapsule((b) => {
    b.trigger = "pre_compact";
  });
  const h = parseLatestHeader(renderCapsuleFile(c));
  assert.deepEqual(h, {
    id12: c.id.replace("sha256:", "").slice(0, 12),
    createdAt: c.created_at,
    trigger: "pre_compact",
  });
});

Deno.test("parseLatestHeader() is null when the title is not the first line or the time is missing", () => {
  const ok = "# baton capsule 0123456789ab\n\n- created: 2026-01-01T00:00:00.000Z\n";
  assert.notEqual(parseLatestHeader(ok), null);
  assert.equal(parseLatestHeader(`\n${ok}`), null);
  assert.equal(parseLatestHeader("# baton capsule 0123456789ab\n"), null);
  assert.equal(parseLatestHeader(ok.replace("0123456789ab", "0123456789")), null);
});

Deno.test("readLatestHeader() reads latest.md, and is null when it is missing", async () => {
  await withRepo(async (dir) => {
    const fs = new TestFs();
    const layout = batonLayout(dir);
    assert.equal(await readLatestHeader(fs, layout), null);
    const c = await makeCapsule();
    await Deno.mkdir(layout.dir);
    await Deno.writeTextFile(layout.latest, renderCapsuleFile(c));
    assert.equal((await readLatestHeader(fs, layout))?.createdAt, c.created_at);
  });
});
