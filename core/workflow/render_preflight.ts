/**
 * The compact text `baton preflight` prints for an agent: the facts in one
 * short block and the draft's fields once, as one line of JSON to fill in.
 * Every token here is paid by the model on every handoff, so the text says
 * only what the agent acts on; `--json` keeps the full facts, the annotated
 * template and the notes. Pure: the caller neutralises the repository's
 * words (branch, paths) through `show` before they reach the text.
 *
 * Decisions:
 * - The skeleton (core/capsule/draft_template.ts) is typed by the
 *   template's keys, so a field added to the template fails to compile
 *   until it has a short hint too.
 * - At most {@linkcode LISTED_FILES} changed paths are listed: the agent
 *   needs to see what it touched, not the whole tree (finalize records all).
 * @module
 */
import type { Facts } from "../capsule/recorded_facts.ts";
import { DRAFT_SKELETON } from "../capsule/draft_template.ts";
import { shownPath } from "../facts/escape_path.ts";
import { trackedChanged } from "../capsule/tracked_changed.ts";

/** How many changed paths the text lists. */
export const LISTED_FILES = 10;

/** The skeleton as one line of JSON. */
export function draftSkeleton(): string {
  return JSON.stringify(DRAFT_SKELETON);
}

/**
 * The compact preflight text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderPreflight } from "./render_preflight.ts";
 * import { notARepoFacts } from "../facts/empty_facts.ts";
 * const text = renderPreflight(notARepoFacts(null), (s) => s);
 * assert.match(text, /not inside a git repository/);
 * ```
 */
export function renderPreflight(facts: Facts, show: (text: string) => string): string {
  const lines: string[] = [];
  if (facts.status !== "collected") {
    lines.push("Facts: not inside a git repository; the capsule will carry no repository facts.");
  } else {
    // A branch or file name is the repository's word in baton's sentence: one that is not a
    // plain token (git accepts no-break spaces in a branch name) is printed quoted.
    const where = facts.detached
      ? "detached HEAD"
      : facts.branch === null
      ? "no branch"
      : show(shownPath(facts.branch));
    const head = facts.head === null ? "no commits yet" : show(facts.head.slice(0, 12));
    const untracked = `${facts.untracked_count}${facts.untracked_truncated ? "+" : ""}`;
    const op = facts.operation === null ? "" : `, ${show(facts.operation)} in progress`;
    // With no tree scanned the counts are zero only because nothing was counted: never say so.
    const noTree = facts.unavailable?.find((u) => u.part === "worktree");
    const counts = facts.tree === undefined
      ? `changes unknown (${show(noTree?.reason ?? "the work tree was not scanned")})`
      : `${trackedChanged(facts)} changed, ${untracked} untracked${notCompared(facts, show)}`;
    lines.push(
      `Facts (baton records them itself): ${where} at ${head}, published ${facts.published.status}, ${counts}${op}.`,
    );
    for (const f of facts.changed_files.slice(0, LISTED_FILES)) {
      lines.push(`  ${show(f.xy)} ${show(shownPath(f.path))}`);
    }
    if (facts.changed_count > LISTED_FILES) {
      lines.push(`  … and ${facts.changed_count - LISTED_FILES} more`);
    }
  }
  lines.push(
    "",
    "Draft: this JSON with your meaning in place of the hints; leave out what you have nothing for:",
    draftSkeleton(),
    "decisions: repeat an id to keep it, supersedes names the id it replaces, status withdrawn takes it back.",
    "verified_facts stay verified only with evidence: the id `baton evidence -- CMD` printed.",
    "Then: baton finalize --draft - (the JSON on stdin).",
  );
  return lines.join("\n") + "\n";
}

/**
 * ", N not compared (why)" for a partial scan: the counts cover only what
 * was compared, so the line never reads as a clean tree where paths went
 * unchecked (a submodule git cannot read, a path never opened).
 */
function notCompared(facts: Facts, show: (text: string) => string): string {
  const n = facts.tree?.unchecked_total ?? 0;
  if (n === 0) return "";
  const why = facts.tree?.reason ?? "";
  return `, ${n} not compared${why === "" ? "" : ` (${show(why)})`}`;
}
