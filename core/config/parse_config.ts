/**
 * Parses `.baton/config.yaml` (YAML 1.2, npm:yaml) into baton's settings,
 * with the defaults filled in. Each top-level key is a section with its own
 * schema; unknown top-level keys are tolerated (a newer baton's file still
 * loads here) and counted, never named. Today the only section is `bands:`;
 * the lifecycle work adds its sections (`enforce:`, done gates) the same way:
 * a zod schema, a resolver with cross-field checks, and a field in
 * {@linkcode BatonConfig}. Pure: text in, settings out.
 *
 * Rank (note for the layer check): core/config is rank 1. It imports only
 * core/errors.ts (rank 0), npm:yaml and zod; core/bands (rank 3) and the
 * lifecycle work read it, never the other way round.
 *
 * Decisions:
 * - Errors give line and column and baton's own key names, never the text:
 *   npm:yaml's own messages quote the offending source line, so only its
 *   error code and position are used.
 * - Aliases are refused (at most 0 expansions): a settings file needs none,
 *   and alias expansion is how a small YAML file becomes a huge value.
 * - Loaded only when the file exists: yaml and zod together cost more
 *   start-up than a silent hook's whole budget.
 * @module
 */
import {
  type Document,
  isMap,
  isPair,
  isScalar,
  LineCounter,
  type Node,
  parseDocument,
  visit,
} from "yaml";
import { z } from "zod";
import { ConfigError, type ConfigPosition } from "./config_error.ts";
import {
  DEFAULT_ENFORCE,
  ENFORCE_MODES,
  type EnforceSettings,
  MAX_ORPHAN_HOURS,
} from "./enforce_section.ts";
import {
  DEFAULT_DONE,
  DONE_GATES,
  type DoneSettings,
  MAX_TIMEOUT_SECONDS,
} from "./done_section.ts";
import {
  BAND_LEVELS,
  BAND_SIGNALS,
  type BandSignal,
  type BandThresholds,
  DEFAULT_BAND_THRESHOLDS,
  INTEGER_SIGNAL,
  MAX_THRESHOLD,
  type SignalThresholds,
} from "./bands_section.ts";

/** Largest config file accepted, in bytes of UTF-8. */
export const MAX_CONFIG_BYTES = 64 * 1024;

/** baton's settings from `.baton/config.yaml`, defaults filled in. */
export interface BatonConfig {
  bands: BandThresholds;
  done: DoneSettings;
  enforce: EnforceSettings;
  /** Top-level keys this baton does not know (ignored). */
  unknownKeys: number;
}

/** The settings when there is no config file. */
export const DEFAULT_CONFIG: BatonConfig = Object.freeze({
  bands: DEFAULT_BAND_THRESHOLDS,
  done: DEFAULT_DONE,
  enforce: DEFAULT_ENFORCE,
  unknownKeys: 0,
});

const KNOWN_SECTIONS = ["bands", "done", "enforce"] as const;
const DONE_KEYS = [
  "enabled",
  "required",
  "allow_force",
  "tests",
  "rules",
  "deny",
  "exempt",
  "timeout_seconds",
  "name",
  "run",
] as const;
const ENFORCE_KEYS = ["mode", "orphan_hours"] as const;
const KNOWN_KEYS: readonly string[] = [
  ...KNOWN_SECTIONS,
  ...BAND_SIGNALS,
  ...BAND_LEVELS,
  ...DONE_KEYS,
  ...ENFORCE_KEYS,
];

const threshold = z.number().positive().finite();
const signalSchema = z.strictObject({
  warn: threshold.optional(),
  handoff: threshold.optional(),
  hard: threshold.optional(),
});
const bandsSchema = z.strictObject({
  pct: signalSchema.optional(),
  depth: signalSchema.optional(),
  bytes: signalSchema.optional(),
}).nullable();

type BandsInput = z.infer<typeof bandsSchema>;

const oneLine = z.string().min(1).max(4000).regex(/^[^\r\n]*$/);
const doneSchema = z.strictObject({
  enabled: z.boolean().optional(),
  required: z.array(z.enum(DONE_GATES)).optional(),
  allow_force: z.boolean().optional(),
  tests: oneLine.nullable().optional(),
  rules: z.array(
    z.strictObject({ name: z.string().min(1).max(80).regex(/^[\w .-]+$/), run: oneLine }),
  )
    .max(50).optional(),
  deny: z.array(z.string().min(1).max(80).regex(/^\S+$/)).max(200).optional(),
  exempt: z.array(z.string().min(1).max(400)).max(200).optional(),
  timeout_seconds: z.number().int().positive().max(MAX_TIMEOUT_SECONDS).optional(),
}).nullable();

