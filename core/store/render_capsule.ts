/**
 * Renders a capsule file: Markdown for people, rendered from the JSON, with
 * the canonical JSON embedded in one fenced block at the end. Only that block
 * is ever read back. Untrusted text goes through core/safety/render_safe.ts:
 * one line per item, or an indented code block for the free-text "now", so
 * none of it can open or close a fence, forge a heading or a trust label, or
 * hide text in an HTML comment. A decision id is printed only in a record
 * id's shape (core/capsule/header_fields.ts). The carried command is classified from its
 * text and shown with its class, defanged when dangerous. Pure.
 * @module
 */
import { canonicalJson } from "../json/canonical.ts";
import type { Classification } from "../safety/command/classify.ts";
import { classifyCarried } from "../safety/command/carried.ts";
import { renderCarriedCommand } from "../safety/render_command.ts";
import { safeInline, safeLines } from "../safety/render_safe.ts";
// The JSON block: C1 controls (an 8-bit CSI or OSC acts on some terminals) and every invisible or
// direction-changing character (zero-width, tag characters, bidi marks and isolates) written as
// JSON escapes, as --json output writes them: the block parses to the same value, and printing
// the file (baton show, cat) shows no hidden text to a person or a model reading it.
import { escapeJsonInvisible } from "../safety/json_escape.ts";
import type { Capsule, Claim } from "../capsule/types.ts";
import { CAPSULE_FENCE } from "../capsule/parse.ts";
import { shortId } from "../capsule/capsule_id.ts";
import { readRedactions } from "../capsule/redaction_list.ts";
import { shapedRecordId } from "../capsule/header_fields.ts";
import { shortOid } from "../facts/git/short_oid.ts";
import { shownPath } from "../facts/escape_path.ts";

/** A trust label as shown: `verified` and `observed` read `claimed` when `elsewhere`. */
function shownTrust(trust: string, elsewhere: boolean): string {
  return elsewhere && (trust === "verified" || trust === "observed") ? "claimed" : trust;
}

function claimLine(c: Claim, elsewhere = false): string {
  return `- [${shownTrust(c.trust, elsewhere)}] ${safeInline(c.text)}`;
}

function section(title: string, lines: string[]): string[] {
  return lines.length === 0 ? [] : [`## ${title}`, "", ...lines, ""];
}

/** Options of {@linkcode renderCapsuleFile}. */
export interface RenderCapsuleOptions {
  /**
   * The capsule is shown to a person, and no key this machine trusts signed it (`baton show`):
   * its fact lines (facts, secret scan, changed files) are its writer's word, and are labelled
   * as claims rather than read as baton's. Never set for the stored file (its bytes are the
   * capsule's). @default {false}
   */
  claimed?: boolean;
  /**
   * The capsule is shown to a person, and it was written in another repository
   * (core/store/written_elsewhere.ts; `baton show`): a trusted signature says its facts were
   * collected and its claims checked there, not here, so its fact lines are labelled as
   * recorded elsewhere and its `verified` and `observed` labels read `claimed`, as export,
   * paste and load show them. Never set for the stored file. @default {false}
   */
  elsewhere?: boolean;
}

/**
 * Renders the capsule file text. `commandSafety` is the class of the
 * carried command, classified once by the caller (by default here, from
 * the raw text).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderCapsuleFile } from "./render_capsule.ts";
 * import { notARepoFacts } from "../facts/empty_facts.ts";
 * const fence = String.fromCharCode(96).repeat(3);
 * const capsule = { id: "sha256:" + "0".repeat(64), created_at: "t", trigger: "manual", status: "active", previous: null, facts: notARepoFacts("t"), sanitize: { scan_status: "not_run", redactions: [] }, meaning: { now: `a\n${fence}\n# forged`, completed: [], decisions: [], verified_facts: [], hypotheses: [], blockers: [], next_steps: [], next_action: null, plan_changes: [], pointers: [], fold: false } } as never;
 * const text = renderCapsuleFile(capsule);
 * assert.ok(text.includes(`    ${fence}\n    # forged`), "inside an indented code block");
 * assert.ok(!text.includes(`\n# forged`));
 * ```
 */
