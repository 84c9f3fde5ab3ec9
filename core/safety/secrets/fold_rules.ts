/**
 * The heads of prefixed tokens folded inside their body: a terminal or
 * `fold` that breaks `ghp_…`, `sk-ant-…` or an `eyJ…` JWT mid-body leaves
 * a first line no rule matches, so nothing is found and the whole token
 * prints. For each rule that declares its body ({@linkcode SecretRule.fold},
 * or a `tail`), a companion rule finds the head: the rule's keyword, a run
 * of the body's alphabet, then a line break (real, CRLF or JSON-escaped).
 * A head is never a finding itself (its kind is {@linkcode FOLD_KIND}-
 * prefixed and its priority 0, below every rule's); folds.ts follows its
 * wrap and lets the rules judge the joined value. Pure: data only.
 * @module
 */
import { NL } from "./armor.ts";
import type { SecretRule } from "./rule.ts";
import { lookBehind } from "./rules_vendor.ts";

/** Prefix of a head's kind: `fold:` + the kind of the rule it belongs to. */
export const FOLD_KIND = "fold:";

/** Whether a finding's kind is a folded token's head. */
export function isFoldKind(kind: string): boolean {
  return kind.startsWith(FOLD_KIND);
}

/** A line break after the head: `\n`, `\r\n`, or one written as a JSON escape (1 to 4 backslashes). */
const BREAK = String.raw`(?=\r?\n|\\{1,4}[rn])`;

/**
 * A `tail` tells the body's first run only; the letters, digits and separators tokens hold
 * after it (`AstraCS:…:…`, `pat….…`, `st.….…`) continue it too. The rules
 * judge the joined value, so a wider alphabet only lets them see it.
 */
const TOKEN_ALPHABET = String.raw`\-._:~+/=A-Za-z0-9`;

/**
 * A token opens where a word does not go on (`task_` holds no `sk_`
 * token), or after an escape's letter (`\\nghp_…`); a rule whose match
 * starts before its keyword (`before`) is left to judge it.
 */
const OPENS = String.raw`(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))`;

/**
 * Where a head of a rule that may start before its keyword (`before`) is
 * looked for: anywhere, unless its keyword is one character repeated (X's
 * app bearer token: a run of 20 `A`s), whose hits deeper than `before`
 * into a run of it are no token's start. A head tried there read up to its
 * whole reach for a break at every byte of a long run of `a` or `A`
 * (0.8 MB/s of CPU).
 */
function runStart(r: SecretRule): string {
  const [k] = r.keywords;
  if (r.keywords.length !== 1 || k === undefined || !/^[a-z0-9]$/i.test(k[0]!)) return "";
  if (k !== k[0]!.repeat(k.length)) return "";
  return `(?<!${k[0]}{${(r.before ?? 0) + 1}})`;
}

/**
 * The run a rule may not open after, for a keyword that is one letter or
 * digit repeated (X's app bearer token: a run of 20 `A`s) and a rule that
 * may start `before` its keyword: its character's code (lower case) and how
 * many of it right before the keyword reject the hit; null for any other
 * rule. The engine skips such hits before its pattern runs, which reject
 * them anyway:
 * - a head of {@linkcode runStart}: its own look-behind, after `before`+1;
 * - its token's rule, opening with `lookBehind(lead)` (rules_vendor.ts), when
 *   `lead` holds the character in both cases: every start in
 *   [keyword - before, keyword] follows the character, with five more of it
 *   before that (no `\x`, `\uXXXX` or `%XX` escape ends there), so `before`+6.
 * @param rule A rule of the engine.
 * @returns The run, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldRules, runOpening } from "./fold_rules.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * const head = foldRules(SECRET_RULES).find((h) => h.kind === "fold:twitter_bearer_token")!;
 * assert.deepEqual(runOpening(head), { code: 0x61, count: 5 });
 * const token = SECRET_RULES.find((r) => r.kind === "twitter_bearer_token")!;
 * assert.deepEqual(runOpening(token), { code: 0x61, count: 10 });
 * ```
 */
export function runOpening(rule: SecretRule): { code: number; count: number } | null {
  const source = sources.get(rule);
  if (source === undefined) return tokenRunOpening(rule);
  if ((source.before ?? 0) === 0) return null;
  const look = runStart(source);
  if (look === "" || !rule.pattern.source.startsWith(look)) return null;
  return { code: source.keywords[0]!.toLowerCase().charCodeAt(0), count: (source.before ?? 0) + 1 };
}

