/**
 * The short briefing a new session gets when its capsule was already shown
 * in an earlier session and nothing drifted since: the full briefing's
 * header, where things stood, blockers, next action and trust sections
 * (already rendered safely, so nothing untrusted is re-rendered here), with
 * the repository table replaced by one line naming the checks that matched
 * and the long sections left for `baton load`. Pure.
 * @module
 */
import type { DriftCheck } from "./drift.ts";

/** Sections the short form keeps, by their rendered titles. */
const KEPT = new Set(["Where things stood", "Blockers", "Next action", "Trust"]);

/** True when every drift check ran and matched (an unknown is not "nothing drifted"). */
export function nothingDrifted(drift: readonly DriftCheck[]): boolean {
  return drift.length > 0 && drift.every((d) => d.status === "match");
}

/**
 * The short form of a rendered briefing.
 *
 * @param full The full briefing text (renderBriefing's output).
 * @param drift The drift checks behind it; every one matched.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const full = "## baton briefing\nhead line\n\n### Repository then and now\n- [re-checked now] HEAD: match (a)\n\n### Where things stood\n- [claimed] parser\n\n### Decisions in force\n- d\n\n### Next action\n- [claimed] lexer\n\nEnd of baton briefing.";
 * const short = shortBriefing(full, [{ check: "HEAD", compared: "commit id", status: "match", detail: "a" }]);
 * assert.match(short, /parser/);
 * assert.match(short, /lexer/);
 * assert.doesNotMatch(short, /Decisions in force/);
 * assert.match(short, /every check matches: HEAD/);
 * ```
 */
export function shortBriefing(full: string, drift: readonly DriftCheck[]): string {
  const lines = full.split("\n");
  const out: string[] = [];
  let section: string | null = null;
  let keep = true;
  let dropped = 0;
  // Inside a fence (a carried command) nothing is a heading, whatever its text.
  let fence: string | null = null;
  for (const line of lines) {
    if (fence !== null) {
      if (line.trim() === fence) fence = null;
      if (keep) out.push(line);
      continue;
    }
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (open !== null) {
      fence = open[1]!;
      if (keep) out.push(line);
      continue;
    }
    if (line.startsWith("### ")) {
      section = line.slice(4);
      keep = KEPT.has(section);
      if (section === "Repository then and now") {
        out.push(
          "### Repository then and now",
          `- [re-checked now] every check matches: ${drift.map((d) => d.check).join(", ")}`,
          "",
        );
      } else if (!keep) dropped++;
      if (keep) out.push(line);
      continue;
    }
    if (section === null && line.startsWith("## ")) {
      out.push(line);
      out.push(
        "Short form: this capsule was already shown in an earlier session and nothing drifted since.",
      );
      continue;
    }
    if (line === "End of baton briefing." || line.startsWith("Left out to fit the budget:")) {
      continue;
    }
    if (keep) out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  out.push(
    "",
    dropped > 0
      ? `${dropped} more section(s) left out of the short form: run \`baton load\` for the full briefing.`
      : "Run `baton load` for the full briefing.",
    "End of baton briefing.",
  );
  return out.join("\n");
}
