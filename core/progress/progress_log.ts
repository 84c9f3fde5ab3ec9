/**
 * The progress log's hash chain, pure. `.baton/progress.md` is an optional,
 * append-only log of dated entries: an entry runs from a `## YYYY-MM-DD`
 * heading (anything may follow the date on that line) to the line before
 * the next such heading. Text before the first heading is a preamble and
 * is not chained.
 *
 * Each entry is hashed in a canonical form: CRLF line endings read as LF
 * (a CRLF-only change is not tamper), trailing blank separator lines
 * dropped (so appending an entry after it leaves its hash alone);
 * everything else, whitespace inside the body included, is covered. The
 * last N entries' hashes are recorded, with a digest over the record
 * itself, under the `progress_chain` key of `index.json` in baton's private
 * state directory (`<git dir>/baton`):
 *
 * ```json
 * { "progress_chain": { "version": 1, "n": 20,
 *     "tail": [ { "heading": "## 2026-12-01 23:40 UTC", "sha256": "sha256:…" } ],
 *     "before": 0,
 *     "chain": "sha256:<canonical JSON of version, n, tail and before>",
 *     "last_synced_at": "…" } }
 * ```
 *
 * The log verifies when the recorded tail is found, contiguous and in
 * order, among the current entries; entries after it are appended ones not
 * yet chained (fine). The record also holds how many entries preceded the
 * tail (`before`), so an entry inserted or deleted before it is CRITICAL;
 * what those earlier entries say is not chained, and they are counted as not
 * verified. A record from before `before` was kept knows that count only
 * when its tail is shorter than N (it was then the whole log). An entry of
 * the tail edited, deleted or moved, or a record that is not one (malformed
 * JSON, wrong shape, digest mismatch), is CRITICAL.
 * @module
 */
import { canonicalJson } from "../json/canonical.ts";
import { sha256Id } from "../hash.ts";

/** Entries chained by default. */
export const PROGRESS_CHAIN_N = 20;
/** The index.json key of the chain record. */
export const PROGRESS_CHAIN_KEY = "progress_chain";

const HEADING = /^## \d{4}-\d{2}-\d{2}(?:\s.*)?$/;

/** One entry of the log. */
export interface ProgressEntry {
  heading: string;
  /** 1-based line of the heading. */
  line: number;
  /** The canonical text hashed. */
  canonical: string;
}

/** One recorded entry. */
export interface ChainedEntry {
  heading: string;
  sha256: string;
}

/** The record kept in index.json. */
export interface ProgressChain {
  version: 1;
  n: number;
  tail: ChainedEntry[];
  /** Entries before the tail when it was recorded; absent in a record from before it was kept. */
  before?: number;
  chain: string;
  last_synced_at: string;
}

/**
 * Splits the log into entries, canonical form computed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseProgress } from "./progress_log.ts";
 * const e = parseProgress("intro\n## 2026-01-01\n- a\n\n\n## 2026-01-02\r\n- b\r\n");
 * assert.deepEqual(e.map((x) => x.canonical), ["## 2026-01-01\n- a", "## 2026-01-02\n- b"]);
 * ```
 */
export function parseProgress(text: string): ProgressEntry[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const out: ProgressEntry[] = [];
  let current: { heading: string; line: number; body: string[] } | null = null;
  const close = () => {
    if (current === null) return;
    const body = [...current.body];
    while (body.length > 0 && /^[ \t]*$/.test(body[body.length - 1]!)) body.pop();
    out.push({
      heading: current.heading,
      line: current.line,
      canonical: [current.heading, ...body].join("\n"),
    });
  };
  lines.forEach((l, i) => {
    if (HEADING.test(l)) {
      close();
      current = { heading: l, line: i + 1, body: [] };
    } else if (current !== null) current.body.push(l);
  });
  close();
  return out;
}

/** The hash of one entry's canonical form. */
export async function entryDigest(e: ProgressEntry): Promise<string> {
  return await sha256Id(e.canonical);
}

async function chainDigest(
  n: number,
  tail: readonly ChainedEntry[],
  before: number | undefined,
): Promise<string> {
  return await sha256Id(
    canonicalJson(before === undefined ? { version: 1, n, tail } : { version: 1, n, tail, before }),
  );
}

/** The chain record for the current entries. */
export async function buildProgressChain(
  entries: readonly ProgressEntry[],
  syncedAt: string,
  n = PROGRESS_CHAIN_N,
): Promise<ProgressChain> {
  const tail: ChainedEntry[] = [];
  for (const e of entries.slice(-n)) {
    tail.push({ heading: e.heading, sha256: await entryDigest(e) });
  }
  const before = entries.length - tail.length;
  return {
    version: 1,
    n,
    tail,
    before,
    chain: await chainDigest(n, tail, before),
    last_synced_at: syncedAt,
  };
}

/** The record read back, or why it is not one. */
export type ChainRecord =
  | { ok: true; chain: ProgressChain }
  | { ok: false; why: string };