/** {@linkcode runOpening} for a rule that is not a head. */
function tokenRunOpening(r: SecretRule): { code: number; count: number } | null {
  const before = r.before ?? 0;
  if (before === 0 || r.lead === undefined || runStart(r) === "") return null;
  if (!r.pattern.source.startsWith(lookBehind(r.lead))) return null;
  const ch = r.keywords[0]![0]!;
  const lead = new RegExp(`^[${r.lead}]$`);
  if (!lead.test(ch.toLowerCase()) || !lead.test(ch.toUpperCase())) return null;
  return { code: ch.toLowerCase().charCodeAt(0), count: before + 6 };
}

/** The rule each head was made for. */
const sources = new WeakMap<SecretRule, SecretRule>();

/**
 * The rule a head was made for (its token's), or undefined for any other rule.
 * @param head A rule from {@linkcode foldRules}.
 * @returns Its token's rule.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldRules, headSource } from "./fold_rules.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * const head = foldRules(SECRET_RULES)[0]!;
 * assert.equal("fold:" + headSource(head)?.kind, head.kind);
 * ```
 */
export function headSource(head: SecretRule): SecretRule | undefined {
  return sources.get(head);
}

/**
 * A keyword that opens a token the way a vendor's prefix does: it holds a
 * separator (`ghp_`, `sk-`, `xoxe.`, `AstraCS:`). Keywords of letters and
 * digits alone are mostly a token's inner bytes or a base64 start (a
 * Discord id's `MTAw`, Twilio's `AC` and a hex digit), which ordinary text
 * and base64 hold everywhere: a head behind them would be checked at every
 * one. A rule may still declare its body (`fold`) for such a keyword
 * (`AKIA`, `AIza`, `eyJ`).
 */
function isPrefix(keyword: string): boolean {
  return /[^A-Za-z0-9]/.test(keyword);
}

