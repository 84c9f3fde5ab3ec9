/**
 * isBatonOwnPath: the names baton's writers make (archive names, temp names,
 * the lock and its set-aside copies) are its own; anything else under
 * `.baton/` is content. The names come from the writers' own functions, so
 * a change of format there fails here.
 * @module
 */
import assert from "node:assert/strict";
import { isBatonOwnPath, isBatonOwnTrackedPath } from "../../../core/facts/baton_own_paths.ts";
import { archiveName } from "../../../core/store/layout.ts";
import { tempName } from "../../../core/store/temp_name.ts";

Deno.test("the paths baton writes under .baton/ are its own", () => {
  const archived = archiveName("2026-11-30T01:02:03.456Z", `sha256:${"ab".repeat(32)}`);
  const writer = { pid: 42, started: "0a1b2c3d-99" };
  for (
    const p of [
      ".baton/",
      ".baton/latest.md",
      ".baton/latest.md.invalid-20261206T050000123Z",
      `.baton/capsules/${archived}`,
      `.baton/capsules/${tempName(archived, writer, "00112233445566ff")}`,
      `.baton/${tempName("latest.md", writer, "00112233445566ff")}`,
      ".baton/.doctor-0123.tmp",
      ".baton/progress.md",
      ".baton/tombstone.json",
      ".baton/.gitignore",
      ".baton/lock/owner.json",
      `.baton/lock.stale-${"0f".repeat(16)}-1/owner.json`,
      `.baton/lock.release-${"0f".repeat(16)}/alive`,
      ".baton/state/lock.guard",
    ]
  ) assert.equal(isBatonOwnPath(p), true, p);
});

Deno.test("every other path under .baton/ is content, and no path outside it is baton's", () => {
  for (
    const p of [
      ".baton",
      ".baton/config.yaml",
      ".baton/check.sh",
      ".baton/latest.md.sh",
      ".baton/capsules/run.js",
      ".baton/capsules/x/20261130T010203.456Z-abcdef01.md",
      ".baton/hooks/pre-commit",
      ".baton/locker/x",
      ".baton/lock.sh",
      ".baton/lock.stale-x/run.sh",
      ".baton/lock.release-x/run.sh",
      `.baton/lock.stale-${"0f".repeat(16)}/run.sh`,
      ".baton/done/check.sh",
      ".baton/state/check.sh",
      ".baton/state/search.sqlite",
      ".baton/done/x.json",
      ".baton/done/",
      // Development versions' state: this version never writes it, and git lists it.
      ".baton/state/injected.json",
      ".baton/enforce/opt-in",
      ".baton/enforce/check.sh",
      ".baton/done/20261130T010203.456Z-0a1b2c3d.json",
      ".baton/index.json",
      ".baton/statefile",
      ".baton/.env",
      ".batons/latest.md",
      "src/.baton/latest.md",
      ".Baton/latest.md",
      "latest.md",
    ]
  ) assert.equal(isBatonOwnPath(p), false, p);
});

Deno.test("the ignore file baton writes once, a temp file, the lock's files or state/ are content when a committed copy changes; the same not in HEAD stays baton's", () => {
  for (
    const p of [
      ".baton/.gitignore",
      ".baton/.run.tmp",
      ".baton/capsules/.run.tmp",
      ".baton/lock/owner.json",
      `.baton/lock.stale-${"0f".repeat(16)}-1/owner.json`,
      ".baton/state/lock.guard",
    ]
  ) {
    assert.equal(isBatonOwnTrackedPath(p, true), false, p);
    assert.equal(isBatonOwnTrackedPath(p, false), true, p);
  }
  // Control: what baton rewrites stays its own even when committed; content is never its own.
  for (const p of [".baton/latest.md", ".baton/progress.md", ".baton/tombstone.json"]) {
    assert.equal(isBatonOwnTrackedPath(p, true), true, p);
  }
  for (const p of [".baton/check.sh", ".baton/index.json", ".baton/enforce/opt-in"]) {
    assert.equal(isBatonOwnTrackedPath(p, false), false, p);
  }
});
