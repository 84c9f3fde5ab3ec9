/**
 * Facts for places where none could be collected: outside a repository, or
 * never collected at all (the paste path). Pure.
 * @module
 */
import type { Facts } from "../capsule/recorded_facts.ts";

/**
 * Empty facts with a status saying why.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { notARepoFacts } from "./empty_facts.ts";
 * assert.equal(notARepoFacts(null, "unavailable").published.status, "unknown");
 * ```
 */
export function notARepoFacts(
  capturedAt: string | null,
  status: Facts["status"] = "not_a_repo",
): Facts {
  return {
    status,
    captured_at: capturedAt,
    repo_root: null,
    remotes: [],
    branch: null,
    detached: false,
    head: null,
    has_commits: false,
    operation: null,
    dirty: null,
    changed_files: [],
    changed_count: 0,
    untracked_count: 0,
    untracked_truncated: false,
    skipped: {},
    published: {
      status: "unknown",
      refs: [],
      reason: status === "unavailable" ? "facts never collected" : "not a repository",
    },
    notes: [],
  };
}