export function renderCapsuleFile(
  capsule: Capsule,
  commandSafety: Classification | null = classifyCarried(capsule.meaning.next_action?.command),
  options: RenderCapsuleOptions = {},
): string {
  const m = capsule.meaning;
  const f = capsule.facts;
  const elsewhere = options.elsewhere === true;
  const claim = options.claimed === true
    ? " (its writer's claim, not checked here)"
    : elsewhere
    ? " (recorded in another repository, not checked here)"
    : "";
  const line = (c: Claim) => claimLine(c, elsewhere);
  const lowered = [
    ...m.blockers,
    ...(m.next_action === null ? [] : [m.next_action]),
    ...m.decisions,
    ...m.verified_facts,
    ...m.completed,
    ...m.next_steps,
    ...m.hypotheses,
    ...m.plan_changes,
  ].filter((c) => shownTrust(c.trust, elsewhere) !== c.trust).length;
  const out: string[] = [
    `# baton capsule ${shortId(capsule.id)}`,
    "",
    "> Rendered from the JSON block at the end of this file; only that block is read back,",
    "> so edits to this prose are ignored. Everything below is a record of claims to re-check.",
    "",
    `- created: ${capsule.created_at}`,
    `- trigger: ${capsule.trigger}`,
    `- status: ${capsule.status}`,
    `- previous: ${capsule.previous ?? "none"}`,
    `- facts${claim}: ${f.status}${
      f.head
        ? ` (HEAD ${safeInline(shortOid(f.head))} on ${
          // A branch is its remote's or the repository's word: quoted unless a plain token.
          safeInline(f.branch === null ? "detached" : shownPath(f.branch))})`
        : ""
    }`,
    `- secret scan${claim}: ${capsule.sanitize.scan_status}${
      capsule.sanitize.scan_status === "passed"
        ? ` (${readRedactions(capsule.sanitize.redactions).count} redacted)${
          options.claimed === true ? "; it may hold secrets" : ""
        }`
        : " (an empty redaction list means something only when the scan passed)"
    }`,
    "",
    ...(lowered === 0 ? [] : [
      `${lowered} claim(s) labelled verified or observed are shown as claimed: they were checked in the repository it was written in, not here (baton load re-checks their evidence in this one).`,
      "",
    ]),
  ];
  if (m.now !== null) out.push("## Now", "", ...safeLines(m.now).map((l) => `    ${l}`), "");
  out.push(
    ...section(
      "Blockers",
      m.blockers.map((b) => line(b) + (b.question ? ` (question: ${safeInline(b.question)})` : "")),
    ),
  );
  const command = m.next_action?.command ?? null;
  out.push(...section(
    "Next action",
    m.next_action === null ? [] : [
      line(m.next_action),
      ...(command === null || commandSafety === null
        ? []
        : ["", ...renderCarriedCommand(command, commandSafety)]),
    ],
  ));
  out.push(
    ...section(
      "Decisions",
      m.decisions.map((d) =>
        `- [${shownTrust(d.trust, elsewhere)}] (${shapedRecordId(d.id)}, ${d.status}) ${
          safeInline(d.text)
        }`
      ),
    ),
  );
  out.push(...section("Verified facts (as claimed)", m.verified_facts.map(line)));
  out.push(...section("Completed", m.completed.map(line)));
  out.push(...section("Next steps", m.next_steps.map(line)));
  out.push(...section("Hypotheses (unverified)", m.hypotheses.map(line)));
  out.push(...section("Plan changes", m.plan_changes.map(line)));
  out.push(...section("Pointers", m.pointers.map((p) => `- ${safeInline(p)}`)));
  out.push(
    ...section(
      `Changed files${
        options.claimed === true
          ? " (as its writer recorded them, not checked here)"
          : elsewhere
          ? " (as recorded in another repository, not checked here)"
          : ""
      }`,
      f.changed_files.map((c) =>
        `- ${c.status} ${safeInline(c.path)}${
          c.sha256 ? ` ${safeInline(c.sha256.slice(0, 19))}` : ""
        }`
      ),
    ),
  );
  out.push(
    "## Capsule data",
    "",
    CAPSULE_FENCE,
    escapeJsonInvisible(canonicalJson(capsule)),
    "```",
    "",
  );
  return out.join("\n");
}
