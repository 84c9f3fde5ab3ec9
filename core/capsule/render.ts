/**
 * Renders a capsule file: Markdown for people, rendered from the JSON, with
 * the canonical JSON embedded in one fenced block at the end. Only that block
 * is ever read back. Untrusted text is indented so no line of it can open a
 * fence or a heading. Pure.
 * @module
 */
import { canonicalJson } from "../json/canonical.ts";
import type { Capsule, Claim } from "./types.ts";

/** The info string of the fenced block that holds the capsule JSON. */
export const CAPSULE_FENCE = "```json baton-capsule";

/** Indents every line of untrusted text so it cannot form Markdown structure. */
export function inertText(text: string): string {
  // deno-lint-ignore no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "\ufffd");
  return clean.split(/\r\n|\r|\n/).join("\n    ");
}

function claimLine(c: Claim): string {
  return `- [${c.trust}] ${inertText(c.text)}`;
}

function section(title: string, lines: string[]): string[] {
  return lines.length === 0 ? [] : [`## ${title}`, "", ...lines, ""];
}

/**
 * Renders the capsule file text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inertText } from "./render.ts";
 * const fence = String.fromCharCode(96).repeat(3);
 * assert.equal(inertText(`a\n${fence}\nb`), `a\n    ${fence}\n    b`);
 * ```
 */
export function renderCapsuleFile(capsule: Capsule): string {
  const m = capsule.meaning;
  const f = capsule.facts;
  const out: string[] = [
    `# baton capsule ${capsule.id.replace(/^sha256:/, "").slice(0, 12)}`,
    "",
    "> Rendered from the JSON block at the end of this file; only that block is read back,",
    "> so edits to this prose are ignored. Everything below is a record of claims to re-check.",
    "",
    `- created: ${capsule.created_at}`,
    `- trigger: ${capsule.trigger}`,
    `- status: ${capsule.status}`,
    `- previous: ${capsule.previous ?? "none"}`,
    `- facts: ${f.status}${
      f.head ? ` (HEAD ${f.head.slice(0, 12)} on ${f.branch ?? "detached"})` : ""
    }`,
    `- secret scan: ${capsule.sanitize.scan_status}${
      capsule.sanitize.scan_status === "passed"
        ? ` (${capsule.sanitize.redactions.length} redacted)`
        : " (an empty redaction list means something only when the scan passed)"
    }`,
    "",
  ];
  if (m.now !== null) out.push("## Now", "", `    ${inertText(m.now)}`, "");
  out.push(
    ...section(
      "Blockers",
      m.blockers.map((b) =>
        claimLine(b) + (b.question ? `\n    question: ${inertText(b.question)}` : "")
      ),
    ),
  );
  out.push(...section(
    "Next action",
    m.next_action === null ? [] : [
      claimLine(m.next_action) +
      (m.next_action.command
        ? `\n    command (inert, review before running): ${inertText(m.next_action.command)}`
        : ""),
    ],
  ));
  out.push(
    ...section(
      "Decisions",
      m.decisions.map((d) => `- [${d.trust}] (${d.id}, ${d.status}) ${inertText(d.text)}`),
    ),
  );
  out.push(...section("Verified facts (as claimed)", m.verified_facts.map(claimLine)));
  out.push(...section("Completed", m.completed.map(claimLine)));
  out.push(...section("Next steps", m.next_steps.map(claimLine)));
  out.push(...section("Hypotheses (unverified)", m.hypotheses.map(claimLine)));
  out.push(...section("Plan changes", m.plan_changes.map(claimLine)));
  out.push(...section("Pointers", m.pointers.map((p) => `- ${inertText(p)}`)));
  out.push(
    ...section(
      "Changed files",
      f.changed_files.map((c) =>
        `- ${c.status} ${inertText(c.path)}${c.sha256 ? ` ${c.sha256.slice(0, 19)}` : ""}`
      ),
    ),
  );
  out.push(
    "## Capsule data",
    "",
    CAPSULE_FENCE,
    canonicalJson(capsule),
    "```",
    "",
  );
  return out.join("\n");
}
