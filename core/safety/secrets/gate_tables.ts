/**
 * What the keyword gate reads (keyword_gate.ts), without the module of the
 * tables' fingerprint: the packed tables (tables_generated.bin, the same
 * bytes tables_generated.ts imports) and, per keyword id, how many rules
 * own it (tables_owners_generated.bin, one byte each, written by `deno task
 * gen` from the same fingerprint and checked with it by `deno task check`).
 * The fingerprint's module is a 59 KB source a process parses and compiles
 * for one string the gate only counts in (about 0.4 MB of resident memory
 * more than the two raw imports); a load or preflight whose facts hold no
 * candidate never loads it. Internal.
 * @module
 */
import type { GateTables } from "./keyword_gate.ts";
import data from "./tables_generated.bin" with { type: "bytes" };
import ruleCounts from "./tables_owners_generated.bin" with { type: "bytes" };

/** The packed tables and each keyword's count of owning rules. */
export const GATE_TABLES: GateTables = { data, ruleCounts };
