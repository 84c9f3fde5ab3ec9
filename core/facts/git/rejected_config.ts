/**
 * Config values git 2.39 rejects while `git status` reads its config: a
 * boolean that is no boolean (`core.fileMode = maybe`), a number that is no
 * number or out of its range (`status.renameLimit`, `core.compression`
 * above 9, `core.abbrev` below 4), a key that needs a value and has none,
 * a name git does not know for an enumerated setting. git checks every
 * entry of the cascade as it reads it, so a bad value stops it even where
 * a later file sets a good one (a bad `core.fileMode` in ~/.gitconfig under
 * a valid repository value); a few keys it looks up once, where only the
 * value in force counts. Each key here was checked against git 2.39
 * (tests/core/facts/git_agreement_test.ts); baton then reports the work
 * tree unknown, never a status git would not give. Pure.
 * @module
 */
import type { GitConfig, GitConfigEntry } from "./parse_config.ts";
import { parseGitNumber } from "./git_number.ts";
import { statusRenames } from "./status_renames.ts";

export { parseGitNumber };

/** A kind of value and whether git accepts one (null: the key is there without `=`). */
export interface ValueKind {
  name: string;
  accepts: (value: string | null) => boolean;
}

const INT_MAX = 2n ** 31n - 1n;
const ULONG_MAX = 2n ** 64n - 1n;

/** git_parse_maybe_bool_text: 1, 0, or -1 for text that is no boolean word. */
function boolText(value: string | null): 1 | 0 | -1 {
  if (value === null) return 1;
  if (value === "") return 0;
  const v = value.toLowerCase();
  if (v === "true" || v === "yes" || v === "on") return 1;
  if (v === "false" || v === "no" || v === "off") return 0;
  return -1;
}

const isInt = (value: string | null) => value !== null && parseGitNumber(value, INT_MAX) !== null;
const isBool = (value: string | null) => boolText(value) >= 0 || isInt(value);
const hasValue = (value: string | null) => value !== null;
/** A boolean, or one of `words` (compared ignoring case where `anyCase`). */
const boolOr = (words: string[], anyCase = true) => (value: string | null) =>
  value !== null && words.includes(anyCase ? value.toLowerCase() : value) || isBool(value);
const oneOf = (words: string[], anyCase = false) => (value: string | null) =>
  value !== null && words.includes(anyCase ? value.toLowerCase() : value);
/** A comma-separated list of `words` (blanks around each allowed). */
const listOf = (words: string[]) => (value: string | null) =>
  value !== null && value.split(",").every((w) => words.includes(w.trim()));

const COLOR_NAMES = ["normal", "default", "black", "red", "green", "yellow", "blue", "magenta"]
  .concat(["cyan", "white"]);
const COLOR_ATTRIBUTES = ["bold", "dim", "italic", "ul", "blink", "reverse", "strike"];

/** git's color_parse: up to two colors and any attributes, or nothing. */
function isColor(value: string | null): boolean {
  if (value === null) return false;
  let colors = 0;
  for (const word of value.toLowerCase().split(/[ \t\n\v\f\r]+/).filter((w) => w !== "")) {
    const name = word.startsWith("bright") ? word.slice(6) : word;
    const n = /^-?[0-9]+$/.test(word) ? Number(word) : NaN;
    if (
      COLOR_NAMES.includes(name) || /^#[0-9a-f]{6}$/.test(word) || (n >= -1 && n <= 255)
    ) {
      if (++colors > 2) return false;
      continue;
    }
    const attr = word.replace(/^no-?/, "");
    if (word === "reset" || COLOR_ATTRIBUTES.includes(attr)) continue;
    return false;
  }
  return true;
}

