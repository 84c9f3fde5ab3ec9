/**
 * Renders one half of a capsule for pasting: the meaning with trust labels,
 * or the facts as recorded. Pure.
 * @module
 */
import type { Capsule } from "../capsule/types.ts";
import { truncateText } from "../budget/truncate.ts";

/** An export and whether it was cut. */
export interface ExportText {
  text: string;
  truncated: boolean;
}

function one(t: string): string {
  return t.replace(/\r\n|\r|\n/g, " ⏎ ");
}

/**
 * Renders the chosen half within `maxChars`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderExport } from "./render_export.ts";
 * const capsule = { id: "sha256:" + "0".repeat(64), created_at: "t", meaning: { now: "x", completed: [], decisions: [], verified_facts: [], hypotheses: [], blockers: [], next_steps: [], next_action: null, plan_changes: [], pointers: [], fold: false }, facts: { status: "unavailable" } } as never;
 * assert.match(renderExport(capsule, "meaning", 1000).text, /Now: x/);
 * ```
 */
export function renderExport(
  capsule: Capsule,
  half: "meaning" | "facts",
  maxChars: number,
): ExportText {
  const lines: string[] = [];
  if (half === "meaning") {
    const m = capsule.meaning;
    lines.push(
      `Meaning of baton capsule ${
        capsule.id.slice(7, 19)
      } (${capsule.created_at}); claims, not verified facts.`,
    );
    if (m.now !== null) lines.push(`Now: ${one(m.now)}`);
    const list = (title: string, items: { trust: string; text: string }[]) => {
      if (items.length === 0) return;
      lines.push(`${title}:`);
      for (const c of items) lines.push(`- [${c.trust}] ${one(c.text)}`);
    };
    list(
      "Blockers",
      m.blockers.map((b) => ({
        trust: b.trust,
        text: b.question ? `${b.text} (question: ${b.question})` : b.text,
      })),
    );
    if (m.next_action !== null) {
      lines.push(
        `Next action: [${m.next_action.trust}] ${one(m.next_action.text)}${
          m.next_action.command ? " (a command is carried; see baton load)" : ""
        }`,
      );
    }
    list(
      "Decisions",
      m.decisions.filter((d) => d.status === "active").map((d) => ({
        trust: d.trust,
        text: `${d.id}: ${d.text}`,
      })),
    );
    list("Facts as stated", m.verified_facts);
    list("Completed", m.completed);
    list("Next steps", m.next_steps);
    list("Hypotheses (unverified)", m.hypotheses);
    list("Plan changes", m.plan_changes);
    if (m.pointers.length > 0) lines.push(`Read first: ${m.pointers.join(", ")}`);
  } else {
    const f = capsule.facts;
    lines.push(
      `Facts of baton capsule ${capsule.id.slice(7, 19)}, collected ${
        f.captured_at ?? "never"
      } (status ${f.status}).`,
    );
    if (f.status === "collected") {
      lines.push(
        `root: ${f.repo_root}`,
        `remotes: ${f.remotes.map((r) => `${r.name} ${r.url}`).join(", ") || "none"}`,
        `branch: ${f.detached ? "(detached)" : f.branch ?? "none"}`,
        `HEAD: ${f.head ?? "none"}`,
        `dirty: ${f.dirty}; ${f.changed_count} changed, ${f.untracked_count} untracked`,
        `published: ${f.published.status} (${f.published.reason})`,
      );
      for (const c of f.changed_files) {
        lines.push(`- ${c.xy} ${c.path} ${c.sha256 ?? c.hash_skipped ?? ""}`);
      }
    }
  }
  const full = lines.join("\n");
  const text = truncateText(full, maxChars);
  return { text, truncated: text !== full };
}
