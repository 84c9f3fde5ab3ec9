/**
 * The scanning engine over one buffer: run the keyword prefilter (WASM or
 * the pure-TS reference), map each keyword hit to the rules that own the
 * keyword, confirm each candidate with the rule's anchored pattern inside a
 * bounded window, apply entropy/checksum checks and the false-positive
 * filters, and resolve overlaps (the more specific rule wins; a kept match
 * always covers the whole secret).
 *
 * Offsets are UTF-8 byte offsets. Patterns run on an ASCII view of the bytes
 * (every byte >= 0x80 is shown as DEL), so string offsets equal byte offsets
 * and no rule can match across a non-ASCII character by accident. The view
 * is decoded a window at a time around the keywords (a rule reads only its
 * reach), not as one string of the whole buffer.
 * Pure: no I/O.
 * @module
 */
import { createWasmDfa, type DfaScanResult, type DfaTables } from "../../../wasm/mod.ts";
import { armorEnd } from "./armor.ts";
import { mayHoldColour, stripColour } from "./ansi.ts";
import { viewTriggers } from "./view_triggers.ts";
import { buildAutomaton, type KeywordAutomaton } from "./automaton.ts";
import { dumpRules, isDumpKind } from "./dump_rules.ts";
import { csvRules, isCsvKind } from "./csv_rules.ts";
import { OSC_KIND, oscRule } from "./osc_rules.ts";
import {
  breakReach,
  brokenKeywordRules,
  foldRules,
  headSource,
  isFoldKind,
  runOpening,
} from "./fold_rules.ts";
import { shannonEntropy } from "./checks.ts";
import { isNotSecret, opensAsPlaceholder, PLACEHOLDER_OPENING_WORDS } from "./filters.ts";
import {
  buildNameChecks,
  followsFirst,
  followsPattern,
  type RuleNameChecks,
} from "./name_checks.ts";
import { decodeTables, type PrebuiltTables, tablesFingerprint } from "./prebuilt.ts";
import { scanDfaTs } from "./prefilter_ts.ts";
import type { RuleSection, SecretRule } from "./rule.ts";
import { NameAnswers } from "./name_answers.ts";
import { captureOf, groupsOf, numberGroups } from "./numbered.ts";
import { VerdictCache } from "./verdicts.ts";

/** Which prefilter runs the keyword pass. */
export type PrefilterKind = "wasm" | "ts";

/**
 * The probe loop of `CopyMemory.find` (copies.ts) run elsewhere (in
 * WebAssembly over the same bytes): the positions from `first` to `last`,
 * every `stride` bytes, whose little-endian 4-byte window times 0x9e3779b1
 * and times 0x85ebca6b, each shifted right by `shift`, indexes two set bits
 * of `bitmap`. `version`
 * changes whenever the bitmap's content does.
 */
export type CopyProbe = (
  bitmap: Uint8Array,
  version: number,
  first: number,
  last: number,
  stride: number,
  shift: number,
) => Uint32Array;

/** A confirmed secret in one buffer, in byte offsets. */
export interface RawFinding {
  kind: string;
  start: number;
  end: number;
}

interface CompiledRule {
  rule: SecretRule;
  index: number;
  /** A folded token's head: the index of its token's rule (-1: not a head). */
  headOf: number;
  /** A rule whose keyword is a run of one character: the run it does not open after (fold_rules.ts runOpening). */
  run: { code: number; count: number } | null;
  /**
   * A head of a token broken inside its keyword: where, from the keyword's
   * start, its line break must end (fold_rules.ts breakReach); null for
   * any other rule.
   */
  breakIn: { lo: number; hi: number } | null;
  /**
   * The pattern with the `d` flag, sticky (cover rules, run on the whole
   * text) or global (near rules, run on a window); built on first use, and
   * used only for an accepted match whose secret's place its text does not
   * tell (see {@linkcode spanOf}).
   */
  re: RegExp | null;
  /** Flags of `re`. */
  reFlags: string;
  /**
   * The same pattern without the `d` flag: a match is judged on its text
   * first (the indices cost several times the match on hostile text). Built
   * on first use (see {@linkcode fastOf}): most runs confirm few rules, and
   * building every rule's pattern is a cost of every process.
   */
  fast: RegExp | null;
  /**
   * Set with `fast` when it is the pattern with its named groups numbered
   * (numbered.ts): each name's group numbers (the match carries no
   * `groups` object; they are read by number). Null: `fast` keeps the names.
   */
  numbered: ReadonlyMap<string, readonly number[]> | null;
  /** With `numbered`: the numbers of the groups named `s` (the secret), if any. */
  secretGroups: readonly number[] | undefined;
  before: number;
  after: number;
  near: boolean;
  /** ASCII lookup of the lead characters, or null. */
  lead: Uint8Array | null;
  /** The engine's remembered rejectName answers (one table for all its rules), or null without rejectName. */
  rejected: NameAnswers | null;
  /** The rule's `ahead`, sticky, or null. */
  ahead: RegExp | null;
  /** The rule's `follows` as a pattern, sticky. */
  follows: RegExp | null;
  /** The rule's `valueAfterOperator` (with `follows`). */
  valueAfterOperator: boolean;
  /** ASCII lookup of the characters the rule's `follows` begins with, or null. */
  followsFirst: Uint8Array | null;
  /** The rule's `extend`, sticky. */
  extend: RegExp | null;
  /** The rule's `wrapped`, sticky. */
  wrapped: RegExp | null;
  /** The rule's `needs`, or null. */
  needs: string | null;
  /** The rule's `section` with its regexes compiled (marker sticky, cut and opens global), or null. */
  section: RuleSection | null;
  /** A cover rule with neither lead nor follows: it tries each start before its keyword. */
  nameless: boolean;
  /**
   * A nameless rule's sweep (see {@linkcode anyStartIn}): `fast` behind a
   * lazy run of up to `before` characters, sticky; built on first use.
   * Null until then, and for every other rule.
   */
  sweep: RegExp | null;
  /** Whether a nameless rule's hits are swept first (the engine's `sweepStarts`). */
  sweeps: boolean;
  /**
   * A nameless rule's hits that would try all its starts, counted up to
   * {@linkcode SWEEP_AFTER}: its sweep is compiled only then.
   */
  wideHits: number;
  /** The engine's `sweepAfter`. */
  sweepAfter: number;
  /** The engine's remembered verdicts on matched values (one cache for all its rules). */
  verdicts: VerdictCache;
}

/**
 * Where a section rule's cut search stands in the current text window: the
 * last cut found before the current marker and the first one at or after it
 * (Infinity when there is none). It only moves forward, so the cuts of a
 * window are searched once whatever the number of markers.
 */
interface CutCursor {
  prevEnd: number;
  next: number;
  nextEnd: number;
  /** The text window its offsets belong to (see {@linkcode TextWindows}; -1: the whole buffer). */
  window: number;
}

/**
 * Where a rule's `needs` literal was last looked for in the current buffer:
 * searched from `from`, found at `at` (Infinity when absent). Valid for a
 * later search from any position in [from, at].
 */
interface NeedsCache {
  from: number;
  at: number;
  /** The text window searched (its offsets are that window's; -1: the whole buffer). */
  window: number;
}

