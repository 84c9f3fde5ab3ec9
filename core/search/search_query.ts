/**
 * Turns what a user typed into an FTS5 MATCH expression that can neither
 * fail to parse nor reach FTS5's query language: every word becomes a
 * quoted string (inner quotes doubled) searched as a prefix, and the words
 * are ANDed. Operators (`AND`, `OR`, `NOT`, `NEAR`), column filters,
 * parentheses, `^` and `*` typed by the user are only text. Pure.
 *
 * Decisions:
 * - A word with no letter, digit or private-use character is dropped: the
 *   unicode61 tokenizer would turn it into an empty phrase, which matches
 *   nothing and would make the whole AND match nothing.
 * - Bounded: at most {@linkcode MAX_QUERY_TERMS} words of at most
 *   {@linkcode MAX_TERM_CHARS} characters each (a hostile query stays cheap).
 * @module
 */

/** Most words of a query that are searched. */
export const MAX_QUERY_TERMS = 16;
/** Longest word searched (longer ones are cut). */
export const MAX_TERM_CHARS = 64;

const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;

/**
 * The FTS5 expression for a user query, or null when it has no searchable
 * word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ftsQuery } from "./search_query.ts";
 * assert.equal(ftsQuery('rotate "keys" OR'), '"rotate"* AND """keys"""* AND "OR"*');
 * assert.equal(ftsQuery("  ** ()  "), null);
 * ```
 */
export function ftsQuery(text: string): string | null {
  const terms: string[] = [];
  for (const word of text.split(/\s+/u)) {
    if (terms.length >= MAX_QUERY_TERMS) break;
    if (!TOKEN_CHAR.test(word)) continue;
    const cut = Array.from(word).slice(0, MAX_TERM_CHARS).join("");
    // deno-lint-ignore no-control-regex
    const clean = cut.replace(/[\u0000]/g, " ");
    terms.push(`"${clean.replaceAll('"', '""')}"*`);
  }
  return terms.length === 0 ? null : terms.join(" AND ");
}