function escapeKeyword(k: string): string {
  return k.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

/** A rule's `tail` when heads may follow it: no blanks, every keyword a prefix. */
function tailOf(r: SecretRule): SecretRule["tail"] {
  if (r.anchor === "near" || r.armored === true || r.follows !== undefined) return undefined;
  return r.tail !== undefined && r.tail.blanks === 0 && r.tail.opensLine !== true &&
      r.keywords.every(isPrefix)
    ? r.tail
    : undefined;
}

/** The body heads follow for a rule (its `fold`, or its tail's class widened), or undefined. */
function bodyOf(r: SecretRule): { cls: string; min: number } | undefined {
  if (r.anchor === "near" || r.armored === true || r.follows !== undefined) return undefined;
  const tail = tailOf(r);
  return r.fold ??
    (tail === undefined ? undefined : { cls: TOKEN_ALPHABET + tail.cls, min: tail.min });
}

/**
 * The companion rules of `rules`: one per rule with a `fold` (or a `tail`
 * with no blanks), matching its head up to a line break.
 * @param rules The rule table.
 * @returns The head rules (none for a table without prefixed tokens).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldRules } from "./fold_rules.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * const heads = foldRules(SECRET_RULES);
 * assert.ok(heads.some((r) => r.kind === "fold:github_pat"));
 * assert.ok(heads.every((r) => r.priority === 0));
 * ```
 */
export function foldRules(rules: readonly SecretRule[]): SecretRule[] {
  const out: SecretRule[] = [];
  for (const r of rules) {
    const tail = tailOf(r);
    const body = bodyOf(r);
    if (body === undefined) continue;
    // What the keyword pass reads: the rule's own first run (the declared body without a tail).
    const first = tail ?? body;
    const most = Math.max(1, r.after);
    const head = (check: Pick<SecretRule, "tail" | "reach">): SecretRule => {
      const h: SecretRule = {
        kind: FOLD_KIND + r.kind,
        title: r.title,
        description: "A folded token's head (internal).",
        keywords: r.keywords,
        pattern: new RegExp(
          `${(r.before ?? 0) > 0 ? runStart(r) : OPENS}(?:${
            r.keywords.map(escapeKeyword).join("|")
          })[${body.cls}]{0,${most}}${BREAK}`,
          "i",
        ),
        after: most + 16,
        priority: 0,
        minEntropy: 0,
        docWords: false,
        fold: body,
        ...check,
      };
      sources.set(h, r);
      return h;
    };
    // Two heads, each with a check the keyword pass makes. A JSON-escaped
    // break (a transcript) must come before the body is whole: the first
    // run, then a backslash and an `n` within the format's least length
    // (and an escaped `\r\n`, nested up to four times), so the many
    // whole tokens and ordinary words behind a keyword are not confirmed
    // again. A real break may come anywhere in a run as long as the
    // format's (the break counted): the first run's own check with the
    // line breaks let in.
    out.push(head({
      reach: { cls: String.raw`r${first.cls}`, max: first.min + 10, sep: "\\", end: "n" },
    }));
    if (first.min > 0) {
      out.push(head({ tail: { blanks: 0, cls: String.raw`\n\r${first.cls}`, min: first.min } }));
    }
  }
  return out;
}

/** A line break inside a keyword: armor.ts's line break (CRLF, JSON-escaped, nested). */
const INNER_BREAK = NL;

/** Whether a part of a keyword holds a separator (see {@linkcode isPrefix}). */
function holdsSeparator(part: string): boolean {
  return /[^A-Za-z0-9]/.test(part);
}

/**
 * The companion rules that find a token broken inside its keyword
 * (`github_p` | `at_…`, `sk-ant` | `-…`, `xoxb` | `-…`): for each rule
 * that declares its body ({@linkcode SecretRule.fold}: a vendor's prefixed
 * token), the keyword cut at each place, its
 * two parts around a line break, then the body's run. The keyword pass
 * looks for the part that tells the cut: the part before the break when it
 * is at least 3 characters and holds a separator, or is all the keyword
 * but its closing separator (`xoxb` of `xoxb-`); otherwise the part after it,
 * when it is at least 3 characters and holds a separator. A cut neither
 * part tells (`gh` | `p_`, `AK` | `IA`) is not looked for. Up to three
 * rules per token: the part before the break with an escaped break after
 * it, or a real one, and the part after it; each with a check the keyword
 * pass makes (the break within the keyword's length, or the body's run).
 * Their kind is the token's head kind, and folds.ts joins the two parts.
 * @param rules The rule table.
 * @returns The rules (none for a table without prefixed tokens).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { brokenKeywordRules } from "./fold_rules.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * const heads = brokenKeywordRules(SECRET_RULES).filter((r) => r.kind === "fold:slack_bot_token");
 * assert.ok(heads.some((r) => r.pattern.test("xoxb\n-123")));
 * ```
 */
export function brokenKeywordRules(rules: readonly SecretRule[]): SecretRule[] {
  const out: SecretRule[] = [];
  for (const r of rules) {
    // Only the tokens that declare their body: a vendor's prefix, not a
    // name (`api_key`, `secret_`), whose parts text is full of.
    const body = bodyOf(r);
    if (body === undefined || r.fold === undefined) continue;
    const before: string[] = [];
    const after: string[] = [];
    const cutsBefore: string[] = [];
    const cutsAfter: string[] = [];
    let longest = 0;
    for (const k of r.keywords) {
      for (let i = 1; i < k.length; i++) {
        const p = k.slice(0, i);
        const q = k.slice(i);
        const cut = `${escapeKeyword(p)}${INNER_BREAK}${escapeKeyword(q)}`;
        if (p.length >= 3 && (holdsSeparator(p) || !/[A-Za-z0-9]/.test(q))) {
          if (!before.includes(p)) before.push(p);
          cutsBefore.push(cut);
        } else if (q.length >= 3 && holdsSeparator(q)) {
          if (!after.includes(q)) after.push(q);
          cutsAfter.push(cut);
          longest = Math.max(longest, i);
        }
      }
    }
    const most = Math.max(1, r.after);
    const rest = `[${body.cls}]{0,${most}}`;
    const head = (
      keywords: string[],
      cuts: string[],
      check: Pick<SecretRule, "tail" | "reach" | "before">,
    ): SecretRule => {
      const h: SecretRule = {
        kind: FOLD_KIND + r.kind,
        title: r.title,
        description: "A token broken inside its keyword (internal).",
        keywords,
        pattern: new RegExp(`${OPENS}(?:${cuts.join("|")})${rest}`, "i"),
        after: most + 32,
        priority: 0,
        minEntropy: 0,
        docWords: false,
        fold: body,
        ...check,
      };
      sources.set(h, r);
      return h;
    };
    const keywordChars = [...new Set(r.keywords.join(""))].map((c) => escapeKeyword(c)).join("");
    // Where a match's line break ends (see breakReach): every part is free of the bytes a
    // break holds, or no reach is given (the pattern alone judges).
    const plain = !/[\\\r\n]/.test(r.keywords.join(""));
    const maxBefore = Math.max(0, ...before.map((p) => p.length));
    const minBefore = Math.min(...before.map((p) => p.length));
    if (before.length > 0) {
      // An escaped break within the rest of the keyword; a real one, then the keyword's rest and the body.
      const reach = plain ? { lo: minBefore, hi: maxBefore + MAX_BREAK - 1 } : null;
      const escaped = head(before, cutsBefore, {
        reach: { cls: `r${keywordChars}`, max: 24, sep: "\\", end: "n" },
      });
      const real = head(before, cutsBefore, {
        tail: { blanks: 0, cls: String.raw`\n\r${keywordChars}${body.cls}`, min: body.min },
      });
      if (reach !== null) {
        breakReaches.set(escaped, reach);
        breakReaches.set(real, reach);
      }
      out.push(escaped, real);
    }
    if (after.length > 0) {
      const h = head(after, cutsAfter, {
        before: longest + 10,
        tail: { blanks: 0, cls: body.cls, min: Math.min(body.min, 8) },
      });
      // A match starts at most `before` ahead of the keyword, its break right after its first part.
      if (plain) breakReaches.set(h, { lo: 1 - (longest + 10), hi: longest + MAX_BREAK - 1 });
      out.push(h);
    }
  }
  return out;
}

/** Longest line break of {@linkcode INNER_BREAK}: four backslashes, `r`, four more, `n`. */
const MAX_BREAK = 10;

/** The reach of each head of {@linkcode brokenKeywordRules} that has one. */
const breakReaches = new WeakMap<SecretRule, { lo: number; hi: number }>();

/**
 * Where the line break inside a broken keyword's head must end, relative to
 * the keyword's start: every match of such a head (its keyword cut in two
 * around {@linkcode INNER_BREAK}) holds its break's last byte (a line feed,
 * or an `n` of either case after a backslash) at an offset in [lo, hi] from
 * the start of the keyword that was hit, the head's parts holding no
 * backslash, CR or LF. The engine skips a hit with no such byte there
 * before its pattern runs (most hits: a token whole on its line), which the
 * pattern rejects anyway; the head's pattern is then not even compiled in a
 * process that never meets a break there. Null for any other rule.
 * - A head that looks for the part before the break: its match starts at
 *   the keyword and the break starts right after the part, which the hit
 *   keyword is (or begins: a longer part of the same token), so it ends
 *   from the shortest part's length to the longest part's length plus the
 *   longest break less one.
 * - A head that looks for the part after the break: its match starts at
 *   most `before` ahead of the keyword and its break right after a first
 *   part of at most `longest` bytes.
 * @param rule A rule of the engine.
 * @returns The offsets, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { breakReach, brokenKeywordRules } from "./fold_rules.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * const heads = brokenKeywordRules(SECRET_RULES).filter((r) => r.kind === "fold:slack_bot_token");
 * assert.ok(heads.every((h) => breakReach(h) !== null));
 * assert.equal(breakReach(SECRET_RULES[0]!), null);
 * ```
 */
export function breakReach(rule: SecretRule): { lo: number; hi: number } | null {
  return breakReaches.get(rule) ?? null;
}

/**
 * Per head kind, the ASCII bytes of its token's body (128 entries, 1: in):
 * what continues a folded head on its next line.
 * @param rules The engine's rules (heads among them).
 * @returns The tables by kind.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldAlphabets, foldRules } from "./fold_rules.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * const jwt = foldAlphabets(foldRules(SECRET_RULES)).get("fold:jwt");
 * assert.equal(jwt?.[".".charCodeAt(0)], 1);
 * ```
 */
export function foldAlphabets(rules: readonly SecretRule[]): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const r of rules) {
    if (!isFoldKind(r.kind) || r.fold === undefined) continue;
    const table = new Uint8Array(128);
    const re = new RegExp(`[${r.fold.cls}]`);
    for (let c = 0x21; c < 0x7f; c++) if (re.test(String.fromCharCode(c))) table[c] = 1;
    out.set(r.kind, table);
  }
  return out;
}