/** A ready-to-run scanner over a fixed rule table. */
export interface SecretEngine {
  /** The prefilter actually in use (WASM falls back to TS when WebAssembly is unavailable). */
  prefilter: PrefilterKind;
  automaton: KeywordAutomaton;
  /** Largest look-behind of any rule, in bytes (context a streamed scan must carry). */
  maxBefore: number;
  /** Largest window after a keyword, in bytes. */
  maxAfter: number;
  /** Kinds of the armored key-block rules (their matches may run past the window). */
  armoredKinds: ReadonlySet<string>;
  /** Sticky `extend` patterns by kind (their matches may run to the end of a buffer). */
  extendedKinds: ReadonlyMap<string, RegExp>;
  /** Runs the keyword pass over bytes. */
  scanKeywords(bytes: Uint8Array): DfaScanResult;
  /**
   * The keyword pass in TypeScript: for a few bytes judged apart from the
   * buffer (folds.ts), leaving the WebAssembly pass's views of the buffer.
   */
  scanKeywordsTs(bytes: Uint8Array): DfaScanResult;
  /** Whether the rules find heads: folded tokens' (fold_rules.ts) or hex dumps' (dump_rules.ts). */
  foldHeads: boolean;
  /**
   * Most bytes a hex dump is read from its head (dumps.ts): within both
   * the bytes a streamed scan carries before a round's first undecided byte
   * (`maxBefore`) and the longest window (`maxAfter`), so every dump a
   * round decides a byte of is whole in its buffer.
   */
  dumpReach: number;
  /**
   * The bytes of the last keyword pass with bytes >= 0x80 shown as DEL (0x7f);
   * possibly a view into WebAssembly memory, valid until the next call.
   */
  maskedCopy(bytes: Uint8Array): Uint8Array;
  /** Line feeds in bytes[from, to) (in WebAssembly when `bytes` was the last keyword pass). */
  countNewlines(bytes: Uint8Array, from: number, to: number): number;
  /**
   * Whether `bytes` may hold a colour code (ansi.ts mayHoldColour; in
   * WebAssembly when `bytes` was the last keyword pass).
   */
  mayHoldColour(bytes: Uint8Array): boolean;
  /**
   * Which readings of views.ts `bytes` can need (view_triggers.ts
   * viewTriggers; in WebAssembly when `bytes` was the last keyword pass).
   */
  viewTriggers(bytes: Uint8Array): number;
  /**
   * The copy search's probe loop in WebAssembly over the bytes of the last
   * keyword pass (see {@linkcode CopyProbe}), or null when `bytes` were not
   * that pass or WebAssembly is not in use.
   */
  probeCopies(bytes: Uint8Array): CopyProbe | null;
  /** @internal */
  rules: readonly CompiledRule[];
  /** @internal keyword id -> rule indices */
  keywordRules: readonly (readonly number[])[];
  /** @internal The name checks of the keyword pass (undefined when turned off). */
  nameChecks: RuleNameChecks | undefined;
  /**
   * @internal Per output of the automaton, where its rules' entries begin in
   * `nameChecks.ruleMasks` (one more entry: the end).
   */
  outputRuleStart: Uint32Array;
  /** @internal What the tables derive from (see prebuilt.ts). */
  tablesFingerprint: string;
}

/** Options of {@linkcode createEngine}. */
export interface CreateEngineOptions {
  /** @default {"wasm"} */
  prefilter?: PrefilterKind;
  /**
   * Run the name checks in the keyword pass (see name_checks.ts); off only
   * to show that they change no finding. @default {true}
   */
  nameChecks?: boolean;
  /**
   * Find the heads of folded tokens (fold_rules.ts); off only to measure
   * and test them. @default {true}
   */
  folds?: boolean;
  /**
   * Find the heads of hex dumps (dump_rules.ts); off only to measure and
   * test them. @default {true}
   */
  dumps?: boolean;
  /**
   * Find the headers of CSV tables with a credential column (csv_rules.ts);
   * off only to measure and test them. @default {true}
   */
  csvs?: boolean;
  /**
   * Remember each rule's verdict on a match's captures (see verdicts.ts);
   * off only to show that it changes no finding. @default {true}
   */
  rememberVerdicts?: boolean;
  /**
   * Skip a rule's hits deep in a run of its keyword's character before its
   * pattern runs (fold_rules.ts runOpening); off only to show that it
   * changes no finding. @default {true}
   */
  skipRuns?: boolean;
  /**
   * Skip a broken keyword's head's hits with no line break ending where its
   * match would hold one, before its pattern runs (fold_rules.ts
   * breakReach); off only to show that it changes no finding. @default {true}
   */
  skipBreaks?: boolean;
  /**
   * Before a nameless rule tries each start before its keyword, one sticky
   * run of its pattern behind a lazy run of characters tells whether any
   * start there matches at all (see {@linkcode anyStartIn}); off only to
   * show that it changes no finding. @default {true}
   */
  sweepStarts?: boolean;
  /**
   * Hits of a nameless rule that would try all its starts before its sweep
   * is compiled; changed only to test the sweep on few hits. @default {32}
   */
  sweepAfter?: number;
  /**
   * Slots of the table of remembered rejectName answers (see
   * name_answers.ts), a power of two; 0 remembers none. Changed only to show
   * that it changes no finding. @default {4096}
   */
  nameAnswerSlots?: number;
  /**
   * Tables made at generation time (tables_generated.ts): used when they
   * were made from the same keywords and name-check inputs as `rules`,
   * which are built otherwise.
   */
  tables?: PrebuiltTables;
}

/** Longest name (run of lead characters) a rule with `follows` reads, plus one. */
const MAX_NAME = 98;

/**
 * Most bytes of a hex dump read from its head (dumps.ts): a 5 kB `.env`
 * or a 4096-bit PEM key under `xxd`, `hexdump -C` or `od -c`, in a
 * transcript's JSON string.
 */
const DUMP_REACH = 24 * 1024;

/** Look-behind context kept before every window so `(?<!...)` sees real text. */
const CONTEXT = 16;
const BACKSLASH = 0x5c;

/**
 * Compiles a rule table into an engine.
 * @param rules The rules (see {@linkcode SECRET_RULES}).
 * @param options Which prefilter to use.
 * @returns The engine.
 * @throws {RangeError} when a rule's keywords are not printable ASCII (a tab aside).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createEngine, findSecrets } from "./engine.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * const engine = createEngine(SECRET_RULES, { prefilter: "ts" });
 * const text = new TextEncoder().encode("DB_PASSWORD=correct-horse-battery\n");
 * assert.deepEqual(findSecrets(engine, text), [{ kind: "env_secret", start: 12, end: 33 }]);
 * ```
 */
