/**
 * Compares the facts a capsule recorded with the facts of the world now, one
 * check per line: match, different, missing or unknown. Pure.
 * @module
 */
import type { Facts } from "../facts/types.ts";

/** One drift check. */
export interface DriftCheck {
  check: string;
  status: "match" | "different" | "missing" | "unknown";
  /** Short, content-free detail for people. */
  detail: string;
}

/** Current hashes of recorded files: path -> `sha256:<hex>`, null when absent, "unknown" when unreadable. */
export type CurrentHashes = ReadonlyMap<string, string | null | "unknown">;

function short(v: string | null): string {
  if (v === null) return "none";
  if (/^[0-9a-f]{40,64}$/.test(v)) return v.slice(0, 12);
  return v.length > 80 ? `${v.slice(0, 77)}...` : v;
}

function compare(check: string, then: string | null, now: string | null): DriftCheck {
  if (then === null && now === null) {
    return { check, status: "match", detail: "none then, none now" };
  }
  if (then === null) return { check, status: "unknown", detail: "not recorded" };
  if (now === null) return { check, status: "missing", detail: `was ${short(then)}, none now` };
  return then === now
    ? { check, status: "match", detail: short(now) }
    : { check, status: "different", detail: `was ${short(then)}, now ${short(now)}` };
}

/**
 * The drift checks between recorded and current facts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkDrift } from "./drift.ts";
 * import type { Facts } from "../facts/types.ts";
 * const base: Facts = {
 *   status: "collected", captured_at: "t", repo_root: "/r", remotes: [], branch: "main",
 *   detached: false, head: "a".repeat(40), has_commits: true, operation: null, dirty: false,
 *   changed_files: [], changed_count: 0, untracked_count: 0, untracked_truncated: false,
 *   skipped: {}, published: { status: "no", refs: [], reason: "" }, notes: [],
 * };
 * const drift = checkDrift(base, { ...base, branch: "dev" }, new Map());
 * assert.equal(drift.find((d) => d.check === "branch")!.status, "different");
 * ```
 */
export function checkDrift(
  recorded: Facts,
  current: Facts | null,
  hashes: CurrentHashes,
): DriftCheck[] {
  const names = ["root", "remote", "branch", "HEAD", "dirty"];
  if (recorded.status !== "collected") {
    return names.map((check) => ({
      check,
      status: "unknown",
      detail: recorded.status === "unavailable"
        ? "never collected when written"
        : "not a repository then",
    }));
  }
  if (current === null || current.status !== "collected") {
    const why = current === null ? "facts unavailable now" : "not inside a repository now";
    return names.map((check) => ({ check, status: "unknown", detail: why }));
  }
  const remotes = (f: Facts) =>
    f.remotes.length === 0 ? null : f.remotes.map((r) => `${r.name}=${r.url}`).sort().join(" ");
  const out: DriftCheck[] = [
    compare("root", recorded.repo_root, current.repo_root),
    compare("remote", remotes(recorded), remotes(current)),
    compare(
      "branch",
      recorded.detached ? "(detached)" : recorded.branch,
      current.detached ? "(detached)" : current.branch,
    ),
    compare("HEAD", recorded.head, current.head),
    compare(
      "dirty",
      recorded.dirty === null ? null : String(recorded.dirty),
      current.dirty === null ? null : String(current.dirty),
    ),
  ];
  for (const f of recorded.changed_files) {
    const check = `file ${f.path}`;
    const now = hashes.get(f.path);
    if (f.hash_skipped !== null && f.hash_skipped !== "deleted") {
      out.push({ check, status: "unknown", detail: `not hashed when written (${f.hash_skipped})` });
    } else if (now === undefined || now === "unknown") {
      out.push({ check, status: "unknown", detail: "could not be hashed now" });
    } else if (f.sha256 === null) {
      out.push(
        now === null
          ? { check, status: "match", detail: "deleted then, absent now" }
          : { check, status: "different", detail: "deleted then, present now" },
      );
    } else if (now === null) {
      out.push({ check, status: "missing", detail: "present then, absent now" });
    } else {
      out.push(
        now === f.sha256
          ? { check, status: "match", detail: "same content" }
          : { check, status: "different", detail: "content changed" },
      );
    }
  }
  return out;
}