const enforceSchema = z.union([
  z.enum(ENFORCE_MODES),
  z.strictObject({
    mode: z.enum(ENFORCE_MODES),
    orphan_hours: z.number().positive().max(MAX_ORPHAN_HOURS).optional(),
  }),
]);

function resolveEnforce(input: z.infer<typeof enforceSchema>): EnforceSettings {
  if (typeof input === "string") return { ...DEFAULT_ENFORCE, mode: input };
  return {
    mode: input.mode,
    orphanMs: input.orphan_hours === undefined
      ? DEFAULT_ENFORCE.orphanMs
      : Math.round(input.orphan_hours * 3600 * 1000),
  };
}

function resolveDone(input: z.infer<typeof doneSchema> | undefined): DoneSettings {
  if (input === undefined || input === null) return DEFAULT_DONE;
  return Object.freeze({
    enabled: input.enabled ?? DEFAULT_DONE.enabled,
    required: input.required ?? DEFAULT_DONE.required,
    allowForce: input.allow_force ?? DEFAULT_DONE.allowForce,
    tests: input.tests ?? DEFAULT_DONE.tests,
    rules: input.rules ?? DEFAULT_DONE.rules,
    deny: input.deny ?? DEFAULT_DONE.deny,
    exempt: (input.exempt ?? DEFAULT_DONE.exempt).map((p) => p.replace(/^\.\//, "")),
    timeoutSeconds: input.timeout_seconds ?? DEFAULT_DONE.timeoutSeconds,
  });
}

/** Finds positions of key paths in the parsed document. */
interface Locator {
  at(path: readonly (string | number)[], key?: string): ConfigPosition | null;
}

function describePath(path: readonly PropertyKey[]): string {
  const names = path.map((p) =>
    typeof p === "number" ? `[${p}]` : KNOWN_KEYS.includes(String(p)) ? String(p) : "<key>"
  );
  return names.length === 0 ? "the top level" : `"${names.join(".").replaceAll(".[", "[")}"`;
}

function expectedKeys(path: readonly PropertyKey[]): string {
  if (path[0] === "enforce") return ENFORCE_KEYS.join(", ");
  if (path[0] === "done") {
    return path.length === 1
      ? DONE_KEYS.filter((k) => k !== "name" && k !== "run").join(", ")
      : "name, run";
  }
  return path.length === 1 ? BAND_SIGNALS.join(", ") : BAND_LEVELS.join(", ");
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = describePath(issue.path);
  switch (issue.code) {
    case "unrecognized_keys":
      return `unknown key under ${where}; expected only: ${expectedKeys(issue.path)}`;
    case "invalid_type":
      return `wrong type at ${where}: expected ${
        issue.expected === "object" ? "a mapping" : `a ${issue.expected}`
      }`;
    case "too_small":
      return issue.origin === "string"
        ? `${where} must not be empty`
        : issue.origin === "array"
        ? `${where} must not be empty`
        : `${where} must be a positive number`;
    case "too_big":
      return `${where} is too large`;
    case "invalid_format":
      return `${where} must be one line (no line breaks) of the allowed characters`;
    default:
      return `${where} is not a valid value`;
  }
}

function resolveSignal(
  signal: BandSignal,
  input: { [K in "warn" | "handoff" | "hard"]?: number | undefined } | undefined,
  locator: Locator,
): SignalThresholds {
  const merged = { ...DEFAULT_BAND_THRESHOLDS[signal] };
  for (const level of BAND_LEVELS) {
    const v = input?.[level];
    if (v !== undefined) merged[level] = v;
  }
  for (const level of BAND_LEVELS) {
    const v = merged[level];
    const at = () => locator.at(["bands", signal, level]) ?? locator.at(["bands", signal]);
    if (INTEGER_SIGNAL[signal] && !Number.isInteger(v)) {
      throw new ConfigError(`"bands.${signal}.${level}" must be a whole number`, at());
    }
    if (v > MAX_THRESHOLD[signal]) {
      throw new ConfigError(
        `"bands.${signal}.${level}" is above the largest allowed value (${MAX_THRESHOLD[signal]})`,
        at(),
      );
    }
  }
  if (!(merged.warn < merged.handoff && merged.handoff < merged.hard)) {
    throw new ConfigError(
      `the thresholds of "bands.${signal}" must ascend: warn < handoff < hard (after the defaults ${
        DEFAULT_BAND_THRESHOLDS[signal].warn
      }/${DEFAULT_BAND_THRESHOLDS[signal].handoff}/${
        DEFAULT_BAND_THRESHOLDS[signal].hard
      } fill what is not set)`,
      locator.at(["bands", signal]) ?? locator.at(["bands"]),
    );
  }
  return Object.freeze(merged);
}

function resolveBands(input: BandsInput | undefined, locator: Locator): BandThresholds {
  if (input === undefined || input === null) return DEFAULT_BAND_THRESHOLDS;
  return Object.freeze({
    pct: resolveSignal("pct", input.pct, locator),
    depth: resolveSignal("depth", input.depth, locator),
    bytes: resolveSignal("bytes", input.bytes, locator),
  });
}

/** The position of the deepest part of `path` present in the file. */
function nearestPosition(
  locator: Locator,
  path: readonly (string | number)[],
): ConfigPosition | null {
  for (let n = path.length - 1; n >= 1; n--) {
    const at = locator.at(path.slice(0, n));
    if (at !== null) return at;
  }
  return null;
}

function parseSection<T>(
  schema: z.ZodType<T>,
  value: unknown,
  name: string,
  locator: Locator,
): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = [name, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
  const key = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  throw new ConfigError(
    describeIssue({ ...issue, path } as z.core.$ZodIssue),
    locator.at(path, key) ?? nearestPosition(locator, path),
  );
}

/**
 * Where the first key repeated in one mapping is (scalar keys, compared by
 * value as npm:yaml's `uniqueKeys` compares them), or null: one pass with a
 * set per mapping. npm:yaml's own check compares every pair of keys, so a
 * 64 KiB file of short keys cost 2 to 3 s here, and the gate parses a
 * repository's file on every call until one parses (a failure is not cached).
 */
function repeatedKey(doc: Document): number | null {
  let at: number | null = null;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = pair.key;
        if (!isScalar(key)) continue;
        if (seen.has(key.value)) {
          at = key.range?.[0] ?? 0;
          return visit.BREAK;
        }
        seen.add(key.value);
      }
      return undefined;
    },
  });
  return at;
}

