/**
 * Which archived capsule may become latest.md: trusted before untrusted,
 * never one dated in the future, and the result says what was passed over.
 */
import assert from "node:assert/strict";
import {
  chooseCurrent,
  type CurrentCandidate,
  FUTURE_SKEW_MS,
} from "../../../core/share/choose_current.ts";

const NOW = Date.parse("2026-12-01T12:00:00.000Z");

function c(
  name: string,
  created_at: string,
  status: CurrentCandidate["authorship"]["status"],
): CurrentCandidate {
  return { name, id: `sha256:${name}`, created_at, authorship: { status } };
}

Deno.test("chooseCurrent(): the newest trusted capsule wins over newer untrusted ones and any future-dated one", () => {
  const r = chooseCurrent([
    c("old", "2026-11-01T00:00:00.000Z", "trusted"),
    c("mine", "2026-11-30T00:00:00.000Z", "trusted"),
    c("pulled", "2026-12-01T00:00:00.000Z", "unsigned"),
    c("stranger", "2026-12-01T01:00:00.000Z", "unknown_key"),
    c("future", "2099-01-01T00:00:00.000Z", "trusted"),
  ], NOW);
  assert.deepEqual([r.chosen?.name, r.trusted, r.passed_over, r.future], ["mine", true, 2, 1]);
});

Deno.test("chooseCurrent(): with no trusted capsule the newest untrusted one is chosen and marked untrusted; a future one never is", () => {
  const r = chooseCurrent([
    c("pulled", "2026-12-01T00:00:00.000Z", "unsigned"),
    c("future", "2099-01-01T00:00:00.000Z", "unsigned"),
  ], NOW);
  assert.deepEqual([r.chosen?.name, r.trusted, r.future], ["pulled", false, 1]);
  const only = chooseCurrent([c("future", "2099-01-01T00:00:00.000Z", "trusted")], NOW);
  assert.equal(only.chosen, null);
  // Positive control: within the clock skew is not the future.
  const skew = new Date(NOW + FUTURE_SKEW_MS - 1000).toISOString();
  assert.equal(chooseCurrent([c("soon", skew, "trusted")], NOW).chosen?.name, "soon");
});

Deno.test("chooseCurrent(): two capsules in one millisecond are ordered by the instant each names, not by the text of their names", () => {
  const now = Date.parse("2026-12-02T00:00:00Z");
  const earlier = c("20261201T100000.5Z-aaaaaaaa.md", "2026-12-01T10:00:00.5Z", "trusted");
  const later = c("20261201T100000.5001Z-bbbbbbbb.md", "2026-12-01T10:00:00.5001Z", "trusted");
  assert.equal(chooseCurrent([earlier, later], now).chosen?.name, later.name);
  assert.equal(chooseCurrent([later, earlier], now).chosen?.name, later.name);
  // Control: a millisecond apart, either order.
  const next = c("20261201T100000.501Z-cccccccc.md", "2026-12-01T10:00:00.501Z", "trusted");
  assert.equal(chooseCurrent([next, earlier], now).chosen?.name, next.name);
});