export function createEngine(
  table: readonly SecretRule[],
  options: CreateEngineOptions = {},
): SecretEngine {
  // The heads of folded tokens are found by rules of their own (fold_rules.ts).
  // So are the heads of hex dumps (dump_rules.ts).
  const heads = [
    ...(options.folds === false ? [] : [...foldRules(table), ...brokenKeywordRules(table)]),
    ...(options.dumps === false ? [] : dumpRules()),
    // And the headers of CSV tables with a credential column (csv_rules.ts).
    ...(options.csvs === false ? [] : csvRules()),
    // And the openings of operating system commands (osc_rules.ts), which findRuled reads.
    oscRule(),
  ];
  const rules = heads.length === 0 ? table : [...table, ...heads];
  const ruleIndex = new Map(table.map((r, i) => [r, i]));
  const keywordIds = new Map<string, number>();
  const keywords: string[] = [];
  const keywordRules: number[][] = [];
  const verdicts = new VerdictCache(options.rememberVerdicts === false ? 0 : undefined);
  const answers = new NameAnswers(options.nameAnswerSlots);
  const compiled = rules.map((rule, index): CompiledRule => {
    for (const k of rule.keywords) {
      const lower = k.toLowerCase();
      let id = keywordIds.get(lower);
      if (id === undefined) {
        id = keywords.length;
        keywordIds.set(lower, id);
        keywords.push(lower);
        keywordRules.push([]);
      }
      if (!keywordRules[id]!.includes(index)) keywordRules[id]!.push(index);
    }
    const before = rule.before ?? 0;
    const near = rule.anchor === "near";
    const section = rule.section === undefined ? null : compileSection(rule.section);
    // Near rules scan a window (global); cover and section rules try one place at a time (sticky).
    const flags = rule.pattern.flags.replace(/[gyd]/g, "") + "d" +
      (near && section === null ? "g" : "y");
    const lead = rule.lead === undefined ? null : asciiLookup(rule.lead);
    return {
      rule,
      index,
      headOf: index < table.length ? -1 : ruleIndex.get(headSource(rule)!) ?? -1,
      run: options.skipRuns === false ? null : runOpening(rule),
      breakIn: options.skipBreaks === false ? null : breakReach(rule),
      re: null,
      reFlags: flags,
      fast: null,
      numbered: null,
      secretGroups: undefined,
      before,
      after: rule.after,
      near,
      lead,
      rejected: rule.rejectName === undefined ? null : answers,
      ahead: rule.ahead === undefined
        ? null
        : new RegExp(rule.ahead.source, rule.ahead.flags.replace(/[gyd]/g, "") + "y"),
      follows: rule.follows === undefined
        ? null
        : new RegExp(followsPattern(rule.follows).source, "y"),
      followsFirst: rule.follows === undefined ? null : asciiLookup(followsFirst(rule.follows)),
      valueAfterOperator: rule.follows !== undefined && rule.valueAfterOperator === true,
      extend: rule.extend === undefined
        ? null
        : new RegExp(rule.extend.source, rule.extend.flags.replace(/[gyd]/g, "") + "y"),
      wrapped: rule.wrapped === undefined
        ? null
        : new RegExp(rule.wrapped.source, rule.wrapped.flags.replace(/[gyd]/g, "") + "y"),
      needs: rule.needs ?? null,
      section,
      nameless: lead === null && rule.follows === undefined && !near,
      sweep: null,
      sweeps: options.sweepStarts !== false,
      wideHits: 0,
      sweepAfter: options.sweepAfter ?? SWEEP_AFTER,
      verdicts,
    };
  });
  const checkInputs = compiled.map((c) => ({
    lead: c.lead,
    follows: c.near ? null : c.rule.follows ?? null,
    tail: c.near ? null : c.rule.tail ?? null,
    reach: c.near ? null : c.rule.reach ?? null,
    // The engine tests a value's opening only after a name (see confirm).
    placeholders: !c.near && c.lead !== null && c.valueAfterOperator,
  }));
  const fingerprint = tablesFingerprint(
    keywords,
    keywordRules,
    compiled.map((c, i) => ({ ...checkInputs[i]!, lead: c.rule.lead ?? null })),
    PLACEHOLDER_OPENING_WORDS,
  );
  const loaded = options.nameChecks !== false && options.tables?.fingerprint === fingerprint
    ? decodeTables(options.tables.data, keywords)
    : null;
  const automaton = loaded?.automaton ?? buildAutomaton(keywords);
  const nameChecks = options.nameChecks === false
    ? undefined
    : loaded?.nameChecks ?? buildNameChecks(automaton, keywordRules, checkInputs);
  // Not a spread of the automaton: a loaded one fills its table only when read.
  const tables: DfaTables = {
    keywords: automaton.keywords,
    classes: automaton.classes,
    starts: automaton.starts,
    get table() {
      return automaton.table;
    },
    ...(nameChecks === undefined ? {} : { nameChecks }),
    ...(loaded === null ? {} : { packedRows: loaded.packedRows }),
  };
  const outputRuleStart = new Uint32Array(automaton.outputs.length + 1);
  for (let o = 0; o < automaton.outputs.length; o++) {
    outputRuleStart[o + 1] = outputRuleStart[o]! + keywordRules[automaton.outputs[o]!]!.length;
  }
  let prefilter: PrefilterKind = options.prefilter ?? "wasm";
  let scanKeywords = (bytes: Uint8Array) => scanDfaTs(tables, bytes, 0);
  let maskedCopy = maskHighTs;
  let countNewlines = countNewlinesTs;
  let colourIn = mayHoldColour;
  let triggersIn = viewTriggers;
  let probeCopies = (_bytes: Uint8Array): CopyProbe | null => null;
  if (prefilter === "wasm") {
    try {
      const dfa = createWasmDfa(tables);
      let last: Uint8Array | null = null;
      scanKeywords = (bytes: Uint8Array) => {
        last = bytes;
        return dfa.scan(bytes, 0);
      };
      maskedCopy = (bytes: Uint8Array) => bytes === last ? dfa.maskedView() : maskHighTs(bytes);
      countNewlines = (bytes: Uint8Array, from: number, to: number) =>
        bytes === last ? dfa.countNewlines(from, to) : countNewlinesTs(bytes, from, to);
      probeCopies = (bytes: Uint8Array) => bytes === last ? dfa.probe : null;
      colourIn = (bytes: Uint8Array) => bytes === last ? dfa.mayHoldColour() : mayHoldColour(bytes);
      triggersIn = (bytes: Uint8Array) => bytes === last ? dfa.viewTriggers() : viewTriggers(bytes);
    } catch {
      prefilter = "ts";
    }
  }
  const maxBefore = Math.max(0, ...compiled.map((c) => c.before)) + CONTEXT;
  const maxAfter = Math.max(0, ...compiled.map((c) => c.after));
  return {
    prefilter,
    automaton,
    scanKeywordsTs: (bytes: Uint8Array) => scanDfaTs(tables, bytes, 0),
    foldHeads: heads.length > 0,
    maxBefore,
    maxAfter,
    dumpReach: Math.max(0, Math.min(DUMP_REACH, maxAfter, maxBefore - 2 * CONTEXT)),
    armoredKinds: new Set(rules.filter((r) => r.armored === true).map((r) => r.kind)),
    extendedKinds: new Map(
      compiled.flatMap((c) => c.extend === null ? [] : [[c.rule.kind, c.extend]]),
    ),
    scanKeywords,
    maskedCopy,
    countNewlines,
    mayHoldColour: colourIn,
    viewTriggers: triggersIn,
    probeCopies,
    rules: compiled,
    keywordRules,
    nameChecks,
    outputRuleStart,
    tablesFingerprint: fingerprint,
  };
}

/**
 * The rule's pattern without the `d` flag, built on first use: with its
 * named groups numbered when it has some (see {@linkcode CompiledRule.numbered}).
 */
function fastOf(c: CompiledRule): RegExp {
  if (c.fast === null) {
    const flags = c.reFlags.replace("d", "");
    const numbered = numberGroups(c.rule.pattern.source);
    if (numbered !== null && numbered.names.size > 0) {
      c.numbered = numbered.names;
      c.secretGroups = numbered.names.get("s");
      c.fast = new RegExp(numbered.source, flags);
    } else c.fast = new RegExp(c.rule.pattern.source, flags);
  }
  return c.fast;
}

/** The named groups of a match of `c.fast`, whether it runs named or numbered. */
function matchGroups(c: CompiledRule, m: RegExpExecArray): Record<string, string | undefined> {
  return c.numbered === null ? m.groups ?? {} : groupsOf(c.numbered, m);
}

/** The secret (group `s`) of a match of `c.fast`, or undefined when no `s` took part. */
function secretOf(c: CompiledRule, m: RegExpExecArray): string | undefined {
  return c.numbered === null ? m.groups?.s : captureOf(c.secretGroups, m);
}

function compileSection(section: RuleSection): RuleSection {
  const bare = (re: RegExp) => re.flags.replace(/[gyd]/g, "");
  return {
    marker: new RegExp(section.marker.source, bare(section.marker) + "y"),
    cut: new RegExp(section.cut.source, bare(section.cut) + "g"),
    opens: new RegExp(section.opens.source, bare(section.opens) + "g"),
    before: section.before,
    after: section.after,
  };
}

/** Every ASCII character, in order. */
const ASCII = String.fromCharCode(...Array.from({ length: 128 }, (_, i) => i));

const lookups = new Map<string, Uint8Array>();

/**
 * A 128-entry table: 1 where the ASCII character is in the class body `cls`
 * (one regex pass, once per class: rules share a few; never written to).
 */
function asciiLookup(cls: string): Uint8Array {
  let table = lookups.get(cls);
  if (table === undefined) {
    table = new Uint8Array(128);
    for (const m of ASCII.matchAll(new RegExp(`[${cls}]`, "g"))) table[m.index] = 1;
    lookups.set(cls, table);
  }
  return table;
}

const decoder = new TextDecoder();

/**
 * The pure-TS twin of the WASM `maskHigh`: a copy of `bytes` with every byte
 * >= 0x80 replaced by DEL, so offsets of the decoded string are byte offsets.
 * @param bytes The input.
 * @returns The masked copy.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maskHighTs } from "./engine.ts";
 * assert.deepEqual([...maskHighTs(new TextEncoder().encode("é!"))], [0x7f, 0x7f, 0x21]);
 * ```
 */
