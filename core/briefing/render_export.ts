/**
 * Renders one half of a capsule for pasting: the meaning with trust labels,
 * or the facts as recorded. Pure.
 * @module
 */
import type { Capsule } from "../capsule/types.ts";
import { shapedRecordId } from "../capsule/header_fields.ts";
import { truncateText } from "../budget/truncate.ts";
import type { Classification } from "../safety/command/classify.ts";
import { classifyCarried } from "../safety/command/carried.ts";
import { safeInline } from "../safety/render_safe.ts";
import { shortId } from "../capsule/capsule_id.ts";
import { shownPointers } from "../capsule/pointers.ts";
import { type Authorship, authorshipLine } from "../trust/authorship_line.ts";
import { WITHHELD_REASON } from "./writer_reasons.ts";
import { shownPath } from "../facts/escape_path.ts";
import { trackedChanged } from "../capsule/tracked_changed.ts";
import { evidenceNote } from "./render_briefing.ts";

/** An export and whether it was cut. */
export interface ExportText {
  text: string;
  truncated: boolean;
}

const one = safeInline;

/**
 * Renders the chosen half within `maxChars`. `commandSafety` is the class
 * of the carried command, classified once by the caller (by default here,
 * from the raw text). `authorship` says who signed the capsule (absent:
 * treated as unsigned): a capsule no trusted key signed is a stranger's
 * record, so the export says so in the briefing's words, calls its facts
 * what the capsule records (never what baton collected), and prints no
 * reason it gives in their place. `elsewhere`: the capsule was written in
 * another repository (core/store/written_elsewhere.ts); both halves say so,
 * and the meaning shows its `verified` and `observed` labels as `claimed`:
 * a trusted signature says they were checked where it was written, and an
 * export re-checks nothing here (load re-checks their evidence against this
 * work tree and caps what does not hold).
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
  commandSafety: Classification | null = classifyCarried(capsule.meaning.next_action?.command),
  authorship?: Authorship,
  elsewhere = false,
): ExportText {
  const lines: string[] = [];
  const trusted = authorship?.status === "trusted";
  const signedBy = authorshipLine(authorship);
  // Signed says who wrote it, not where: one written for another project (this machine's own
  // included) is no handoff of this one, as load's header and show say.
  const place = elsewhere
    ? "WARNING: it was written in another repository (the commit or work tree it records is not here), so its decisions and next steps may not belong to this project."
    : null;
  // Checked where it was written is not checked here: only a re-check or a trusted signature
  // on this repository's capsule says verified, and an export makes no re-check.
  const label = (trust: string): string =>
    elsewhere && (trust === "verified" || trust === "observed") ? "claimed" : trust;
  if (half === "meaning") {
    const m = capsule.meaning;
    lines.push(
      `Meaning of baton capsule ${
        shortId(capsule.id)
      } (${capsule.created_at}); claims, not verified facts.`,
    );
    if (signedBy !== null) lines.push(signedBy);
    if (place !== null) lines.push(place);
    const lowered = [
      ...m.blockers,
      ...(m.next_action === null ? [] : [m.next_action]),
      ...m.decisions.filter((d) => d.status === "active"),
      ...m.verified_facts,
      ...m.completed,
      ...m.next_steps,
      ...m.hypotheses,
      ...m.plan_changes,
    ].filter((c) => label(c.trust) !== c.trust);
    if (lowered.length > 0) {
      lines.push(
        `${lowered.length} claim(s) labelled verified or observed are shown as claimed: they were checked in the repository it was written in, not here (baton load re-checks their evidence in this one).`,
      );
    }
    if (m.now !== null) lines.push(`Now: ${one(m.now)}`);
    const list = (title: string, items: { trust: string; text: string; note?: string }[]) => {
      if (items.length === 0) return;
      lines.push(`${title}:`);
      for (const c of items) lines.push(`- [${label(c.trust)}] ${one(c.text)}${c.note ?? ""}`);
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
        `Next action: [${label(m.next_action.trust)}] ${one(m.next_action.text)}${
          m.next_action.command
            ? ` (a command is carried, classified ${
              commandSafety?.class ?? "unknown"
            }; see baton load)`
            : ""
        }`,
      );
    }
    list(
      "Decisions",
      m.decisions.filter((d) => d.status === "active").map((d) => ({
        trust: d.trust,
        text: `${shapedRecordId(d.id)}: ${d.text}`,
      })),
    );
    // The command a fact cites, in the briefing's words: a [verified] label pasted without the
    // `true` that stands behind "all tests pass" states a check nobody made.
    list(
      "Facts as stated",
      m.verified_facts.map((c) => ({
        trust: c.trust,
        text: c.text,
        note: evidenceNote(c, capsule, undefined, trusted),
      })),
    );
    list("Completed", m.completed);
    list("Next steps", m.next_steps);
    list("Hypotheses (unverified)", m.hypotheses);
    list("Plan changes", m.plan_changes);
    // Only repository paths: a capsule from elsewhere may name any file on the machine.
    const pointers = shownPointers(m.pointers).shown;
    if (pointers.length > 0) lines.push(`Read first: ${one(pointers.join(", "))}`);
  } else {
    const f = capsule.facts;
    lines.push(
      trusted && !elsewhere
        ? `Facts of baton capsule ${shortId(capsule.id)}, collected ${
          one(f.captured_at ?? "never")
        } (status ${f.status}).`
        : `Facts as baton capsule ${shortId(capsule.id)} records them, dated ${
          one(f.captured_at ?? "never")
        } (status ${f.status}): ${
          trusted
            ? "they were collected in another repository, not this one."
            : "no key this machine trusts signed it, so this machine neither collected nor checked them."
        }`,
    );
    if (signedBy !== null) lines.push(signedBy);
    if (f.status === "collected") {
      lines.push(
        `root: ${one(f.repo_root ?? "none")}`,
        `remotes: ${one(f.remotes.map((r) => `${r.name} ${r.url}`).join(", ")) || "none"}`,
        `branch: ${
          f.detached ? "(detached)" : one(f.branch === null ? "none" : shownPath(f.branch))
        }`,
        `HEAD: ${one(f.head ?? "none")}`,
        `dirty: ${f.dirty}; ${trackedChanged(f)} changed, ${f.untracked_count}${
          f.untracked_truncated ? "+" : ""
        } untracked`,
        `published: ${f.published.status} (${trusted ? one(f.published.reason) : WITHHELD_REASON})`,
      );
      for (const c of f.changed_files) {
        // A branch or file name is the repository's word in a line read as baton's: quoted unless plain.
        lines.push(
          `- ${one(c.xy)} ${one(shownPath(c.path))} ${one(c.sha256 ?? c.hash_skipped ?? "")}`,
        );
      }
    }
  }
  const full = lines.join("\n");
  const text = truncateText(full, maxChars);
  return { text, truncated: text !== full };
}
