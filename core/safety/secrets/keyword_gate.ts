/**
 * Whether strings could hold a secret at all, told by the keyword pass alone:
 * the prebuilt keyword automaton and name checks (tables_generated.ts) run
 * over each string, and a string could hold one only when some hit passes
 * the name checks of a rule that owns its keyword. The engine confirms
 * nothing else (engine.ts findSecretsIn: every finding starts from such a
 * hit, and a copy is redacted only where a finding was made), so where the
 * gate says no, a scan finds nothing and redaction leaves every string as
 * it is. Callers redacting short strings (the facts a briefing re-checks)
 * ask the gate first and load the rules and build the engine only when it
 * says yes: the rule modules and their patterns cost a process more than
 * the keyword pass over a few hundred strings.
 *
 * The gate reads how many rules own each keyword, as the tables'
 * fingerprint says (gate_tables.ts: the counts written beside the tables,
 * so the fingerprint's module is not loaded; or counted in the fingerprint,
 * making no keyword strings), and the packed sections without a start
 * bitmap or transition table, so it holds exactly when the tables are current
 * (tests/core/safety/secrets/tables_generated_test.ts and `deno task check`
 * fail otherwise). The pass over a string stops at the first hit a rule
 * owning its keyword could confirm and keeps no list of hits: the answer is
 * the same as checking every hit after the scan, and a preflight of a 50k-file
 * repository with 150 changed paths spends about half the CPU on it (7.8 ->
 * 4.0 ms over its facts, 11 interleaved rounds; 1.4 -> 1.3 ms over a clean
 * one's), most of the rest having been the per-string hit arrays' garbage.
 * Pure: no I/O.
 * @module
 */
import { decodePacked, fingerprintRuleCounts, type PrebuiltTables } from "./prebuilt.ts";
import { lazyRows } from "./lazy_rows.ts";
import { namePasses } from "./prefilter_ts.ts";
import { SCAN_BOUNDS } from "../../bounds.ts";
import { stripColour } from "./ansi.ts";

/** A keyword pass that tells whether a buffer could hold a secret. */
export interface KeywordGate {
  /** False only when no rule could confirm a finding in `bytes`. */
  mayHold(bytes: Uint8Array): boolean;
}

/** The packed tables and, per keyword id, how many rules own it (gate_tables.ts). */
export interface GateTables {
  /** The packed tables (prebuilt.ts encodeTables); read, never written. */
  data: Uint8Array;
  /** Keyword id -> count of the rules that own it (the fingerprint's counts). */
  ruleCounts: ArrayLike<number>;
}

/**
 * The gate over prebuilt tables.
 * @param tables GATE_TABLES (gate_tables.ts), or the stored tables and their fingerprint (SECRET_TABLES): the same gate.
 * @returns The gate.
 * @throws {RangeError} when the tables or their fingerprint are not in this format.
 */
export function createKeywordGate(tables: GateTables | PrebuiltTables): KeywordGate {
  // The counts alone, and the sections without the keywords: the gate reads
  // no keyword, start bitmap or table (splitting the fingerprint into its
  // keywords and owners cost about 0.9 MiB of RSS at the end of a load).
  const ruleCounts = "ruleCounts" in tables
    ? tables.ruleCounts
    : fingerprintRuleCounts(tables.fingerprint);
  if (ruleCounts === null) {
    throw new RangeError("Prebuilt scanner tables have another fingerprint format");
  }
  const { classes, outputStart, outputs, nameChecks, packedRows } = decodePacked(tables.data);
  // The rows the pass reaches, made as it reaches them (lazy_rows.ts): the
  // gate's strings are short, and the whole table would cost more than them.
  const rows = lazyRows(packedRows);
  const { classCount } = packedRows;
  // Where each output's rules begin in the name checks' rule masks (as engine.ts lays them).
  const outputRuleStart = new Uint32Array(outputs.length + 1);
  for (let o = 0; o < outputs.length; o++) {
    const count = ruleCounts[outputs[o]!];
    if (count === undefined) throw new RangeError("Prebuilt scanner tables are malformed");
    outputRuleStart[o + 1] = outputRuleStart[o]! + count;
  }
  const { ruleMasks } = nameChecks;
  /** Whether a rule owning an output of `state` is among those whose name checks passed (`mask`). */
  const ruleOwns = (state: number, mask: number): boolean => {
    for (let o = outputStart[state]!; o < outputStart[state + 1]!; o++) {
      for (let r = outputRuleStart[o]!; r < outputRuleStart[o + 1]!; r++) {
        if ((mask & ruleMasks[r]!) !== 0) return true;
      }
    }
    return false;
  };
  return {
    mayHold(bytes) {
      if (isDigestText(bytes)) return false;
      // The scan reads the text without colour codes too (engine.ts findSecrets).
      const plain = stripColour(bytes);
      if (plain !== null && this.mayHold(plain.bytes)) return true;
      // The keyword pass (scanLazyRows' loop), stopping at the first hit a rule owning it
      // could confirm: the same answer as collecting every hit first, without the hit lists.
      let row = 0;
      for (let i = 0; i < bytes.length; i++) {
        const e = rows.entry(row, classes[bytes[i]!]!);
        row = e & 0x3fffffff;
        if (e < 0x80000000) continue;
        const mask = namePasses(nameChecks, bytes, i, row);
        if (mask !== 0 && ruleOwns(row / classCount, mask)) return true;
      }
      return false;
    },
  };
}