const KIND = {
  bool: { name: "bool", accepts: isBool },
  int: { name: "int", accepts: isInt },
  ulong: {
    name: "ulong",
    accepts: (v: string | null) => v !== null && parseGitNumber(v, ULONG_MAX, true) !== null,
  },
  boolOrInt: { name: "boolOrInt", accepts: isBool },
  value: { name: "value", accepts: hasValue },
  compression: {
    name: "compression",
    accepts: (v: string | null) => {
      const n = v === null ? null : parseGitNumber(v, INT_MAX);
      return n !== null && n >= -1n && n <= 9n;
    },
  },
  abbrev: {
    name: "abbrev",
    accepts: (v: string | null) => {
      if (v === null) return false;
      if (v.toLowerCase() === "auto" || boolText(v) === 0) return true;
      const n = parseGitNumber(v, INT_MAX);
      return n !== null && n >= 4n && n <= 40n;
    },
  },
  commentChar: {
    name: "commentChar",
    accepts: (v: string | null) =>
      v !== null && (v.toLowerCase() === "auto" || new TextEncoder().encode(v).length === 1),
  },
  color: { name: "color", accepts: isColor },
  colorBool: { name: "colorBool", accepts: boolOr(["never", "always", "auto"]) },
  renames: { name: "renames", accepts: boolOr(["copies", "copy"]) },
  autocrlf: { name: "autocrlf", accepts: boolOr(["input"]) },
  safecrlf: { name: "safecrlf", accepts: boolOr(["warn"]) },
  logAllRefUpdates: { name: "logAllRefUpdates", accepts: boolOr(["always"]) },
  autoSetupMerge: {
    name: "autoSetupMerge",
    accepts: boolOr(["always", "inherit", "simple"], false),
  },
  ignoreSubmodules: {
    name: "ignoreSubmodules",
    accepts: oneOf(["none", "untracked", "dirty", "all"]),
  },
  diffAlgorithm: {
    name: "diffAlgorithm",
    accepts: oneOf(["myers", "default", "minimal", "patience", "histogram"], true),
  },
  colorMoved: {
    name: "colorMoved",
    accepts: (v: string | null) =>
      oneOf(["no", "plain", "blocks", "zebra", "default", "dimmed-zebra", "dimmed_zebra"])(v) ||
      boolText(v) >= 0,
  },
  colorMovedWs: {
    name: "colorMovedWs",
    // allow-indentation-change combines with none of the ignore-* modes.
    accepts: (v: string | null) =>
      listOf([
        "no",
        "ignore-space-change",
        "ignore-space-at-eol",
        "ignore-all-space",
        "allow-indentation-change",
      ])(v) &&
      !(/allow-indentation-change/.test(v!) && /ignore-/.test(v!)),
  },
  wsErrorHighlight: {
    name: "wsErrorHighlight",
    accepts: (v: string | null) =>
      v === "" || listOf(["none", "default", "all", "old", "new", "context"])(v),
  },
  createObject: { name: "createObject", accepts: oneOf(["rename", "link"]) },
  autoSetupRebase: {
    name: "autoSetupRebase",
    accepts: oneOf(["never", "local", "remote", "always"]),
  },
  pushDefault: {
    name: "pushDefault",
    accepts: oneOf(["nothing", "matching", "simple", "upstream", "tracking", "current"]),
  },
  column: {
    name: "column",
    accepts: (v: string | null) =>
      v !== null &&
      v.split(/[ ,]+/).filter((w) => w !== "").every((w) =>
        ["always", "never", "auto", "plain", "column", "row", "dense", "nodense"].includes(w)
      ),
  },
} satisfies Record<string, ValueKind>;

const ADVICE = [
  "addEmbeddedRepo",
  "addEmptyPathspec",
  "addIgnoredFile",
  "amWorkDir",
  "checkoutAmbiguousRemoteBranchName",
  "commitBeforeMerge",
  "detachedHead",
  "fetchShowForcedUpdates",
  "graftFileDeprecated",
  "ignoredHook",
  "implicitIdentity",
  "nestedTag",
  "objectNameWarning",
  "pushAlreadyExists",
  "pushFetchFirst",
  "pushNeedsForce",
  "pushNonFastForward",
  "pushNonFFCurrent",
  "pushNonFFMatching",
  "pushRefNeedsUpdate",
  "pushUnqualifiedRefName",
  "pushUpdateRejected",
  "resetNoRefresh",
  "resolveConflict",
  "rmHints",
  "sequencerInUse",
  "setUpstreamFailure",
  "skippedCherryPicks",
  "statusAheadBehindWarning",
  "statusHints",
  "statusUoption",
  "submoduleAlternateErrorStrategyDie",
  "submodulesNotUpdated",
  "suggestDetachingHead",
  "updateSparsePath",
  "waitingForEditor",
];

const STATUS_COLOR_SLOTS = ["header", "added", "updated", "changed", "untracked", "branch"]
  .concat(["nobranch", "localBranch", "remoteBranch", "unmerged"]);
const DIFF_COLOR_SLOTS = ["plain", "context", "meta", "frag", "func", "old", "new", "commit"]
  .concat(["whitespace", "oldMoved", "newMoved"]);

