/**
 * The short briefing a new session gets when its capsule was already shown
 * in an earlier session and nothing drifted since: rendered from the full
 * briefing's keyed sections (header, where things stood, blockers, next
 * action and trust, already made safe, so nothing untrusted is re-rendered
 * here), with the repository section replaced by one line naming the checks
 * that matched and the long sections left for `baton load`. Pure.
 * @module
 */
import type { DriftCheck } from "./drift.ts";
import { type BriefingSection, renderSections } from "./render_briefing.ts";
import { safeInline } from "../safety/render_safe.ts";

/**
 * A matched check's name, with what made its match weaker than a content
 * comparison (a whole-tree set judged in part by stat data) kept beside it:
 * the full form's "weaker: ..." parts of its detail, never dropped here.
 */
function matchedName(d: DriftCheck): string {
  const weaker = d.detail.split("; ").filter((p) => p.startsWith("weaker: "));
  return safeInline(d.check) + (weaker.length === 0 ? "" : ` (${safeInline(weaker.join("; "))})`);
}

/** Sections the short form keeps, by key. */
const KEPT = new Set(["header", "now", "blockers", "next_action", "trust"]);

/** True when every drift check ran and matched (an unknown is not "nothing drifted"). */
export function nothingDrifted(drift: readonly DriftCheck[]): boolean {
  return drift.length > 0 && drift.every((d) => d.status === "match");
}

/**
 * The short form of a briefing, from its keyed sections.
 *
 * @param sections The full briefing's sections (renderBriefing's `sections`).
 * @param drift The drift checks behind it; every one matched.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const s = (key: string, title: string, items: string[]) => ({ key, title, items, droppable: false });
 * const short = shortBriefing([
 *   s("header", "baton briefing", ["head line"]),
 *   s("drift", "Repository then and now", ["- [re-checked now] HEAD: match (a)"]),
 *   s("now", "Where things stood", ["- [claimed] parser"]),
 *   s("decisions", "Decisions in force", ["- d"]),
 *   s("next_action", "Next action", ["- [claimed] lexer"]),
 * ], [{ check: "HEAD", compared: "commit id", status: "match", detail: "a" }]);
 * assert.match(short, /parser/);
 * assert.match(short, /lexer/);
 * assert.doesNotMatch(short, /Decisions in force/);
 * assert.match(short, /every check matches: HEAD/);
 * ```
 */
export function shortBriefing(
  sections: readonly BriefingSection[],
  drift: readonly DriftCheck[],
): string {
  const out: BriefingSection[] = [];
  let dropped = 0;
  for (const section of sections) {
    if (section.key === "header") {
      out.push({
        ...section,
        items: [
          "Short form: this capsule was already shown in an earlier session and nothing drifted since.",
          ...section.items,
        ],
      });
    } else if (section.key === "drift") {
      out.push({
        ...section,
        // A check names a recorded file by its path, which a capsule or a
        // repository chose: neutralised as the full form's lines are.
        items: [`- [re-checked now] every check matches: ${drift.map(matchedName).join(", ")}`],
      });
    } else if (KEPT.has(section.key)) out.push(section);
    else if (section.items.length > 0) dropped++;
  }
  return renderSections(out, [
    dropped > 0
      ? `${dropped} more section(s) left out of the short form: run \`baton load\` for the full briefing.`
      : "Run `baton load` for the full briefing.",
    "End of baton briefing.",
  ]);
}