export function maskHighTs(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  for (let i = 0; i < copy.length; i++) if (copy[i]! >= 0x80) copy[i] = 0x7f;
  return copy;
}

/**
 * Counts line feeds in bytes[from, to) (the pure-TS twin of the WASM count).
 * @param bytes The input.
 * @param from First index.
 * @param to End index (exclusive).
 * @returns The count.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countNewlinesTs } from "./engine.ts";
 * assert.equal(countNewlinesTs(new TextEncoder().encode("a\nb\nc"), 0, 5), 2);
 * ```
 */
export function countNewlinesTs(bytes: Uint8Array, from: number, to: number): number {
  // Searched within [from, to) only: a search past `to` for a line feed that is not there would
  // read the rest of the buffer on every call (quadratic on a long line with many findings).
  const range = bytes.subarray(from, Math.max(from, to));
  let n = 0;
  let p = 0;
  while (true) {
    const nl = range.indexOf(0x0a, p);
    if (nl < 0) return n;
    n++;
    p = nl + 1;
  }
}

/**
 * Finds every secret in one buffer.
 * @param engine From {@linkcode createEngine}.
 * @param bytes UTF-8 (or any) bytes.
 * @param heads Keep the heads of folded tokens (fold_rules.ts) and hex dumps (dump_rules.ts), which only folds.ts and dumps.ts judge.
 * @returns Non-overlapping findings sorted by start offset.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createEngine, findSecrets } from "./engine.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * const bytes = new TextEncoder().encode("no secrets in this line\n");
 * assert.deepEqual(findSecrets(createEngine(SECRET_RULES), bytes), []);
 * ```
 */
export function findSecrets(
  engine: SecretEngine,
  bytes: Uint8Array,
  heads = false,
): RawFinding[] {
  const found = findRuled(engine, bytes);
  if (heads || !engine.foldHeads) return found;
  for (const f of found) {
    if (isHeadKind(f.kind)) return found.filter((g) => !isHeadKind(g.kind));
  }
  return found;
}

/**
 * Whether a finding of findSecretsIn is a head (a folded token's, a hex
 * dump's, a CSV header's, an operating system command's), never a finding itself.
 * @param kind The finding's kind.
 * @returns True for a head.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isHeadKind } from "./engine.ts";
 * assert.equal(isHeadKind("dump:xxd"), true);
 * assert.equal(isHeadKind("env_secret"), false);
 * ```
 */
export function isHeadKind(kind: string): boolean {
  return isFoldKind(kind) || isDumpKind(kind) || isCsvKind(kind) || kind === OSC_KIND;
}

/** {@linkcode findSecrets} with folded tokens' heads (fold_rules.ts) among the findings. */
function findRuled(engine: SecretEngine, bytes: Uint8Array): RawFinding[] {
  // The keyword pass first: the colour test then reads the bytes already in
  // WebAssembly memory (a SIMD search for `[`, not the runtime's byte search).
  const pass = engine.scanKeywords(bytes);
  const stripped = engine.mayHoldColour(bytes) ? stripColour(bytes) : null;
  if (stripped === null) {
    const found = findSecretsIn(engine, bytes, TEXT_WINDOW_BYTES, pass);
    let osc = false;
    for (const f of found) if (f.kind === OSC_KIND) osc = true;
    if (!osc) return found;
    // An operating system command and no colour code: the text without
    // them too (its keyword pass in TypeScript: the buffer's stays the
    // engine's last, whose bytes the copy probe belongs to).
    const rest = found.filter((f) => f.kind !== OSC_KIND);
    const commands = stripColour(bytes, true);
    if (commands === null) return rest;
    const text = commands.bytes;
    const plain = findSecretsIn(engine, text, TEXT_WINDOW_BYTES, engine.scanKeywordsTs(text))
      .filter((f) => f.kind !== OSC_KIND);
    return withColourFindings(plain, rest, commands.from);
  }
  // The text without colour codes first: the buffer's own pass is then the
  // engine's last, whose bytes the copy probe (probeCopies) belongs to.
  const plain = findSecretsIn(engine, stripped.bytes, TEXT_WINDOW_BYTES)
    .filter((f) => f.kind !== OSC_KIND);
  const found = findSecretsIn(engine, bytes, TEXT_WINDOW_BYTES).filter((f) => f.kind !== OSC_KIND);
  return withColourFindings(plain, found, stripped.from);
}

/**
 * The findings of a buffer's text without colour codes (ansi.ts), mapped
 * back onto the buffer's bytes (a finding's first and last byte where they
 * came from, so codes inside its span go with it), and each finding of the
 * buffer itself that overlaps none of them: the text without codes is what
 * the rules were written for (a vendor token's own kind, its own bytes,
 * where the buffer's pass may read a code as part of a bare value).
 */
function withColourFindings(
  plain: readonly RawFinding[],
  found: readonly RawFinding[],
  from: Uint32Array,
): RawFinding[] {
  const mapped = plain.map((f) => ({
    kind: f.kind,
    start: from[f.start]!,
    end: from[f.end - 1]! + 1,
  }));
  const rest = found.filter((g) => !mapped.some((f) => g.start < f.end && f.start < g.end));
  if (rest.length === 0) return mapped;
  return [...mapped, ...rest].sort((a, b) => a.start - b.start);
}

/**
 * Least bytes a window of text holds (see {@linkcode TextWindows}): small
 * enough that its string is an ordinary young object, which V8 allocates and
 * frees cheaply, where a string of a whole 1 MiB buffer is a large object on
 * fresh pages (about 3 ms per MiB, most of it page faults).
 */
const TEXT_WINDOW_BYTES = 64 * 1024;

/**
 * Bytes of text kept beyond each side of a rule's reach (`before` and
 * `after`): its patterns' look-behinds and look-aheads see real text, and a
 * match that ends this close to a window's end is judged again on the whole
 * buffer (see {@linkcode findSecretsIn}).
 */
const TEXT_MARGIN = 1024;

/**
 * The patterns' view of one buffer (bytes >= 0x80 shown as DEL), decoded a
 * window at a time: the current window is reused while the reach asked for
 * lies inside it, otherwise the window `[lo, max(hi, lo + least))` replaces
 * it. The whole buffer is decoded only when asked for (a match that runs to
 * a window's end).
 */
class TextWindows {
  text = "";
  /** Offset in the buffer of text[0]. */
  base = 0;
  /** Offset in the buffer just past the window (-1: none yet). */
  end = -1;
  /** Changes whenever the window does (caches tied to one window check it). */
  serial = 0;
  #whole: string | null = null;
  readonly #source: Uint8Array;
  readonly #least: number;

  constructor(source: Uint8Array, least: number) {
    this.#source = source;
    this.#least = least;
  }