/** Checks the `progress_chain` value of index.json; never throws. */
export async function readProgressChain(value: unknown): Promise<ChainRecord> {
  const v = value as Record<string, unknown>;
  if (
    typeof value !== "object" || value === null || Array.isArray(value) || v.version !== 1 ||
    !Number.isInteger(v.n) || (v.n as number) < 1 || !Array.isArray(v.tail) ||
    typeof v.chain !== "string" || typeof v.last_synced_at !== "string"
  ) {
    return {
      ok: false,
      why: "the progress_chain record is not {version 1, n, tail, chain, last_synced_at}",
    };
  }
  const tail: ChainedEntry[] = [];
  for (const e of v.tail as unknown[]) {
    const o = e as Record<string, unknown>;
    if (
      typeof e !== "object" || e === null || typeof o.heading !== "string" ||
      typeof o.sha256 !== "string"
    ) {
      return { ok: false, why: "a progress_chain tail entry is not {heading, sha256}" };
    }
    tail.push({ heading: o.heading, sha256: o.sha256 });
  }
  const before = v.before;
  if (before !== undefined && (!Number.isSafeInteger(before) || (before as number) < 0)) {
    return { ok: false, why: "the progress_chain record's before is not a count" };
  }
  if ((await chainDigest(v.n as number, tail, before as number | undefined)) !== v.chain) {
    return { ok: false, why: "the progress_chain record was altered (its digest does not match)" };
  }
  return {
    ok: true,
    chain: {
      version: 1,
      n: v.n as number,
      tail,
      ...(before === undefined ? {} : { before: before as number }),
      chain: v.chain,
      last_synced_at: v.last_synced_at,
    },
  };
}

/** One CRITICAL finding. */
export interface ProgressProblem {
  kind: "edited_or_deleted" | "reordered" | "inserted" | "malformed_index";
  /** The recorded heading concerned (headings are the user's own text). */
  heading: string | null;
  message: string;
}

/** The verdict. */
export interface ProgressVerdict {
  /** intact; tampered; unchained: entries exist but no chain was ever recorded; empty: no log. */
  status: "intact" | "tampered" | "unchained" | "empty";
  entries: number;
  /** Entries recorded in the chain. */
  chained: number;
  /** Entries after the recorded tail, appended since the last sync. */
  unsynced: number;
  /**
   * Entries before the recorded tail when the chain was cut to its last `n`
   * entries: the record holds no digest of them, so they are not verified.
   */
  unverified: number;
  problems: ProgressProblem[];
}

/**
 * Verifies the current entries against the recorded chain (null: none recorded).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildProgressChain, parseProgress, verifyProgress } from "./progress_log.ts";
 * const chain = await buildProgressChain(parseProgress("## 2026-01-01\n- a\n"), "t");
 * assert.equal((await verifyProgress(parseProgress("## 2026-01-01\r\n- a\r\n"), chain)).status, "intact");
 * assert.equal((await verifyProgress(parseProgress("## 2026-01-01\n- b\n"), chain)).status, "tampered");
 * ```
 */
export async function verifyProgress(
  entries: readonly ProgressEntry[],
  chain: ProgressChain | null,
): Promise<ProgressVerdict> {
  const base = {
    entries: entries.length,
    chained: chain?.tail.length ?? 0,
    unsynced: 0,
    unverified: 0,
  };
  if (chain === null) {
    return { ...base, status: entries.length === 0 ? "empty" : "unchained", problems: [] };
  }
  const digests = await Promise.all(entries.map(entryDigest));
  const tail = chain.tail;
  if (tail.length === 0) {
    return { ...base, status: "intact", unsynced: entries.length, problems: [] };
  }
  for (let p = digests.length - tail.length; p >= 0; p--) {
    if (!tail.every((t, j) => digests[p + j] === t.sha256)) continue;
    // How many entries preceded the tail: recorded, or, in an older record, known only when
    // the tail is shorter than n (it was then the whole log).
    const expected = chain.before ?? (tail.length < chain.n ? 0 : null);
    if (expected !== null && p !== expected) {
      const k = Math.abs(p - expected);
      const count = `${k} entr${k === 1 ? "y was" : "ies were"}`;
      return {
        ...base,
        status: "tampered",
        problems: [
          p > expected
            ? {
              kind: "inserted",
              heading: tail[0]!.heading,
              message: `${count} inserted before the first chained entry`,
            }
            : {
              kind: "edited_or_deleted",
              heading: tail[0]!.heading,
              message: `${count} deleted before the first chained entry`,
            },
        ],
      };
    }
    return {
      ...base,
      status: "intact",
      unsynced: digests.length - (p + tail.length),
      unverified: p,
      problems: [],
    };
  }
  const problems: ProgressProblem[] = [];
  let last = -1;
  for (const t of tail) {
    const at = digests.lastIndexOf(t.sha256);
    if (at < 0) {
      problems.push({
        kind: "edited_or_deleted",
        heading: t.heading,
        message: "a chained entry was edited or deleted",
      });
    } else if (at < last) {
      problems.push({
        kind: "reordered",
        heading: t.heading,
        message: "a chained entry was moved",
      });
    } else {
      if (last >= 0 && at > last + 1) {
        problems.push({
          kind: "inserted",
          heading: t.heading,
          message: "an entry was inserted before this chained entry",
        });
      }
      last = at;
    }
  }
  if (problems.length === 0) {
    problems.push({
      kind: "reordered",
      heading: null,
      message: "the chained entries are not contiguous",
    });
  }
  return { ...base, status: "tampered", problems };
}
