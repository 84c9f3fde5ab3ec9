/**
 * `baton search QUERY`: full-text search over the capsule chain's meaning
 * and decisions, through an index kept in the repository's private state
 * directory and brought up to date on each search (no daemon).
 * @module
 */
import { boolFlag, type Command, intFlag } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";
import { UsageError } from "../core/errors.ts";
import { shortId } from "../core/capsule/capsule_id.ts";

/** How a hit from a capsule no trusted key signed is marked. */
const SIGNER_MARKS = {
  unsigned: "unsigned",
  unknown_key: "unknown key",
  bad_signature: "bad signature",
} as const;

/** The search command. */
export const searchCommand: Command = {
  name: "search",
  category: "everyday",
  summary: "Full-text search over every capsule's meaning and decisions",
  usage: "QUERY...",
  description:
    "Searches the meaning of every archived capsule (now, completed, verified facts, hypotheses, blockers, next steps, next action, plan changes) and every decision, and prints one line per hit: the capsule's short id, when it was written, the field, and a snippet with the matched words between « and ». Every word of the query must match (as a word prefix); quotes, operators and punctuation are plain text, never query syntax. The index lives in .git/baton/search.sqlite (outside git: .baton/state/search.sqlite); each search first indexes capsules archived since the last one and forgets capsules no longer archived; deleting the file is always safe (the next search rebuilds it), and an index file built elsewhere (copied or planted: it records the file it was built in) is deleted and built anew. When another process holds the index locked for more than 5 seconds, the search runs on the index as it stood and says so (index.updated false in --json); an index that cannot be opened at all is a busy error (exit 5). Text is redacted before it is indexed, and snippets have control characters neutralised (and, as log prints a capsule's words, a bracketed trust label and Markdown brackets escaped); a hit in a carried command (field next_action.command) is marked and shown commented out and quoted, so pasting it runs nothing. A hit from a capsule no trusted key signed is marked [unsigned], [unknown key] or [bad signature]; one from a capsule written in another repository (its signed place not tied here, or its recorded commit absent; whoever signed it) is marked [another repository]. --json prints {query, results: [{source, id, created_at, field, snippet, signer, elsewhere}], index}. Exit 0 when something matched, 1 when nothing did.",
  examples: ["baton search cache invalidation", "baton search --limit 5 --json rotate keys"],
  maxPositionals: 64,
  flags: [{
    name: "limit",
    short: "n",
    type: "integer",
    value: "N",
    default: 20,
    min: 1,
    max: 200,
    summary: "Show at most N hits",
  }],
  async run(args, io) {
    const query = args.positionals.join(" ").trim();
    if (query === "") {
      throw new UsageError('Nothing to search for: give a query, e.g. baton search "cache"');
    }
    const limit = intFlag(args, "limit")!;
    const { searchChain } = await import("../core/search/search_chain.ts");
    const { openSearchIndex } = await import("./_adapters/search_db.ts");
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const { createProgressLine } = await import("./_cli/byte_input.ts");
    let total = 0;
    const progress = createProgressLine(io, (n) => `indexing capsules: ${n} of ${total}`);
    const { createKeyRing } = await import("./_adapters/key_ring.ts");
    const trustedKeys = (await createKeyRing(io).trustedKeys()).keys;
    const result = await searchChain(
      {
        fs: io.fs,
        cwd: io.cwd(),
        ...gitDiscovery(io),
        trustedKeys,
        openIndex: openSearchIndex,
        safe: await loadSafeOutput(),
        onProgress: (done, all) => {
          total = all;
          progress.report(done);
        },
      },
      query,
      limit,
    ).finally(() => progress.done());
    if (!result.index.updated && !boolFlag(args, "json")) {
      io.stderr.write(
        "The search index is busy (another process is updating it): these results are from the index as it stood, without the capsules archived since.\n",
      );
    }
    if (boolFlag(args, "json")) printJson(io, result);
    else if (result.results.length === 0) io.stderr.write("No match\n");
    else {
      // As log and the briefing print a capsule's words: a bracketed trust label in them is
      // escaped, so a stranger's "[verified]" never reads as one beside baton's own marks.
      const { safeInline } = await import("../core/safety/render_safe.ts");
      for (const r of result.results) {
        // A stranger's capsule (unsigned, or signed by a key not trusted here) is marked on its line.
        const mark = (r.signer === "trusted" ? "" : `[${SIGNER_MARKS[r.signer]}]  `) +
          (r.elsewhere ? "[another repository]  " : "") +
          (r.field === "next_action.command" ? "[carried command, not run]  " : "");
        io.stdout.write(
          `${shortId(r.id)}  ${r.created_at}  ${r.field}  ${mark}${safeInline(r.snippet)}\n`,
        );
      }
    }
    return result.results.length > 0 ? 0 : 1;
  },
};
