/**
 * The shape of one secret rule: what the prefilter looks for, the anchored
 * pattern that confirms a candidate and the checks a match must pass.
 * Pure: types only.
 * @module
 */

/** How a match must sit relative to the keyword the prefilter found. */
export type RuleAnchor =
  /** The match must contain the keyword occurrence (it may start up to `before` bytes earlier). */
  | "cover"
  /** The match may be anywhere in the window around the keyword (context keywords). */
  | "near";

/**
 * A section of the input around a marker (see {@linkcode SecretRule.section}):
 * it runs from the last `cut` before the marker to the first `cut` after it.
 */
export interface RuleSection {
  /** The marker, tried at the keyword (and up to three bytes before it, for leading backslashes). */
  marker: RegExp;
  /** Where a section begins; the marker is one. */
  cut: RegExp;
  /** Where a match of the rule's pattern can begin. */
  opens: RegExp;
  /** Largest distance from a match's start to the marker's start, for a match before the marker. */
  before: number;
  /** Largest distance from the marker's end to a match's start, for a match after it. */
  after: number;
}

/**
 * What follows a name up to its assignment operator: the pattern
 * `(?:\\{0,escapes}["'])?[ \t]{0,blanks}[operators]` (the quote group only
 * with `quote`), whose parts begin with disjoint characters, so one forward
 * test decides it.
 */
export interface NameFollows {
  /** A closing quote (`"` or `'`) may come first. */
  quote: boolean;
  /** With `quote`: a backtick may be that quote too (a Markdown code span's end). */
  backtick?: boolean;
  /** With `quote`: how many backslashes may escape it (JSON inside JSON), 0 to 3. */
  escapes: 0 | 1 | 2 | 3;
  /** Most blanks (space, tab) before the operator, 0 to 255. */
  blanks: number;
  /** The operator characters (a RegExp character-class body of ASCII punctuation, no blank, quote or backslash). */
  operators: string;
  /**
   * What the pattern requires after the operator (or after its second
   * character, `:=`, `=>`): at most `blanks` blanks, then a value of at
   * least `min` characters, quoted (the quote possibly escaped once) with no
   * line break or that quote in them, or bare with no blank, line break,
   * quote or backslash and no `=` first (an inner `=` is the value's).
   * Checked in the keyword pass only, as a necessary
   * condition of the pattern (it must hold wherever `pattern` matches).
   * With `cls` (a RegExp character-class body, ASCII, no quote or
   * backslash), quoted or bare, the first `min` characters must all be in it
   * instead. With `quoted`, the value must open with a quote (`"`, `'` or
   * a backtick) after at most three backslashes: a bare value fails.
   */
  value?: { blanks: number; min: number; cls?: string; quoted?: boolean };
}

