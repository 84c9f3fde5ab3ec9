/**
 * The round-robin timer's measuring parent: its record is parsed field by
 * field, and a run's wall time is the parent's own measure of the child, not
 * the time to start the parent too.
 * @module
 */
import assert from "node:assert/strict";
import { hasGnuTime, PARENT_TIMES_CHILD, parseTime, runOnce } from "./round_robin.ts";

Deno.test("parseTime reads the python3 parent's four fields and GNU time's three", () => {
  assert.deepEqual(parseTime("1234 0.500000 0.250000 0.125000\n"), {
    rssKb: 1234,
    cpuMs: 750,
    wallMs: 125,
  });
  assert.deepEqual(parseTime("1234 0.50 0.25\n"), { rssKb: 1234, cpuMs: 750, wallMs: null });
  assert.deepEqual(parseTime(""), { rssKb: null, cpuMs: null, wallMs: null });
});

Deno.test("a run's wall time is the one its measuring parent recorded, with its exit code", async () => {
  if (!hasGnuTime()) return;
  const dir = await Deno.makeTempDir({ prefix: "baton-rr-" });
  try {
    const rssFile = `${dir}/rss.txt`;
    // A stale record from an earlier run must not be read for this one.
    await Deno.writeTextFile(rssFile, "1 1 1 99\n");
    const res = await runOnce(
      { id: "x", label: "x", cmd: ["/bin/sh", "-c", "echo out; exit 3"], cwd: dir },
      { rssFile },
    );
    assert.deepEqual(res.code, 3);
    assert.deepEqual(res.stdout, "out\n");
    const recorded = parseTime(await Deno.readTextFile(rssFile));
    assert.notDeepEqual(recorded.cpuMs, null);
    assert.notDeepEqual(recorded.wallMs, 99_000);
    if (PARENT_TIMES_CHILD) {
      assert.notDeepEqual(recorded.wallMs, null);
      assert.deepEqual(res.ms, recorded.wallMs);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
