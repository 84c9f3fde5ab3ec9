/**
 * The progress log's chain: intact (positive control), CRLF-only changes,
 * appends, and every tamper class (edit, whitespace inside a body,
 * deletion, reorder, insertion, malformed record).
 */
import assert from "node:assert/strict";
import { canonicalJson } from "../../../core/json/canonical.ts";
import { sha256Id } from "../../../core/hash.ts";
import {
  buildProgressChain,
  parseProgress,
  readProgressChain,
  verifyProgress,
} from "../../../core/progress/progress_log.ts";

const LOG = [
  "# Progress",
  "",
  ...Array.from({ length: 25 }, (_, i) => [
    `## 2026-11-${String(i + 1).padStart(2, "0")}`,
    `- did thing ${i}`,
    `  detail ${i}`,
    "",
  ]).flat(),
].join("\n");

const chain = await buildProgressChain(parseProgress(LOG), "2026-11-30T00:00:00.000Z");

async function verdict(text: string) {
  return await verifyProgress(parseProgress(text), chain);
}

Deno.test("an untouched log verifies, and only the last 20 entries are chained", async () => {
  const v = await verdict(LOG);
  assert.equal(v.status, "intact");
  assert.equal(v.entries, 25);
  assert.equal(v.chained, 20);
  assert.equal(v.unsynced, 0);
});

Deno.test("CRLF-only changes, extra trailing blank lines and appended entries are not tamper", async () => {
  assert.equal((await verdict(LOG.replace(/\n/g, "\r\n"))).status, "intact");
  assert.equal(
    (await verdict(
      LOG.replace("- did thing 12\n  detail 12\n", "- did thing 12\n  detail 12\n\n\n"),
    )).status,
    "intact",
  );
  const appended = await verdict(`${LOG}\n## 2026-11-26\n- more\n`);
  assert.equal(appended.status, "intact");
  assert.equal(appended.unsynced, 1);
  // Edits before the chained tail are out of its scope (the last 20 only), and counted as such.
  const early = await verdict(LOG.replace("did thing 2\n", "did thing two\n"));
  assert.equal(early.status, "intact");
  assert.equal(early.unverified, 5);
});

Deno.test("an entry inserted or deleted before the first chained one is CRITICAL; a record without the count knows it only for a whole-log tail", async () => {
  // LOG has 25 entries, 5 before the tail: one more or one fewer there is counted.
  const prepended = await verdict(`## 2026-10-31\n- planted\n\n${LOG}`);
  assert.equal(prepended.status, "tampered");
  assert.deepEqual(prepended.problems.map((p) => p.kind), ["inserted"]);
  const dropped = await verdict(LOG.replace("## 2026-11-01\n- did thing 0\n  detail 0\n", ""));
  assert.equal(dropped.status, "tampered");
  assert.deepEqual(dropped.problems.map((p) => p.kind), ["edited_or_deleted"]);
  // A record from before the count was kept: read as it was written, and a full tail says nothing
  // of the entries before it (they are counted as not verified).
  const { before: _, ...old } = chain;
  const oldRecord = await readProgressChain({
    ...old,
    chain: await sha256Id(canonicalJson({ version: 1, n: old.n, tail: old.tail })),
  });
  assert.ok(oldRecord.ok);
  const v = await verifyProgress(
    parseProgress(`## 2026-10-31\n- planted\n\n${LOG}`),
    oldRecord.chain,
  );
  assert.equal(v.status, "intact");
  assert.equal(v.unverified, 6);
  const short = "## 2026-11-01\n- a\n\n## 2026-11-02\n- b\n";
  const { before: _b, ...whole } = await buildProgressChain(
    parseProgress(short),
    "2026-11-30T00:00:00.000Z",
  );
  const control = await verifyProgress(parseProgress(`${short}\n## 2026-11-03\n- c\n`), whole);
  assert.equal(control.status, "intact");
  assert.equal(control.unverified, 0);
  // Without the count, a tail shorter than n was the whole log: an entry before it came later.
  const w = await verifyProgress(parseProgress(`## 2026-10-31\n- planted\n\n${short}`), whole);
  assert.equal(w.status, "tampered");
  assert.deepEqual(w.problems.map((p) => p.kind), ["inserted"]);
});

Deno.test("an edited, whitespace-changed, deleted, moved or inserted historic entry is CRITICAL", async () => {
  const cases: [string, string, string][] = [
    ["edit", LOG.replace("did thing 10", "did thing X"), "edited_or_deleted"],
    ["whitespace", LOG.replace("  detail 15", "   detail 15"), "edited_or_deleted"],
    [
      "delete",
      LOG.replace("## 2026-11-18\n- did thing 17\n  detail 17\n\n", ""),
      "edited_or_deleted",
    ],
    [
      "reorder",
      LOG.replace(
        "## 2026-11-20\n- did thing 19\n  detail 19\n\n## 2026-11-21\n- did thing 20\n  detail 20\n",
        "## 2026-11-21\n- did thing 20\n  detail 20\n\n## 2026-11-20\n- did thing 19\n  detail 19\n",
      ),
      "reordered",
    ],
    [
      "insert",
      LOG.replace("## 2026-11-22", "## 2026-11-21\n- sneaked in\n\n## 2026-11-22"),
      "inserted",
    ],
    ["last entry edited", LOG.replace("detail 24", "detail 42"), "edited_or_deleted"],
  ];
  for (const [name, text, kind] of cases) {
    const v = await verdict(text);
    assert.equal(v.status, "tampered", name);
    assert.ok(v.problems.some((p) => p.kind === kind), `${name}: ${JSON.stringify(v.problems)}`);
  }
});

Deno.test("a chain record that is altered or malformed is refused, never skipped", async () => {
  assert.equal((await readProgressChain(chain)).ok, true, "positive control");
  const altered = structuredClone(chain);
  altered.tail[3]!.sha256 = "sha256:" + "0".repeat(64);
  assert.equal((await readProgressChain(altered)).ok, false);
  for (
    const bad of [
      null,
      [],
      "x",
      { ...chain, version: 2 },
      { ...chain, tail: [{ heading: 1 }] },
      { ...chain, before: -1 },
      { ...chain, before: 6 },
    ]
  ) {
    assert.equal((await readProgressChain(bad)).ok, false, JSON.stringify(bad));
  }
});

Deno.test("no chain recorded: a log with entries is unchained, none is empty", async () => {
  assert.equal((await verifyProgress(parseProgress(LOG), null)).status, "unchained");
  assert.equal((await verifyProgress(parseProgress("just a preamble\n"), null)).status, "empty");
});
