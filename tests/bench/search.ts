/**
 * Bench of `baton search`'s index, in process: a synthetic archive of 5,000
 * capsules, the first build, a search when nothing is new (the archive
 * listing compared with the index, then the query), the update after one
 * new capsule, and transcript-sized documents (synthetic, through the same
 * `indexDocuments` the transcript readers will feed). Targets from issue
 * 13: query under 50 ms, update after one capsule under 100 ms.
 * @module
 */
import { claim, makeCapsule } from "../_helpers/capsule.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName, batonLayout } from "../../core/store/layout.ts";
import { syncCapsuleIndex } from "../../core/search/sync_capsules.ts";
import {
  indexDocuments,
  type KeyedDocuments,
  searchIndex,
} from "../../core/search/search_index.ts";
import { openSearchIndex } from "../../commands/_adapters/search_db.ts";
import { loadSafeOutput } from "../../commands/_cli/safe_output.ts";
import { DenoFs } from "../../commands/_adapters/deno_fs.ts";
import { median } from "./stats.ts";

/** Figures of one run. */
export interface SearchBench {
  capsules: number;
  buildMs: number;
  /** Median of: sync with nothing new + query. */
  searchMs: number;
  /** Median of the query alone. */
  queryMs: number;
  /** Median of: sync after one new capsule + query. */
  updateMs: number;
  transcript: { megabytes: number; documents: number; indexMs: number; queryMs: number };
}

const WORDS = ("cache eviction signing key rotate parser budget briefing archive chain fork " +
  "merge index schema draft finalize hook session compaction transcript evidence digest " +
  "pointer blocker decision supersede withdraw release notes timeout lock rename fsync").split(" ");

function sentence(seed: number, n: number): string {
  const out: string[] = [];
  let x = seed * 2654435761 >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(WORDS[x % WORDS.length]!);
  }
  return out.join(" ");
}

/** Runs the search bench in `tmp`. */
export async function runSearchBench(
  tmp: string,
  progress: (line: string) => void,
  options: { capsules?: number; transcriptMb?: number } = {},
): Promise<SearchBench> {
  const count = options.capsules ?? 5_000;
  const root = `${tmp}/search`;
  const layout = batonLayout(root);
  await Deno.mkdir(layout.capsules, { recursive: true });
  progress(`[search] writing ${count} synthetic capsules`);
  const write = async (i: number): Promise<void> => {
    const c = await makeCapsule((b) => {
      b.created_at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      b.meaning.now = `capsule ${i}: ${sentence(i, 12)}`;
      b.meaning.completed = [claim(sentence(i + 1, 20)), claim(sentence(i + 2, 20))];
      b.meaning.next_steps = [claim(sentence(i + 3, 15))];
    });
    await Deno.writeTextFile(
      `${layout.capsules}/${archiveName(c.created_at, c.id)}`,
      renderCapsuleFile(c),
    );
  };
  for (let i = 0; i < count; i++) await write(i);
  const fs = new DenoFs();
  const safe = await loadSafeOutput();
  const opts = { redact: safe.value };
  const index = openSearchIndex(`${root}/search.sqlite`);
  try {
    progress("[search] first build");
    let t = performance.now();
    await syncCapsuleIndex(index.db, fs, layout, opts);
    const buildMs = performance.now() - t;
    const queries = ["eviction rotate", "signing", "fork merge", "compaction transcript", "zzz"];
    const search: number[] = [];
    const query: number[] = [];
    for (let r = 0; r < 20; r++) {
      const q = queries[r % queries.length]!;
      t = performance.now();
      await syncCapsuleIndex(index.db, fs, layout, opts);
      searchIndex(index.db, q, 20);
      search.push(performance.now() - t);
      t = performance.now();
      searchIndex(index.db, q, 20);
      query.push(performance.now() - t);
    }
    const update: number[] = [];
    for (let r = 0; r < 10; r++) {
      await write(count + r);
      t = performance.now();
      const s = await syncCapsuleIndex(index.db, fs, layout, opts);
      searchIndex(index.db, "eviction", 20);
      update.push(performance.now() - t);
      if (s.added !== 1) throw new Error(`the update indexed ${s.added} capsules, not 1`);
    }
    const mb = options.transcriptMb ?? 64;
    progress(`[search] ${mb} MB of synthetic transcript documents`);
    const perDoc = 4096;
    const docs = Math.ceil((mb * 1024 * 1024) / perDoc);
    t = performance.now();
    for (let start = 0; start < docs; start += 500) {
      const batch: KeyedDocuments[] = [];
      for (let i = start; i < Math.min(docs, start + 500); i++) {
        let text = "";
        while (text.length < perDoc) text += sentence(i * 7 + text.length, 40) + "\n";
        batch.push({
          key: `session-${i}`,
          documents: [{
            source: "transcript",
            ref: `session-${i}`,
            field: "turns",
            created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
            text: text.slice(0, perDoc),
          }],
        });
      }
      indexDocuments(index.db, "transcript", batch);
    }
    const indexMs = performance.now() - t;
    const tq: number[] = [];
    for (let r = 0; r < 10; r++) {
      t = performance.now();
      searchIndex(index.db, queries[r % queries.length]!, 20);
      tq.push(performance.now() - t);
    }
    return {
      capsules: count,
      buildMs,
      searchMs: median(search),
      queryMs: median(query),
      updateMs: median(update),
      transcript: { megabytes: mb, documents: docs, indexMs, queryMs: median(tq) },
    };
  } finally {
    index.close();
  }
}

/** The bench as a table. */
export function renderSearchTable(b: SearchBench): string {
  const f = (ms: number): string => `${ms.toFixed(1)} ms`;
  const mark = (ms: number, target: number): string => (ms <= target ? "PASS" : "MISS");
  return [
    `Search index (in process, ${b.capsules} capsules, node:sqlite FTS5):`,
    `  first build                          ${f(b.buildMs)}`,
    `  search, nothing new (sync + query)   ${f(b.searchMs)}  target 50 ms  ${
      mark(b.searchMs, 50)
    }`,
    `  query alone                          ${f(b.queryMs)}  target 50 ms  ${mark(b.queryMs, 50)}`,
    `  one new capsule (sync + query)       ${f(b.updateMs)}  target 100 ms ${
      mark(b.updateMs, 100)
    }`,
    `  transcripts: ${b.transcript.megabytes} MB in ${b.transcript.documents} documents indexed in ` +
    `${f(b.transcript.indexMs)}; query ${f(b.transcript.queryMs)}`,
    "",
  ].join("\n");
}
