/**
 * The documents a capsule contributes to the search index: one per meaning
 * field that carries text (now, completed, verified facts, hypotheses,
 * blockers, next steps, next action, its carried command, plan changes) and
 * one per decision, so a hit names the field it came from. Every document has a `source`
 * (`capsule` here; host transcripts will add `transcript` documents keyed by
 * session id through the same index). Pure.
 * @module
 */
import type { Capsule, Claim } from "../capsule/types.ts";
import { shapedRecordId } from "../capsule/header_fields.ts";

/** Where a document came from. */
export type SearchSource = "capsule" | "transcript";

/** One searchable document. */
export interface SearchDocument {
  source: SearchSource;
  /** What a hit cites: a capsule id (`sha256:…`) or a session id. */
  ref: string;
  /** The field (`now`, `decisions[d-1a2b]`, …) or transcript part. */
  field: string;
  /** ISO time the text was written. */
  created_at: string;
  text: string;
}

/** The field of a capsule's carried command (its next action's). */
export const CARRIED_COMMAND_FIELD = "next_action.command";

/** Longest text indexed for one document (longer text is cut). */
export const MAX_DOCUMENT_CHARS = 64 * 1024;

function joined(claims: readonly Claim[]): string {
  return claims.map((c) => c.text).join("\n");
}

/**
 * The documents of one capsule.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { capsuleDocuments } from "./search_documents.ts";
 * const docs = capsuleDocuments({ id: "sha256:ab", created_at: "t", meaning: {
 *   now: "fixing the cache", completed: [], decisions: [], verified_facts: [], hypotheses: [],
 *   blockers: [], next_steps: [], next_action: null, plan_changes: [], pointers: [], fold: false,
 * } } as never);
 * assert.deepEqual(docs.map((d) => d.field), ["now"]);
 * ```
 */
export function capsuleDocuments(capsule: Capsule): SearchDocument[] {
  const m = capsule.meaning;
  const fields: [string, string][] = [
    ["now", m.now ?? ""],
    ["completed", joined(m.completed)],
    ["verified_facts", joined(m.verified_facts)],
    ["hypotheses", joined(m.hypotheses)],
    [
      "blockers",
      m.blockers.map((b) => (b.question === null ? b.text : `${b.text}\n${b.question}`)).join(
        "\n",
      ),
    ],
    ["next_steps", joined(m.next_steps)],
    ["next_action", m.next_action?.text ?? ""],
    // The carried command apart: a hit in it is shown as inert data (search_chain.ts).
    [CARRIED_COMMAND_FIELD, m.next_action?.command ?? ""],
    ["plan_changes", joined(m.plan_changes)],
  ];
  for (const d of m.decisions) {
    // The id by its shape: a stranger's id is never printed as the field's name.
    fields.push([
      `decisions[${shapedRecordId(d.id)}]`,
      d.why === null ? d.text : `${d.text}\n${d.why}`,
    ]);
  }
  const out: SearchDocument[] = [];
  for (const [field, text] of fields) {
    if (text.trim() === "") continue;
    out.push({
      source: "capsule",
      ref: capsule.id,
      field,
      created_at: capsule.created_at,
      text: text.length > MAX_DOCUMENT_CHARS ? text.slice(0, MAX_DOCUMENT_CHARS) : text,
    });
  }
  return out;
}