/**
 * The kinds of the rules that own a keyword made only of hex digits (the
 * only keywords a hex digest can hold), each with why no digest matches it:
 * {@linkcode isDigestText} relies on this list, and the gate's test fails
 * when the rules owning such keywords change, so the reasons are checked
 * again then.
 */
export const HEX_KEYWORD_RULES: Readonly<Record<string, string>> = {
  aws_access_key_id: "its prefix is upper case (AKIA, ASIA, ABIA, ACCA)",
  twitter_bearer_token: "it opens with 20 or more upper-case A",
  square_token: "its prefixes hold q and - or upper case (sq0atp-, sq0csp-, EAAA)",
  facebook_access_token: "its prefix is upper case (EAA)",
  clickhouse_api_secret:
    "it is a run of exactly 42 letters and digits (a digest's run is 40 or 64)",
  salesforce_access_token: "its prefix holds an upper-case D (00D)",
  azure_identifiable_key: "its signature holds upper case (ACDb and the like)",
  twilio_auth_token: "its Account SID opens with upper-case AC and a token follows it",
};

/**
 * Whether the bytes are a lower-case hex object id or digest (40 or 64 hex
 * digits, `sha256:` before them or not): a commit id or a file hash, which
 * no rule matches (see {@linkcode HEX_KEYWORD_RULES}). About one such
 * string in 80 (one sha256 digest in 30) holds a hex keyword (`eaa`, `00d`,
 * `acca`...), which alone would open the gate.
 */
function isDigestText(bytes: Uint8Array): boolean {
  const n = bytes.length;
  let from = 0;
  if (n === 71) {
    for (; from < SHA256_PREFIX.length; from++) {
      if (bytes[from] !== SHA256_PREFIX[from]) return false;
    }
  } else if (n !== 40 && n !== 64) return false;
  for (let i = from; i < n; i++) {
    const b = bytes[i]!;
    if ((b < 0x30 || b > 0x39) && (b < 0x61 || b > 0x66)) return false;
  }
  return true;
}

/** `sha256:`, the prefix of a digest as baton writes one. */
const SHA256_PREFIX = new TextEncoder().encode("sha256:");

const encoder = new TextEncoder();

/**
 * Whether any string in `value` (strings, arrays and plain objects, walked
 * to the scan bounds) could hold a secret. True as well past the bounds,
 * where the scan itself would stop: the caller then runs it and gets its
 * answer.
 * @param gate From {@linkcode createKeywordGate}.
 * @param value The value to walk.
 * @returns False only when a scan of every string would find nothing.
 */
export function anyMayHoldSecret(gate: KeywordGate, value: unknown): boolean {
  let items = 0;
  const walk = (v: unknown, depth: number): boolean => {
    if (++items > SCAN_BOUNDS.maxItems) return true;
    if (typeof v === "string") return gate.mayHold(encoder.encode(v));
    if (v === null || typeof v !== "object") return false;
    if (depth >= SCAN_BOUNDS.maxDepth) return true;
    for (const e of Array.isArray(v) ? v : Object.values(v)) if (walk(e, depth + 1)) return true;
    return false;
  };
  return walk(value, 0);
}