/**
 * Parses the text of `.baton/config.yaml`. An empty file (or one holding
 * only comments) gives the defaults.
 * @throws {ConfigError} on a YAML syntax error, a top level that is not a
 * mapping, a bad value, or thresholds that do not ascend; with line and column.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const c = parseBatonConfig("bands:\n  pct: { warn: 40 }\nlater: {}\n");
 * assert.deepEqual(c.bands.pct, { warn: 40, handoff: 60, hard: 80 });
 * assert.equal(c.unknownKeys, 1);
 * assert.throws(() => parseBatonConfig("bands:\n  pct: { warn: 70 }\n"), /line 2, column 8/);
 * ```
 */
export function parseBatonConfig(text: string): BatonConfig {
  if (text.length > MAX_CONFIG_BYTES) {
    throw new ConfigError(`the file is larger than ${MAX_CONFIG_BYTES} bytes`, null);
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const position = (offset: number): ConfigPosition => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const first = doc.errors[0];
  if (first !== undefined) {
    throw new ConfigError(`YAML syntax error (${first.code})`, position(first.pos[0]));
  }
  const repeated = repeatedKey(doc);
  if (repeated !== null) {
    throw new ConfigError("YAML syntax error (DUPLICATE_KEY)", position(repeated));
  }
  const locator: Locator = {
    at(path, key) {
      const node = doc.getIn(path, true) as Node | undefined;
      if (key !== undefined && isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
        const range = pair !== undefined && isScalar(pair.key) ? pair.key.range : undefined;
        if (range) return position(range[0]);
      }
      return node?.range ? position(node.range[0]) : null;
    },
  };
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: 0 });
  } catch (e) {
    throw new ConfigError("aliases are not allowed", null, { cause: e });
  }
  if (root === null || root === undefined) return DEFAULT_CONFIG;
  if (typeof root !== "object" || Array.isArray(root)) {
    throw new ConfigError("the top level must be a mapping", locator.at([]));
  }
  const o = root as Record<string, unknown>;
  const unknownKeys =
    Object.keys(o).filter((k) => !(KNOWN_SECTIONS as readonly string[]).includes(k))
      .length;
  const bands = Object.hasOwn(o, "bands")
    ? resolveBands(parseSection(bandsSchema, o.bands, "bands", locator), locator)
    : DEFAULT_BAND_THRESHOLDS;
  const done = Object.hasOwn(o, "done")
    ? resolveDone(parseSection(doneSchema, o.done, "done", locator))
    : DEFAULT_DONE;
  const enforce = Object.hasOwn(o, "enforce")
    ? resolveEnforce(parseSection(enforceSchema, o.enforce, "enforce", locator))
    : DEFAULT_ENFORCE;
  return { bands, done, enforce, unknownKeys };
}