/** A credential kind and how to recognise it. */
export interface SecretRule {
  /** Stable kind name, written into `[REDACTED:<kind>]` and findings. */
  kind: string;
  /** Short human name for the docs table. */
  title: string;
  /** One sentence: what it is and how it is recognised. */
  description: string;
  /** ASCII keywords (matched ignoring ASCII case) that make a window a candidate. */
  keywords: readonly string[];
  /**
   * The confirming pattern, written without the g/y/d flags (added when
   * compiled). A named group `s` marks the secret; otherwise the whole match is.
   */
  pattern: RegExp;
  /** @default {"cover"} */
  anchor?: RuleAnchor;
  /** Bytes before the keyword where a match may start. @default {0} */
  before?: number;
  /**
   * Characters (a RegExp character-class body, ASCII) that may precede the
   * keyword inside a match. With it, a match is tried only where the longest
   * run of these characters before the keyword begins (one attempt instead
   * of `before + 1`), which keeps common keywords cheap.
   */
  lead?: string;
  /**
   * With `lead`: rejects a candidate by its name alone (the run of lead
   * characters that holds the keyword, at most 96 long) and whether a quote
   * (`"` or `'`) comes right before it, before the pattern runs. It must
   * reject only names whose matches `validate` would reject there; answers
   * are cached per name and quote, so repeated names (`input_tokens` on
   * every transcript line) cost a lookup.
   */
  rejectName?: (name: string, quoted: boolean) => boolean;
  /**
   * With `lead`: what every match holds from its start, the first character
   * of the name (a short pattern that `pattern` implies there), tried
   * sticky before the pattern runs. For a long pattern behind a keyword
   * common in prose and code (the multiple assignment's `password,` of
   * `compare(password, hash)`): a hit it rejects costs a short match
   * instead of the long one, and the long pattern is compiled (several
   * milliseconds) only when some hit passes. A test holds each rule that
   * declares it to its pattern.
   */
  ahead?: RegExp;
  /**
   * The assignment operator that must follow the run of lead characters
   * that holds the keyword (without `lead`: the keyword itself, and only in
   * the keyword pass). It must hold wherever `pattern` can
   * match; the engine checks it before the name and the pattern (in the
   * keyword pass itself, when every rule of a keyword has one), so the many
   * keyword hits in prose (`the token is`) and code cost a few byte tests. A
   * rule with `follows` reads names of at most 97 characters: a longer run
   * of lead characters is rejected outright.
   */
  follows?: NameFollows;
  /**
   * With `follows`: the `s` group is the value after the operator. Wherever
   * `pattern` matches, `s` begins right after the one operator character
   * `follows` reads, the blanks after it and one optional quote (`"`, `'`
   * or a backtick, possibly after a backslash). The engine then drops,
   * before the pattern runs, a value that opens like a placeholder every
   * rule rejects (`${`, `<`, `***`, `example`..., see
   * filters.ts opensAsPlaceholder); a value that begins with `=`, `>` or
   * a backslash not before a quote is left to the pattern. A test holds
   * each rule that declares it to its pattern.
   */
  valueAfterOperator?: boolean;
  /**
   * A literal (ASCII, case as written) that every match holds after its
   * keyword and within `after` bytes of the keyword's start (`-u` in
   * `curl ... -u user:pass`). A hit with no such literal there is dropped
   * before the pattern runs; the search for it runs once per buffer
   * position, its answer reused by the later hits of the rule, so a rule
   * whose pattern must read far ahead costs little where the literal is
   * absent.
   */
  needs?: string;
  /**
   * With anchor "near": the match must sit in the same section as the
   * marker the keyword starts (a Kubernetes data map in the object whose
   * kind is Secret), instead of anywhere in the window. The engine finds the
   * section's bounds with one forward pass per buffer and tries the pattern
   * (compiled sticky) only where `opens` matches inside them, so the cost
   * stays linear however many markers or openings the input repeats.
   */
  section?: RuleSection;
  /**
   * What every match holds right after each keyword of the rule (the body
   * of a prefixed token): at most `blanks` blanks, then at least `min`
   * characters of `cls` (a RegExp character-class body, ASCII). The keyword
   * pass drops a hit without it before TypeScript sees it, so it must hold
   * wherever `pattern` matches at the keyword (a hit inside a match may fail
   * it, as long as the hit at the match's own keyword passes). With
   * `opensLine`, the name (the run of `lead` characters that ends the
   * keyword's start) must also open a line as a directive does: before it,
   * past blanks and tabs, the data's start, a line break, `{`, `;`, a JSON
   * string's opening quote after a colon, or a backslash escape (`\n`, `\r`,
   * `\t`); a word of prose before it fails.
   */
  tail?: { blanks: number; cls: string; min: number; opensLine?: boolean };
  /**
   * What every match holds right after each keyword of the rule when its
   * body runs to a closing byte (`user:password@` after `://`): within `max`
   * bytes of `cls` (a RegExp character-class body, ASCII), the byte `sep`,
   * and after it the byte `end` (both counted in the run whether or not
   * `cls` holds them). The keyword pass drops a hit without it, reading
   * until the first byte outside the run, so it must hold wherever
   * `pattern` matches at the keyword. A rule has `tail` or `reach`, not both.
   */
  reach?: { cls: string; max: number; sep: string; end: string };
  /**
   * The body of a prefixed token, after its keyword: characters of `cls` (a
   * RegExp character-class body, ASCII), at least `min` of them. A token
   * folded inside it (a line break before the body is whole) is joined
   * over its wrap and judged whole (fold_rules.ts, folds.ts). A rule with a
   * `tail` of no blanks has it already.
   */
  fold?: { cls: string; min: number };
  /** Bytes after the keyword start that the window spans. */
  after: number;
  /**
   * Wins over lower priorities when matches overlap: 3 vendor-specific, 2
   * structural, 1 generic; 0 only for a folded token's head (fold_rules.ts).
   */
  priority: 0 | 1 | 2 | 3;
  /** Least Shannon entropy, in bits per character, the secret must have. */
  minEntropy?: number;
  /**
   * An armored key block: a match that does not end with an END line is
   * extended through the rest of the block's base64 lines and its END line
   * (see `armorEnd` in armor.ts), however far they go. @default {false}
   */
  armored?: boolean;
  /**
   * What goes on after an accepted match and is still part of the secret
   * (the rest of a value longer than the pattern reads, or past an inner
   * `=`), as a pattern tried right at the match's end (compiled sticky).
   * It runs to the end of the scanned buffer; a streamed scan carries it
   * into the next read, so a value is redacted whole whatever its length.
   */
  extend?: RegExp;
  /**
   * The rest of a quoted value a tool wrapped onto the next lines, tried
   * (compiled sticky) after `extend` only when the value opens right after
   * a quote (`"`, `'` or a backtick): the quote that closes it then ends the
   * secret, where after a bare value it would be another string's.
   */
  wrapped?: RegExp;
  /**
   * A value built from documentation words (`mysecretpass`,
   * `supersecret123`) is a placeholder. False where the shape itself says a
   * real credential is there (the password of a database URL). @default {true}
   */
  docWords?: boolean;
  /** Further check on the secret (checksum, decoded shape); false rejects the match. */
  validate?: (secret: string, groups: Readonly<Record<string, string | undefined>>) => boolean;
}