/** Keys as git names them (section and key any case, a subsection as written) and their kinds. */
const KEYS: Record<string, ValueKind> = {
  ...Object.fromEntries(
    [
      "core.fileMode",
      "core.ignoreCase",
      "core.trustCtime",
      "core.quotePath",
      "core.symlinks",
      "core.bare",
      "core.warnAmbiguousRefs",
      "core.precomposeUnicode",
      "core.protectHFS",
      "core.protectNTFS",
      "core.sparseCheckout",
      "core.sparseCheckoutCone",
      "core.preloadIndex",
      "core.multiPackIndex",
      "core.commitGraph",
      "core.fsyncObjectFiles",
      "core.useReplaceRefs",
      "core.ignoreStat",
      "color.pager",
      "status.relativePaths",
      "status.short",
      "status.branch",
      "status.aheadBehind",
      "status.showStash",
      "status.displayCommentPrefix",
      "diff.noPrefix",
      "diff.mnemonicPrefix",
      "diff.relative",
      "diff.autoRefreshIndex",
      "diff.suppressBlankEmpty",
      "diff.indentHeuristic",
      "index.sparse",
      "feature.manyFiles",
      "feature.experimental",
      "user.useConfigOnly",
      "sparse.expectFilesOutsideOfPatterns",
      "fetch.writeCommitGraph",
      ...ADVICE.map((a) => `advice.${a}`),
    ].map((k) => [k, KIND.bool]),
  ),
  ...Object.fromEntries(
    [
      "status.renameLimit",
      "diff.renameLimit",
      "diff.context",
      "diff.interHunkContext",
      "diff.statGraphWidth",
      "index.version",
    ].map((k) => [k, KIND.int]),
  ),
  ...Object.fromEntries(
    [
      "core.deltaBaseCacheLimit",
      "core.packedGitWindowSize",
      "core.packedGitLimit",
      "core.bigFileThreshold",
      "pack.packSizeLimit",
    ].map((k) => [k, KIND.ulong]),
  ),
  ...Object.fromEntries(
    [
      "core.untrackedCache",
      "core.fsync",
      "core.fsyncMethod",
      "core.checkStat",
      "core.checkRoundtripEncoding",
      "core.notesRef",
      "core.whitespace",
      "core.attributesFile",
      "core.excludesFile",
      "core.hooksPath",
      "core.editor",
      "core.askPass",
      "i18n.commitEncoding",
      "i18n.logOutputEncoding",
      "user.name",
      "user.email",
      "author.name",
      "author.email",
      "committer.name",
      "committer.email",
      "mailmap.file",
      "mailmap.blob",
      "diff.external",
      "diff.orderFile",
      "diff.wordRegex",
      "diff.submodule",
      "diff.dirstat",
      "status.showUntrackedFiles",
    ].map((k) => [k, KIND.value]),
  ),
  "status.submoduleSummary": KIND.boolOrInt,
  "index.threads": KIND.boolOrInt,
  "core.compression": KIND.compression,
  "core.looseCompression": KIND.compression,
  "pack.compression": KIND.compression,
  "core.abbrev": KIND.abbrev,
  "core.commentChar": KIND.commentChar,
  "color.ui": KIND.colorBool,
  "color.status": KIND.colorBool,
  "color.diff": KIND.colorBool,
  "color.advice": KIND.colorBool,
  "status.color": KIND.colorBool,
  "diff.color": KIND.colorBool,
  "status.renames": KIND.renames,
  "diff.renames": KIND.renames,
  "core.autocrlf": KIND.autocrlf,
  "core.safecrlf": KIND.safecrlf,
  "core.logAllRefUpdates": KIND.logAllRefUpdates,
  "branch.autoSetupMerge": KIND.autoSetupMerge,
  "branch.autoSetupRebase": KIND.autoSetupRebase,
  "push.default": KIND.pushDefault,
  "diff.ignoreSubmodules": KIND.ignoreSubmodules,
  "diff.algorithm": KIND.diffAlgorithm,
  "diff.colorMoved": KIND.colorMoved,
  "diff.colorMovedWS": KIND.colorMovedWs,
  "diff.wsErrorHighlight": KIND.wsErrorHighlight,
  "core.createObject": KIND.createObject,
  "column.ui": KIND.column,
  "column.status": KIND.column,
  ...Object.fromEntries(STATUS_COLOR_SLOTS.map((s) => [`color.status.${s}`, KIND.color])),
  ...Object.fromEntries(DIFF_COLOR_SLOTS.map((s) => [`color.diff.${s}`, KIND.color])),
};

