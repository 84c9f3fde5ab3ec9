/**
 * The draft template `baton preflight` prints: every field a model may
 * write, with a short hint as its value. Meaning only, never facts.
 * @module
 */

/** The draft template as a JSON-ready object. */
export const DRAFT_TEMPLATE = {
  now: "One paragraph: where the work stands right now.",
  completed: ["What got done this session (one item each)."],
  decisions: [{
    id: "short-stable-id",
    text:
      "What was decided. Repeat a decision with the same id; to replace one, give the new one supersedes: <old id>; to withdraw one, repeat its id with status withdrawn.",
    why: "Why.",
    status: "active",
    supersedes: null,
  }],
  verified_facts: [{
    text: "A fact you checked.",
    evidence: "The id baton evidence -- CMD printed (ev-…), or leave this field out.",
  }],
  hypotheses: ["Something you believe but have not checked."],
  blockers: [{
    text: "What is in the way.",
    question: "The question that would unblock it, or null.",
  }],
  next_steps: ["What to do after the next action."],
  next_action: {
    description: "The single next thing to do.",
    command: "An optional shell command (carried as inert text).",
  },
  plan_changes: ["How the plan changed, if it did."],
  pointers: ["repo/relative/path/to/read/first.ts"],
  fold: false,
} as const;

/** Notes printed with the template. */
export const DRAFT_NOTES = [
  "Write meaning only: baton collects git facts and file hashes itself.",
  "Every field is optional; a plain string is accepted wherever a claim object is shown.",
  "Nothing you write can be marked verified by itself: only a verified fact citing a record made by baton evidence -- CMD (its id in evidence; add exit_code when the fact is about a failing run) keeps verified, and only when the record is real and matches. Finalize records every rewrite.",
  "Decisions keep their id across capsules: write supersedes with the id a new decision replaces, or repeat an id with status withdrawn to take it back (baton decisions shows what is in force).",
  "A blocker with a question marks the capsule blocked. Pointers must be paths inside the repository.",
];

/**
 * The draft's fields with hints of a few words each, keyed by the template's
 * own fields so the compiler rejects a field the template has and this
 * lacks (the long hints and notes stay in `--json`).
 */
export const DRAFT_SKELETON: { [K in keyof typeof DRAFT_TEMPLATE]: unknown } = {
  now: "where the work stands",
  completed: ["what got done"],
  decisions: [{ id: "stable-id", text: "what was decided", why: "why", supersedes: null }],
  verified_facts: [{ text: "a fact you checked", evidence: "ev-… id" }],
  hypotheses: ["believed, not checked"],
  blockers: [{ text: "what is in the way", question: "what would unblock it" }],
  next_steps: ["after the next action"],
  next_action: { description: "the one next thing", command: "optional, kept as text" },
  plan_changes: ["how the plan changed"],
  pointers: ["path/to/read/first"],
  fold: false,
};
