/**
 * The zod schema of a draft: what a model writes (meaning only, never facts).
 * Every field is optional; wherever a claim is expected a plain string is
 * accepted, and a lone string where a list is expected is a list of one. Unknown top-level fields are refused so a typo is not lost
 * silently.
 * @module
 */
import { z } from "zod";
import { PROVENANCES, TRUST_STATES } from "../trust/states.ts";

/** The draft's top-level fields, in template order. */
export const DRAFT_FIELDS = [
  "now",
  "completed",
  "decisions",
  "verified_facts",
  "hypotheses",
  "blockers",
  "next_steps",
  "next_action",
  "plan_changes",
  "pointers",
  "fold",
] as const;

/**
 * Every field name the draft's nested objects know, which an error may
 * print as the location of a problem (the schema's words, not the input's).
 */
export const DRAFT_NESTED_FIELDS = [
  "text",
  "provenance",
  "trust",
  "evidence_refs",
  "evidence",
  "exit_code",
  "command",
  "id",
  "why",
  "status",
  "supersedes",
  "question",
  "description",
] as const;

const text = z.string();

/** A list field that also takes one lone item for a list of one. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(item));
}
const claimObject = z.object({
  text,
  provenance: z.enum(PROVENANCES).optional(),
  trust: z.enum(TRUST_STATES).optional(),
  evidence_refs: z.array(z.string()).optional(),
});
const claimLike = z.union([text, claimObject]);

/**
 * A verified fact may cite an evidence record (`baton evidence`) and say
 * what it shows: the exit status (default 0) and the command line.
 */
const verifiedFactObject = claimObject.extend({
  evidence: z.string().optional(),
  exit_code: z.number().int().optional(),
  command: z.string().optional(),
});

const decisionObject = claimObject.extend({
  id: z.string().optional(),
  why: z.string().nullable().optional(),
  status: z.enum(["active", "superseded", "withdrawn"]).optional(),
  supersedes: z.string().nullable().optional(),
});

const blockerObject = claimObject.extend({ question: z.string().nullable().optional() });

const nextActionObject = z.object({
  description: z.string(),
  command: z.string().nullable().optional(),
  provenance: z.enum(PROVENANCES).optional(),
  trust: z.enum(TRUST_STATES).optional(),
  evidence_refs: z.array(z.string()).optional(),
});

/** The draft schema. */
export const DraftSchema = z.strictObject({
  now: z.string().nullable().optional(),
  completed: listOf(claimLike).optional(),
  decisions: listOf(z.union([text, decisionObject])).optional(),
  verified_facts: listOf(z.union([text, verifiedFactObject])).optional(),
  hypotheses: listOf(claimLike).optional(),
  blockers: listOf(z.union([text, blockerObject])).optional(),
  next_steps: listOf(claimLike).optional(),
  next_action: z.union([text, nextActionObject]).nullable().optional(),
  plan_changes: listOf(claimLike).optional(),
  pointers: listOf(z.string()).optional(),
  fold: z.boolean().optional(),
});

/** A draft as parsed. */
export type Draft = z.infer<typeof DraftSchema>;
/** A verified fact as a draft may write it. */
export type DraftVerifiedFact = z.infer<typeof verifiedFactObject>;
/** A claim as a draft may write it. */
export type DraftClaim = z.infer<typeof claimLike>;