/**
 * Keys git looks up once, after reading every file (its config set): only
 * the value in force counts, a bad one beneath a good one is never parsed.
 */
const LAST_WINS = new Set([
  "core.multiPackIndex",
  "core.commitGraph",
  "core.untrackedCache",
  "index.sparse",
  "index.version",
  "index.threads",
  "feature.manyFiles",
  "feature.experimental",
  "fetch.writeCommitGraph",
]);

/** Keys of any subsection (`filter.<driver>.required`), by section and key. */
const ANY_SUBSECTION: Record<string, ValueKind> = {
  "filter.required": KIND.bool,
  "filter.clean": KIND.value,
  "filter.smudge": KIND.value,
  "filter.process": KIND.value,
  "diff.binary": KIND.bool,
  "diff.cacheTextConv": KIND.bool,
  "diff.textconv": KIND.value,
  "diff.funcname": KIND.value,
  "diff.xfuncname": KIND.value,
  "diff.wordRegex": KIND.value,
  "diff.command": KIND.value,
};

/** Lookup form: section and key lower-cased, a subsection kept. */
function lookupName(name: string): string {
  const first = name.indexOf(".");
  const last = name.lastIndexOf(".");
  const section = name.slice(0, first).toLowerCase();
  const key = name.slice(last + 1).toLowerCase();
  return first === last ? `${section}.${key}` : `${section}.${name.slice(first + 1, last)}.${key}`;
}

const BY_LOOKUP = new Map(
  Object.entries(KEYS).map(([k, v]) => [lookupName(k), { name: k, kind: v }]),
);
const ANY_BY_LOOKUP = new Map(
  Object.entries(ANY_SUBSECTION).map((
    [k, v],
  ) => [k.toLowerCase(), { name: k.replace(".", ".<driver>."), kind: v }]),
);

/** Every key checked, as git names it, with its kind (`<driver>` for any subsection). */
export const REJECTED_CONFIG_KEYS: ReadonlyArray<
  { name: string; kind: ValueKind; lastWins: boolean }
> = [
  ...[...BY_LOOKUP.values()].map((r) => ({ ...r, lastWins: LAST_WINS.has(r.name) })),
  ...[...ANY_BY_LOOKUP.values()].map((r) => ({ ...r, lastWins: false })),
];

/** The rule for one entry, if git checks it. */
function ruleOf(e: GitConfigEntry): { name: string; kind: ValueKind } | undefined {
  if (e.subsection === null) return BY_LOOKUP.get(`${e.section}.${e.key}`);
  return BY_LOOKUP.get(`${e.section}.${e.subsection}.${e.key}`) ??
    ANY_BY_LOOKUP.get(`${e.section}.${e.key}`);
}

/**
 * The first key of the cascade whose value git rejects, as this module
 * names it (never the value), or null when git accepts every one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * const at = (t: string) => rejectedConfigKey(parseGitConfig(t));
 * assert.equal(at("[core]\nfileMode = maybe\nfileMode = true\n"), "core.fileMode");
 * assert.equal(at("[core]\ncompression = 10\n"), "core.compression");
 * assert.equal(at("[core]\nfileMode = 0x10\ncompression = 9\nabbrev = auto\n"), null);
 * assert.equal(at("[status]\nrenames = no\n[diff]\nrenames = maybe\n"), null); // never parsed
 * ```
 */
export function rejectedConfigKey(config: GitConfig): string | null {
  const last = new Map<string, { name: string; kind: ValueKind; value: string | null }>();
  // git status never parses a diff.renames or diff.renameLimit met after its own value is set.
  const { skipped } = statusRenames(config);
  for (const e of config.entries) {
    const rule = ruleOf(e);
    if (rule === undefined || skipped.has(e)) continue;
    if (LAST_WINS.has(rule.name)) last.set(rule.name, { ...rule, value: e.value });
    else if (!rule.kind.accepts(e.value)) return rule.name;
  }
  for (const rule of last.values()) if (!rule.kind.accepts(rule.value)) return rule.name;
  return null;
}

/** Why the work tree is unknown where git rejects a config value (names the key, never its value). */
export function rejectedConfigReason(key: string): string {
  return `the config sets ${key} to a value git rejects: git stops and gives no status`;
}