  /** Makes the current window hold buffer[lo, hi) (clamped to the buffer). */
  cover(lo: number, hi: number): void {
    const length = this.#source.length;
    if (lo < 0) lo = 0;
    if (hi > length) hi = length;
    if (lo >= this.base && hi <= this.end) return;
    const end = Math.min(length, Math.max(hi, lo + this.#least));
    if (lo === 0 && end === length && this.#whole !== null) this.text = this.#whole;
    else this.text = decoder.decode(this.#source.subarray(lo, end));
    this.base = lo;
    this.end = end;
    this.serial++;
  }

  /** The whole buffer's text. */
  whole(): string {
    if (this.#whole === null) {
      this.#whole = this.base === 0 && this.end === this.#source.length
        ? this.text
        : decoder.decode(this.#source);
    }
    return this.#whole;
  }
}

/**
 * {@linkcode findSecrets} with the least window of text given (a test
 * shrinks it to put window edges everywhere; the findings never change).
 * Each rule's confirmation reads only its reach around the keyword (its
 * `before` and `after`, plus {@linkcode TEXT_MARGIN}), so it runs on a
 * window holding that reach (a section rule's too: its distances are within
 * its reach); a match that ends within the margin of a window's end (a key
 * block or `extend` running on) is read again on the whole text, which gives
 * its true end. `keywordPass`: the keyword pass of `bytes` when it was
 * made already, as the engine's last (findSecrets makes it first).
 * @internal
 */
export function findSecretsIn(
  engine: SecretEngine,
  bytes: Uint8Array,
  windowBytes: number,
  keywordPass?: DfaScanResult,
): RawFinding[] {
  const pass = keywordPass ?? engine.scanKeywords(bytes);
  if (pass.hits.length === 0) return [];
  // Patterns run on an ASCII view: string offsets are byte offsets.
  const windows = new TextWindows(pass.ascii ? bytes : engine.maskedCopy(bytes), windowBytes);
  const scan = new Scan(engine.rules, windows, bytes.length);
  confirmHits(scan, engine, pass);
  return resolveOverlaps(scan.candidates);
}

/**
 * The hot loop: it only filters, and each hit that may be a secret goes to
 * confirmHit, a function of its own, and every rare path (needs, sections,
 * a match running past its window) to functions of their own again, so
 * their first use never throws away this loop's optimised code (it was
 * compiled 6 times a run, ~20 ms each, when it held them all). Nothing
 * follows the loop: code after it, first reached when the loop was
 * already optimised, was deoptimised once per buffer.
 */
function confirmHits(scan: Scan, engine: SecretEngine, pass: DfaScanResult): void {
  const { automaton, keywordRules } = engine;
  const outputStart = automaton.outputStart;
  const outputs = automaton.outputs;
  const keywords = automaton.keywords;
  const classCount = automaton.classCount;
  const coveredUntil = scan.coveredUntil;
  const hits = pass.hits;
  const passed = pass.passed;
  // Which rules' checks passed in the keyword pass (every rule without checks).
  const ruleMasks = engine.nameChecks?.ruleMasks ?? ALL_PASS;
  const all = ruleMasks === ALL_PASS;
  const ruleStart = engine.outputRuleStart;
  for (let h = 0; h < hits.length; h += 2) {
    const endIndex = hits[h]!;
    const state = hits[h + 1]! / classCount;
    const mask = passed[h >> 1]!;
    const oEnd = outputStart[state + 1]!;
    for (let o = outputStart[state]!; o < oEnd; o++) {
      const kw = outputs[o]!;
      const length = keywords[kw]!.length;
      const kwStart = endIndex - length + 1;
      const rulesOf = keywordRules[kw]!;
      const first = ruleStart[o]!;
      for (let j = 0; j < rulesOf.length; j++) {
        // The rule's own check failed: its confirmation would fail the same test.
        if (!all && (mask & ruleMasks[first + j]!) === 0) continue;
        const ri = rulesOf[j]!;
        if (kwStart < coveredUntil[ri]!) continue;
        confirmHit(scan, ri, kwStart, kwStart + length);
      }
    }
  }
}

/** Stands for "no name checks": every rule's check passed. */
const ALL_PASS = new Uint32Array(0);

/** The state of one buffer's scan, shared by the hot loop and its confirmations. */
class Scan {
  readonly rules: readonly CompiledRule[];
  readonly windows: TextWindows;
  readonly length: number;
  readonly candidates: (RawFinding & { priority: number })[] = [];
  /** Per rule, where its last accepted match ended (hits before it are inside it). */
  readonly coveredUntil: Float64Array;
  /** Per rule, the end of the last bare value its checks rejected, and the reads inside it. */
  readonly runEnd: Float64Array;
  readonly runTries: Int32Array;
  /** Per rule without a name, the last start its attempts tried in vain, and in which window. */
  readonly triedTo: Float64Array;
  readonly triedIn: Float64Array;
  readonly needs: (NeedsCache | undefined)[];
  readonly cuts: (CutCursor | undefined)[];
  /**
   * Per rule, its last name walks (confirm) and their window: every
   * character in [runFrom, runTo) is a name character, and the walk back
   * from nameAt passed every start in (nameFrom, nameAt].
   */
  readonly namesIn: Float64Array;
  readonly runFrom: Float64Array;
  readonly runTo: Float64Array;
  readonly nameAt: Float64Array;
  readonly nameFrom: Float64Array;

  constructor(rules: readonly CompiledRule[], windows: TextWindows, length: number) {
    const n = rules.length;
    this.rules = rules;
    this.windows = windows;
    this.length = length;
    this.coveredUntil = new Float64Array(n).fill(-1);
    this.runEnd = new Float64Array(n).fill(-1);
    this.runTries = new Int32Array(n);
    this.triedTo = new Float64Array(n).fill(-1);
    this.triedIn = new Float64Array(n).fill(-1);
    this.needs = new Array(n).fill(undefined);
    this.cuts = new Array(n).fill(undefined);
    this.namesIn = new Float64Array(n).fill(-1);
    this.runFrom = new Float64Array(n);
    this.runTo = new Float64Array(n);
    this.nameAt = new Float64Array(n);
    this.nameFrom = new Float64Array(n);
  }
}

/** Whether the `count` characters before `at` are all `code` (a lower-case letter or digit), in any case. */
function afterRun(text: string, at: number, code: number, count: number): boolean {
  if (at < count) return false;
  for (let i = 1; i <= count; i++) if ((text.charCodeAt(at - i) | 0x20) !== code) return false;
  return true;
}

/** Confirms one keyword hit of rule `ri` (not inside its last match). */
function confirmHit(scan: Scan, ri: number, kwStart: number, kwEnd: number): void {
  const c = scan.rules[ri]!;
  // A head inside its token's match: the token was found whole.
  if (c.headOf >= 0 && kwStart < scan.coveredUntil[c.headOf]!) return;
  const windows = scan.windows;
  // Every rule reads a window holding its reach. A section's marker, cuts,
  // openings and matches lie within it too (before and after cover the
  // section's distances); a match that runs toward the window's end is read
  // again on the whole text. Decoding the whole buffer (1 MiB) for each
  // section cost a fresh large string, and its pages, per buffer.
  windows.cover(
    kwStart - c.before - CONTEXT - TEXT_MARGIN,
    kwStart + c.after + TEXT_MARGIN,
  );
  const base = windows.base;
  const text = windows.text;
  // Deep in a run of its keyword's character: the rule's look-behind rejects it, without a pattern run.
  if (c.run !== null && afterRun(text, kwStart - base, c.run.code, c.run.count)) return;
  if (
    c.needs !== null &&
    !needsWithin(c, text, kwStart - base, kwEnd - base, scan.needs, ri, windows.serial)
  ) return;
  if (c.section !== null) {
    sectionHit(scan, c, ri, kwStart);
    return;
  }
  // Inside a bare value the checks rejected, a hit reads it again to
  // its end; a few such reads judge a chain (`key:key:Ab3…`), more
  // only make `key:key:key:…` quadratic. A hit just past such a value's
  // end with no delimiter between (the value stopped at its pattern's
  // length bound, not where its run of characters ends) goes on in the same
  // run: its tries count on, and once they are spent each hit skipped moves
  // the run's end over its keyword. Counted afresh there, each 8 kB value
  // of `db.root.pw=` repeated was read MAX_RUN_TRIES times, 8 value checks
  // of every byte.
  const inside = kwStart < scan.runEnd[ri]! ||
    runGoesOn(text, scan.runEnd[ri]! - base, kwStart - base);
  if (inside && scan.runTries[ri]! >= MAX_RUN_TRIES) {
    if (kwEnd > scan.runEnd[ri]!) scan.runEnd[ri] = kwEnd;
    return;
  }
  rejectedBareEnd = -1;
  let found = c.nameless
    ? namelessHit(scan, c, ri, text, kwStart - base, kwEnd - base)
    : confirm(c, text, kwStart - base, kwEnd - base, scan, ri);
  if (found !== null && windows.end < scan.length && found.end > text.length - TEXT_MARGIN) {
    found = confirmWhole(c, windows, kwStart, kwEnd);
  } else {
    if (found !== null) {
      found.start += base;
      found.end += base;
    }
    if (rejectedBareEnd >= 0) rejectedBareEnd += base;
  }
  if (found !== null) {
    scan.candidates.push(found);
    scan.coveredUntil[ri] = found.end;
  } else if (rejectedBareEnd >= 0) {
    scan.runTries[ri] = inside ? scan.runTries[ri]! + 1 : 1;
    scan.runEnd[ri] = inside ? Math.max(scan.runEnd[ri]!, rejectedBareEnd) : rejectedBareEnd;
  }
}

/**
 * A rule without a name tries each start in [kwStart - before, kwStart]; what a
 * start yields does not depend on the hit (a match that ends before this
 * hit's keyword ends before a later one's too), so in the same window a start
 * an earlier hit tried in vain is not tried again: hits every few bytes
 * (`password 'password '…`) no longer try each start `before` times.
 * Offsets are the window's.
 */
function namelessHit(
  scan: Scan,
  c: CompiledRule,
  ri: number,
  text: string,
  kwStart: number,
  kwEnd: number,
): (RawFinding & { priority: number }) | null {
  const serial = scan.windows.serial;
  const lowest = Math.max(0, kwStart - c.before);
  const from = scan.triedIn[ri] === serial ? Math.max(lowest, scan.triedTo[ri]! + 1) : lowest;
  // No line break where a broken keyword's head holds one: no start matches.
  const found = (c.breakIn !== null &&
      !breakEndsIn(text, kwStart + c.breakIn.lo, kwStart + c.breakIn.hi)) ||
      (c.sweeps && kwStart - from === c.before && c.before >= MIN_SWEPT &&
        !anyStartIn(c, text, from))
    ? null
    : attempt(c, text, from, kwStart, kwEnd);
  if (found === null) {
    scan.triedTo[ri] = kwStart;
    scan.triedIn[ri] = serial;
  }
  return found;
}

/**
 * Least `before` of a nameless rule for its hits to be swept: a few sticky
 * attempts cost less than the sweep and then the attempts.
 */
const MIN_SWEPT = 8;

/**
 * Hits of a nameless rule that would try all its starts before its sweep
 * is compiled (the engine's `sweepAfter`; about as much as those hits' attempts cost; 18 sweeps were
 * compiled on the bench transcript, several for a handful of hits).
 */
const SWEEP_AFTER = 32;

/**
 * Whether the pattern of a nameless rule matches at some start in
 * [from, from + before] of `text`: one sticky test of the pattern behind a
 * lazy run of at most `before` characters, which tries those starts in
 * order inside the regular-expression engine, where attempt makes one call
 * per start. Exact as a filter: the run consumes the characters before a
 * start, so the pattern there sees the same text on both sides (its
 * look-behinds read the real text before it), and it holds no group, so
 * groups and back-references number as in `fast`. Run only when attempt
 * would try all `before + 1` of those starts (a hit's first in its window,
 * or one farther than `before` from the last one tried): with fewer (hits
 * close together, whose earlier starts were tried already) the sweep would
 * try starts past the keyword that attempt never tries, which cost 17
 * times the attempts on `password '` repeated. False means every attempt
 * would fail (most hits: `x: str = …` in code); true only lets the attempts
 * run.
 */
function anyStartIn(c: CompiledRule, text: string, from: number): boolean {
  let sweep = c.sweep;
  if (sweep === null) {
    // A rule with a few such hits: the attempts cost less than compiling the sweep.
    if (++c.wideHits < c.sweepAfter) return true;
    const fast = fastOf(c);
    sweep = new RegExp(`[\\s\\S]{0,${c.before}}?(?:${fast.source})`, fast.flags);
    c.sweep = sweep;
  }
  sweep.lastIndex = from;
  return sweep.test(text);
}

/**
 * Whether a line break ends at an offset in [lo, hi] of `text`: a line feed,
 * or an `n` or `N` right after a backslash (a JSON-escaped `\n`).
 */
function breakEndsIn(text: string, lo: number, hi: number): boolean {
  if (lo < 0) lo = 0;
  if (hi > text.length - 1) hi = text.length - 1;
  for (let j = lo; j <= hi; j++) {
    const b = text.charCodeAt(j);
    if (b === 0x0a) return true;
    if ((b | 0x20) === 0x6e && j > 0 && text.charCodeAt(j - 1) === BACKSLASH) return true;
  }
  return false;
}

/** A match that runs on toward the window's end: its end is the whole text's. */
function confirmWhole(
  c: CompiledRule,
  windows: TextWindows,
  kwStart: number,
  kwEnd: number,
): (RawFinding & { priority: number }) | null {
  rejectedBareEnd = -1;
  return confirm(c, windows.whole(), kwStart, kwEnd);
}

/** The rule's cut cursor in `window`, a fresh one when its last was in another. */
function cutsOf(scan: Scan, ri: number, window: number): CutCursor {
  let cursor = scan.cuts[ri];
  if (cursor === undefined || cursor.window !== window) {
    cursor = { prevEnd: 0, next: -1, nextEnd: 0, window };
    scan.cuts[ri] = cursor;
  }
  return cursor;
}

/** A hit of a section rule: its matches around the marker, read on the whole text near a window's end. */
function sectionHit(scan: Scan, c: CompiledRule, ri: number, kwStart: number): void {
  const windows = scan.windows;
  const candidates = scan.candidates;
  const section = c.section!;
  const base = windows.base;
  const text = windows.text;
  const from = candidates.length;
  let end = findInSection(
    c,
    section,
    text,
    kwStart - base,
    cutsOf(scan, ri, windows.serial),
    candidates,
  );
  let shift = base;
  if (
    windows.end < scan.length &&
    candidates.slice(from).some((f) => f.end > text.length - TEXT_MARGIN)
  ) {
    candidates.length = from;
    end = findInSection(c, section, windows.whole(), kwStart, cutsOf(scan, ri, -1), candidates);
    shift = 0;
  }
  for (let i = from; i < candidates.length; i++) {
    candidates[i]!.start += shift;
    candidates[i]!.end += shift;
  }
  if (end >= 0 && end + shift > scan.coveredUntil[ri]!) scan.coveredUntil[ri] = end + shift;
}

/** Longest match of a section's `opens`, in bytes. */
const MAX_OPENING = 64;

/**
 * The matches of a section rule for the marker at a keyword: the pattern
 * tried where `opens` matches, within the rule's distances of the marker
 * and with no cut between the two. Pushes every accepted match and returns
 * the end of the last one (-1 when none).
 */
function findInSection(
  c: CompiledRule,
  section: RuleSection,
  text: string,
  kwStart: number,
  cursor: CutCursor,
  out: (RawFinding & { priority: number })[],
): number {
  let markerStart = -1;
  let markerEnd = -1;
  for (let at = Math.max(0, kwStart - 3); at <= kwStart; at++) {
    section.marker.lastIndex = at;
    if (section.marker.test(text)) {
      markerStart = at;
      markerEnd = section.marker.lastIndex;
      break;
    }
  }
  if (markerStart < 0) return -1;
  advanceCuts(section.cut, text, cursor, markerStart);
  let last = tryOpenings(
    c,
    section,
    text,
    Math.max(cursor.prevEnd, markerStart - section.before),
    markerStart,
    out,
  );
  advanceCuts(section.cut, text, cursor, markerEnd);
  const after = tryOpenings(
    c,
    section,
    text,
    markerEnd,
    Math.min(cursor.next, markerEnd + section.after),
    out,
  );
  if (after > last) last = after;
  return last;
}

/** Moves the cursor until `next` is the first cut starting at or after `until`. */
function advanceCuts(cut: RegExp, text: string, cursor: CutCursor, until: number): void {
  while (cursor.next < until) {
    if (cursor.next >= 0) cursor.prevEnd = cursor.nextEnd;
    cut.lastIndex = Math.max(cursor.nextEnd, cursor.next + 1);
    const m = cut.exec(text);
    if (m === null) {
      cursor.next = Infinity;
      return;
    }
    cursor.next = m.index;
    cursor.nextEnd = m.index + m[0].length;
  }
}

/** Tries the pattern at every opening that starts in [from, to]; returns the last accepted end or -1. */
function tryOpenings(
  c: CompiledRule,
  section: RuleSection,
  text: string,
  from: number,
  to: number,
  out: (RawFinding & { priority: number })[],
): number {
  if (to < from) return -1;
  // A slice bounds the search for openings to the section (V8 shares the characters).
  const part = text.slice(from, Math.min(text.length, to + MAX_OPENING));
  const opens = section.opens;
  opens.lastIndex = 0;
  let last = -1;
  while (true) {
    const o = opens.exec(part);
    if (o === null || o.index > to - from) return last;
    const at = from + o.index;
    const fast = fastOf(c);
    fast.lastIndex = at;
    const m = fast.exec(text);
    const found = m === null ? null : spanOf(c, text, m, at, 0);
    if (found !== null) {
      out.push(found);
      last = found.end;
      opens.lastIndex = Math.max(o.index + 1, found.end - from);
    } else {
      opens.lastIndex = o.index + 1;
    }
  }
}

/**
 * True when the rule's `needs` literal occurs at or after `kwEnd` and ends
 * within the rule's window. Hits come in increasing order, so the last
 * answer usually holds: one forward search per occurrence, not per hit.
 */
function needsWithin(
  c: CompiledRule,
  text: string,
  kwStart: number,
  kwEnd: number,
  cache: (NeedsCache | undefined)[],
  ri: number,
  window: number,
): boolean {
  const literal = c.needs!;
  let last = cache[ri];
  if (
    last === undefined || last.window !== window || kwEnd < last.from || kwEnd > last.at
  ) {
    const at = text.indexOf(literal, kwEnd);
    last = { from: kwEnd, at: at < 0 ? Infinity : at, window };
    cache[ri] = last;
  }
  return last.at + literal.length <= kwStart + c.after;
}

/**
 * Whether the keyword hit [kwStart, kwEnd) of a rule (window offsets)
 * opens a match, and its finding. With `scan` (the hit's rule `ri`), the
 * walks over the name's run of characters go on from where this rule's
 * last walks in the same window stopped, so a long run of name characters
 * (`secret_token_` repeated) is read about once, not once per hit.
 */
function confirm(
  c: CompiledRule,
  text: string,
  kwStart: number,
  kwEnd: number,
  scan: Scan | null = null,
  ri = -1,
): (RawFinding & { priority: number }) | null {
  if (c.near) return confirmNear(c, text, kwStart);
  // Cover rules: a sticky attempt at each possible start, so no attempt
  // scans ahead; bounded quantifiers bound each attempt to the rule window.
  const lowest = Math.max(0, kwStart - c.before);
  let first = lowest;
  if (c.lead === null) {
    return attempt(c, text, first, kwStart, kwEnd);
  }
  // The run of lead characters holding the keyword is the name. Its end
  // first: what must follow it rejects most hits in prose before any walk back.
  // A keyword may end with what follows the name (`key=`, `key"`): the name ends before it.
  const names = scan !== null && scan.namesIn[ri] === scan.windows.serial ? scan : null;
  let end = kwEnd;
  while (end > kwStart && c.lead[text.charCodeAt(end - 1)] !== 1) end--;
  // [runFrom, runTo): a run of name characters an earlier hit of this rule read in this window.
  const runFrom = names === null ? -1 : names.runFrom[ri]!;
  const runTo = names === null ? -1 : names.runTo[ri]!;
  const nameEnd = end;
  let skipped = false;
  while (end < text.length && end - kwStart < MAX_NAME) {
    if (end >= runFrom && end < runTo) {
      end = Math.min(runTo, kwStart + MAX_NAME);
      skipped = true;
      continue;
    }
    if (c.lead[text.charCodeAt(end)] !== 1) break;
    end++;
  }
  if (scan !== null) {
    if (names === null) {
      scan.namesIn[ri] = scan.windows.serial;
      scan.nameAt[ri] = -1;
    }
    scan.runFrom[ri] = skipped ? runFrom : nameEnd;
    scan.runTo[ri] = skipped ? Math.max(runTo, end) : end;
  }
  if (c.follows !== null) {
    // A run longer than any name cannot be one (keyword-laden runs cost nothing).
    if (end - kwStart >= MAX_NAME) return null;
    if (c.followsFirst !== null && c.followsFirst[text.charCodeAt(end)] !== 1) return null;
    c.follows.lastIndex = end;
    if (!c.follows.test(text)) return null;
    // A placeholder value (`${VAR}`, `<token>`, `changeme`) is rejected by
    // every rule's value checks: drop it before the pattern runs.
    if (c.valueAfterOperator) {
      const value = valueStart(text, c.follows.lastIndex);
      if (value >= 0 && opensAsPlaceholder(text, value)) return null;
    }
  }
  first = kwStart;
  // Stop at an escape such as the `\n` of a JSON-escaped line break. An
  // earlier hit's walk in this window ended at nameFrom from nameAt: a walk
  // that reaches (nameFrom, nameAt] goes on from nameFrom at once.
  const nameAt = names === null ? -1 : names.nameAt[ri]!;
  const nameFrom = names === null ? -1 : names.nameFrom[ri]!;
  while (first > lowest) {
    if (first <= nameAt && first > nameFrom) {
      first = Math.max(nameFrom, lowest);
      continue;
    }
    if ((c.lead[text.charCodeAt(first - 1)] ?? 0) !== 1 || escapeEndsAt(text, first)) break;
    first--;
  }
  if (scan !== null) {
    scan.nameAt[ri] = kwStart;
    scan.nameFrom[ri] = first;
  }
  if (
    c.rejected !== null && end - first <= 96 &&
    c.rejected.rejects(c.index, text, first, end, c.rule.rejectName!)
  ) return null;
  if (c.ahead !== null) {
    c.ahead.lastIndex = first;
    if (!c.ahead.test(text)) return null;
  }
  return attempt(c, text, first, first, kwEnd);
}

/**
 * Where a value begins after an operator that ends at `at`: past the
 * blanks and one optional quote (possibly after a backslash); -1 when the
 * next byte could be read as part of the operator (`=`, `>`) or is a
 * backslash not before a quote (left to the pattern).
 */
function valueStart(text: string, at: number): number {
  let p = at;
  let c = text.charCodeAt(p);
  if (c === EQUALS || c === GREATER) return -1;
  while (c === 0x20 || c === 0x09) c = text.charCodeAt(++p);
  if (c === BACKSLASH) {
    c = text.charCodeAt(++p);
    if (!QUOTES.has(c)) return -1;
  }
  return QUOTES.has(c) ? p + 1 : p;
}

const EQUALS = 0x3d;
const GREATER = 0x3e;

/** Sticky attempts of a cover rule at each start in [first, last]. */
function attempt(
  c: CompiledRule,
  text: string,
  first: number,
  last: number,
  kwEnd: number,
): (RawFinding & { priority: number }) | null {
  const fast = fastOf(c);
  for (let at = first; at <= last; at++) {
    fast.lastIndex = at;
    const m = fast.exec(text);
    if (m === null || at + m[0].length < kwEnd) continue;
    const found = spanOf(c, text, m, at, 0);
    if (found !== null) return found;
    if (c.follows !== null && !QUOTES.has(m[0].charCodeAt(m[0].length - 1))) {
      rejectedBareEnd = Math.max(rejectedBareEnd, at + m[0].length);
    }
  }
  return null;
}

/**
 * Where the last confirmation's rejected match of an assignment rule ended,
 * when its value was bare (-1 otherwise). Hits of the same rule inside it
 * are read again at most {@linkcode MAX_RUN_TRIES} times in all; quoted
 * values (`"the token: …"`) are not counted.
 */
let rejectedBareEnd = -1;
/** Most confirmations of one rule inside one rejected bare value. */
const MAX_RUN_TRIES = 8;

/** Farthest a hit may start past a rejected bare value's end and go on in its run (runGoesOn). */
const MOST_RUN_GAP = 64;

/**
 * Bytes that end no bare value: not a blank or control byte, a quote, a
 * backslash (an escape), a separator or bracket, `&`, or a masked
 * non-ASCII byte.
 */
const RUN_BYTES = new Uint8Array(128);
for (let b = 0x21; b < 0x7f; b++) RUN_BYTES[b] = 1;
for (const c of "\"'`\\,;<>()[]{}&") RUN_BYTES[c.charCodeAt(0)] = 0;

/**
 * True when a hit at `kwStart` goes on in the run of a rejected bare value
 * that ended at `end` (window offsets): it starts at most MOST_RUN_GAP past
 * it and every byte from `end` to the hit's first holds no delimiter.
 */
function runGoesOn(text: string, end: number, kwStart: number): boolean {
  if (end < 0 || kwStart < end || kwStart - end > MOST_RUN_GAP) return false;
  for (let i = end; i <= kwStart; i++) if (RUN_BYTES[text.charCodeAt(i)] !== 1) return false;
  return true;
}
const QUOTES = new Set([0x22, 0x27, 0x60]);

function confirmNear(
  c: CompiledRule,
  text: string,
  kwStart: number,
): (RawFinding & { priority: number }) | null {
  const from = Math.max(0, kwStart - c.before);
  const winStart = Math.max(0, from - CONTEXT);
  const window = text.slice(winStart, Math.min(text.length, kwStart + c.after));
  const fast = fastOf(c);
  fast.lastIndex = from - winStart;
  while (true) {
    const m = fast.exec(window);
    if (m === null) return null;
    const found = spanOf(c, window, m, m.index, winStart);
    if (found !== null) return found;
    fast.lastIndex = m.index + 1;
  }
}

/** The opening of a `[REDACTED:<kind>]` marker. */
const MARKER_OPEN = "[REDACTED:";
const PERCENT = 0x25;
const LOWER_U = 0x75;

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);
}

/**
 * True when text[..at) ends with an escape: `\x` (say the `\n` of an
 * escaped line break), JSON `\uXXXX` or URL `%XX`; a match may start right
 * after one, as the rules' look-behind allows.
 */
function escapeEndsAt(text: string, at: number): boolean {
  if (text.charCodeAt(at - 2) === BACKSLASH) return true;
  if (
    text.charCodeAt(at - 3) === PERCENT && isHex(text.charCodeAt(at - 2)) &&
    isHex(text.charCodeAt(at - 1))
  ) return true;
  return text.charCodeAt(at - 6) === BACKSLASH && text.charCodeAt(at - 5) === LOWER_U &&
    isHex(text.charCodeAt(at - 4)) && isHex(text.charCodeAt(at - 3)) &&
    isHex(text.charCodeAt(at - 2)) && isHex(text.charCodeAt(at - 1));
}

/**
 * The finding of a match of `c.fast` that starts at `at`, or null when its
 * secret is rejected. The secret's offsets: the whole match when the
 * pattern has no `s` group; where `s` occurs in the match when it occurs
 * there once; otherwise from running `c.re` (with indices) again at the same
 * place, which yields the same match.
 */
function spanOf(
  c: CompiledRule,
  text: string,
  m: RegExpExecArray,
  at: number,
  offset: number,
): (RawFinding & { priority: number }) | null {
  // Markers are opaque: no match may take part of an earlier redaction.
  if (m[0].includes(MARKER_OPEN)) return null;
  const secret = secretOf(c, m) ?? m[0];
  // The checks read the secret and the groups, both fixed by the match's captures.
  let verdict = c.verdicts.known(c.index, m);
  if (verdict === undefined) {
    verdict = accept(c.rule, secret, matchGroups(c, m));
    c.verdicts.remember(c.index, m, verdict);
  }
  if (!verdict) return null;
  const span = secretSpan(c, text, m, at);
  if (span === null) return null;
  // A key block cut short by the pattern's bound goes on to its END line.
  let end = c.rule.armored === true && !secret.endsWith("-----")
    ? armorEnd(text, span[1])
    : span[1];
  if (c.extend !== null) {
    c.extend.lastIndex = end;
    if (c.extend.test(text)) end = c.extend.lastIndex;
  }
  if (c.wrapped !== null && opensQuoted(text, span[0])) {
    c.wrapped.lastIndex = end;
    if (c.wrapped.test(text)) end = c.wrapped.lastIndex;
  }
  return {
    kind: c.rule.kind,
    start: span[0] + offset,
    end: end + offset,
    priority: c.rule.priority,
  };
}

/** Whether the value that starts at `start` opens right after a quote (`"`, `'`, a backtick). */
function opensQuoted(text: string, start: number): boolean {
  const q = text.charCodeAt(start - 1);
  return q === 0x22 || q === 0x27 || q === 0x60;
}

/**
 * Where the secret of an accepted match of `c.fast` at `at` lies, [start,
 * end) in `text`; null only if the indexed run disagrees (it cannot: same
 * pattern, same place).
 */
function secretSpan(
  c: CompiledRule,
  text: string,
  m: RegExpExecArray,
  at: number,
): readonly [number, number] | null {
  const whole = m[0];
  const s = secretOf(c, m);
  if (s === undefined) return [at, at + whole.length];
  const first = whole.indexOf(s);
  if (first >= 0 && whole.indexOf(s, first + 1) < 0) return [at + first, at + first + s.length];
  if (c.re === null) c.re = new RegExp(c.rule.pattern.source, c.reFlags);
  c.re.lastIndex = at;
  const md = c.re.exec(text);
  if (md === null) return null;
  return md.indices?.groups?.s ?? md.indices![0]!;
}

function accept(
  rule: SecretRule,
  secret: string,
  groups: Readonly<Record<string, string | undefined>>,
): boolean {
  // Cheapest first: the rule's own check, the placeholder filters, entropy.
  if (secret.length === 0) return false;
  // A CSV head is no secret: csvs.ts judges the cells under it. The filters read its header
  // line as a value, and took a placeholder's word in it (`id,token,example`) for the table's.
  if (isCsvKind(rule.kind)) return true;
  // No secret begins or ends with a blank: `"KEY=" && echo "B="` has no
  // value, its quotes close strings rather than open one.
  if (isBlank(secret.charCodeAt(0)) || isBlank(secret.charCodeAt(secret.length - 1))) return false;
  if (rule.validate !== undefined && !rule.validate(secret, groups)) return false;
  if (isNotSecret(secret, rule.docWords !== false)) return false;
  if (groups.unq !== undefined && isSettingAsValue(secret, rule.docWords !== false)) {
    return false;
  }
  return rule.minEntropy === undefined || shannonEntropy(secret) >= rule.minEntropy;
}

/**
 * Whether a bare value with an inner `=` reads as a setting written as the
 * value, not a secret (base64 padding at its end aside): the part after its
 * last inner `=` is a placeholder (`key=value`, `key=your-secret-key`), a
 * part after an `=` opens as a reference or placeholder (`pw=$(cat f)`,
 * `x=${X}`), or every part between its `=` is shorter than four characters
 * (`a=b`, `x=y=z`, `on=yes`).
 */
function isSettingAsValue(secret: string, docWords: boolean): boolean {
  const body = secret.replace(/=+$/, "");
  const at = body.lastIndexOf("=");
  if (at < 0) return false;
  if (isNotSecret(body.slice(at + 1), docWords)) return true;
  const parts = body.split(/=+/);
  // A part after an `=` that opens as a reference or placeholder (`pw=$(cat f)`, `x=${X}`).
  let from = parts[0]!.length;
  for (let k = 1; k < parts.length; k++) {
    from = body.indexOf("=", from);
    while (body[from] === "=") from++;
    if (opensAsPlaceholder(body, from) || /^\$[({A-Za-z_]/.test(parts[k]!)) return true;
  }
  return parts.every((part) => part.length < 4);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

function resolveOverlaps(candidates: (RawFinding & { priority: number })[]): RawFinding[] {
  if (candidates.length === 0) return [];
  const ordered = [...candidates].sort((a, b) =>
    b.priority - a.priority || (b.end - b.start) - (a.end - a.start) || a.start - b.start
  );
  // Kept findings never overlap, so sorted by start they are sorted by end
  // too: one binary search finds the only neighbours a candidate can overlap.
  const kept: RawFinding[] = [];
  for (const c of ordered) {
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (kept[mid]!.start < c.start) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && kept[lo - 1]!.end > c.start) continue;
    if (lo < kept.length && kept[lo]!.start < c.end) continue;
    kept.splice(lo, 0, { kind: c.kind, start: c.start, end: c.end });
  }
  return kept;
}
