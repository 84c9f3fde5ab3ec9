/**
 * Budgets a capsule's meaning: long texts are truncated, long lists cut, and
 * when the whole still exceeds the limit, items go from the least important
 * lists first. Everything removed is listed in the report. Pure.
 * @module
 */
import type { BudgetReport, Claim, Meaning } from "../capsule/types.ts";
import { truncateText } from "./truncate.ts";

/** Limits for {@linkcode budgetMeaning}. */
export interface MeaningBudgetOptions {
  /** Longest claim text kept, in characters. @default {2000} */
  maxTextChars?: number;
  /** Most items kept per list. @default {100} */
  maxItems?: number;
  /** Most pointers kept. @default {50} */
  maxPointers?: number;
  /** Total characters of meaning text kept. @default {60000} */
  maxTotalChars?: number;
}

/** Default meaning limits. */
export const MEANING_LIMITS = {
  maxTextChars: 2000,
  maxItems: 100,
  maxPointers: 50,
  maxTotalChars: 60_000,
} as const;

/** List fields in the order they are sacrificed when the total is too large. */
export const DROP_ORDER = [
  "plan_changes",
  "hypotheses",
  "completed",
  "next_steps",
  "verified_facts",
  "decisions",
  "blockers",
] as const;

function claimChars(c: Claim & { why?: string | null; question?: string | null }): number {
  return c.text.length + (c.why?.length ?? 0) + (c.question?.length ?? 0);
}

/** Characters of text a meaning carries. */
export function meaningChars(m: Meaning): number {
  let total = (m.now?.length ?? 0) + m.pointers.reduce((s, p) => s + p.length, 0);
  for (const f of DROP_ORDER) for (const c of m[f]) total += claimChars(c);
  if (m.next_action !== null) {
    total += m.next_action.text.length + (m.next_action.command?.length ?? 0);
  }
  return total;
}

/** The budgeted meaning and the report of losses. */
export interface BudgetMeaningResult {
  meaning: Meaning;
  report: BudgetReport;
}

/**
 * Applies the limits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { budgetMeaning } from "./budget_meaning.ts";
 * const c = (t: string) => ({ text: t, provenance: "assistant" as const, trust: "claimed" as const, evidence_refs: [], captured_at: "x" });
 * const meaning = { now: null, completed: Array.from({ length: 5 }, (_, i) => c(`done ${i}`)), decisions: [], verified_facts: [], hypotheses: [], blockers: [], next_steps: [], next_action: null, plan_changes: [], pointers: [], fold: false };
 * const { meaning: out, report } = budgetMeaning(meaning, { maxItems: 3 });
 * assert.equal(out.completed.length, 3);
 * assert.deepEqual(report.dropped, [{ field: "completed", count: 2, reason: "more than 3 items" }]);
 * ```
 */
export function budgetMeaning(
  meaning: Meaning,
  options: MeaningBudgetOptions = {},
): BudgetMeaningResult {
  const lim = { ...MEANING_LIMITS, ...options };
  const m = structuredClone(meaning);
  const report: BudgetReport = {
    limit_chars: lim.maxTotalChars,
    used_chars: 0,
    dropped: [],
    truncated: [],
  };
  const cut = (field: string, text: string, max: number): string => {
    const out = truncateText(text, max);
    if (out !== text) {
      report.truncated.push({ field, from_chars: text.length, to_chars: out.length });
    }
    return out;
  };
  if (m.now !== null) m.now = cut("now", m.now, lim.maxTextChars);
  for (const f of DROP_ORDER) {
    const list = m[f] as (Claim & { why?: string | null; question?: string | null })[];
    if (list.length > lim.maxItems) {
      report.dropped.push({
        field: f,
        count: list.length - lim.maxItems,
        reason: `more than ${lim.maxItems} items`,
      });
      list.length = lim.maxItems;
    }
    list.forEach((c, i) => {
      c.text = cut(`${f}[${i}]`, c.text, lim.maxTextChars);
      if (typeof c.why === "string") c.why = cut(`${f}[${i}].why`, c.why, lim.maxTextChars);
      if (typeof c.question === "string") {
        c.question = cut(`${f}[${i}].question`, c.question, lim.maxTextChars);
      }
    });
  }
  if (m.next_action !== null) {
    m.next_action.text = cut("next_action", m.next_action.text, lim.maxTextChars);
    if (m.next_action.command !== null) {
      m.next_action.command = cut("next_action.command", m.next_action.command, lim.maxTextChars);
    }
  }
  if (m.pointers.length > lim.maxPointers) {
    report.dropped.push({
      field: "pointers",
      count: m.pointers.length - lim.maxPointers,
      reason: `more than ${lim.maxPointers} pointers`,
    });
    m.pointers.length = lim.maxPointers;
  }
  let total = meaningChars(m);
  for (const f of DROP_ORDER) {
    if (total <= lim.maxTotalChars) break;
    const list = m[f] as Claim[];
    let removed = 0;
    while (list.length > 0 && total > lim.maxTotalChars) {
      total -= claimChars(list.pop()!);
      removed++;
    }
    if (removed > 0) {
      report.dropped.push({
        field: f,
        count: removed,
        reason: `meaning over ${lim.maxTotalChars} characters`,
      });
    }
  }
  report.used_chars = total;
  return { meaning: m, report };
}
